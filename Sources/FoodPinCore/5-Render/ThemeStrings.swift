import Foundation
import FoodPinBase
import FoodPinModel

/// Every word the theme shows, in the guide's language: `Templates/strings/<language>.yml`, single
/// strings overridden by site.yml's `strings:`, English wherever the language has no word for a key.
/// Keys are dotted (`nav.restaurants`); templates read them as `{{t.nav.restaurants}}`, scripts
/// read the `js.` ones through `FoodPin.t`.
public struct ThemeStrings: Sendable, Equatable {
    public enum Entry: Sendable, Equatable {
        case text(String)
        /// By plural category (`one`, `other`): `"{count} restaurants"`.
        case plural([String: String])
    }

    /// The language as site.yml names it: the pages' `lang`.
    public let language: String
    public let isRightToLeft: Bool
    let entries: [String: Entry]
    /// Made once: a page counts many things (every card's reviews).
    private let plurals: PluralRules

    static let fallbackLanguage = "en"
    /// Missing keys warned about one by one; the rest share one warning.
    static let missingNamedOneByOne = 10
    static let folder = "strings/"

    /// English from the built-in theme alone: for tests and tools that render without a guide.
    public static let english: ThemeStrings = load(themeFiles: Theme.builtInFiles, overridePaths: [:],
                                                   language: fallbackLanguage, custom: nil).strings

    init(language: String, entries: [String: Entry]) {
        self.language = language
        self.entries = entries
        plurals = PluralRules(language: language)
        isRightToLeft = ["ar", "he", "fa", "ur", "ps", "sd", "yi", "dv", "ug", "ckb"].contains(LanguageTag.primary(language))
    }

    /// Every other property follows from these two.
    public static func == (lhs: ThemeStrings, rhs: ThemeStrings) -> Bool {
        lhs.language == rhs.language && lhs.entries == rhs.entries
    }

    // MARK: Loading

    /// The strings file for `language`: the tag itself, its script's file (zh-CN → zh-Hans), then its
    /// primary language (pt-BR → pt).
    static func fileName(for language: String, in available: Set<String>) -> String? {
        let lowered = language.lowercased()
        let scripts: [String: String] = ["zh": "zh-Hans", "zh-cn": "zh-Hans", "zh-sg": "zh-Hans", "zh-hans-cn": "zh-Hans",
                                         "zh-tw": "zh-Hant", "zh-hk": "zh-Hant", "zh-mo": "zh-Hant"]
        let primary = String(lowered.split(separator: "-").first ?? "")
        let candidates = [language, scripts[lowered], primary].compactMap { $0 }
        for candidate in candidates {
            if let match = available.first(where: { $0.lowercased() == candidate.lowercased() }) { return match }
        }
        return nil
    }

    /// Reads English, the language's file and site.yml's overrides. `custom`: site.yml's `strings`
    /// field, if any. Every problem is located: a file's key or value, or the override's line.
    static func load(themeFiles: [String: String], overridePaths: [String: String], language: String,
                     custom: FieldValue?, languageLocation: SourceLocation? = nil) -> (strings: ThemeStrings, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        func read(_ name: String) -> [String: (Entry, SourceLocation)] {
            let file = folder + name + ".yml"
            guard let text = themeFiles[file] else { return [:] }
            let path = overridePaths[file] ?? "(built-in theme)/\(file)"
            let (entries, problems) = parse(text, path: path, language: name)
            diagnostics += problems
            return entries
        }
        // The built-in English is the base of every key: a guide's own en.yml changes single strings.
        var english = overridePaths[folder + fallbackLanguage + ".yml"] == nil ? read(fallbackLanguage)
            : load(themeFiles: Theme.builtInFiles, overridePaths: [:], language: fallbackLanguage, custom: nil).strings.entries
                .mapValues { ($0, SourceLocation(path: "(built-in theme)/\(folder)\(fallbackLanguage).yml")) }
        if overridePaths[folder + fallbackLanguage + ".yml"] != nil {
            for (key, value) in read(fallbackLanguage) {
                if english[key] == nil {
                    diagnostics.append(unknownKey(key, at: value.1, known: english.keys))
                } else {
                    english[key] = value
                }
            }
        }
        var entries = english.mapValues(\.0)
        let available = Set(themeFiles.keys.compactMap { key -> String? in
            guard key.hasPrefix(folder), key.hasSuffix(".yml") else { return nil }
            return String(key.dropFirst(folder.count).dropLast(4))
        })
        if let name = fileName(for: language, in: available) {
            if name != fallbackLanguage {
                let translated = read(name)
                let path = overridePaths[folder + name + ".yml"] ?? "(built-in theme)/\(folder)\(name).yml"
                let missing = english.keys.filter { translated[$0] == nil }.sorted()
                for key in missing.prefix(missingNamedOneByOne) {
                    diagnostics.append(.warning(at: SourceLocation(path: path),
                                                "no string `\(key)` for language `\(language)`; the English one is shown",
                                                hint: "add a line `\(key): …` to \(path)"))
                }
                // A file just begun misses most keys: named all the same, in one warning rather than a flood.
                if missing.count > missingNamedOneByOne {
                    let rest = missing.dropFirst(missingNamedOneByOne)
                    diagnostics.append(.warning(at: SourceLocation(path: path),
                                                "no strings for language `\(language)` for these \(rest.count) keys either; the English ones are shown: "
                                                    + rest.map { "`\($0)`" }.joined(separator: ", ")))
                }
                for (key, (entry, location)) in translated {
                    if english[key] == nil {
                        diagnostics.append(unknownKey(key, at: location, known: english.keys))
                    } else {
                        entries[key] = entry
                    }
                }
            }
        } else {
            diagnostics.append(.warning(at: languageLocation ?? SourceLocation(path: "Content/site.yml"),
                                        "the theme has no strings for language `\(language)`; its words are shown in English",
                                        hint: "write Templates/strings/\(language).yml (start from a copy of the English one), or use one of: \(available.sorted().joined(separator: ", "))"))
        }
        if let custom {
            guard case .mapping(let overrides, _) = custom else {
                diagnostics.append(.error(at: custom.location, "`strings` must be a mapping of string keys to words, like `nav.restaurants: Places`"))
                return (ThemeStrings(language: language, entries: entries), diagnostics)
            }
            let plurals = PluralRules(language: language)
            for (key, value) in overrides.sorted(by: { $0.key < $1.key }) {
                guard english[key] != nil else {
                    diagnostics.append(unknownKey(key, at: value.location, known: english.keys, in: " in `strings`"))
                    continue
                }
                switch entry(value, plurals: plurals) {
                case .success(let entry): entries[key] = entry
                case .failure(let problem): diagnostics.append(problem)
                }
            }
        }
        return (ThemeStrings(language: language, entries: entries), diagnostics)
    }

    /// A key English does not have: ignored, with the nearest known one offered.
    private static func unknownKey(_ key: String, at location: SourceLocation, known: Dictionary<String, (Entry, SourceLocation)>.Keys,
                                   in place: String = "") -> Diagnostic {
        .warning(at: location, "unknown string `\(key)`\(place); it is ignored",
                 hint: Suggestion.nearest(to: key, in: Array(known)).map { "did you mean `\($0)`?" })
    }

    /// A strings file: flat dotted keys, each a text or a mapping of plural forms. `language`: the
    /// file's, whose plural rules say which forms it may give.
    static func parse(_ text: String, path: String, language: String) -> ([String: (Entry, SourceLocation)], [Diagnostic]) {
        let plurals = PluralRules(language: language)
        switch FrontMatter.parseYAMLFile(text, path: path) {
        case .failure(let diagnostic):
            return ([:], [diagnostic])
        case .success(let document):
            var entries: [String: (Entry, SourceLocation)] = [:]
            var diagnostics: [Diagnostic] = []
            for (key, field) in document.fields.entries {
                switch entry(field.value, plurals: plurals) {
                case .success(let entry): entries[key] = (entry, field.value.location)
                case .failure(let problem): diagnostics.append(problem)
                }
            }
            return (entries, diagnostics)
        }
    }

    private static func entry(_ value: FieldValue, plurals: PluralRules) -> Result<Entry, Diagnostic> {
        switch value {
        case .scalar(let text, _, _): return .success(.text(text))
        case .mapping(let forms, let location):
            var plural: [String: String] = [:]
            for (category, form) in forms {
                guard case .scalar(let text, _, _) = form,
                      ["zero", "one", "two", "few", "many", "other"].contains(category) else {
                    return .failure(.error(at: form.location, "a plural string is a mapping of `one`, `other` (and `zero`, `two`, `few`, `many`) to text"))
                }
                // A form the language never uses is a slip (a Polish `few` in an English file): never shown.
                guard plurals.categories.contains(category) else {
                    let used = ["zero", "one", "two", "few", "many", "other"].filter(plurals.categories.contains)
                    return .failure(.error(at: form.location, "`\(category)` is not a plural form of this language",
                                           hint: "its forms are " + used.map { "`\($0)`" }.joined(separator: ", ")))
                }
                plural[category] = text
            }
            guard plural["other"] != nil else {
                return .failure(.error(at: location, "a plural string needs its `other` form"))
            }
            return .success(.plural(plural))
        case .list(_, let location):
            return .failure(.error(at: location, "a string is a text, or a mapping of plural forms; not a list"))
        }
    }

    // MARK: Words

    /// The text of `key` with `{name}` placeholders filled; the key itself if no file has it.
    public func text(_ key: String, _ values: [String: String] = [:]) -> String {
        Self.fill(template(key), values)
    }

    private func template(_ key: String) -> String {
        switch entries[key] {
        case .text(let text)?: text
        case .plural(let forms)?: forms["other"] ?? key
        case nil: key
        }
    }

    /// `count` in words: `{count} restaurants`, in the form the language uses for that number.
    public func count(_ key: String, _ count: Int, _ values: [String: String] = [:]) -> String {
        var values = values
        values["count"] = number(count)
        guard case .plural(let forms)? = entries[key] else { return text(key, values) }
        return Self.fill(forms[pluralCategory(count)] ?? forms["other"] ?? key, values)
    }

    /// The plural category of a whole number, by the language's rule (`PluralRules`).
    func pluralCategory(_ count: Int) -> String { plurals.category(count) }

    /// A whole number with the language's thousands separator: 12,345.
    public func number(_ value: Int) -> String {
        let digits = String(value.magnitude)
        let separator = text("number.group")
        guard digits.count > 3, !separator.isEmpty else { return value < 0 ? "-" + digits : digits }
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped += separator }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// One decimal with the language's decimal mark: 4.5, 4,5.
    public func decimal(tenths: Int) -> String { "\(tenths / 10)\(text("number.decimal"))\(tenths % 10)" }

    /// A download's size as people read it: `350 kB`, `1.2 MB` (decimal units, as browsers show).
    public func byteSize(_ bytes: Int) -> String {
        bytes < 1_000_000 ? "\(number(max(1, (bytes + 500) / 1000))) kB" : "\(decimal(tenths: (bytes + 50_000) / 100_000)) MB"
    }

    /// "2024-05-01" in the language's long form: 1 May 2024, 2024年5月1日.
    public func date(_ iso: String) -> String {
        let parts = iso.utf8.split(separator: UInt8(ascii: "-"))
        guard parts.count == 3, let year = Int(Substring(parts[0])), let month = Int(Substring(parts[1])),
              let day = Int(Substring(parts[2])), (1...12).contains(month) else { return iso }
        return Self.fill(template("date.long")) { name in
            switch name {
            case "day": String(day)
            case "month": text("month.\(month)")
            case "month_number": String(month)
            case "year": String(year)
            default: nil
            }
        }
    }

    /// One pass over the template: a value that itself holds `{name}` (a restaurant called "{title}") stays as it is.
    private static func fill(_ template: String, _ values: [String: String]) -> String {
        values.isEmpty ? template : fill(template) { values[String($0)] }
    }

    private static func fill(_ template: String, _ value: (Substring) -> String?) -> String {
        // Braces are found among the bytes: a search by Character would weigh every grapheme, on every card.
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        guard template.utf8.contains(open) else { return template }
        var result = ""
        var rest = template[...]
        while let start = rest.utf8.firstIndex(of: open) {
            result += rest[..<start]
            let nameStart = rest.utf8.index(after: start)
            if let end = rest.utf8[nameStart...].firstIndex(of: close), let value = value(rest[nameStart..<end]) {
                result += value
                rest = rest[rest.utf8.index(after: end)...]
            } else {
                result += "{"
                rest = rest[nameStart...]
            }
        }
        return result + rest
    }

    // MARK: For templates and scripts

    /// The strings as nested objects: `{{t.nav.restaurants}}`; a plural as its forms (`{{t.x.other}}`).
    public var templateValue: TemplateValue {
        var root: [String: TemplateValue] = [:]
        func insert(_ path: ArraySlice<Substring>, _ value: TemplateValue, into object: inout [String: TemplateValue]) {
            let key = String(path.first!)
            if path.count == 1 { if object[key] == nil { object[key] = value }; return }
            var child: [String: TemplateValue]
            if case .object(let existing)? = object[key] { child = existing } else { child = [:] }
            insert(path.dropFirst(), value, into: &child)
            object[key] = .object(child)
        }
        for (key, entry) in entries.sorted(by: { $0.key < $1.key }) {
            let value: TemplateValue
            switch entry {
            case .text(let text): value = .string(text)
            case .plural(let forms): value = .object(forms.mapValues { .string($0) })
            }
            insert(key.split(separator: ".")[...], value, into: &root)
        }
        return .object(root)
    }

    /// Every entry, in a stable order: what the settings digest records of the words.
    var templateDigestText: String {
        entries.sorted(by: { $0.key < $1.key }).map { key, entry in
            switch entry {
            case .text(let text): "\(key)=\(text)"
            case .plural(let forms): "\(key)=" + forms.sorted(by: { $0.key < $1.key }).map { "\($0.key):\($0.value)" }.joined(separator: "|")
            }
        }.joined(separator: "\n")
    }

    static let foldLettersScript = "FoodPin.foldLetters = {" + Slug.latinLetters.sorted(by: { $0.key < $1.key })
        .map { "\(JSONText.quote(String($0.key))):\(JSONText.quote($0.value))" }.joined(separator: ",") + "};\n"

    /// The `js.` strings as a script that runs before the theme's: `FoodPin.strings`, `FoodPin.language`,
    /// `FoodPin.numberMarks` (`number.group` and `number.decimal`, so scripts write numbers as pages do);
    /// and `FoodPin.foldLetters`, `Slug`'s table of letters search folds, so a query folds as names do.
    public var script: String {
        let pairs = entries.filter { $0.key.hasPrefix("js.") }.sorted(by: { $0.key < $1.key }).map { key, entry -> String in
            let value: String
            switch entry {
            case .text(let text): value = JSONText.quote(text)
            case .plural(let forms):
                value = "{" + forms.sorted(by: { $0.key < $1.key }).map { "\(JSONText.quote($0.key)):\(JSONText.quote($0.value))" }
                    .joined(separator: ",") + "}"
            }
            return "\(JSONText.quote(String(key.dropFirst(3)))):\(value)"
        }
        return "// The theme's words for scripts, in the guide's language (made by foodpin from Templates/strings/).\n"
            + "window.FoodPin = window.FoodPin || {};\nFoodPin.language = \(JSONText.quote(language));\n"
            + "FoodPin.strings = {\n" + pairs.joined(separator: ",\n") + "\n};\n"
            + "FoodPin.numberMarks = {\"group\":\(JSONText.quote(text("number.group"))),\"decimal\":\(JSONText.quote(text("number.decimal")))};\n"
            + Self.foldLettersScript
    }
}
