import Foundation

/// A gallery photo as front matter writes it: `- images/x.jpg` or `- {src: images/x.jpg, alt: …, caption: …}`.
public struct WrittenPhoto: Sendable, Hashable {
    public var image: WrittenImage
    public var alt: String?
    public var caption: String?
}

extension FieldReader {
    /// The `photos` list; each bad item is an error at the item.
    mutating func photos(_ key: String) -> [WrittenPhoto] {
        accept([key])
        guard let node = entries[key]?.value else { return [] }
        guard case .list(let items, _) = node else {
            error(key, "`\(key)` must be a list of pictures, each a path or {src, alt, caption}")
            return []
        }
        var photos: [WrittenPhoto] = []
        for item in items {
            switch item {
            case .scalar(let text, _, let location):
                guard !text.trimmed.isEmpty else { continue }
                photos.append(WrittenPhoto(image: WrittenImage(text: text.trimmed, location: location)))
            case .mapping(let fields, let location):
                func text(_ name: String) -> String? {
                    guard case .scalar(let value, _, let at)? = fields[name] else { return nil }
                    let trimmed = value.trimmed
                    return trimmed.isEmpty ? nil : withinLimit(trimmed, key: name, at: at)
                }
                for name in fields.keys.sorted() where !["src", "alt", "caption"].contains(name) {
                    report(.warning(at: fields[name]!.location,
                        "unknown field `\(name)` in a photo; a photo takes src, alt and caption"))
                }
                guard let source = text("src") else {
                    report(.error(at: location, "each photo given as a mapping needs `src`, the picture's path"))
                    continue
                }
                photos.append(WrittenPhoto(image: WrittenImage(text: source, location: fields["src"]!.location),
                                           alt: text("alt"), caption: text("caption")))
            case .list(_, let location):
                report(.error(at: location, "a photo must be a path or {src, alt, caption}, not a list"))
            }
        }
        return photos
    }
}
