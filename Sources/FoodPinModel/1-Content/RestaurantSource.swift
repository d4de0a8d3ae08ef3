import Foundation
import FoodPinBase

/// A restaurant as written in `Content/restaurants/<slug>.md`.
/// Every field is optional here: with an `id` the file only enriches an imported record.
/// A class: the content cache and the build share one copy.
public final class RestaurantSource: Sendable {
    public let slug: String
    public let location: SourceLocation
    public let id: Int?
    public let name: String?
    /// The fields of `RestaurantField.all` the file gives.
    public let facts: RestaurantFacts
    public let image: WrittenImage?
    /// The gallery, in the order written; `Content/images/<slug>/` adds its pictures after these.
    public let photos: [WrittenPhoto]
    public let favorite: Bool?
    public let verdict: Verdict?
    public let draft: Bool
    public let markdown: String
    /// Where `name` is written, for errors about it found later.
    public let nameLocation: SourceLocation

    package init(slug: String, location: SourceLocation, id: Int?, name: String?, facts: RestaurantFacts, image: WrittenImage?,
         photos: [WrittenPhoto], favorite: Bool?, verdict: Verdict?, draft: Bool, markdown: String, nameLocation: SourceLocation) {
        self.slug = slug
        self.location = location
        self.id = id
        self.name = name
        self.facts = facts
        self.image = image
        self.photos = photos
        self.favorite = favorite
        self.verdict = verdict
        self.draft = draft
        self.markdown = markdown
        self.nameLocation = nameLocation
    }

    package static func parse(_ document: FrontMatterDocument, path: String) -> (RestaurantSource?, [Diagnostic]) {
        var fields = document.fields
        let id = fields.int("id", in: 1...Int.max, what: "a positive whole number (the imported restaurant's id)")
        let name = id == nil && !fields.has("id")
            ? fields.requiredString("name", "every restaurant needs a name")
            : fields.string("name")
        var facts = RestaurantFacts()
        for field in RestaurantField.all where field.inFrontMatter {
            fields.read(field, into: &facts)
        }
        let image = fields.picture("image")
        let photos = fields.photos("photos")
        let favorite = fields.bool("favorite")
        var verdict: Verdict?
        if let rating = fields.string("rating") {
            if let known = Verdict(rawValue: rating.lowercased()) { verdict = known } else {
                let suggestion = Suggestion.nearest(to: rating, in: Verdict.allCases.map(\.rawValue))
                fields.error("rating", "`rating` must be one of \(Verdict.wordList); found \"\(rating)\"",
                             hint: suggestion.map { "did you mean `\($0)`?" })
            }
        }
        let draft = fields.bool("draft") ?? false
        fields.warnAboutUnknownFields(kind: "restaurant")
        guard !fields.diagnostics.contains(where: { $0.severity == .error }) else { return (nil, fields.diagnostics) }
        return (RestaurantSource(
            slug: Slug.make(String(path.split(separator: "/").last?.dropLast(".md".count) ?? "")),
            location: fields.fileLocation, id: id, name: name, facts: facts, image: image, photos: photos, favorite: favorite,
            verdict: verdict, draft: draft, markdown: document.body, nameLocation: fields.location("name")), fields.diagnostics)
    }
}

extension FieldReader {
    /// Reads one restaurant field by its kind, under its key or an alias (the key wins over an alias).
    package mutating func read(_ field: RestaurantField, into facts: inout RestaurantFacts) {
        let given = ([field.key] + field.aliases).filter { has($0) }
        guard let key = given.first else {
            accept([field.key] + field.aliases)
            return
        }
        accept(field.aliases)
        for alias in given.dropFirst() {
            warning(alias, "both `\(key)` and `\(alias)` are given; `\(key)` is used")
        }
        switch field.kind {
        case .text(let path):
            facts[keyPath: path] = string(key)
        case .webURL(let path):
            guard let value = string(key) else { return }
            if WebURL.isSafe(value) { facts[keyPath: path] = value } else {
                error(key, "`\(key)` must be an http(s) URL; found \"\(value)\"")
            }
        case .coordinate(let path, let limit):
            facts[keyPath: path] = double(key, in: -limit...limit)
        case .price(let path):
            guard let text = string(key) else { return }
            guard let level = PriceLevel.parse(text), PriceLevel.range.contains(level) else {
                error(key, "`\(key)` must be from 1 to 4, or $ to $$$$; found \"\(text)\"")
                return
            }
            facts[keyPath: path] = level
        case .list(let path):
            facts[keyPath: path] = nameList(key)
        case .hours(let path):
            facts[keyPath: path] = hours(key)
        case .date(let path):
            guard let text = string(key) else { return }
            if CalendarDate.isValid(text) { facts[keyPath: path] = text } else {
                error(key, "`\(key)` must be a real date written YYYY-MM-DD; found \"\(text)\"")
            }
        }
    }
}

// A final class's `let`s cannot be read into one by one: its form is written out here, and
// `BinaryCodingTests` fails for a field it leaves out.
extension RestaurantSource: BinaryCodable {
    package func encode(to writer: inout BinaryWriter) {
        writer.write(slug)
        writer.write(location)
        writer.write(id)
        writer.write(name)
        writer.write(facts)
        writer.write(image)
        writer.write(photos)
        writer.write(favorite)
        writer.write(verdict)
        writer.write(draft)
        writer.write(markdown)
        writer.write(nameLocation)
    }

    package static func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> RestaurantSource {
        RestaurantSource(slug: try reader.readString(), location: try reader.read(), id: try reader.readOptional(),
                         name: try reader.readOptional(), facts: try reader.read(), image: try reader.readOptional(),
                         photos: try reader.readArray(), favorite: try reader.readOptional(), verdict: try reader.readOptional(),
                         draft: try reader.readBool(), markdown: try reader.readString(), nameLocation: try reader.read())
    }
}
