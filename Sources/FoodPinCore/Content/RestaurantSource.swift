import Foundation

/// A restaurant as written in `Content/restaurants/<slug>.md`.
/// Every field is optional here: with an `id` the file only enriches an imported record.
public struct RestaurantSource: Sendable {
    public var slug: String
    public var location: SourceLocation
    public var id: Int?
    public var name: String?
    /// The fields of `RestaurantField.all` the file gives.
    public var facts = RestaurantFacts()
    public var image: WrittenImage?
    /// The gallery, in the order written; `Content/images/<slug>/` adds its pictures after these.
    public var photos: [WrittenPhoto] = []
    public var favorite: Bool?
    public var verdict: Verdict?
    public var draft = false
    public var markdown: String
    /// Where `name` is written, for errors about it found later.
    public var nameLocation: SourceLocation

    static func parse(_ document: FrontMatterDocument, path: String) -> (RestaurantSource?, [Diagnostic]) {
        var fields = document.fields
        var source = RestaurantSource(
            slug: Slug.make(String(path.split(separator: "/").last?.dropLast(".md".count) ?? "")),
            location: fields.fileLocation, markdown: document.body, nameLocation: fields.location("name"))
        source.id = fields.int("id", in: 1...Int.max, what: "a positive whole number (the imported restaurant's id)")
        source.name = source.id == nil && !fields.has("id")
            ? fields.requiredString("name", "every restaurant needs a name")
            : fields.string("name")
        for field in RestaurantField.all where field.inFrontMatter {
            fields.read(field, into: &source.facts)
        }
        source.image = fields.string("image").map { WrittenImage(text: $0, location: fields.location("image")) }
        source.photos = fields.photos("photos")
        source.favorite = fields.bool("favorite")
        if let rating = fields.string("rating") {
            if let verdict = Verdict(rawValue: rating.lowercased()) { source.verdict = verdict } else {
                let suggestion = Suggestion.nearest(to: rating, in: Verdict.allCases.map(\.rawValue))
                fields.error("rating", "`rating` must be one of \(Verdict.wordList); found \"\(rating)\"",
                             hint: suggestion.map { "did you mean `\($0)`?" })
            }
        }
        source.draft = fields.bool("draft") ?? false
        fields.warnAboutUnknownFields(kind: "restaurant")
        let failed = fields.diagnostics.contains { $0.severity == .error }
        return (failed ? nil : source, fields.diagnostics)
    }
}

extension FieldReader {
    /// Reads one restaurant field by its kind, under its key or an alias (the key wins over an alias).
    mutating func read(_ field: RestaurantField, into facts: inout RestaurantFacts) {
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
        }
    }
}
