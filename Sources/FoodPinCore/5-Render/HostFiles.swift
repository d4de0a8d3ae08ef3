import Foundation
import FoodPinBase
import FoodPinModel

/// Files hosts and crawlers read: `robots.txt`, and `_headers` and `_redirects` when site.yml
/// names a host that reads them. Made from the settings and the theme's assets alone.
enum HostFiles {
    static func all(_ renderer: SiteRenderer) -> [any FileKind] {
        let config = renderer.site.config
        var files: [any FileKind] = [OneFile(at: "robots.txt", delivered: .entrance) { Data(SitemapFiles.robots(baseURL: config.baseURL).utf8) }]
        if config.host != nil {
            files.append(OneFile(at: "_headers", delivered: .page, templates: ["review-form"]) { Data(headers(renderer).utf8) })
            files.append(OneFile(at: "_redirects", delivered: .page) { Data(redirects(config).utf8) })
        }
        return files
    }

    /// Where the site sits on its host: the base URL's path, `/` without one.
    private static func sitePath(_ config: SiteConfig) -> String { config.baseURL?.path ?? "/" }

    /// `_headers` (Netlify, Cloudflare Pages): the theme's assets (each named by its content) and
    /// processed pictures cached for good, as a deploy sends them (`Delivery.fingerprinted`); every
    /// file sent with `nosniff` and a referrer policy.
    static func headers(_ renderer: SiteRenderer) -> String {
        let sitePath = sitePath(renderer.site.config)
        let forever = renderer.fingerprintedAssets.sorted() + ["\(ProcessedPicture.publishedFolder)/*"]
        var text = "# Written by FoodPin: assets and pictures never change under their names.\n"
        for path in forever { text += "\(sitePath)\(path)\n  Cache-Control: \(Delivery.forever)\n" }
        return text + "\(sitePath)*\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin\n"
    }

    /// `_redirects`: addresses a visitor makes by shortening one, which have no page, sent to the list.
    static func redirects(_ config: SiteConfig) -> String {
        let sitePath = sitePath(config)
        return "# Written by FoodPin: shortened addresses lead to the list.\n"
            + "\(sitePath)restaurants/ \(sitePath) 301\n\(sitePath)page/1/ \(sitePath) 301\n"
    }
}
