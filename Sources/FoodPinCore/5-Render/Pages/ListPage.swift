import Foundation
import FoodPinBase
import FoodPinModel

/// The list of every restaurant, page by page: the first is the home page.
struct ListPages: FileKind {
    let renderer: SiteRenderer
    let count: Int

    init(renderer: SiteRenderer) {
        self.renderer = renderer
        count = max(1, SiteRenderer.pageCount(renderer.site.restaurants.count, pageSize: renderer.site.config.pageSize))
    }

    /// What a card is rendered with (`picture`: its photo).
    static let cardTemplates = ["card", "picture"]
    var templates: [String] { ["index", "empty"] + Self.cardTemplates }
    var isListed: Bool { true }
    func delivery(_ item: Int) -> Delivery { item == 0 ? .entrance : .page }
    func path(_ item: Int) -> String { SiteRenderer.listPath(item + 1) }

    func inputs(_ item: Int) -> ContentDigest {
        let site = renderer.site
        return .of { writer in
            writer.write(renderer.pageSlice(site.restaurants.indices, page: item + 1).map { renderer.cardDigests[$0] })
            writer.write(site.steps)
            writer.write(item + 1)
            writer.write(site.restaurants.count)
        }
    }

    func bytes(_ item: Int) -> Data { renderer.html(path(item)) { renderer.renderList(item + 1, links: $0) } }
}

extension SiteRenderer {
    static func listPath(_ number: Int) -> String { number == 1 ? "index.html" : "page/\(number)/index.html" }

    func renderList(_ number: Int, links: PageLinks) -> String {
        if site.restaurants.isEmpty {
            // Each step's words around its command, which stays as written.
            func step(_ key: String, _ name: String, _ code: String) -> TemplateValue {
                let marker = "\u{1}"
                let words = HTMLEscaping.escape(strings.text(key, [name: marker]))
                return .string(words.replacingOccurrences(of: marker, with: "<code>\(HTMLEscaping.escape(code))</code>"))
            }
            return page("empty", links: links, title: strings.text("empty.title"), description: site.config.description, extra: [
                "emptyImage": .string(links.link(asset("assets/empty.svg"))),
                "steps": .object([
                    "file": step("empty.step_file", "file", "Content/restaurants/\(Slug.make(strings.text("empty.example_name"))).md"),
                    "new": step("empty.step_new", "command", "foodpin new restaurant --name \"\(strings.text("empty.example_name"))\""),
                    "import": step("empty.step_import", "command", "foodpin import city.json"),
                    "build": step("empty.step_build", "command", "foodpin build"),
                ]),
            ])
        }
        let slice = ArraySlice(pageSlice(site.restaurants.indices, page: number))
        return page("index", links: links,
                    title: number == 1 ? site.config.title : strings.text("title.page", ["title": site.config.title, "number": strings.number(number)]),
                    description: site.config.description, canonicalPath: PageLinks.folderURL(of: Self.listPath(number)),
                    image: previewURL(of: slice, links: links), extra: present([
                        "restaurants": slice.map { listEntry($0, links: links) },
                        "count": site.restaurants.count,
                        "countLabel": strings.count("count.restaurants", site.restaurants.count),
                        "pagination": pagination(number, total: site.restaurants.count, path: Self.listPath),
                        "hasSteps": !site.steps.isEmpty,
                        "priceOptions": (1...4).map { ["value": String($0), "symbols": String(repeating: strings.text("price.symbol"), count: $0)] },
                        "searchPageSize": site.config.pageSize,
                        "welcomeURL": links.link("welcome/"),
                        "isFirstPage": number == 1,
                        "feeds": number == 1 ? feedLinks(allFormats: true, links: links) : nil,
                    ]))
    }
}
