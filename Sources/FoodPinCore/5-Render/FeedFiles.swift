import Foundation
import FoodPinBase
import FoodPinModel

/// The feeds of new restaurants and new reviews, for the whole guide and each city, in Atom
/// (RFC 4287) and JSON Feed 1.1. Entries are those of `FeedEntries`; ids are the entries' addresses
/// with a base URL, else a `urn:uuid` made from the address inside the site: either way the same
/// in every build.
struct FeedFiles: FileKind {
    let renderer: SiteRenderer
    let feeds: [SiteRenderer.Feed]
    /// What the feeds list, chosen once a build.
    let feedEntries: FeedEntries

    init(renderer: SiteRenderer) {
        self.renderer = renderer
        feeds = SiteRenderer.feeds(of: renderer.site)
        feedEntries = FeedEntries(renderer.site)
    }

    var count: Int { feeds.count }
    /// A door: a reader follows its entries to pages, which go up before it.
    func delivery(_ item: Int) -> Delivery { .entrance }
    func path(_ item: Int) -> String { renderer.feedPath(feeds[item]) }
    func inputs(_ item: Int) -> ContentDigest { inputs(of: feeds[item]) }
    func bytes(_ item: Int) -> Data { renderer.html(path(item)) { text(of: feeds[item], links: $0) } }
}

extension FeedFiles {
    /// One entry, as both formats write it.
    struct FeedItem {
        var id: String, url: String, title: String, day: String
        var summary: String?, html: String, categories: [String] = [], author: String?, image: String?
    }

    /// What a feed shows besides the settings: a digest per entry, and the city's name.
    func inputs(of feed: SiteRenderer.Feed) -> ContentDigest {
        let scope = feed.scope
        let digests: [ContentDigest] = switch feed.kind {
        case .restaurants: feedEntries.restaurants[scope].map { index in
            // Its card (name, facts, picture) and description: not its reviews, a page's bulk.
            var writer = BinaryWriter()
            writer.write(feedEntries.restaurantDates[index])
            writer.write(renderer.cardDigests[index])
            writer.write(renderer.site.restaurants[index].descriptionMarkdown)
            return ContentDigest(writer.bytes)
        }
        case .reviews: feedEntries.reviews[scope].map { entry in
            let restaurant = renderer.site.restaurants[entry.restaurant]
            var writer = BinaryWriter()
            writer.write(restaurant.slug)
            writer.write(restaurant.name)
            writer.write(restaurant.reviews[entry.review])
            return ContentDigest(writer.bytes)
        }
        }
        return .of { writer in
            writer.write(digests)
            writer.write(feed.city.map { renderer.site.cities[$0].name })
            writer.write(feed.city.map { renderer.site.cities[$0].slug })
            writer.write(feed.kind.rawValue)
            writer.write(feed.format == .atom)
        }
    }

    func text(of feed: SiteRenderer.Feed, links: PageLinks) -> String {
        // Links inside entries are whole addresses with a base URL, else relative to the feed.
        let itemLinks = renderer.site.config.baseURL.map { PageLinks(pagePath: "", baseURL: $0, fixedRoot: $0.text) } ?? links
        let items = self.items(feed, links: itemLinks)
        let home = feed.city.map { "cities/\(renderer.site.cities[$0].slug)/" } ?? ""
        let head = FeedHead(title: renderer.feedTitle(feed), description: renderer.site.config.description, language: renderer.site.config.language,
                            author: renderer.site.config.author ?? renderer.site.config.title, id: permanentID(renderer.feedPath(feed), links: links),
                            home: links.absolute(home) ?? itemLinks.link(home), own: links.absolute(renderer.feedPath(feed)),
                            updated: items.first?.day)
        return feed.format == .atom ? FeedText.atom(head, items) : FeedText.json(head, items)
    }

    private func items(_ feed: SiteRenderer.Feed, links: PageLinks) -> [FeedItem] {
        let scope = feed.scope
        switch feed.kind {
        case .restaurants:
            return feedEntries.restaurants[scope].map { index in
                let restaurant = renderer.site.restaurants[index]
                let place = [restaurant.area, restaurant.city].compactMap { $0 }.joined(separator: ", ")
                let summary = [restaurant.cuisines.joined(separator: ", "), place].filter { !$0.isEmpty }.joined(separator: " · ")
                return FeedItem(id: permanentID(restaurant.path, links: links), url: links.link(restaurant.path),
                                title: restaurant.name, day: feedEntries.restaurantDates[index]!,
                                summary: summary.isEmpty ? nil : summary,
                                html: renderer.localize(renderer.markdown.html(restaurant.descriptionMarkdown), links),
                                categories: restaurant.cuisines, author: nil, image: renderer.imageURL(restaurant.image, links: links))
            }
        case .reviews:
            return feedEntries.reviews[scope].map { entry in
                let restaurant = renderer.site.restaurants[entry.restaurant], review = restaurant.reviews[entry.review]
                let anchor = restaurant.reviewAnchors[entry.review]
                return FeedItem(id: permanentID(restaurant.path, fragment: anchor, links: links),
                                url: links.link(restaurant.path + "#" + anchor),
                                title: review.title.map { renderer.strings.text("feed.review", ["restaurant": restaurant.name, "title": $0]) }
                                    ?? restaurant.name,
                                day: review.date!, summary: renderer.strings.text("rating.label", ["rating": renderer.strings.number(review.rating)]),
                                html: renderer.localize(renderer.markdown.html(review.markdown), links), author: review.reviewer, image: nil)
            }
        }
    }

    /// The address of a page of the renderer.site (and a place in it) with a base URL; without one, a
    /// `urn:uuid` made from its path inside the renderer.site (Atom ids must be absolute and never change).
    private func permanentID(_ sitePath: String, fragment: String? = nil, links: PageLinks) -> String {
        let place = fragment.map { "#" + $0 } ?? ""
        if let address = links.absolute(sitePath) { return address + place }
        var hex = Array(Fingerprint.hex(("foodpin:" + sitePath + place).utf8, length: 32))
        hex[12] = "8" // version 8: a UUID of the maker's own design (RFC 9562)
        hex[16] = "a" // its variant
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }
        return "urn:uuid:" + parts.joined(separator: "-")
    }
}

/// What a feed says of itself.
struct FeedHead {
    var title: String, description: String, language: String, author: String, id: String
    /// The page the feed follows, and the feed's own address (with a base URL only).
    var home: String, own: String?
    /// The newest entry's day, nil for a feed without entries.
    var updated: String?
}

/// The two formats' text.
enum FeedText {
    /// A day as RFC 3339 wants it: midnight UTC.
    static func timestamp(_ day: String?) -> String { (day ?? "1970-01-01") + "T00:00:00Z" }

    static func atom(_ head: FeedHead, _ items: [FeedFiles.FeedItem]) -> String {
        func text(_ value: String) -> String { XMLText.escape(value) }
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"\(text(head.language))\">\n"
        xml += "  <title>\(text(head.title))</title>\n  <subtitle>\(text(head.description))</subtitle>\n"
        xml += "  <link rel=\"alternate\" type=\"text/html\" href=\"\(text(head.home))\"/>\n"
        if let own = head.own { xml += "  <link rel=\"self\" type=\"application/atom+xml\" href=\"\(text(own))\"/>\n" }
        xml += "  <id>\(text(head.id))</id>\n  <updated>\(timestamp(head.updated))</updated>\n"
        xml += "  <author><name>\(text(head.author))</name></author>\n  <generator>FoodPin</generator>\n"
        for item in items {
            xml += "  <entry>\n    <title>\(text(item.title))</title>\n"
            xml += "    <link rel=\"alternate\" type=\"text/html\" href=\"\(text(item.url))\"/>\n"
            xml += "    <id>\(text(item.id))</id>\n"
            xml += "    <published>\(timestamp(item.day))</published>\n    <updated>\(timestamp(item.day))</updated>\n"
            if let author = item.author { xml += "    <author><name>\(text(author))</name></author>\n" }
            for category in item.categories { xml += "    <category term=\"\(text(category))\"/>\n" }
            if let summary = item.summary { xml += "    <summary>\(text(summary))</summary>\n" }
            if !item.html.isEmpty { xml += "    <content type=\"html\">\(text(item.html))</content>\n" }
            xml += "  </entry>\n"
        }
        return xml + "</feed>\n"
    }

    /// JSON Feed's addresses are whole URLs: without a base URL the feed names none.
    private static func address(_ key: String, _ value: String?, in json: inout JSONWriter) {
        if let value, value.hasPrefix("https://") || value.hasPrefix("http://") { json.string(key, value) }
    }

    static func json(_ head: FeedHead, _ items: [FeedFiles.FeedItem]) -> String {
        var json = JSONWriter(capacity: 4096)
        json.object(nil) { json in
            json.string("version", "https://jsonfeed.org/version/1.1")
            json.string("title", head.title)
            json.string("description", head.description)
            json.string("language", head.language)
            address("home_page_url", head.home, in: &json)
            address("feed_url", head.own, in: &json)
            json.array("authors") { json in json.object(nil) { json in json.string("name", head.author) } }
            json.array("items") { json in
                for item in items {
                    json.object(nil) { json in
                        json.string("id", item.id)
                        address("url", item.url, in: &json)
                        json.string("title", item.title)
                        json.string("content_html", item.html)
                        if let summary = item.summary { json.string("summary", summary) }
                        address("image", item.image, in: &json)
                        json.string("date_published", timestamp(item.day))
                        if let author = item.author {
                            json.array("authors") { json in json.object(nil) { json in json.string("name", author) } }
                        }
                        if !item.categories.isEmpty { json.array("tags") { json in for tag in item.categories { json.string(nil, tag) } } }
                    }
                }
            }
        }
        return json.text + "\n"
    }
}
