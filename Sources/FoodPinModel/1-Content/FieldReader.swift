import Foundation
import FoodPinBase

/// A front matter value with where it is written, whichever parser read it.
package indirect enum FieldValue: Sendable, Equatable {
    /// Text as written; `plain` when unquoted (so `null` and `~` mean nothing).
    case scalar(String, plain: Bool, at: SourceLocation)
    case list([FieldValue], at: SourceLocation)
    /// A nested mapping (a gallery photo's `{src, alt, caption}`), by key.
    case mapping([String: FieldValue], at: SourceLocation)

    package var location: SourceLocation {
        switch self {
        case .scalar(_, _, let location), .list(_, let location), .mapping(_, let location): location
        }
    }
}

/// Typed, located access to front matter fields. Each read marks the field as known;
/// each bad value becomes a diagnostic that points at the value itself.
package struct FieldReader {
    package struct Entry: Equatable {
        package var key: String
        package var keyLocation: SourceLocation
        package var value: FieldValue
    }

    package let path: String
    package let entries: [String: Entry]
    private let order: [String]
    private let fallback: SourceLocation
    private var known: Set<String> = []
    package private(set) var diagnostics: [Diagnostic] = []

    package init(path: String, entries: [Entry], fallback: SourceLocation) {
        self.path = path
        self.fallback = fallback
        var byKey: [String: Entry] = [:]
        for entry in entries { byKey[entry.key] = entry }
        self.entries = byKey
        self.order = entries.map(\.key)
    }

    package func has(_ key: String) -> Bool { entries[key] != nil }

    /// Where a field's value is, or the file's first line when the field is absent.
    package func location(_ key: String) -> SourceLocation {
        guard let entry = entries[key] else { return fallback }
        return entry.value.location
    }

    package var fileLocation: SourceLocation { fallback }

    package mutating func error(_ key: String, _ message: String, hint: String? = nil) {
        diagnostics.append(.error(at: location(key), message, hint: hint))
    }

    /// A problem inside a field's value, at its own place.
    package mutating func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    package mutating func warning(_ key: String, _ message: String, hint: String? = nil) {
        diagnostics.append(.warning(at: location(key), message, hint: hint))
    }

    /// What a plain (unquoted) YAML value means nothing as.
    private static let nullWords: Set<String> = ["", "~", "null", "Null", "NULL"]

    /// A scalar read as text; `nil` when absent, null or empty.
    package mutating func string(_ key: String) -> String? {
        known.insert(key)
        guard let node = entries[key]?.value else { return nil }
        guard case .scalar(let text, let plain, _) = node else {
            error(key, "`\(key)` must be a single value, not a list or a mapping")
            return nil
        }
        if plain, Self.nullWords.contains(text) { return nil }
        let value = text.trimmed
        guard !value.isEmpty else { return nil }
        return withinLimit(value, key: key, at: node.location)
    }

    /// The value, or what of it its limit keeps (with a warning, or an error for a URL, at it).
    package mutating func withinLimit(_ value: String, key: String, at location: SourceLocation) -> String? {
        guard let (kept, message) = FieldLimit.check(value, key: key) else { return value }
        diagnostics.append(kept == nil ? .error(at: location, message) : .warning(at: location, message))
        return kept
    }

    package mutating func requiredString(_ key: String, _ purpose: String) -> String? {
        let before = diagnostics.count
        let value = string(key)
        if value == nil, diagnostics.count == before {
            diagnostics.append(.error(at: location(key), "`\(key)` is required: \(purpose)",
                                      hint: has(key) ? nil : "add a line `\(key): …` to the front matter"))
        }
        return value
    }

    package mutating func int(_ key: String, in range: ClosedRange<Int>? = nil, what: String? = nil) -> Int? {
        guard let text = string(key) else { return nil }
        guard let value = Int(text) else {
            error(key, "`\(key)` must be a whole number\(range.map { " from \($0.lowerBound) to \($0.upperBound)" } ?? ""); found \"\(text)\"")
            return nil
        }
        if let range, !range.contains(value) {
            error(key, "`\(key)` must be \(what ?? "from \(range.lowerBound) to \(range.upperBound)"); found \(value)")
            return nil
        }
        return value
    }

    package mutating func double(_ key: String, in range: ClosedRange<Double>) -> Double? {
        guard let text = string(key) else { return nil }
        guard let value = Double(text), value.isFinite else {
            error(key, "`\(key)` must be a number; found \"\(text)\"")
            return nil
        }
        guard range.contains(value) else {
            error(key, "`\(key)` must be between \(range.lowerBound) and \(range.upperBound); found \(text)")
            return nil
        }
        return value
    }

    package mutating func bool(_ key: String) -> Bool? {
        guard let text = string(key) else { return nil }
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            error(key, "`\(key)` must be true or false; found \"\(text)\"")
            return nil
        }
    }

    /// A YAML list of strings, or a single comma-separated string; each name within its limit.
    package mutating func stringList(_ key: String) -> [String]? {
        known.insert(key)
        guard let node = entries[key]?.value else { return nil }
        var items: [String] = []
        switch node {
        case .list(let list, _):
            for item in list {
                guard case .scalar(let text, _, _) = item else {
                    // Once: aliases can repeat one bad item a thousand times.
                    let error = Diagnostic.error(at: item.location, "each item of `\(key)` must be a single value")
                    if diagnostics.last != error { diagnostics.append(error) }
                    continue
                }
                let value = text.trimmed
                if !value.isEmpty, let kept = withinLimit(value, key: key, at: item.location) { items.append(kept) }
            }
        case .scalar(let text, let plain, _):
            if plain && Self.nullWords.contains(text) || text.trimmed.isEmpty { return nil }
            for name in text.split(separator: ",") {
                let value = name.trimmed
                if !value.isEmpty, let kept = withinLimit(value, key: key, at: node.location) { items.append(kept) }
            }
        default:
            error(key, "`\(key)` must be a list, like [Thai, Noodles]")
            return nil
        }
        return items
    }

    /// A list of names (`cuisines`): different names only, at most `FieldLimit.listItems`.
    package mutating func nameList(_ key: String) -> [String]? {
        guard let names = stringList(key).flatMap(NameList.given) else { return nil }
        let (kept, message) = FieldLimit.capped(names, key: key)
        if let message { warning(key, message) }
        return kept
    }

    /// The fields read so far, present or not.
    package var knownKeys: Set<String> { known }

    /// Marks fields as known without reading them (read elsewhere or deliberately ignored).
    package mutating func accept(_ keys: [String]) { known.formUnion(keys) }

    /// Warns about every field nobody read, suggesting the nearest known field.
    package mutating func warnAboutUnknownFields(kind: String) {
        for key in order where !known.contains(key) {
            let entry = entries[key]!
            let suggestion = Suggestion.nearest(to: key, in: Array(known))
            diagnostics.append(.warning(
                at: entry.keyLocation,
                "unknown field `\(key)` in \(kind) front matter; it is ignored",
                hint: suggestion.map { "did you mean `\($0)`?" }))
        }
    }
}
