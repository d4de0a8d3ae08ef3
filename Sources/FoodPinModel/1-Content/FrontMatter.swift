import Foundation
import Yams
import FoodPinBase

/// A content file split into its YAML front matter (as located fields) and Markdown body.
package struct FrontMatterDocument {
    package var fields: FieldReader
    package var body: String
}

package enum FrontMatter {
    /// Splits `text` at its `---` fences and parses the YAML between them.
    /// Every failure becomes a located diagnostic; nothing throws.
    /// `shortcut`: false makes even simple front matter go through the YAML parser (tests compare the two).
    package static func parse(_ text: String, path: String, shortcut: Bool = true) -> Result<FrontMatterDocument, Diagnostic> {
        parse(text, path: path, shortcut: shortcut, linesBefore: 1)
    }

    /// A plain YAML file (site.yml, a strings file) read as front matter, located at its own lines.
    package static func parseYAMLFile(_ text: String, path: String) -> Result<FrontMatterDocument, Diagnostic> {
        parse("---\n" + text + "\n---\n", path: path, shortcut: true, linesBefore: 0)
    }

    /// `linesBefore`: the file lines before the YAML's first (the opening fence; none when it was added).
    private static func parse(_ text: String, path: String, shortcut: Bool, linesBefore: Int) -> Result<FrontMatterDocument, Diagnostic> {
        var text = text
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        // YAML, cmark and editors all end a line at a lone CR too (old Mac files): so do the
        // fences and every line number here.
        if text.utf8.contains(13) { text = unixLineEnds(text) }
        let lines: [Substring], closing: Int, body: String
        switch fences(text, path: path) {
        case .success(let found): (lines, closing, body) = found
        case .failure(let diagnostic): return .failure(diagnostic)
        }
        let fenceLocation = SourceLocation(path: path, line: 1, column: 1)
        if let (index, column, code, name) = yamlOnlyLineBreak(in: lines[1..<closing]) {
            return .failure(.error(
                at: SourceLocation(path: path, line: index + linesBefore, column: column),
                "front matter holds U+\(code) \(name), which YAML reads as the end of a line",
                hint: "remove it, or write it as \\u\(code) inside double quotes"))
        }
        // A content file's front matter (site.yml and strings files are YAML files of their own).
        let frontMatterBytes = lines[1..<closing].reduce(0) { $0 + $1.utf8.count + 1 }
        if linesBefore > 0, frontMatterBytes > FieldLimit.frontMatterBytes {
            return .failure(.error(at: fenceLocation,
                "the front matter is \(frontMatterBytes) bytes long, over the limit of \(FieldLimit.frontMatterBytes)",
                hint: "keep long text in the Markdown after the closing ---"))
        }
        // Most front matter is `key: value` lines and lists of scalars, read exactly without a
        // YAML node tree; anything else goes to the YAML parser.
        if shortcut, let entries = SimpleFrontMatter.entries(lines[1..<closing], firstLine: 1 + linesBefore, path: path) {
            return .success(FrontMatterDocument(fields: FieldReader(path: path, entries: entries, fallback: fenceLocation), body: body))
        }
        let yaml = lines[1..<closing].joined(separator: "\n")
        let lineOffset = linesBefore
        if let overflow = YAMLExpansion.overflow(in: yaml) {
            return .failure(.error(at: SourceLocation(path: path, line: overflow.line + lineOffset, column: overflow.column),
                "the alias *\(overflow.anchor) makes this YAML's aliases stand for more than \(YAMLExpansion.aliasNodeLimit) values",
                hint: "write the values out, or use fewer aliases of aliases"))
        }
        let node: Node?
        do {
            // The encoding named, or Yams reads the process environment on every parse.
            node = try Yams.compose(yaml: yaml, .default, .default, .utf8)
        } catch let error as YamlError {
            return .failure(diagnostic(for: error, in: yaml, path: path, lineOffset: lineOffset))
        } catch {
            return .failure(.error(at: SourceLocation(path: path, line: 1 + linesBefore), "front matter is not valid YAML: \(error)"))
        }
        func value(_ node: Node) -> FieldValue {
            let location = node.mark.map { SourceLocation(path: path, line: $0.line + lineOffset, column: $0.column) } ?? fenceLocation
            switch node {
            case .scalar(let scalar): return .scalar(scalar.string, plain: scalar.style == .plain, at: location)
            case .sequence(let sequence): return .list(sequence.map(value), at: location)
            case .mapping(let mapping):
                var entries: [String: FieldValue] = [:]
                for (key, field) in mapping { entries[key.string ?? "\(key)"] = value(field) }
                return .mapping(entries, at: location)
            default: return .mapping([:], at: location)
            }
        }
        switch node {
        case nil:
            return .success(FrontMatterDocument(fields: FieldReader(path: path, entries: [], fallback: fenceLocation), body: body))
        case .mapping(let mapping)?:
            let entries = mapping.map { key, field in
                FieldReader.Entry(key: key.string ?? "\(key)", keyLocation: value(key).location, value: value(field))
            }
            return .success(FrontMatterDocument(fields: FieldReader(path: path, entries: entries, fallback: fenceLocation), body: body))
        case let other?:
            return .failure(.error(at: value(other).location, "front matter must be a list of `key: value` fields"))
        }
    }

    /// The file's lines up to the closing fence, the fence's index among them, and the body after
    /// it. Lines are split only up to the closing fence: the body is taken whole, as it is.
    private static func fences(_ text: String, path: String) -> Result<(lines: [Substring], closing: Int, body: String), Diagnostic> {
        let utf8 = text.utf8
        var lines: [Substring] = []
        var lineStart = utf8.startIndex
        while true {
            let lineEnd = utf8[lineStart...].firstIndex(of: 10) ?? utf8.endIndex
            let line = text[lineStart..<lineEnd]
            if lines.isEmpty, trimmed(line) != "---" {
                return .failure(.error(
                    at: SourceLocation(path: path),
                    "missing front matter: the file must start with a line of three dashes (---)",
                    hint: "put the fields between two --- lines, then the Markdown text"))
            }
            lines.append(line)
            if lines.count > 1, trimmed(line) == "---" || trimmed(line) == "..." {
                let body = lineEnd < utf8.endIndex ? String(text[utf8.index(after: lineEnd)...]) : ""
                return .success((lines, lines.count - 1, body))
            }
            guard lineEnd < utf8.endIndex else { break }
            lineStart = utf8.index(after: lineEnd)
        }
        return .failure(.error(
            at: SourceLocation(path: path),
            "front matter is never closed: add a line of three dashes (---) after the last field"))
    }

    /// The first NEL, LINE SEPARATOR or PARAGRAPH SEPARATOR: YAML ends a line there, editors and
    /// FoodPin's line numbers do not, so an error after one would be placed on the wrong line.
    /// (Line index in `lines`, column, the character.)
    private static func yamlOnlyLineBreak(in lines: ArraySlice<Substring>) -> (line: Int, column: Int, code: String, name: String)? {
        let breaks: [Unicode.Scalar: (String, String)] = ["\u{85}": ("0085", "NEXT LINE"), "\u{2028}": ("2028", "LINE SEPARATOR"),
                                                          "\u{2029}": ("2029", "PARAGRAPH SEPARATOR")]
        for (index, line) in zip(lines.indices, lines) {
            // Each starts with byte 0xC2 or 0xE2: most lines are passed over without decoding.
            guard line.utf8.contains(where: { $0 == 0xC2 || $0 == 0xE2 }) else { continue }
            for (offset, scalar) in line.unicodeScalars.enumerated() {
                if let (code, name) = breaks[scalar] { return (index, offset + 1, code, name) }
            }
        }
        return nil
    }

    private static func unixLineEnds(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var afterCR = false
        for byte in text.utf8 {
            if byte == 13 {
                bytes.append(10)
            } else if !(byte == 10 && afterCR) {
                bytes.append(byte)
            }
            afterCR = byte == 13
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether a mark (line and column from 1, the column in Unicode scalars as libyaml counts) points at a tab.
    private static func isTab(at mark: Mark, in yaml: String) -> Bool {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        guard mark.line >= 1, mark.line <= lines.count else { return false }
        let scalars = Array(lines[mark.line - 1].unicodeScalars)
        return mark.column >= 1 && mark.column <= scalars.count && scalars[mark.column - 1] == "\t"
    }

    private static func trimmed(_ line: Substring) -> Substring {
        var line = line
        while let last = line.last, last == " " || last == "\t" { line.removeLast() }
        return line
    }

    private static func diagnostic(for error: YamlError, in yaml: String, path: String, lineOffset: Int) -> Diagnostic {
        func at(_ mark: Mark) -> SourceLocation {
            SourceLocation(path: path, line: mark.line + lineOffset, column: mark.column)
        }
        switch error {
        case .scanner(_, _, let mark, _) where isTab(at: mark, in: yaml):
            // libyaml's words for it ("cannot start any token") never say "tab".
            return .error(at: at(mark), "front matter has a tab here: YAML indents with spaces only",
                          hint: "replace the tab with spaces")
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            var message = "front matter is not valid YAML: \(problem)"
            if let context { message += " (\(context.text) at line \(context.mark.line + lineOffset))" }
            return .error(at: at(mark), message,
                          hint: "check the indentation and quote values that contain `: ` or start with a special character")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return .error(at: at(context.mark),
                          "front matter repeats the field \(duplicates.map { "`\($0)`" }.joined(separator: ", "))",
                          hint: "keep one of them")
        case .reader(let problem, _, _, _):
            return .error(at: SourceLocation(path: path, line: 1 + lineOffset), "front matter cannot be read: \(problem)")
        default:
            return .error(at: SourceLocation(path: path, line: 1 + lineOffset), "front matter is not valid YAML: \(error)")
        }
    }
}
