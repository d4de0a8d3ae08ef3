import Foundation
import FoodPinBase
import FoodPinPublish
import FoodPinModel

/// What makes the guide an app on a phone: `sw.js`, the service worker, and the web app manifest.
/// Both are made from the settings and the theme's assets alone, which every file's digest holds.
enum OfflineFiles {
    static func all(_ renderer: SiteRenderer) -> [any FileKind] {
        [
            // It keeps the review form's script, named by what review-form.mustache makes.
            OneFile(at: "sw.js", delivered: .part, templates: ["sw", "review-form"]) { Data(renderer.serviceWorker().utf8) },
            OneFile(at: "manifest.webmanifest", delivered: .part) { Data(renderer.manifest().utf8) },
        ]
    }
}

extension SiteRenderer {
    /// `sw.js` from the theme's `sw.mustache`: the shell it keeps (this build's assets, My guide,
    /// the offline page) and a version named by them, so that a new build's worker replaces the old.
    func serviceWorker() -> String {
        let pages = ["offline.html", "my-guide/", "manifest.webmanifest"]
        let assets = [scriptBundle.path, reviewForm.path] + assetNames.values.sorted()
        let shell = pages + assets
        let version = Fingerprint.hex(Data(shell.joined(separator: "\n").utf8), length: 12)
        func list(_ paths: [String]) -> TemplateValue {
            .list(paths.enumerated().map { index, path in ["path": .string(path), "last": .bool(index == paths.count - 1)] })
        }
        // `shell`, all of them, for a guide's own sw.mustache from before.
        let context: [String: TemplateValue] = ["version": .string(version), "pages": list(pages), "assets": list(assets), "shell": list(shell)]
        return library.render("sw", .object(context)) ?? ""
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

    /// What a city's page offers to keep for offline: its pages, and about how much that takes on
    /// the phone (each restaurant's page, main picture and photos at the width the worker keeps).
    func offlineOffer(_ group: BrowseGroup, kind: BrowseKind, groupIndex: Int) -> [String: TemplateValue] {
        let pageCount = max(1, Self.pageCount(group.members.count, pageSize: site.config.pageSize))
        let pages = (1...pageCount).map { PageLinks.folderURL(of: browsePath(kind, group: groupIndex, page: $0)) }
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
