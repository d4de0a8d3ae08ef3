import CYaml
import FoodPinBase

/// How large a YAML document becomes once its aliases are expanded, measured from the parser's
/// events before any node tree is made. A few hundred bytes of anchors, each aliased ten times by
/// the next, expand to a billion nodes (the "billion laughs"); every place FoodPin reads YAML
/// (front matter, site.yml, strings files) refuses a document whose aliases add more than
/// `aliasNodeLimit` nodes, at the alias that crosses it.
package enum YAMLExpansion {
    /// Far above any real use of aliases (a few shared lists), far below what hurts memory.
    package static let aliasNodeLimit = 10_000

    package struct Overflow: Equatable {
        /// 1-based, within the YAML text given.
        package var line: Int
        package var column: Int
        package var anchor: String
    }

    /// The alias that makes the document's aliases expand past the limit, or nil. A document the
    /// parser refuses is left to the YAML reader, which reports it with its place.
    package static func overflow(in yaml: String, limit: Int = aliasNodeLimit) -> Overflow? {
        var text = yaml
        return text.withUTF8 { bytes in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else { return nil }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
            var sizes: [String: Int] = [:]
            // Each open collection: its anchor and the nodes it holds so far (itself included).
            var open: [(anchor: String?, size: Int)] = []
            var added = 0
            func finish(_ size: Int, anchor: String?) {
                if let anchor { sizes[anchor] = size }
                if !open.isEmpty { open[open.count - 1].size = min(open[open.count - 1].size + size, Int.max / 2) }
            }
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_SCALAR_EVENT:
                    finish(1, anchor: name(event.data.scalar.anchor))
                case YAML_SEQUENCE_START_EVENT:
                    open.append((name(event.data.sequence_start.anchor), 1))
                case YAML_MAPPING_START_EVENT:
                    open.append((name(event.data.mapping_start.anchor), 1))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard let closed = open.popLast() else { return nil }
                    finish(closed.size, anchor: closed.anchor)
                case YAML_ALIAS_EVENT:
                    guard let anchor = name(event.data.alias.anchor), let size = sizes[anchor] else { return nil }
                    added = min(added + size, Int.max / 2)
                    if added > limit {
                        return Overflow(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1, anchor: anchor)
                    }
                    finish(size, anchor: nil)
                case YAML_STREAM_END_EVENT:
                    return nil
                default:
                    continue
                }
            }
        }
    }

    private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        anchor.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }
}
