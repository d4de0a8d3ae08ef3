import Foundation
@testable import FoodPinCore
@testable import FoodPinModel
import FoodPinBase

/// What must hold for any input of the readers that take text from editors and contributors. The
/// fuzzer (`scripts/fuzz.sh`, built from this file too) searches for inputs that break one; the
/// unit tests run every input it ever found, kept in `Tests/Fuzz/findings/<property>/`.
enum FuzzProperty: String, CaseIterable, Sendable {
    /// Front matter: the fast reader gives exactly what the YAML parser gives, or steps aside; every
    /// failure is located inside the file.
    case frontMatter = "front-matter"
    /// City files: any bytes give records or located errors; JSON that Foundation reads is never
    /// called invalid (but for what Foundation lets pass: trailing commas, NUL bytes); ids within one file are unique.
    case cityFile = "city-file"
    /// Markdown: without raw HTML allowed, no tag outside cmark's own and no script URL comes out;
    /// the plain-text summary stays within its limit.
    case markdown
    /// Slugs: short, URL-safe, one path segment, and the slug of a slug is itself.
    case slug
    /// YAML: whatever its anchors and aliases, a document read as front matter gives at most two
    /// values per byte of its text plus `YAMLExpansion.aliasNodeLimit`.
    case yamlExpansion = "yaml-expansion"

    /// The broken rule, said for a person, or nil when the input keeps it.
    func violation(_ bytes: [UInt8]) -> String? {
        switch self {
        case .frontMatter: Self.frontMatter(String(decoding: bytes, as: UTF8.self))
        case .cityFile: Self.cityFile(bytes)
        case .markdown: Self.markdown(String(decoding: bytes, as: UTF8.self))
        case .slug: Self.slug(String(decoding: bytes, as: UTF8.self))
        case .yamlExpansion: Self.yamlExpansion(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// Lines as editors count them: a line ends at LF, CR LF or a lone CR.
    private static func lineCount(_ bytes: some Collection<UInt8>) -> Int {
        var count = 1, afterCR = false
        for byte in bytes {
            if byte == 0x0D || (byte == 0x0A && !afterCR) { count += 1 }
            afterCR = byte == 0x0D
        }
        return count
    }

    private static func frontMatter(_ body: String) -> String? {
        let text = "---\n" + body
        let fast = FrontMatter.parse(text, path: "a.md")
        let slow = FrontMatter.parse(text, path: "a.md", shortcut: false)
        let lines = lineCount(text.utf8)
        for result in [fast, slow] {
            if case .failure(let diagnostic) = result, diagnostic.location.line > lines {
                return "error located at line \(diagnostic.location.line) of a \(lines)-line file: \(diagnostic.message)"
            }
        }
        switch (fast, slow) {
        case (.success(let quick), .success(let parsed)):
            return quick.fields.entries == parsed.fields.entries && quick.body == parsed.body ? nil
                : "the fast reader and the YAML parser read different fields"
        case (.success, .failure(let diagnostic)):
            return "the fast reader accepted what the YAML parser refuses: \(diagnostic.message)"
        case (.failure(let diagnostic), .success):
            return "the fast reader refused what the YAML parser accepts: \(diagnostic.message)"
        case (.failure, .failure):
            return nil
        }
    }

    private static func yamlExpansion(_ text: String) -> String? {
        guard case .success(let document) = FrontMatter.parseYAMLFile(text, path: "a.yml") else { return nil }
        let bound = 2 * text.utf8.count + 2 + YAMLExpansion.aliasNodeLimit
        func size(_ value: FieldValue) -> Int {
            switch value {
            case .scalar: 1
            case .list(let items, _): items.reduce(1) { $0 + size($1) }
            case .mapping(let entries, _): entries.values.reduce(1) { $0 + size($1) }
            }
        }
        let values = document.fields.entries.values.reduce(0) { $0 + 1 + size($1.value) }
        return values <= bound ? nil : "\(text.utf8.count) bytes of YAML gave \(values) values, over \(bound)"
    }

    private static func cityFile(_ bytes: [UInt8]) -> String? {
        let file = CityFile.parse(bytes, displayPath: "city.json")
        let lines = lineCount(bytes)
        for diagnostic in file.diagnostics where diagnostic.location.line > lines {
            return "\(diagnostic.message): located at line \(diagnostic.location.line) of a \(lines)-line file"
        }
        let ids = file.records.map(\.record.id)
        if Set(ids).count != ids.count { return "an id kept twice: \(ids)" }
        // Foundation stops reading at a NUL byte, which JSON never allows outside a string (nor in one).
        guard UTF8Check.firstInvalidOffset(bytes) == nil, !bytes.contains(0),
              (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil else { return nil }
        do {
            _ = try LocatedJSONParser.parse(bytes) { _ in }
        } catch {
            // Foundation also takes a comma before `]` or `}`, which RFC 8259 (and FoodPin) refuse.
            guard !error.message.contains("nested too deeply"), !afterComma(bytes, error.offset) else { return nil }
            return "Foundation reads this JSON, FoodPin calls it invalid: \(error.message)"
        }
        return nil
    }

    private static func afterComma(_ bytes: [UInt8], _ offset: Int) -> Bool {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "]") || bytes[offset] == UInt8(ascii: "}") else { return false }
        let before = bytes[..<offset].last { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return before == UInt8(ascii: ",")
    }

    /// Every element cmark-gfm writes for Markdown (tables, task lists and strikethrough included).
    private static let cmarkTags: Set<String> = [
        "p", "h1", "h2", "h3", "h4", "h5", "h6", "a", "img", "em", "strong", "code", "pre", "ul", "ol", "li",
        "blockquote", "hr", "br", "table", "thead", "tbody", "tr", "th", "td", "del", "input",
    ]

    private static func markdown(_ text: String) -> String? {
        let html = MarkdownRenderer().html(text)
        let lower = html.lowercased()
        for scheme in ["javascript:", "vbscript:", "file:"] {
            for attribute in ["href=\"", "src=\""] where lower.contains(attribute + scheme) {
                return "a \(scheme) URL came out in \(attribute)…\""
            }
        }
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            let name = rest[rest.index(after: open)...].prefix { $0.isLetter || $0.isNumber || $0 == "/" }
            let tag = name.hasPrefix("/") ? String(name.dropFirst()) : String(name)
            if !cmarkTags.contains(tag.lowercased()) { return "a <\(tag)> tag came out of Markdown without raw HTML" }
            rest = rest[rest.index(after: open)...]
        }
        let limit = 200
        let summary = MarkdownRenderer.plainText(fromHTML: html, limit: limit)
        if summary.count > limit + 1 { return "the summary has \(summary.count) characters, over \(limit)" }
        if summary.contains("<") && !html.contains("&lt;") { return "a tag was left in the summary: \(summary)" }
        return nil
    }

    private static func slug(_ text: String) -> String? {
        let slug = Slug.make(text)
        if slug.utf8.count > Slug.maximumBytes { return "slug of \(slug.utf8.count) bytes" }
        if slug.hasPrefix("-") || slug.hasSuffix("-") || slug.contains("--") { return "stray dashes in \"\(slug)\"" }
        if let bad = slug.unicodeScalars.first(where: { $0.isASCII && !($0 == "-" || ("a"..."z").contains($0) || ("0"..."9").contains($0)) }) {
            return "\"\(slug)\" holds \(bad.escaped(asASCII: true)), not URL-safe"
        }
        var previous: Unicode.Scalar = "-"
        for scalar in slug.unicodeScalars {
            defer { previous = scalar }
            guard !scalar.isASCII else { continue }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                if previous == "-" { return "\"\(slug)\" has a mark, \(scalar.escaped(asASCII: true)), on no letter" }
            default:
                if !scalar.properties.isAlphabetic && scalar.properties.numericType == nil {
                    return "\"\(slug)\" holds \(scalar.escaped(asASCII: true)), not a letter or digit"
                }
            }
        }
        let again = Slug.make(slug)
        return again == slug ? nil : "the slug of \"\(slug)\" is \"\(again)\""
    }
}
