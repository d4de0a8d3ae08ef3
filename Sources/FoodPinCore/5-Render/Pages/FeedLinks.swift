import Foundation
import FoodPinBase
import FoodPinModel

/// The feeds as pages name them: each feed's path and title, and the `<link rel="alternate">`s.
extension SiteRenderer {
    public struct Feed: Sendable, Hashable {
        public enum Kind: String, Sendable, CaseIterable { case restaurants, reviews }
        public enum Format: Sendable, CaseIterable { case atom, json }
        public var kind: Kind
        public var format: Format
        /// An index into `site.cities`, or nil for the whole guide.
        public var city: Int?

        var fileName: String { kind.rawValue + (format == .atom ? ".xml" : ".json") }
        /// Its entries' place in `FeedEntries`: 0 for the whole guide, 1 + the city's index.
        var scope: Int { (city ?? -1) + 1 }
        var mediaType: String { format == .atom ? "application/atom+xml" : "application/feed+json" }
    }

    static func feeds(of site: Site) -> [Feed] {
        ([nil] + site.cities.indices.map(Optional.some)).flatMap { city in
            Feed.Kind.allCases.flatMap { kind in Feed.Format.allCases.map { Feed(kind: kind, format: $0, city: city) } }
        }
    }

    func feedPath(_ feed: Feed) -> String {
        (feed.city.map { "cities/\(site.cities[$0].slug)/" } ?? "") + MediaType.feedFolder + "/" + feed.fileName
    }

    func feedTitle(_ feed: Feed) -> String {
        guard let city = feed.city else { return strings.text("feed.\(feed.kind.rawValue)", ["title": site.config.title]) }
        return strings.text("feed.city_\(feed.kind.rawValue)", ["city": site.cities[city].name, "title": site.config.title])
    }

    /// A page's `<link rel="alternate">`s: the guide's Atom feeds; on the home page the JSON ones
    /// too, and on a city's pages the city's first (every page carries them: a few bytes each).
    func feedLinks(city: Int? = nil, allFormats: Bool = false, links: PageLinks) -> TemplateValue {
        let feeds = (city.map { [$0] } ?? []).map(Optional.some) + [nil]
        let formats: [Feed.Format] = allFormats || city != nil ? Feed.Format.allCases : [.atom]
        return .list(feeds.flatMap { city in
            Feed.Kind.allCases.flatMap { kind in
                formats.map { format -> TemplateValue in
                    let feed = Feed(kind: kind, format: format, city: city)
                    return ["type": .string(feed.mediaType), "title": .string(feedTitle(feed)), "href": .string(links.link(feedPath(feed)))]
                }
            }
        })
    }
}
