import Foundation
import FoodPinBase
import FoodPinModel

/// Turns a `Site` into HTML pages with the theme's templates: what every page shares (the
/// layout, cards, Markdown, pictures, words, the script bundle). Each kind of page is a
/// `FileKind` that renders with it (`Pages/`); pages render on every core.
public struct SiteRenderer: Sendable {
    static let requiredTemplates = ["layout", "index", "empty", "restaurant", "browse-index", "browse", "welcome", "404"]

    let site: Site
    let library: TemplateLibrary
    let assetNames: [String: String]
    /// By restaurant: the digest of what its card shows.
    let cardDigests: [ContentDigest]
    /// The strings script and the theme's scripts in their order (`scripts.txt`), one file named by its content
    /// (`assets/site.<hash>.js`): one request where there were a dozen, each a round trip on a phone.
    let scriptBundle: (path: String, text: String)
    /// The review form, the same on every detail page: rendered once into a script of its own
    /// (`FoodPin.reviewForm`) rather than into each page, where only JavaScript could use it.
    public let reviewForm: (path: String, text: String)
    /// What the form shows (ratings, the contribute URL), for the form's script and for a guide's own
    /// contribute.mustache written before the form left the page.
    let contribute: [String: TemplateValue]
    let colors: ThemeColors
    let markdown: MarkdownRenderer
    let pictures: PicturePresentation
    let strings: ThemeStrings
    /// `strings` as templates read them (`{{t.nav.restaurants}}`), made once.
    let stringsValue: TemplateValue
    /// A restaurant's card appears on several pages; within a batch it is rendered once per folder depth.
    let cards = CardCache()

    /// Forgets the cards rendered so far: kept for the whole site, they would hold every card's HTML
    /// several times over (gigabytes at a million restaurants).
    func forgetCards() { cards.removeAll() }

    /// `cardDigests`: by restaurant, the digest of its `CardKey`, when the caller has them.
    init(site: Site, theme: LoadedTheme, strings: ThemeStrings = .english, pictures catalog: PictureCatalog = PictureCatalog(),
         cardDigests: [ContentDigest]? = nil) {
        self.site = site
        self.strings = strings
        self.stringsValue = strings.templateValue
        self.pictures = PicturePresentation(catalog: catalog)
        self.library = theme.library
        self.assetNames = theme.assets.names
        self.contribute = Self.contributeValues(strings: strings, contributeURL: site.config.contributeURL)
        self.reviewForm = Self.reviewFormScript(library: theme.library, stringsValue: stringsValue, contribute: contribute)
        // The strings script first: the theme's scripts read their words from it. `;` between
        // files: a script that ends without one cannot run into the next.
        let bundle = ScriptText.compact(([strings.script] + theme.scripts.map { theme.files[$0] ?? "" }).joined(separator: "\n;\n"))
        self.scriptBundle = ("assets/site.\(Fingerprint.hex(Data(bundle.utf8), length: 8)).js", bundle)
        // Each card shows up on several pages (list, browse, search): digested once.
        self.cardDigests = cardDigests ?? ParallelMap.map(site.restaurants, Self.cardDigest)
        self.colors = theme.colors
        let contentFiles = Set(site.contentFiles)
        let presentation = self.pictures
        let library = theme.library
        @Sendable func localPath(_ url: String) -> String? {
            guard !url.contains(":"), !url.hasPrefix("#"), !url.hasPrefix("//") else { return nil }
            var path = url
            while path.hasPrefix("/") { path.removeFirst() }
            return path
        }
        self.markdown = MarkdownRenderer(allowRawHTML: site.config.unsafeHTML, rewriteURL: { url in
            // A link written relative to Content/ (images/x.jpg) points at the copied file; the
            // page path is filled in per page by the `{{root}}` marker, replaced after rendering.
            guard let path = localPath(url) else { return nil }
            let clean = path.split(separator: "#").first.map(String.init) ?? path
            // A raster picture is published only in its processed sizes: the link goes to the largest.
            if let picture = catalog[.file(relativePath: clean)] { return SiteRenderer.rootMarker + picture.largestJPEG }
            if ImageReference.isRaster(clean) { return nil }
            return contentFiles.contains(clean) || clean.hasPrefix("images/") ? SiteRenderer.rootMarker + path : nil
        }, pictureHTML: { url, alt in
            // An image of a processed picture is shown like any other: the theme's `picture` partial.
            guard let path = localPath(url), catalog[.file(relativePath: path)] != nil,
                  let value = presentation.value(.file(relativePath: path), alt: alt,
                                                 links: PageLinks(pagePath: "", baseURL: nil, fixedRoot: SiteRenderer.rootMarker),
                                                 fallbackSize: (0, 0)) else { return nil }
            return library.render("picture", .object(value))
        })
    }

    /// Replaced by the page's relative root after Markdown is rendered; plain ASCII so cmark keeps it as is.
    static let rootMarker = "foodpin-root:"

    func asset(_ name: String) -> String { assetNames[name] ?? name }

    /// The script bundle, the review form's script and the theme's assets, each named by its content
    /// (`Theme.fingerprintedAssets`): published beside the pages, cached for good.
    var fingerprintedAssets: [String] { [scriptBundle.path, reviewForm.path] + assetNames.values.sorted() }

    func localize(_ html: String, _ links: PageLinks) -> String {
        // A byte search: most Markdown has no local links, and Foundation's search costs more than the check.
        let marker = Self.rootMarker.utf8
        let utf8 = html.utf8
        var pieces: [Substring] = []
        var start = utf8.startIndex, index = utf8.startIndex
        while let found = utf8[index...].firstIndex(of: marker.first!) {
            if utf8[found...].starts(with: marker) {
                pieces.append(html[start..<found])
                start = utf8.index(found, offsetBy: marker.count)
                index = start
            } else {
                index = utf8.index(after: found)
            }
        }
        guard !pieces.isEmpty else { return html }
        pieces.append(html[start...])
        return pieces.joined(separator: links.root)
    }

    /// The page's scripts; a detail page first loads the review form's, which review-form.js reads.
    func scriptList(root: String, reviewForm withForm: Bool) -> TemplateValue {
        let paths = withForm ? [reviewForm.path, scriptBundle.path] : [scriptBundle.path]
        return .list(paths.map { ["src": .string(root + $0)] })
    }

    static func contributeValues(strings: ThemeStrings, contributeURL: String?) -> [String: TemplateValue] {
        var values: [String: TemplateValue] = [
            "ratings": .list((1...5).map { value in
                ["value": .int(value), "first": .bool(value == 1), "stars": .string(String(repeating: "★", count: value)),
                 "label": .string(strings.text("rating.label", ["rating": strings.number(value)]))]
            }),
        ]
        if let contributeURL { values["url"] = .string(contributeURL) }
        return values
    }

    static func reviewFormScript(library: TemplateLibrary, stringsValue: TemplateValue,
                                         contribute: [String: TemplateValue]) -> (path: String, text: String) {
        let html = library.render("review-form", .object(["t": stringsValue, "contribute": .object(contribute)])) ?? ""
        let text = "(window.FoodPin = window.FoodPin || {}).reviewForm = \(JSONText.quote(html));\n"
        return ("assets/review-form.\(Fingerprint.hex(Data(text.utf8), length: 8)).js", text)
    }

    func page(_ template: String, links: PageLinks, title: String, description: String,
                      canonicalPath: String? = nil, image: String? = nil, extra: [String: TemplateValue]) -> String {
        page(template, root: links.root, title: title, description: description,
             canonical: canonicalPath.flatMap { links.absolute($0) }, image: image, extra: extra)
    }

    func page(_ template: String, root: String, title: String, description: String,
                      canonical: String?, image: String?, extra: [String: TemplateValue]) -> String {
        var context = present([
            "root": root,
            "home": root.isEmpty ? "./" : root,
            "site": present(["title": site.config.title, "description": site.config.description, "language": site.config.language,
                             "direction": strings.isRightToLeft ? "rtl" : "ltr", "author": site.config.author,
                             "timezone": site.config.timezone]),
            "t": stringsValue,
            "pageTitle": title,
            "pageDescription": description,
            "css": root + asset("assets/site.css"),
            "scripts": scriptList(root: root, reviewForm: false),
            "themeColor": colors.theme,
            "favicon": root + asset("assets/favicon.svg"),
            "manifest": root + "manifest.webmanifest",
            "mineURL": root + "my-guide/",
            "searchIndex": root + "search.json",
            "logo": root + asset("assets/favicon.svg"),
        ])
        context["feeds"] = feedLinks(links: PageLinks(pagePath: "", baseURL: nil, fixedRoot: root))
        context.set("canonical", canonical)
        context.set("ogImage", image)
        context.merge(extra) { _, new in new }
        return library.render(template, .object(context)) ?? ""
    }
}

extension Dictionary where Key == String, Value == TemplateValue {
    /// Sets a template value only when there is one.
    mutating func set(_ key: String, _ value: (any TemplateConvertible)?) {
        if let value { self[key] = value.templateValue }
    }
}
