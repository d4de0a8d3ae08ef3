import Foundation
import FoodPinBase
import FoodPinModel

/// What makes the guide an app on a phone: `sw.js`, the service worker, and the web app manifest.
/// Both are made from the settings and the theme's assets alone, which every file's digest holds.
enum OfflineFiles {
    static func all(_ renderer: SiteRenderer) -> [any FileKind] {
        [
            // It keeps the review form's script, named by what review-form.mustache makes.
            OneFile(at: "sw.js", delivered: .entrance, templates: ["sw", "review-form"]) { Data(serviceWorker(renderer).utf8) },
            OneFile(at: "manifest.webmanifest", delivered: .page) { Data(manifest(renderer).utf8) },
        ]
    }

    /// `sw.js` from the theme's `sw.mustache`: the shell it keeps (this build's assets, My guide,
    /// the offline page) and a version named by them, so that a new build's worker replaces the old.
    static func serviceWorker(_ renderer: SiteRenderer) -> String {
        let pages = ["offline.html", "my-guide/", "manifest.webmanifest"]
        let assets = renderer.fingerprintedAssets
        let shell = pages + assets
        let version = Fingerprint.hex(Data(shell.joined(separator: "\n").utf8), length: 12)
        func list(_ paths: [String]) -> TemplateValue {
            .list(paths.enumerated().map { index, path in ["path": .string(path), "last": .bool(index == paths.count - 1)] })
        }
        // `shell`, all of them, for a guide's own sw.mustache from before.
        let context: [String: TemplateValue] = ["version": .string(version), "pages": list(pages), "assets": list(assets), "shell": list(shell)]
        return renderer.library.render("sw", .object(context)) ?? ""
    }

    /// The web app manifest, so the guide can be added to a phone's home screen.
    static func manifest(_ renderer: SiteRenderer) -> String {
        let config = renderer.site.config
        var fields: [(String, String)] = [
            ("name", JSONText.quote(config.title)), ("short_name", JSONText.quote(config.title)),
            ("description", JSONText.quote(config.description)), ("lang", JSONText.quote(config.language)),
            ("start_url", "\"./\""), ("scope", "\"./\""), ("display", "\"standalone\""),
        ]
        if let background = renderer.colors.background { fields.append(("background_color", JSONText.quote(background))) }
        if let theme = renderer.colors.theme { fields.append(("theme_color", JSONText.quote(theme))) }
        fields.append(("icons", "[{\"src\": \(JSONText.quote(renderer.asset("assets/favicon.svg"))), \"sizes\": \"any\", \"type\": \"image/svg+xml\"}]"))
        return "{\n" + fields.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }
}
