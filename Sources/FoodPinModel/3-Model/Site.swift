import Foundation
import FoodPinBase

/// A restaurant as the site shows it: an imported record, a Markdown file, or both merged.
/// Its fields and facts read as properties (`restaurant.name`, `restaurant.city`), so pages name
/// fields as sources do; the two sets of names never meet (a test checks). Inside the type and its
/// extensions a field is named through `self.`, as dynamic members are.
@dynamicMemberLookup
public struct Restaurant: Sendable, Equatable {
    /// A restaurant's own fields, read and set on the restaurant itself (`restaurant.name`).
    public struct Fields: Sendable, Equatable {
        public var id: Int?
        public var slug: String
        public var name: String
        public var facts: RestaurantFacts
        public var image: ImageReference?
        /// Where the main picture is named (its `image` field), for errors found when it is processed.
        public var imageLocation: SourceLocation?
        public var photos: [GalleryPhoto]
        public var favorite: Bool
        public var verdict: Verdict?
        public var descriptionMarkdown: String
        public var reviews: [Review]
    }

    /// The fields live behind one reference, copied on write: a restaurant is copied often (pages,
    /// digests, the search index, pictures), and a copy is then one retain, not one per field. Read
    /// through a key path, a 10,000-restaurant cold build is as fast as with a property per field
    /// (A/B 1.02, 0.96–1.04, `farm-bench -n 5`).
    private final class Storage: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage

    public init(id: Int?, slug: String, name: String, facts: RestaurantFacts, image: ImageReference? = nil,
                imageLocation: SourceLocation? = nil, photos: [GalleryPhoto] = [], favorite: Bool, verdict: Verdict? = nil,
                descriptionMarkdown: String, reviews: [Review] = []) {
        storage = Storage(Fields(id: id, slug: slug, name: name, facts: facts, image: image, imageLocation: imageLocation,
                                 photos: photos, favorite: favorite, verdict: verdict,
                                 descriptionMarkdown: descriptionMarkdown, reviews: reviews))
    }

    public subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        _read { yield storage.fields[keyPath: field] }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            yield &storage.fields[keyPath: field]
        }
    }

    public static func == (lhs: Restaurant, rhs: Restaurant) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// The facts read as the restaurant's own (`restaurant.city`).
    public subscript<Value>(dynamicMember path: KeyPath<RestaurantFacts, Value>) -> Value { storage.fields.facts[keyPath: path] }

    /// Never nil, unlike the facts' own (this property is found before the facts' member).
    public var cuisines: [String] { self.facts.cuisines ?? [] }
    public var path: String { "restaurants/\(self.slug)/" }

    /// The mean of the reviews' ratings, or nil without reviews.
    public var averageRating: Double? {
        let reviews = self.reviews
        guard !reviews.isEmpty else { return nil }
        return Double(reviews.reduce(0) { $0 + $1.rating }) / Double(reviews.count)
    }

    /// The mean rating in tenths (45 for 4.5), as pages show it and the search index sorts by it.
    public var ratingTenths: Int? { averageRating.map { Int(($0 * 10).rounded()) } }
}

extension Restaurant {
    /// Each review's `id` on the restaurant's page, from its file's name (`rv-2024-05-01-sam` for
    /// `2024-05-01-sam.md`): the same in every build, whatever the working folder. A name taken
    /// by an earlier review of the page gets `-2`, `-3`.
    public var reviewAnchors: [String] {
        var taken: Set<String> = []
        return self.reviews.map { review in
            let file = review.source.split(separator: "/").last.map(String.init) ?? ""
            let base = "rv-" + Slug.make(file.hasSuffix(".md") ? String(file.dropLast(3)) : file)
            var anchor = base, count = 1
            while taken.contains(anchor) { count += 1; anchor = "\(base)-\(count)" }
            taken.insert(anchor)
            return anchor
        }
    }
}

/// A picture of a restaurant's gallery.
public struct GalleryPhoto: Sendable, Equatable {
    public var image: ImageReference
    public var alt: String?
    public var caption: String?
    /// Where it is named: its `photos` item, or the picture itself for one found in the restaurant's folder.
    public var location: SourceLocation
}

public struct Review: Sendable, Equatable {
    public var reviewer: String?
    public var title: String?
    public var rating: Int
    public var date: String?
    public var markdown: String
    /// The review's file, as messages name it.
    public var source: String
}

public struct Step: Sendable, Equatable {
    public var number: Int
    public var heading: String
    public var subheading: String?
    public var image: ImageReference?
    public var imageLocation: SourceLocation?
    public var markdown: String
}

/// A browse page's group: every restaurant of one city or one cuisine.
public struct BrowseGroup: Sendable, Equatable {
    public var name: String
    public var slug: String
    /// Indices into `Site.restaurants`, already in list order.
    public var members: [Int]
}

/// The whole site, ready to render.
public struct Site: Sendable {
    public var config: SiteConfig
    /// Sorted by name, case- and accent-insensitive.
    public var restaurants: [Restaurant]
    public var steps: [Step]
    public var cities: [BrowseGroup]
    public var cuisines: [BrowseGroup]
    /// Files under Content/ that pages refer to, relative to Content/.
    public var contentFiles: [String]
}

// What a page shows, digested to tell whether it must be rendered again: only written, never
// read back, so each form is its list of fields.

extension Review: BinaryEncodable {
    package func encode(to writer: inout BinaryWriter) {
        writer.write(reviewer)
        writer.write(title)
        writer.write(rating)
        writer.write(date)
        writer.write(markdown)
        writer.write(source)
    }
}

extension GalleryPhoto: BinaryEncodable {
    package func encode(to writer: inout BinaryWriter) {
        writer.write(image)
        writer.write(alt)
        writer.write(caption)
    }
}

extension Restaurant: BinaryEncodable {
    package func encode(to writer: inout BinaryWriter) {
        let fields = storage.fields
        writer.write(fields.id)
        writer.write(fields.slug)
        writer.write(fields.name)
        writer.write(fields.facts)
        writer.write(fields.image)
        writer.write(fields.photos)
        writer.write(fields.favorite)
        writer.write(fields.verdict)
        writer.write(fields.descriptionMarkdown)
        writer.write(fields.reviews)
    }
}

extension Step: BinaryEncodable {
    package func encode(to writer: inout BinaryWriter) {
        writer.write(number)
        writer.write(heading)
        writer.write(subheading)
        writer.write(image)
        writer.write(markdown)
    }
}

extension BrowseGroup: BinaryEncodable {
    package func encode(to writer: inout BinaryWriter) {
        writer.write(name)
        writer.write(slug)
        writer.write(members)
    }
}
