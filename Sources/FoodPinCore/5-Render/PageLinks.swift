import Foundation
import FoodPinBase
import FoodPinModel

/// How one page links to the rest of the site: relative to its own folder, so the output works
/// at a domain root, in a sub-folder and straight from disk.
struct PageLinks {
    let baseURL: BaseURL?
    /// `../` once per folder between the page and the site root: worked out once, read for every link.
    let root: String

    /// `pagePath`: the page's path inside the site, like `restaurants/o-ya-28066/index.html`.
    /// `fixedRoot`: a root instead of the page's (the marker Markdown is rendered with, filled in per page).
    init(pagePath: String, baseURL: BaseURL?, fixedRoot: String? = nil) {
        self.baseURL = baseURL
        root = fixedRoot ?? String(repeating: "../", count: pagePath.utf8.count(where: { $0 == UInt8(ascii: "/") }))
    }

    func link(_ sitePath: String) -> String { root + sitePath }

    /// The absolute URL when a base URL is known (canonical links, sitemap), else nil.
    func absolute(_ sitePath: String) -> String? {
        baseURL.map { $0.text + (sitePath.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? sitePath) }
    }

    /// The public URL of a page's folder (`restaurants/x/`) from its file path.
    static func folderURL(of pagePath: String) -> String {
        pagePath.hasSuffix("index.html") ? String(pagePath.dropLast("index.html".count)) : pagePath
    }
}
