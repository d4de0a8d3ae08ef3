import Foundation
import FoodPinBase

/// The site's own files besides its pages: sitemap.xml (in parts above 50,000 URLs), robots.txt
/// and the web app manifest.
extension SiteRenderer {
    /// The HTML pages come first in `pages`, up to and including the walkthrough: a part of the
    /// sitemap lists its slice of them (so a million pages cost one pass, not one per part).
    func sitemap(part: Int, links: PageLinks) -> String {
        let htmlPages = pages.firstIndex { if case .welcome = $0 { true } else { false } }.map { $0 + 1 } ?? 0
        func urls(_ range: Range<Int>) -> [String] {
            pages[range].compactMap { links.absolute(PageLinks.folderURL(of: path(of: $0))) }
        }
        guard htmlPages > sitemapLimit else { return Sitemap.urlSet(urls(0..<htmlPages)) }
        let parts = (htmlPages + sitemapLimit - 1) / sitemapLimit
        if part == 0 {
            return Sitemap.index((1...parts).compactMap { links.absolute("sitemap-\($0).xml") })
        }
        return Sitemap.urlSet(urls(((part - 1) * sitemapLimit)..<min(part * sitemapLimit, htmlPages)))
    }

    /// The web app manifest, so the guide can be added to a phone's home screen.
    func manifest() -> String {
        var fields: [(String, String)] = [
            ("name", JSONText.quote(site.config.title)), ("short_name", JSONText.quote(site.config.title)),
            ("description", JSONText.quote(site.config.description)), ("lang", JSONText.quote(site.config.language)),
            ("start_url", "\"./\""), ("scope", "\"./\""), ("display", "\"standalone\""),
        ]
        if let background = colors.background { fields.append(("background_color", JSONText.quote(background))) }
        if let theme = colors.theme { fields.append(("theme_color", JSONText.quote(theme))) }
        fields.append(("icons", "[{\"src\": \(JSONText.quote(asset("assets/favicon.svg"))), \"sizes\": \"any\", \"type\": \"image/svg+xml\"}]"))
        return "{\n" + fields.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }
}

// MARK: Offline

extension SiteRenderer {
    /// `sw.js` from the theme's `sw.mustache`: the shell it keeps (this build's assets, My guide,
    /// the offline page) and a version named by them, so that a new build's worker replaces the old.
    func serviceWorker() -> String {
        let shell = ["offline.html", "my-guide/", "manifest.webmanifest", scriptBundle.path, reviewForm.path]
            + assetNames.values.sorted()
        let version = Fingerprint.hex(Data(shell.joined(separator: "\n").utf8), length: 12)
        func list(_ paths: [String]) -> TemplateValue {
            .list(paths.enumerated().map { index, path in ["path": .string(path), "last": .bool(index == paths.count - 1)] })
        }
        let assets = shell.filter(DeployHeaders.isFingerprinted), pages = shell.filter { !DeployHeaders.isFingerprinted($0) }
        // `shell`, all of them, for a guide's own sw.mustache from before.
        let context: [String: TemplateValue] = ["version": .string(version), "pages": list(pages), "assets": list(assets), "shell": list(shell)]
        return library.render("sw", .object(context)) ?? ""
    }

    /// What a city's page offers to keep for offline: its pages, and about how much that takes on
    /// the phone (each restaurant's page, main picture and photos at the width the worker keeps).
    func offlineOffer(_ group: BrowseGroup, kind: BrowseKind, groupIndex: Int) -> [String: TemplateValue] {
        let pageCount = max(1, Self.pageCount(group.members.count, pageSize: site.config.pageSize))
        let pages = (1...pageCount).map { PageLinks.folderURL(of: path(of: .browse(kind, group: groupIndex, page: $0))) }
        let bytes = group.members.reduce(pages.count * Self.pageBytesEstimate) { total, index in
            let restaurant = site.restaurants[index]
            let shown = [restaurant.image] + restaurant.photos.map { Optional($0.image) }
            return total + Self.pageBytesEstimate + shown.reduce(0) { $0 + (pictures.catalog[$1].map { $0.bytes(nearWidth: 320) } ?? 0) }
        }
        return ["city": .string(group.name), "pages": .string(pages.joined(separator: " ")), "size": .string(strings.byteSize(bytes))]
    }

    /// A page as the phone keeps it: the sample's detail pages are 5–11 kB, bench/page-weight.py's 11.9.
    static let pageBytesEstimate = 10_000
}

// MARK: Files static hosts read

extension SiteRenderer {
    /// Where the site sits on its host: the base URL's path, `/` without one.
    private var sitePath: String { site.config.baseURL?.path ?? "/" }

    /// `_headers` (Netlify, Cloudflare Pages): fingerprinted assets and processed pictures cached for
    /// good, as a deploy sends them (`DeployHeaders`); every file sent with `nosniff` and a referrer policy.
    func hostHeaders() -> String {
        let forever = (Array(assetNames.values) + [scriptBundle.path, reviewForm.path]).filter(DeployHeaders.isFingerprinted).sorted()
            + ["\(ProcessedPicture.publishedFolder)/*"]
        var text = "# Written by FoodPin: assets and pictures never change under their names.\n"
        for path in forever { text += "\(sitePath)\(path)\n  Cache-Control: \(DeployHeaders.forever)\n" }
        return text + "\(sitePath)*\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin\n"
    }

    /// `_redirects`: addresses a visitor makes by shortening one, which have no page, sent to the list.
    func hostRedirects() -> String {
        "# Written by FoodPin: shortened addresses lead to the list.\n"
            + "\(sitePath)restaurants/ \(sitePath) 301\n\(sitePath)page/1/ \(sitePath) 301\n"
    }
}

/// sitemap.xml and robots.txt.
enum Sitemap {
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
