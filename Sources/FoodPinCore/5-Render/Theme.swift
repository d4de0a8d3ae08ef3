import Foundation
import FoodPinBase
import FoodPinModel

/// The built-in theme, with any file of the same name in the guide's Templates/ taking its place.
public struct Theme: Sendable {
    /// Template and asset files by their path relative to the theme folder.
    public let files: [String: String]
    /// Which files came from Templates/ (display path), for error messages.
    public let overrides: [String: String]

    public static var builtInFiles: [String: String] { EmbeddedTheme.files }

    /// Loads the theme; Templates/ files override built-in ones and may add new partials. A link
    /// leading out of the guide is an error, and is not read.
    public static func load(templates: URL, boundary: GuideBoundary) -> (Theme, [Diagnostic]) {
        var files = EmbeddedTheme.files
        var overrides: [String: String] = [:]
        // A few files, listed while the content is read: no thirty threads started for them.
        let listing = FileList.files(in: templates, withExtension: nil, recursive: true, boundary: boundary, width: .cores)
        var diagnostics = listing.refused
        let base = templates.standardizedFileURL.path
        for path in listing.paths {
            let relative = String(path.dropFirst(base.count + 1))
            let shown = GuideLayout.displayPath(URL(fileURLWithPath: path))
            guard let data = FileManager.default.contents(atPath: path) else {
                diagnostics.append(.error(at: SourceLocation(path: shown), "cannot read the file"))
                continue
            }
            guard let text = String(data: data, encoding: .utf8) else {
                if !relative.hasPrefix("assets/") {
                    diagnostics.append(.error(at: SourceLocation(path: shown), "template is not UTF-8 text"))
                }
                continue
            }
            files[relative] = text
            overrides[relative] = shown
        }
        return (Theme(files: files, overrides: overrides), diagnostics)
    }

    /// Parses the templates and fingerprints the assets: everything a build needs of the theme.
    func prepared() -> LoadedTheme {
        let (library, diagnostics) = library()
        let assets = fingerprintedAssets()
        let (scripts, orderProblems) = scriptOrder()
        let css = files["assets/site.css"] ?? ""
        let colors = ThemeColors(theme: Self.cssVariable("--theme-color", in: css), background: Self.cssVariable("--paper", in: css))
        return LoadedTheme(files: files, overrides: overrides, library: library, diagnostics: diagnostics + orderProblems, assets: assets,
                           scripts: scripts, colors: colors)
    }

    /// The first value given to a CSS custom property (the light scheme's, in `:root`).
    static func cssVariable(_ name: String, in css: String) -> String? {
        var searched = css[...]
        var found: Substring?
        while found == nil, let range = searched.range(of: name) {
            let after = searched[range.upperBound...].unicodeScalars.drop(while: Self.isSpace)
            if after.first == ":" { found = Substring(after.dropFirst()) }
            searched = searched[range.upperBound...]
        }
        guard let rest = found else { return nil }
        guard let end = rest.firstIndex(where: { $0 == ";" || $0 == "}" }) else { return nil }
        let value = rest[..<end].trimmingCharacters(in: .whitespacesAndNewlines)
        return value.isEmpty || value.contains(where: { $0 == "<" || $0 == "\"" }) ? nil : value
    }

    /// What a regular expression's `\s` matches: tab, line feed, form feed, return and Unicode's spaces and separators.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator: true
        default: scalar == "\t" || scalar == "\n" || scalar == "\u{0C}" || scalar == "\r"
        }
    }

    /// Parses every `.mustache` file; a template error, or a partial that does not exist, names its file, line and column.
    func library() -> (TemplateLibrary, [Diagnostic]) {
        var library = TemplateLibrary()
        var diagnostics: [Diagnostic] = []
        var references: [Inclusion] = []
        for (name, text) in files.sorted(by: { $0.key < $1.key }) where name.hasSuffix(".mustache") {
            let path = overrides[name] ?? "(built-in theme)/\(name)"
            do {
                let parsed = try TemplateParser.parse(text)
                let template = String(name.dropLast(".mustache".count))
                library.register(parsed, named: template)
                references += parsed.references.map { Inclusion(template: template, path: path, reference: $0) }
            } catch {
                diagnostics.append(.error(at: SourceLocation(path: path, line: error.line, column: error.column),
                                          "template error: \(error.message)"))
            }
        }
        for inclusion in references where !library.has(inclusion.reference.name) {
            let (path, reference) = (inclusion.path, inclusion.reference)
            diagnostics.append(.error(at: SourceLocation(path: path, line: reference.line, column: reference.column),
                                      "template error: there is no template `\(reference.name)` (no \(reference.name).mustache in Templates/ or the built-in theme)"))
        }
        diagnostics += Self.endlessInclusions(references)
        for required in SiteRenderer.requiredTemplates where !library.has(required) {
            if !diagnostics.contains(where: { $0.location.path.hasSuffix("\(required).mustache") }) {
                diagnostics.append(.error(at: SourceLocation(path: "Templates/\(required).mustache"), "template `\(required)` is missing"))
            }
        }
        return (library, diagnostics)
    }

    /// A template that includes itself (through others or not) outside any section would render
    /// for ever: an error at the tag that closes the loop. Inside a section, data ends it.
    private static func endlessInclusions(_ references: [Inclusion]) -> [Diagnostic] {
        var edges: [String: [(path: String, TemplateParser.Reference)]] = [:]
        for inclusion in references where !inclusion.reference.conditional {
            edges[inclusion.template, default: []].append((inclusion.path, inclusion.reference))
        }
        var diagnostics: [Diagnostic] = []
        var state: [String: Bool] = [:] // false: being visited, true: done
        func visit(_ name: String) {
            state[name] = false
            for (path, reference) in edges[name] ?? [] {
                switch state[reference.name] {
                case false?:
                    diagnostics.append(.error(at: SourceLocation(path: path, line: reference.line, column: reference.column),
                        "template error: including `\(reference.name)` here, outside any section, makes it include itself for ever"))
                case nil: visit(reference.name)
                case true?: break
                }
            }
            state[name] = true
        }
        for name in edges.keys.sorted() where state[name] == nil { visit(name) }
        return diagnostics
    }

    /// A partial or parent named by a template (by its name, as partials call it, and its file's path).
    private struct Inclusion {
        var template: String
        var path: String
        var reference: TemplateParser.Reference
    }

    /// The file that orders the scripts.
    static let scriptList = "scripts.txt"

    /// The theme's scripts (`assets/js/*.js`) in the order `scripts.txt` lists them, then any it
    /// does not name, in name order. A name listed twice, or with no script, is a located error.
    func scriptOrder() -> ([String], [Diagnostic]) {
        let present = Set(files.keys.filter { $0.hasPrefix("assets/js/") && $0.hasSuffix(".js") })
        let shown = overrides[Self.scriptList] ?? "(built-in theme)/\(Self.scriptList)"
        var order: [String] = [], listed: Set<String> = [], problems: [Diagnostic] = []
        for (number, line) in (files[Self.scriptList] ?? "").split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let name = line.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { continue }
            let path = "assets/js/" + name, at = SourceLocation(path: shown, line: number + 1)
            if !present.contains(path) {
                problems.append(.error(at: at, "no script \(path) in the theme", hint: "name a file of Templates/assets/js/, or of the built-in theme"))
            } else if !listed.insert(path).inserted {
                problems.append(.error(at: at, "\(path) is listed twice"))
            } else {
                order.append(path)
            }
        }
        return (order + present.subtracting(listed).sorted(), problems)
    }

    /// Theme assets (CSS, JS, pictures) with content-hashed names, so hosts can cache them forever.
    func fingerprintedAssets() -> (files: [String: Data], names: [String: String]) {
        var names: [String: String] = [:]
        var output: [String: Data] = [:]
        // Scripts are published in one file with the strings (SiteRenderer.scriptBundle).
        let assets = files.filter { $0.key.hasPrefix("assets/") && !($0.key.hasPrefix("assets/js/") && $0.key.hasSuffix(".js")) }
        // Pictures first: stylesheets refer to them by name and must be hashed after the rewrite.
        let ordered = assets.keys.sorted { (($0.hasSuffix(".css") ? 1 : 0), $0) < (($1.hasSuffix(".css") ? 1 : 0), $1) }
        for path in ordered {
            let text = assets[path]!
            let data = Data((path.hasSuffix(".css") ? Self.renamingURLs(in: text, names) : text).utf8)
            let hash = Fingerprint.hex(data, length: 8)
            let hashed: String
            if let dot = path.lastIndex(of: "."), !path[dot...].contains("/") {
                hashed = path[..<dot] + "." + hash + path[dot...]
            } else {
                hashed = path + "." + hash
            }
            names[path] = hashed
            output[hashed] = data
        }
        return (output, names)
    }

    /// `url(file)` in a stylesheet, for each asset `file` renamed (paths inside assets/), pointed at its
    /// new name: one pass over the text.
    static func renamingURLs(in css: String, _ names: [String: String]) -> String {
        let bytes = Array(css.utf8), opening = Array("url(".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 256)
        var index = 0
        while index < bytes.count {
            guard bytes[index...].starts(with: opening) else {
                output.append(bytes[index])
                index += 1
                continue
            }
            index += opening.count
            output += opening
            guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ")")) else { continue }
            let file = String(decoding: bytes[index..<close], as: UTF8.self)
            if let hashed = names["assets/" + file] { output += hashed.utf8.dropFirst("assets/".count) } else { output += bytes[index..<close] }
            index = close
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// The colours phones and browsers show around the site (`theme-color`, the web app manifest),
/// read from the theme's CSS variables so one edit of site.css changes them everywhere. A theme
/// without them simply leaves them out.
public struct ThemeColors: Sendable, Equatable {
    public var theme: String?
    public var background: String?
}

/// The theme ready to render with: parsed templates, fingerprinted assets, scripts and colours.
struct LoadedTheme: Sendable {
    var files: [String: String]
    /// Display paths of the files that came from Templates/.
    var overrides: [String: String]
    var library: TemplateLibrary
    var diagnostics: [Diagnostic]
    var assets: (files: [String: Data], names: [String: String])
    /// Theme scripts (`assets/js/*.js`), in the order `scripts.txt` gives.
    var scripts: [String]
    var colors: ThemeColors
}

extension LoadedTheme {
    /// The digest of the templates rendering `roots` may use, by name and text.
    func templateDigest(_ roots: [String]) -> ContentDigest {
        var writer = BinaryWriter()
        for name in library.reached(from: roots).sorted() {
            writer.write(name)
            writer.write(files[name + ".mustache"])
        }
        return ContentDigest(writer.bytes)
    }
}
