import Foundation
import FoodPinBase
import FoodPinModel

/// The walkthrough, My guide, the not-found page and the page shown offline.
enum SmallPages {
    static func all(_ renderer: SiteRenderer) -> [any FileKind] {
        func html(_ path: String, _ render: @escaping @Sendable (PageLinks) -> String) -> @Sendable () -> Data {
            { renderer.html(path, render) }
        }
        return [
            OneFile(at: "welcome/index.html", delivered: .page, templates: ["welcome", "picture"], isListed: true,
                    digest: .of { $0.write(renderer.site.steps) }, make: html("welcome/index.html", renderer.renderWelcome)),
            // My guide: the visitor's pins, drawn in the browser from the search index.
            OneFile(at: "my-guide/index.html", delivered: .page, templates: ["mine", "picture"], make: html("my-guide/index.html", renderer.renderMine)),
            OneFile(at: "404.html", delivered: .page, templates: ["404", "picture"], make: { Data(renderer.renderNotFound().utf8) }),
            // What the service worker shows for a page it did not keep.
            OneFile(at: "offline.html", delivered: .page, templates: ["offline", "picture"], make: html("offline.html", renderer.renderOffline)),
        ]
    }
}

extension SiteRenderer {
    /// A page at `path`, rendered with its links.
    func html(_ path: String, _ render: (PageLinks) -> String) -> Data {
        Data(render(PageLinks(pagePath: path, baseURL: site.config.baseURL)).utf8)
    }

    func renderWelcome(links: PageLinks) -> String {
        let steps: [[String: TemplateValue]] = site.steps.enumerated().map { position, step in
            // The theme's own picture for steps one to three, for a step without one.
            let defaultPicture = links.link(asset("assets/step\(min(position + 1, 3)).svg"))
            return present([
                "number": step.number, "position": position + 1, "total": site.steps.count,
                "heading": step.heading, "subheading": step.subheading,
                "stepLabel": strings.text("welcome.step", ["number": strings.number(position + 1), "total": strings.number(site.steps.count)]),
                "image": imageURL(step.image, links: links) ?? defaultPicture,
                "picture": TemplateValue.object(pictures.value(step.image, alt: "", links: links, fallbackSize: (280, 280)) ?? [
                    "src": .string(defaultPicture), "alt": "",
                    "width": 280, "height": 280,
                ]),
                "html": localize(markdown.html(step.markdown), links),
                "isFirst": position == 0, "isLast": position == site.steps.count - 1,
            ])
        }
        return page("welcome", links: links, title: strings.text("title.section", ["name": strings.text("welcome.title"), "title": site.config.title]),
                    description: site.steps.first?.heading ?? site.config.description, canonicalPath: "welcome/",
                    extra: ["steps": steps.templateValue, "hasSteps": .bool(!steps.isEmpty),
                            "welcomeLabel": .string(strings.text("welcome.label", ["title": site.config.title])),
                            "dots": .list(steps.indices.map {
                                ["position": .int($0 + 1), "label": .string(strings.text("welcome.dot", ["number": strings.number($0 + 1)]))]
                            })])
    }

    func renderMine(links: PageLinks) -> String {
        page("mine", links: links, title: strings.text("title.section", ["name": strings.text("mine.title"), "title": site.config.title]),
             description: strings.text("mine.description"), canonicalPath: "my-guide/",
             extra: ["emptyImage": .string(links.link(asset("assets/empty.svg")))])
    }

    /// What the service worker shows for a page not kept, at any address (it adds a `<base>`).
    func renderOffline(links: PageLinks) -> String {
        page("offline", links: links,
             title: strings.text("title.section", ["name": strings.text("offline.title"), "title": site.config.title]),
             description: strings.text("offline.description"), extra: [:])
    }

    /// 404.html is served at any depth, so it links from the site's absolute root path.
    func renderNotFound() -> String {
        return page("404", root: site.config.baseURL?.path ?? "/",
                    title: strings.text("title.section", ["name": strings.text("notfound.title"), "title": site.config.title]),
                    description: strings.text("notfound.description"), canonical: nil, image: nil, extra: [:])
    }
}
