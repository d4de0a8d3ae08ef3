import Foundation

/// A restaurant as the site shows it: an imported record, a Markdown file, or both merged.
public struct Restaurant: Sendable, Equatable {
    public var id: Int?
    public var slug: String
    public var name: String
    public var cuisines: [String]
    public var address: String?
    public var city: String?
    public var state: String?
    public var postalCode: String?
    public var country: String?
    public var area: String?
    public var phone: String?
    public var lat: Double?
    public var long: Double?
    public var price: Int?
    public var image: ImageReference?
    public var favorite: Bool
    public var verdict: Verdict?
    public var reserveURL: String?
    public var descriptionMarkdown: String
    public var reviews: [Review] = []

    public var sortKey: String { Slug.fold(name) }
    public var path: String { "restaurants/\(slug)/" }

    /// The mean of the reviews' ratings, or nil without reviews.
    public var averageRating: Double? {
        guard !reviews.isEmpty else { return nil }
        return Double(reviews.reduce(0) { $0 + $1.rating }) / Double(reviews.count)
    }
}

public struct Review: Sendable, Equatable {
    public var reviewer: String?
    public var title: String?
    public var rating: Int
    public var date: String?
    public var uuid: String?
    public var markdown: String
    public var source: String
}

public struct Step: Sendable, Equatable {
    public var number: Int
    public var heading: String
    public var subheading: String?
    public var image: ImageReference?
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
