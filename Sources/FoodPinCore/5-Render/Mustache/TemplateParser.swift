import FoodPinBase
import FoodPinModel
/// Parses Mustache (the spec's tags, set delimiters and template inheritance) into `TemplateNode`s.
struct TemplateParser {
    struct SyntaxError: Error, Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    /// A partial or parent a template names, with where, so a missing one is reported at its tag.
    struct Reference: Equatable {
        var name: String
        var line: Int
        var column: Int
        /// Inside a section or a block: rendered only when data or a child asks for it.
        var conditional = false
    }

    struct Parsed {
        var nodes: [TemplateNode]
        var references: [Reference]
    }

    static func parse(_ text: String) throws(SyntaxError) -> Parsed {
        var parser = TemplateParser(bytes: Array(text.utf8))
        return try parser.run()
    }

    private enum Sigil: UInt8 {
        case none = 0
        case section = 35 // #
        case inverted = 94 // ^
        case close = 47 // /
        case comment = 33 // !
        case partial = 62 // >
        case parent = 60 // <
        case block = 36 // $
        case unescaped = 38 // &
        case triple = 123 // {
        case delimiters = 61 // =

        /// Tags that print nothing themselves, so a line of them and whitespace disappears.
        var canStandAlone: Bool {
            switch self {
            case .none, .unescaped, .triple: false
            default: true
            }
        }
    }

    private struct Tag {
        var sigil: Sigil
        var content: String
        var offset: Int
        var end: Int
    }

    private enum Token {
        /// Text, split after each line break.
        case text(Range<Int>)
        case tag(Tag)
    }

    private enum FrameKind { case root, section(inverted: Bool), parent, block }

    private struct Frame {
        var kind: FrameKind
        var name: String
        var offset: Int
        var indentation: String
        var nodes: [TemplateNode] = []
        /// A block whose opening tag stands alone: the whitespace its first line of content starts
        /// with, which each of its lines loses here and gets back where the block is expanded.
        var contentIndentation: String?
        var standalone = false
    }

    private let bytes: [UInt8]
    private var open = Array("{{".utf8)
    private var close = Array("}}".utf8)
    private var frames = [Frame(kind: .root, name: "", offset: 0, indentation: "")]
    private var references: [Reference] = []

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func run() throws(SyntaxError) -> Parsed {
        let tokens = try tokenize()
        var lineStart = 0
        while lineStart < tokens.count {
            var lineEnd = lineStart
            while lineEnd < tokens.count {
                lineEnd += 1
                if case .text(let range) = tokens[lineEnd - 1], bytes[range.upperBound - 1] == 10 { break }
            }
            try parseLine(tokens[lineStart..<lineEnd])
            lineStart = lineEnd
        }
        if frames.count > 1, let open = frames.last {
            throw error(at: open.offset, "`\(open.name)` is opened here and never closed")
        }
        return Parsed(nodes: frames[0].nodes, references: references)
    }

    /// A line of only whitespace and tags that print nothing leaves nothing behind: its indentation
    /// and line break go (the indentation is handed to a partial, parent or block on it). A block
    /// opened and closed on one line prints, so its line stays.
    private mutating func parseLine(_ line: ArraySlice<Token>) throws(SyntaxError) {
        let leading = leadingWhitespace(of: line)
        if let block = innermostStandaloneBlock(), frames[block].contentIndentation == nil {
            frames[block].contentIndentation = leading
        }
        let removed = innermostStandaloneBlock().flatMap { frames[$0].contentIndentation } ?? ""
        let indentation = leading.hasPrefix(removed) ? String(leading.dropFirst(removed.count)) : leading
        var hasTag = false, standalone = true, blocksOpened: Set<String> = []
        for token in line {
            switch token {
            case .text(let range):
                if bytes[range].contains(where: { $0 != 32 && $0 != 9 && $0 != 10 && $0 != 13 }) { standalone = false }
            case .tag(let tag):
                hasTag = true
                if !tag.sigil.canStandAlone { standalone = false }
                if tag.sigil == .block { blocksOpened.insert(tag.content) }
                if tag.sigil == .close, blocksOpened.contains(tag.content) { standalone = false }
            }
        }
        if hasTag, standalone {
            for case .tag(let tag) in line { try handle(tag, indentation: indentation, standalone: true) }
            return
        }
        var atLeadingWhitespace = true
        for (index, token) in zip(line.indices, line) {
            switch token {
            case .text(var range):
                if index == line.startIndex, leading.hasPrefix(removed) {
                    range = (range.lowerBound + removed.utf8.count)..<range.upperBound
                }
                appendText(range)
                if bytes[range].contains(where: { $0 != 32 && $0 != 9 }) { atLeadingWhitespace = false }
            case .tag(let tag):
                // A block after only whitespace is indented by it from its second line on.
                try handle(tag, indentation: atLeadingWhitespace && tag.sigil == .block ? indentation : "", standalone: false)
                atLeadingWhitespace = false
            }
        }
    }

    /// The spaces and tabs a line starts with.
    private func leadingWhitespace(of line: ArraySlice<Token>) -> String {
        guard case .text(let range)? = line.first else { return "" }
        let end = bytes[range].firstIndex(where: { $0 != 32 && $0 != 9 }) ?? range.upperBound
        return String(decoding: bytes[range.lowerBound..<end], as: UTF8.self)
    }

    private func innermostStandaloneBlock() -> Int? {
        frames.lastIndex { if case .block = $0.kind { $0.standalone } else { false } }
    }

    /// Text and tags in order; a delimiter change takes effect where it is met.
    private mutating func tokenize() throws(SyntaxError) -> [Token] {
        var tokens: [Token] = []
        var position = 0
        func addText(_ range: Range<Int>) {
            var start = range.lowerBound
            for index in range where bytes[index] == 10 {
                tokens.append(.text(start..<index + 1))
                start = index + 1
            }
            if start < range.upperBound { tokens.append(.text(start..<range.upperBound)) }
        }
        while let tagStart = find(open, from: position) {
            addText(position..<tagStart)
            let tag = try readTag(at: tagStart)
            if tag.sigil == .delimiters { try setDelimiters(tag.content, at: tagStart) }
            tokens.append(.tag(tag))
            position = tag.end
        }
        addText(position..<bytes.count)
        return tokens
    }

    private func readTag(at start: Int) throws(SyntaxError) -> Tag {
        var cursor = start + open.count
        let sigil = cursor < bytes.count ? Sigil(rawValue: bytes[cursor]) ?? .none : .none
        if sigil != .none { cursor += 1 }
        // `{{{name}}}` and `{{=<% %>=}}` end with their own character before the closing delimiter.
        let terminator: [UInt8] = switch sigil {
        case .triple: [125] + close
        case .delimiters: [61] + close
        default: close
        }
        guard let contentEnd = find(terminator, from: cursor) else {
            throw error(at: start, "this tag is never closed (expected `\(String(decoding: terminator, as: UTF8.self))`)")
        }
        let content = String(decoding: bytes[cursor..<contentEnd], as: UTF8.self)
        return Tag(sigil: sigil, content: sigil == .comment ? content : trimmed(content), offset: start,
                   end: contentEnd + terminator.count)
    }

    private mutating func setDelimiters(_ content: String, at offset: Int) throws(SyntaxError) {
        let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw error(at: offset, "a delimiter change is written `{{=<% %>=}}`: two delimiters, no `=` in them")
        }
        open = Array(parts[0].utf8)
        close = Array(parts[1].utf8)
    }

    private mutating func handle(_ tag: Tag, indentation: String, standalone: Bool) throws(SyntaxError) {
        let offset = tag.offset
        switch tag.sigil {
        case .comment, .delimiters:
            return
        case .none, .unescaped, .triple:
            frames[frames.count - 1].nodes.append(.variable(try name(tag.content, at: offset), escaped: tag.sigil == .none))
        case .section, .inverted:
            _ = try name(tag.content, at: offset)
            frames.append(Frame(kind: .section(inverted: tag.sigil == .inverted), name: tag.content, offset: offset,
                                indentation: indentation))
        case .parent, .block:
            try checkTemplateName(tag.content, at: offset)
            if tag.sigil == .parent { reference(tag.content, at: offset) }
            frames.append(Frame(kind: tag.sigil == .parent ? .parent : .block, name: tag.content, offset: offset,
                                indentation: indentation, standalone: standalone))
        case .partial:
            try checkTemplateName(tag.content, at: offset)
            reference(tag.content, at: offset)
            frames[frames.count - 1].nodes.append(.partial(tag.content, indentation: indentation))
        case .close:
            guard frames.count > 1 else { throw error(at: offset, "`{{/\(tag.content)}}` closes nothing that is open") }
            let frame = frames.removeLast()
            guard frame.name == tag.content else {
                let opened = location(of: frame.offset)
                throw error(at: offset, "`{{/\(tag.content)}}` closes `\(frame.name)`, opened at line \(opened.line), column \(opened.column)")
            }
            try finish(frame)
        }
    }

    private mutating func finish(_ frame: Frame) throws(SyntaxError) {
        let node: TemplateNode
        switch frame.kind {
        case .root:
            return
        case .section(let inverted):
            node = .section(try name(frame.name, at: frame.offset), frame.nodes, inverted: inverted)
        case .parent:
            // Only the blocks inside a parent tag count; any other text there is a comment.
            var overrides: [String: [TemplateNode]] = [:]
            for case .block(let name, let nodes, _, _) in frame.nodes { overrides[name] = nodes }
            node = .parent(frame.name, overrides: overrides, indentation: frame.indentation)
        case .block where frame.standalone:
            // Its lines lost what they shared; it is added back relative to the enclosing block's.
            let own = frame.contentIndentation ?? frame.indentation
            let outer = innermostStandaloneBlock().flatMap { frames[$0].contentIndentation } ?? ""
            let relative = own.hasPrefix(outer) ? String(own.dropFirst(outer.count)) : own
            node = .block(frame.name, frame.nodes, indentation: relative, inline: false)
        case .block:
            node = .block(frame.name, frame.nodes, indentation: frame.indentation, inline: true)
        }
        frames[frames.count - 1].nodes.append(node)
    }

    private mutating func appendText(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let text = String(decoding: bytes[range], as: UTF8.self)
        // Adjacent text (split at line breaks) is one node: fewer appends when rendering.
        if case .text(let previous)? = frames[frames.count - 1].nodes.last {
            frames[frames.count - 1].nodes[frames[frames.count - 1].nodes.count - 1] = .text(previous + text)
        } else {
            frames[frames.count - 1].nodes.append(.text(text))
        }
    }

    private mutating func reference(_ name: String, at offset: Int) {
        let place = location(of: offset)
        let conditional = frames.contains { frame in
            switch frame.kind {
            case .section, .block: true
            case .root, .parent: false
            }
        }
        references.append(Reference(name: name, line: place.line, column: place.column, conditional: conditional))
    }

    private func name(_ text: String, at offset: Int) throws(SyntaxError) -> TemplateName {
        if text == "." { return TemplateName(parts: []) }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !text.isEmpty, !parts.contains(where: { $0.isEmpty || $0.contains(where: \.isWhitespace) }) else {
            throw error(at: offset, text.isEmpty ? "this tag has no name" : "`\(text)` is not a name (names are joined by `.`, without spaces)")
        }
        return TemplateName(parts: parts)
    }

    private func checkTemplateName(_ text: String, at offset: Int) throws(SyntaxError) {
        guard !text.isEmpty, !text.contains(where: \.isWhitespace) else {
            throw error(at: offset, text.isEmpty ? "this tag has no name" : "`\(text)` is not a template name")
        }
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var index = start
        let last = bytes.count - needle.count
        search: while index <= last {
            defer { index += 1 }
            guard bytes[index] == first else { continue }
            for offset in 1..<needle.count where bytes[index + offset] != needle[offset] { continue search }
            return index
        }
        return nil
    }

    private func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }

    /// Line and column (in Unicode scalars, as editors count) of a byte offset.
    private func location(of offset: Int) -> (line: Int, column: Int) {
        var line = 1, lineStart = 0
        for index in 0..<offset where bytes[index] == 10 {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
        return (line, column)
    }

    private func error(at offset: Int, _ message: String) -> SyntaxError {
        let place = location(of: offset)
        return SyntaxError(line: place.line, column: place.column, message: message)
    }
}
