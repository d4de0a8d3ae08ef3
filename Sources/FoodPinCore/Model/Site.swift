import Foundation

/// A restaurant as the site shows it: an imported record, a Markdown file, or both merged.
/// Its facts read as properties (`restaurant.city`), so pages name fields as sources do.
@dynamicMemberLookup
public struct Restaurant: Sendable, Equatable {
    public var id: Int?
    public var slug: String
    public var name: String
    public var facts: RestaurantFacts
    public var image: ImageReference?
    /// Where the main picture is named (its `image` field), for errors found when it is processed.
    public var imageLocation: SourceLocation?
    public var photos: [GalleryPhoto] = []
    public var favorite: Bool
    public var verdict: Verdict?
    public var descriptionMarkdown: String
    public var reviews: [Review] = []

    public subscript<Value>(dynamicMember path: KeyPath<RestaurantFacts, Value>) -> Value { facts[keyPath: path] }

    public var cuisines: [String] { facts.cuisines ?? [] }
    public var sortKey: String { Slug.fold(name) }
    public var path: String { "restaurants/\(slug)/" }

    /// The mean of the reviews' ratings, or nil without reviews.
    public var averageRating: Double? {
        guard !reviews.isEmpty else { return nil }
        return Double(reviews.reduce(0) { $0 + $1.rating }) / Double(reviews.count)
    }

    /// The mean rating in tenths (45 for 4.5), as pages show it and the search index sorts by it.
    public var ratingTenths: Int? { averageRating.map { Int(($0 * 10).rounded()) } }
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
