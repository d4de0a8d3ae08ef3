import Foundation
import FoodPinBase
import FoodPinModel

/// `sitemap.xml`, with a base URL: every page its kind lists (`FileKind.isListed`), or above
/// 50,000 an index of parts `sitemap-1.xml`… that list them in slices.
struct SitemapFiles: FileKind {
    /// The sitemap protocol's limit of URLs per file.
    static let protocolLimit = 50_000
    let listing: [any FileKind]
    let links: PageLinks
    let limit: Int
    /// Listed pages, and the number of parts beside sitemap.xml (0: it lists them itself).
    let pages: Int, parts: Int

    init(listing: [any FileKind], baseURL: BaseURL, limit: Int) {
        self.listing = listing
        links = PageLinks(pagePath: "sitemap.xml", baseURL: baseURL)
        self.limit = limit
        pages = listing.reduce(0) { $0 + $1.count }
        parts = pages > limit ? (pages + limit - 1) / limit : 0
    }

    var count: Int { parts + 1 }
    func delivery(_ item: Int) -> Delivery { .entrance }
    func path(_ item: Int) -> String { item == 0 ? "sitemap.xml" : "sitemap-\(item).xml" }

    /// What a part shows: its pages' addresses (the index, its parts'), with the base URL of the settings.
    func inputs(_ item: Int) -> ContentDigest {
        .of { writer in
            writer.write(parts)
            if parts == 0 || item > 0 { writer.write(paths(of: item)) }
        }
    }

    func bytes(_ item: Int) -> Data {
        let text = parts > 0 && item == 0
            ? Self.index((1...parts).compactMap { links.absolute("sitemap-\($0).xml") })
            : Self.urlSet(paths(of: item).compactMap { links.absolute(PageLinks.folderURL(of: $0)) })
        return Data(text.utf8)
    }

    /// The paths part `item` lists: its slice of the listed pages, kind after kind.
    private func paths(of item: Int) -> [String] {
        let range = parts == 0 ? 0..<pages : ((item - 1) * limit)..<min(item * limit, pages)
        var paths: [String] = [], start = 0
        paths.reserveCapacity(range.count)
        for kind in listing {
            let (first, end) = (max(range.lowerBound, start), min(range.upperBound, start + kind.count))
            if first < end { for page in first..<end { paths.append(kind.path(page - start)) } }
            start += kind.count
        }
        return paths
    }

    static func urlSet(_ urls: [String]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for url in urls { xml += "  <url><loc>\(XMLText.escape(url))</loc></url>\n" }
        return xml + "</urlset>\n"
    }

    static func index(_ sitemaps: [String]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for url in sitemaps { xml += "  <sitemap><loc>\(XMLText.escape(url))</loc></sitemap>\n" }
        return xml + "</sitemapindex>\n"
    }

    static func robots(baseURL: BaseURL?) -> String {
        var text = "User-agent: *\nAllow: /\n"
        if let baseURL { text += "\nSitemap: \(baseURL)sitemap.xml\n" }
        return text
    }
}
