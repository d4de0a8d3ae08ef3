import Foundation
import FoodPinBase

/// Reads one city-file record leniently, field by field from `RestaurantField.all`: numbers as
/// text, text as numbers, lists as comma strings. A bad optional value is left out with a warning.
package struct CityRecordDecoder {
    package let lines: LineIndex
    package let path: String
    package private(set) var diagnostics: [Diagnostic] = []

    /// Keys with a meaning of their own: everything else unknown lands in `extra`.
    private static let namedKeys: Set<String> = RestaurantField.allNames.union(["id", "name", "favorite", "source"])

    package init(lines: LineIndex, path: String) {
        self.lines = lines
        self.path = path
    }

    private func at(_ node: LocatedJSON) -> SourceLocation { lines.location(ofOffset: node.offset, path: path) }

    package mutating func decode(_ item: LocatedJSON) -> CityEntry? {
        let item = withoutNULs(item, key: "")
        guard case .object(let members) = item.value else {
            diagnostics.append(.warning(at: at(item), "skipped: a restaurant must be a JSON object {…}"))
            return nil
        }
        guard let idNode = item["id"], let id = Self.integer(idNode), id > 0 else {
            diagnostics.append(.warning(at: item["id"].map(at) ?? at(item),
                                        "skipped: the restaurant has no usable `id` (a positive whole number)"))
            return nil
        }
        guard let nameNode = item["name"], let written = Self.text(nameNode), let name = limited(written, key: "name", at: nameNode) else {
            diagnostics.append(.warning(at: item["name"].map(at) ?? at(item), "skipped: restaurant \(id) has no `name`"))
            return nil
        }
        var record = RestaurantRecord(id: id, name: name)
        for field in RestaurantField.all {
            let given = ([field.key] + field.aliases).filter { item[$0] != nil }
            guard let name = given.first, let node = item[name] else { continue }
            for other in given.dropFirst() {
                diagnostics.append(.warning(at: at(item[other]!), "both `\(name)` and `\(other)` are given; `\(name)` is used"))
            }
            decode(field, from: node, into: &record.facts)
        }
        for (key, value) in members where !Self.namedKeys.contains(key) {
            let json = JSONText.encode(value)
            guard json.utf8.count <= FieldLimit.extraValueBytes else {
                diagnostics.append(.warning(at: at(value),
                    "`\(key)` is \(json.utf8.count) bytes of JSON, over the limit of \(FieldLimit.extraValueBytes) for a field FoodPin does not use; it is left out"))
                continue
            }
            record.extra[key] = json
        }
        var entry = CityEntry(record: record, location: at(item))
        if let node = item["favorite"], case .bool(let favorite) = node.value { entry.statedFavorite = favorite }
        if let node = item["source"], case .string(let source) = node.value, !source.isEmpty {
            entry.statedSource = limited(source, key: "source", at: node)
        }
        return entry
    }

    /// Text in the store cannot hold U+0000 (it would end the text there): removed, and said where.
    private mutating func withoutNULs(_ node: LocatedJSON, key: String) -> LocatedJSON {
        var node = node
        switch node.value {
        case .string(let text) where text.utf8.contains(0):
            diagnostics.append(.warning(at: at(node), "`\(key)` holds a NUL character (\\u0000), which text cannot keep; it was removed"))
            node.value = .string(String(text.unicodeScalars.filter { $0 != "\0" }.map(Character.init)))
        case .array(let items):
            node.value = .array(items.map { withoutNULs($0, key: key) })
        case .object(let members):
            node.value = .object(members.map { ($0.key, withoutNULs($0.value, key: $0.key)) })
        default:
            break
        }
        return node
    }

    /// The value within its field's limit (a warning at it when cut); nil for a URL too long to keep.
    private mutating func limited(_ value: String, key: String, at node: LocatedJSON) -> String? {
        guard let (kept, message) = FieldLimit.check(value, key: key) else { return value }
        diagnostics.append(.warning(at: at(node), kept == nil ? message + "; it is left out" : message))
        return kept
    }

    /// Reads one field's value; also used to move a value kept in `extra` into a new field.
    package mutating func decode(_ field: RestaurantField, from node: LocatedJSON, into facts: inout RestaurantFacts) {
        switch field.kind {
        case .text(let path):
            facts[keyPath: path] = Self.text(node).flatMap { limited($0, key: field.key, at: node) }
        case .webURL(let path):
            guard let value = Self.text(node).flatMap({ limited($0, key: field.key, at: node) }) else { return }
            guard WebURL.isSafe(value) else {
                diagnostics.append(.warning(at: at(node), "`\(field.key)` is not an http(s) URL; it is left out"))
                return
            }
            facts[keyPath: path] = value
        case .coordinate(let path, let limit):
            let value: Double?
            switch node.value {
            case .number(let raw): value = Double(raw)
            case .string(let raw): value = Double(raw.trimmed)
            case .null: return
            default: value = nil
            }
            guard let value, value.isFinite, abs(value) <= limit else {
                diagnostics.append(.warning(at: at(node),
                    "`\(field.key)` is not a coordinate between -\(Int(limit)) and \(Int(limit)); it is left out"))
                return
            }
            facts[keyPath: path] = value
        case .hours(let path):
            // Wrong hours would tell visitors a place is open when it is not: an error, as in front matter.
            guard case .object(let members) = node.value else {
                if case .null = node.value { return }
                diagnostics.append(.error(at: at(node), "`\(field.key)` must be an object of days to times, like {\"mon-fri\": \"11:30-14:30\"}"))
                return
            }
            switch OpeningHours.parse(members.map { ($0.key, Self.text($0.value) ?? "") }) {
            case .success(let hours): facts[keyPath: path] = hours
            case .failure(let problem):
                diagnostics.append(.error(at: at(members[problem.entry].value), problem.message, hint: problem.hint))
            }
        case .date(let path):
            guard let value = Self.text(node) else { return }
            guard CalendarDate.isValid(value) else {
                diagnostics.append(.warning(at: at(node), "`\(field.key)` is not a real date written YYYY-MM-DD; it is left out"))
                return
            }
            facts[keyPath: path] = value
        case .price(let path):
            let value: Int?
            switch node.value {
            case .null: return
            case .number: value = Self.integer(node)
            case .string(let raw):
                if raw.trimmed.isEmpty { return }
                value = PriceLevel.parse(raw)
            default: value = nil
            }
            guard let value, PriceLevel.range.contains(value) else {
                diagnostics.append(.warning(at: at(node), "`\(field.key)` must be from 1 to 4; it is left out"))
                return
            }
            facts[keyPath: path] = value
        case .list(let path):
            var names: [String] = []
            switch node.value {
            case .array(let items): names = items.compactMap { item in Self.text(item).flatMap { limited($0, key: field.key, at: item) } }
            case .string(let raw): names = raw.split(separator: ",").compactMap { limited($0.trimmed, key: field.key, at: node) }
            default: break
            }
            guard let different = NameList.given(names) else { facts[keyPath: path] = nil; return }
            let (kept, message) = FieldLimit.capped(different, key: field.key)
            if let message { diagnostics.append(.warning(at: at(node), message)) }
            facts[keyPath: path] = kept
        }
    }

    package static func integer(_ node: LocatedJSON) -> Int? {
        switch node.value {
        case .number(let raw): return Int(raw) ?? Double(raw).flatMap { $0.rounded() == $0 ? Int(exactly: $0) : nil }
        case .string(let raw): return Int(raw.trimmed)
        default: return nil
        }
    }

    /// Text with outer white space trimmed; `nil` when absent, null or empty. Inner spacing is kept as written.
    package static func text(_ node: LocatedJSON?) -> String? {
        guard let node else { return nil }
        let value: String
        switch node.value {
        case .string(let string): value = string
        case .number(let raw): value = raw
        case .bool(let flag): value = flag ? "true" : "false"
        default: return nil
        }
        let trimmed = value.trimmed
        return trimmed.isEmpty ? nil : trimmed
    }
}
