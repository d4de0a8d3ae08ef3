import FoodPinBase
import FoodPinModel
/// The theme's parsed templates by name, which partials and parents refer to.
struct TemplateLibrary: Sendable {
    private(set) var templates: [String: [TemplateNode]] = [:]
    /// By template: the partials and parents it names (the parser's references).
    private var names: [String: [String]] = [:]

    mutating func register(_ parsed: TemplateParser.Parsed, named name: String) {
        templates[name] = parsed.nodes
        names[name] = parsed.references.map(\.name)
    }

    func has(_ name: String) -> Bool { templates[name] != nil }

    /// The templates that rendering `roots` may use: themselves and every partial and parent they
    /// name, and those these name, on and on.
    func reached(from roots: [String]) -> Set<String> {
        var reached: Set<String> = []
        var waiting = roots
        while let name = waiting.popLast() {
            if reached.insert(name).inserted { waiting += names[name] ?? [] }
        }
        return reached
    }

    /// Renders a template with a context; nil when there is no template of that name.
    func render(_ name: String, _ context: TemplateValue) -> String? {
        guard let nodes = templates[name] else { return nil }
        var rendering = TemplateRendering(library: self, context: context)
        rendering.render(nodes)
        return rendering.output
    }
}

/// One render: the context stack, the output so far, the indentation of the partial being rendered.
private struct TemplateRendering {
    /// Deeper than this, partials are taken to recurse without end and render nothing.
    static let maximumDepth = 100

    let library: TemplateLibrary
    var stack: [TemplateValue]
    /// Each context's fields (nil for one that is not an object), unwrapped once when it is entered.
    var scopes: [[String: TemplateValue]?]
    var output = ""
    var indentation = ""
    var atLineStart = true
    var depth = 0
    /// The blocks the templates inheriting from the one being rendered replace.
    var overrides: [String: [TemplateNode]] = [:]

    init(library: TemplateLibrary, context: TemplateValue) {
        self.library = library
        self.stack = [context]
        self.scopes = [Self.fields(of: context)]
    }

    private static func fields(of value: TemplateValue) -> [String: TemplateValue]? {
        if case .object(let fields) = value { fields } else { nil }
    }

    mutating func render(_ nodes: [TemplateNode]) {
        for node in nodes { render(node) }
    }

    private mutating func render(_ node: TemplateNode) {
        switch node {
        case .text(let text):
            emitTemplateText(text)
        case .variable(let name, let escaped):
            indentIfAtLineStart()
            guard let value = lookup(name) else { return }
            if escaped { HTMLEscaping.append(value.text, to: &output) } else { output += value.text }
        case .section(let name, let nodes, let inverted):
            let value = lookup(name)
            let truthy = value?.isTruthy ?? false
            if inverted {
                if !truthy { render(nodes) }
                return
            }
            guard truthy, let value else { return }
            switch value {
            case .list(let items):
                for item in items { renderInside(item, nodes) }
            case .bool:
                render(nodes)
            default:
                renderInside(value, nodes)
            }
        case .partial(let name, let partialIndentation):
            guard let nodes = library.templates[name] else { return }
            nested(indentation: partialIndentation) { $0.render(nodes) }
        case .parent(let name, let parentOverrides, let partialIndentation):
            guard let nodes = library.templates[name] else { return }
            // A child's blocks win over its parent's, so the overrides already in force stay.
            let saved = overrides
            overrides = parentOverrides.merging(saved) { _, outer in outer }
            nested(indentation: partialIndentation) { $0.render(nodes) }
            overrides = saved
        case .block(let name, let defaults, let blockIndentation, let inline):
            if let replacement = overrides[name] {
                nested(indentation: blockIndentation, startsLine: !inline) { $0.render(replacement) }
            } else {
                nested(indentation: inline ? "" : blockIndentation) { $0.render(defaults) }
            }
        }
    }

    private mutating func renderInside(_ value: TemplateValue, _ nodes: [TemplateNode]) {
        stack.append(value)
        scopes.append(Self.fields(of: value))
        render(nodes)
        scopes.removeLast()
        stack.removeLast()
    }

    private mutating func nested(indentation extra: String, startsLine: Bool = true,
                                 _ body: (inout TemplateRendering) -> Void) {
        guard depth < Self.maximumDepth else { return }
        depth += 1
        let saved = indentation
        if !extra.isEmpty {
            indentation += extra
            atLineStart = startsLine
        }
        body(&self)
        indentation = saved
        depth -= 1
    }

    /// The innermost context holding the first part of the name wins; the other parts are read inside it.
    private func lookup(_ name: TemplateName) -> TemplateValue? {
        guard let first = name.parts.first else { return stack.last }
        var found: TemplateValue?
        var index = scopes.count - 1
        while index >= 0 {
            if let value = scopes[index]?[first] {
                found = value
                break
            }
            index -= 1
        }
        for part in name.parts.dropFirst() { found = found?.child(part) }
        return found
    }

    private mutating func indentIfAtLineStart() {
        if atLineStart, !indentation.isEmpty {
            output += indentation
            atLineStart = false
        }
    }

    /// Template text of an indented partial gets the indentation at the start of each line.
    private mutating func emitTemplateText(_ text: String) {
        guard !indentation.isEmpty else {
            output += text
            return
        }
        var rest = text[...]
        while !rest.isEmpty {
            indentIfAtLineStart()
            guard let newline = Self.lineEnd(in: rest) else {
                output += rest
                return
            }
            output += rest[...newline]
            atLineStart = true
            rest = rest[rest.utf8.index(after: newline)...]
        }
    }

    /// The first `\n` that ends a line by itself: a `\r\n` pair is one character, never split (a
    /// template saved with Windows line endings is indented on its first line only, as ever).
    private static func lineEnd(in text: Substring) -> String.Index? {
        let utf8 = text.utf8
        var from = utf8.startIndex
        while let newline = utf8[from...].firstIndex(of: UInt8(ascii: "\n")) {
            if newline == utf8.startIndex || utf8[utf8.index(before: newline)] != UInt8(ascii: "\r") { return newline }
            from = utf8.index(after: newline)
        }
        return nil
    }
}

/// Mustache's escaping of `{{name}}`: the five characters that matter in HTML text and attributes.
enum HTMLEscaping {
    static func escape(_ text: String) -> String {
        var output = ""
        append(text, to: &output)
        return output
    }

    static func append(_ text: String, to output: inout String) {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == 38 || $0 == 60 || $0 == 62 || $0 == 34 || $0 == 39 }) else {
            output += text
            return
        }
        var start = utf8.startIndex
        for index in utf8.indices {
            let replacement: String
            switch utf8[index] {
            case 38: replacement = "&amp;"
            case 60: replacement = "&lt;"
            case 62: replacement = "&gt;"
            case 34: replacement = "&quot;"
            case 39: replacement = "&#39;"
            default: continue
            }
            output += text[start..<index]
            output += replacement
            start = utf8.index(after: index)
        }
        output += text[start...]
    }
}
