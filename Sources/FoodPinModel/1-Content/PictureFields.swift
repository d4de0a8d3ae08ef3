import Foundation
import FoodPinBase

/// A gallery photo as front matter writes it: `- images/x.jpg` or `- {src: images/x.jpg, alt: …, caption: …, filter: …}`.
public struct WrittenPhoto: Sendable, Hashable {
    public var image: WrittenImage
    public var alt: String?
    public var caption: String?
}

extension FieldReader {
    /// A picture field (`image`): a path or URL, or `{src, filter}`.
    package mutating func picture(_ key: String) -> WrittenImage? {
        accept([key])
        switch entries[key]?.value {
        case nil: return nil
        case .mapping(let fields, let location)?:
            return written(fields, at: location, takes: ["src", "filter"], what: "`\(key)`")?.image
        case .list(_, let location)?:
            report(.error(at: location, "`\(key)` must be a picture's path or {src, filter}, not a list"))
            return nil
        case .scalar?:
            return string(key).map { WrittenImage(text: $0, location: location(key)) }
        }
    }

    /// The `photos` list; each bad item is an error at the item.
    package mutating func photos(_ key: String) -> [WrittenPhoto] {
        accept([key])
        guard let node = entries[key]?.value else { return [] }
        guard case .list(let items, _) = node else {
            error(key, "`\(key)` must be a list of pictures, each a path or {src, alt, caption, filter}")
            return []
        }
        var photos: [WrittenPhoto] = []
        for item in items {
            switch item {
            case .scalar(let text, _, let location):
                guard !text.trimmed.isEmpty else { continue }
                photos.append(WrittenPhoto(image: WrittenImage(text: text.trimmed, location: location)))
            case .mapping(let fields, let location):
                if let photo = written(fields, at: location, takes: ["src", "alt", "caption", "filter"], what: "a photo") {
                    photos.append(photo)
                }
            case .list(_, let location):
                report(.error(at: location, "a photo must be a path or {src, alt, caption, filter}, not a list"))
            }
        }
        return photos
    }

    /// `{alt: A platter of prawns, crab and clams}`: YAML ends a value at a comma, leaving fields
    /// with no value named by the rest ("crab and clams"). The text field (`alt`, `caption`) written
    /// just before them on their line is the one cut; nil for a field that is no such rest; `first`
    /// for the rest the error is reported at.
    private static func cutByComma(_ name: String, in fields: [String: FieldValue]) -> (field: String, whole: String, first: Bool)? {
        func isRest(_ value: FieldValue?) -> SourceLocation? {
            guard case .scalar(let text, _, let at)? = value, text.isEmpty || text == "~" || text == "null" else { return nil }
            return at
        }
        guard let at = isRest(fields[name]) else { return nil }
        let cut = ["alt", "caption"].compactMap { known -> (String, String, SourceLocation)? in
            guard case .scalar(let value, true, let location)? = fields[known], location.line == at.line, location < at else { return nil }
            return (known, value, location)
        }.max { $0.2 < $1.2 }
        guard let (field, value, location) = cut else { return nil }
        // Every rest after that field on the line, in order: the value as it was written.
        let rests = fields.compactMap { key, field -> (String, SourceLocation)? in
            guard let rest = isRest(field), rest.line == at.line, location < rest else { return nil }
            return (key, rest)
        }.sorted { $0.1 < $1.1 }
        return (field, ([value] + rests.map(\.0)).joined(separator: ", "), rests.first?.0 == name)
    }

    /// A picture written as a mapping: `src` required, unknown fields warned about, `filter` checked.
    private mutating func written(_ fields: [String: FieldValue], at location: SourceLocation, takes names: [String],
                                  what: String) -> WrittenPhoto? {
        func text(_ name: String) -> String? {
            guard case .scalar(let value, _, let at)? = fields[name] else { return nil }
            let trimmed = value.trimmed
            return trimmed.isEmpty ? nil : withinLimit(trimmed, key: name, at: at)
        }
        for name in fields.keys.sorted() where !names.contains(name) {
            if let cut = Self.cutByComma(name, in: fields) {
                if cut.first {
                    report(.error(at: fields[name]!.location, "a comma ended the unquoted `\(cut.field)` of \(what) before \"\(name)\"",
                                  hint: "quote it: \(cut.field): \(YAMLText.quote(cut.whole))"))
                }
                continue
            }
            report(.warning(at: fields[name]!.location,
                "unknown field `\(name)` in \(what); it takes \(names.joined(separator: ", "))"))
        }
        guard let source = text("src") else {
            report(.error(at: location, "\(what) given as a mapping needs `src`, the picture's path"))
            return nil
        }
        var filter: PhotoFilter?
        if let name = text("filter") {
            filter = PhotoFilter(rawValue: name.lowercased())
            if filter == nil {
                let suggestion = Suggestion.nearest(to: name, in: PhotoFilter.allCases.map(\.rawValue))
                report(.error(at: fields["filter"]!.location, "unknown filter \"\(name)\"; a filter is one of \(PhotoFilter.wordList)",
                              hint: suggestion.map { "did you mean `\($0)`?" }))
                return nil
            }
        }
        return WrittenPhoto(image: WrittenImage(text: source, location: fields["src"]!.location, filter: filter),
                            alt: text("alt"), caption: text("caption"))
    }
}

extension WrittenPhoto: PlainBinaryCodable {
    package static var blank: WrittenPhoto { WrittenPhoto(image: .blank) }
    package mutating func binaryFields(_ fields: inout some BinaryFieldVisitor) throws(BinaryReader.Malformed) {
        try fields.field(&image)
        try fields.field(&alt)
        try fields.field(&caption)
    }
}
