import Foundation

/// Turns a `Site` into pages with the theme's templates. Pages render on every core.
public struct SiteRenderer: Sendable {
    static let requiredTemplates = ["layout", "index", "empty", "restaurant", "browse-index", "browse", "welcome", "404"]

    public enum BrowseKind: String, Sendable {
        case cities, cuisines
    }

    public enum Page: Sendable {
        case list(page: Int)
        case restaurant(Int)
        case browseIndex(BrowseKind)
        case browse(BrowseKind, group: Int, page: Int)
        case welcome
        /// My guide: the visitor's pins, drawn in the browser from the search index.
        case mine
        case notFound
        case robots
        case manifest
        case searchIndex
        case searchShard(Int)
        /// Part 0 is sitemap.xml: the whole list, or an index of parts 1… above 50,000 URLs.
        case sitemap(part: Int)
    }

    /// The sitemap protocol's limit of URLs per file.
    static let sitemapProtocolLimit = 50_000
    let sitemapLimit: Int

    let site: Site
    let library: TemplateLibrary
    let assetNames: [String: String]
    /// By restaurant: the digest of what its card shows.
    let cardDigests: [ContentDigest]
    /// The theme's scripts, fingerprinted, in the order pages load them.
    let scripts: [String]
    /// The review form, the same on every detail page: rendered once into a script of its own
    /// (`FoodPin.reviewForm`) rather than into each page, where only JavaScript could use it.
    public let reviewForm: (path: String, text: String)
    /// What the form shows (ratings, the contribute URL), for the form's script and for a guide's own
    /// contribute.mustache written before the form left the page.
    private let contribute: [String: TemplateValue]
    let colors: ThemeColors
    let markdown: MarkdownRenderer
    let pictures: PicturePresentation
    let strings: ThemeStrings
    /// `strings` as templates read them (`{{t.nav.restaurants}}`), made once.
    private let stringsValue: TemplateValue
    /// A restaurant's card appears on several pages; within a batch it is rendered once per folder depth.
    private let cards = CardCache()

    /// Forgets the cards rendered so far: kept for the whole site, they would hold every card's HTML
    /// several times over (gigabytes at a million restaurants).
    func forgetCards() { cards.removeAll() }

    public let pages: [Page]

    /// `cardDigests`: by restaurant, the digest of its `CardKey`, when the caller has them.
    init(site: Site, theme: LoadedTheme, strings: ThemeStrings = .english, pictures catalog: PictureCatalog = PictureCatalog(),
         sitemapLimit: Int = SiteRenderer.sitemapProtocolLimit, cardDigests: [ContentDigest]? = nil) {
        self.site = site
        self.strings = strings
        self.stringsValue = strings.templateValue
        self.pictures = PicturePresentation(catalog: catalog)
        self.sitemapLimit = sitemapLimit
        self.pages = Self.pages(of: site, sitemapLimit: sitemapLimit)
        self.library = theme.library
        self.assetNames = theme.assets.names
        self.contribute = Self.contributeValues(strings: strings, contributeURL: site.config.contributeURL)
        self.reviewForm = Self.reviewFormScript(library: theme.library, stringsValue: stringsValue, contribute: contribute)
        // The strings script first: the theme's scripts read their words from it.
        self.scripts = [ThemeStrings.scriptPath(strings.script)] + theme.scripts.map { theme.assets.names[$0] ?? $0 }
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
            if let picture = catalog.pictures[clean] { return SiteRenderer.rootMarker + picture.largestJPEG }
            if ImageReference.isRaster(clean) { return nil }
            return contentFiles.contains(clean) || clean.hasPrefix("images/") ? SiteRenderer.rootMarker + path : nil
        }, pictureHTML: { url, alt in
            // An image of a processed picture is shown like any other: the theme's `picture` partial.
            guard let path = localPath(url), catalog.pictures[path] != nil,
                  let value = presentation.value(.file(relativePath: path), alt: alt,
                                                 links: PageLinks(pagePath: "", baseURL: nil, fixedRoot: SiteRenderer.rootMarker),
                                                 fallbackSize: (0, 0)) else { return nil }
            return library.render("picture", .object(value))
        })
    }

    /// Replaced by the page's relative root after Markdown is rendered; plain ASCII so cmark keeps it as is.
    static let rootMarker = "foodpin-root:"

    private static func pages(of site: Site, sitemapLimit: Int) -> [Page] {
        func pageCount(_ items: Int) -> Int { Self.pageCount(items, pageSize: site.config.pageSize) }
        var pages: [Page] = []
        let listPages = max(1, pageCount(site.restaurants.count))
        pages += (1...listPages).map { .list(page: $0) }
        pages += site.restaurants.indices.map { .restaurant($0) }
        for kind in [BrowseKind.cities, .cuisines] {
            let groups = kind == .cities ? site.cities : site.cuisines
            pages.append(.browseIndex(kind))
            for (index, group) in groups.enumerated() {
                pages += (1...max(1, pageCount(group.members.count))).map { .browse(kind, group: index, page: $0) }
            }
        }
        let htmlPages = pages.count + 1 // and welcome/
        pages += [.welcome, .mine, .notFound, .robots, .manifest, .searchIndex]
        pages += (0..<SearchIndex.shardCount(site)).map { .searchShard($0) }
        if site.config.baseURL != nil {
            let parts = htmlPages > sitemapLimit ? (htmlPages + sitemapLimit - 1) / sitemapLimit : 0
            pages += (0...parts).map { .sitemap(part: $0) }
        }
        return pages
    }

    private static func pageCount(_ items: Int, pageSize: Int) -> Int { (items + pageSize - 1) / pageSize }
    private func pageCount(_ items: Int) -> Int { Self.pageCount(items, pageSize: site.config.pageSize) }

    public func path(of page: Page) -> String {
        switch page {
        case .list(let number): number == 1 ? "index.html" : "page/\(number)/index.html"
        case .restaurant(let index): site.restaurants[index].path + "index.html"
        case .browseIndex(let kind): "\(kind.rawValue)/index.html"
        case .browse(let kind, let group, let number):
            "\(kind.rawValue)/\(groups(kind)[group].slug)/" + (number == 1 ? "" : "page/\(number)/") + "index.html"
        case .welcome: "welcome/index.html"
        case .mine: "my-guide/index.html"
        case .notFound: "404.html"
        case .robots: "robots.txt"
        case .manifest: "manifest.webmanifest"
        case .searchIndex: "search.json"
        case .searchShard(let number): "search/\(number).json"
        case .sitemap(let part): part == 0 ? "sitemap.xml" : "sitemap-\(part).xml"
        }
    }

    /// Everything a page shows besides the site settings and the theme: when these are equal to
    /// the last build's, the page's bytes are too.
    public struct PageInputs: Equatable, Sendable, BinaryEncodable {
        var restaurant: Restaurant?
        /// What cards, the search index and browse pages show of each restaurant (digests of `CardKey`).
        var cards: [ContentDigest] = []
        var groups: [BrowseGroup] = []
        var steps: [Step] = []
        var numbers: [Int] = []

        func encode(to writer: inout BinaryWriter) {
            writer.write(restaurant)
            writer.write(cards)
            writer.write(groups)
            writer.write(steps)
            writer.write(numbers)
        }
    }

    public func inputs(of page: Page) -> PageInputs {
        switch page {
        case .list(let number):
            let slice = pageSlice(Array(site.restaurants.indices), page: number)
            return PageInputs(cards: slice.map { cardDigests[$0] }, steps: site.steps,
                              numbers: [number, site.restaurants.count])
        case .restaurant(let index):
            return Self.inputs(of: site.restaurants[index])
        case .browseIndex(let kind):
            return PageInputs(groups: groups(kind).map { BrowseGroup(name: $0.name, slug: $0.slug, members: [$0.members.count]) })
        case .browse(let kind, let group, let number):
            let members = groups(kind)[group]
            // A city's first page also draws every member on its map.
            let shown = kind == .cities && number == 1 ? members.members[...] : pageSlice(members.members, page: number)
            return PageInputs(cards: shown.map { cardDigests[$0] },
                              groups: [BrowseGroup(name: members.name, slug: members.slug, members: [])],
                              numbers: [kind == .cities ? 0 : 1, group, number, members.members.count])
        case .welcome:
            return PageInputs(steps: site.steps)
        case .notFound, .mine:
            return PageInputs()
        case .searchIndex:
            return PageInputs(cards: cardDigests, groups: site.cities + site.cuisines)
        case .searchShard(let number):
            let start = number * SearchIndex.shardSize
            return PageInputs(cards: Array(cardDigests[start..<min(start + SearchIndex.shardSize, site.restaurants.count)]))
        case .robots, .manifest:
            // Made from the settings alone, which every page's digest includes.
            return PageInputs()
        case .sitemap(let part):
            // Every page's address: restaurants' slugs, the groups, how many pages the lists take.
            return PageInputs(cards: cardDigests, groups: site.cities + site.cuisines, numbers: [part])
        }
    }

    /// What a restaurant's own page is made from (its inputs, without the settings).
    static func inputs(of restaurant: Restaurant) -> PageInputs { PageInputs(restaurant: restaurant) }

    /// The digest of what a restaurant's card shows (cards, the search index, browse pages).
    static func cardDigest(_ restaurant: Restaurant) -> ContentDigest { CardKey(restaurant).digest }

    private func groups(_ kind: BrowseKind) -> [BrowseGroup] { kind == .cities ? site.cities : site.cuisines }

    public func render(_ page: Page) -> Data {
        let path = path(of: page)
        let links = PageLinks(pagePath: path, baseURL: site.config.baseURL)
        let text: String
        switch page {
        case .list(let number): text = renderList(number, links: links)
        case .restaurant(let index): text = renderRestaurant(site.restaurants[index], links: links)
        case .browseIndex(let kind): text = renderBrowseIndex(kind, links: links)
        case .browse(let kind, let group, let number): text = renderBrowse(kind, group: group, page: number, links: links)
        case .welcome: text = renderWelcome(links: links)
        case .mine: text = renderMine(links: links)
        case .notFound: text = renderNotFound()
        case .robots: text = Sitemap.robots(baseURL: site.config.baseURL)
        case .manifest: text = manifest()
        case .searchIndex: return SearchIndex.primary(site)
        case .searchShard(let number):
            // Each result is the list's own card, linked from the site root; the script prefixes the links.
            let root = PageLinks(pagePath: "index.html", baseURL: site.config.baseURL)
            text = SearchIndex.shard(site, number: number) { listEntry($0, links: root)["card"]?.text ?? "" }
        case .sitemap(let part): text = sitemap(part: part, links: links)
        }
        return Data(text.utf8)
    }

    // MARK: Pages

    private func renderList(_ number: Int, links: PageLinks) -> String {
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
        let slice = pageSlice(site.restaurants.indices.map { $0 }, page: number)
        return page("index", links: links,
                    title: number == 1 ? site.config.title : strings.text("title.page", ["title": site.config.title, "number": strings.number(number)]),
                    description: site.config.description, canonicalPath: PageLinks.folderURL(of: path(of: .list(page: number))),
                    image: previewURL(of: slice, links: links), extra: present([
                        "restaurants": slice.map { listEntry($0, links: links) },
                        "count": site.restaurants.count,
                        "countLabel": strings.count("count.restaurants", site.restaurants.count),
                        "pagination": pagination(number, total: site.restaurants.count) { path(of: .list(page: $0)) },
                        "hasSteps": !site.steps.isEmpty,
                        "priceOptions": (1...4).map { ["value": String($0), "symbols": String(repeating: strings.text("price.symbol"), count: $0)] },
                        "searchPageSize": site.config.pageSize,
                        "welcomeURL": links.link("welcome/"),
                        "isFirstPage": number == 1,
                    ]))
    }

    private func renderRestaurant(_ restaurant: Restaurant, links: PageLinks) -> String {
        let reviewHTML = restaurant.reviews.map { localize(markdown.html($0.markdown), links) }
        let reviews: [[String: TemplateValue]] = zip(restaurant.reviews, reviewHTML).map { review, html in
            present([
                "rating": review.rating, "starHalves": Formatting.starHalves(Double(review.rating)),
                "ratingLabel": strings.text("rating.label", ["rating": strings.number(review.rating)]), "html": html,
                "reviewer": review.reviewer, "title": review.title,
                "date": review.date, "dateLabel": review.date.map(strings.date),
            ])
        }
        var context = card(restaurant, links: links)
        let pagePath = restaurant.path
        let descriptionHTML = localize(markdown.html(restaurant.descriptionMarkdown), links)
        context["description"] = .string(descriptionHTML)
        context["reviews"] = reviews.templateValue
        context["hasReviews"] = .bool(!reviews.isEmpty)
        context.set("address", Formatting.fullAddress(restaurant))
        if let lat = restaurant.lat, let long = restaurant.long { context["geoURL"] = .string("geo:\(lat),\(long)") }
        if let count = context["reviewCountLabel"], case .string(let label) = count {
            context["reviewsFrom"] = .string(strings.text("rating.from", ["reviews": label]))
        }
        context["aboutLabel"] = .string(strings.text("restaurant.about", ["name": restaurant.name]))
        context["contribute"] = .object(contribute.merging(
            ["intro": .string(strings.text("contribute.intro", ["path": "Content/reviews/\(restaurant.slug)/"]))]) { _, new in new })
        context.set("mapURL", Formatting.mapURL(name: restaurant.name, address: Formatting.fullAddress(restaurant),
                                                lat: restaurant.lat, long: restaurant.long))
        if let phone = restaurant.phone {
            context["phone"] = .string(Formatting.phone(phone, country: restaurant.country))
            context.set("telURL", Formatting.telephoneURL(phone))
        }
        context.set("reserveURL", restaurant.reserveURL)
        // Every field by its key (`{{fields.website}}`), so a new field needs only its template line.
        var fields: [String: String] = [:]
        for field in RestaurantField.all { if let text = field.text(in: restaurant.facts) { fields[field.key] = text } }
        context["fields"] = fields.templateValue
        context.set("verdict", restaurant.verdict.map { strings.text("verdict.\($0.rawValue)") })
        context["cuisineLinks"] = restaurant.cuisines.map { ["name": $0, "url": links.link("cuisines/\(Slug.make($0))/")] }.templateValue
        if let city = restaurant.city { context["cityLink"] = ["name": .string(city), "url": .string(links.link("cities/\(Slug.make(city))/"))] }
        context.set("area", restaurant.area)
        context["shareText"] = .string(strings.text("restaurant.share_text", ["name": restaurant.name]))
        context.set("pageURL", links.absolute(pagePath))
        let absoluteImage = pictures.previewURL(restaurant.image, links: links)
        context["hero"] = pictures.value(restaurant.image, alt: photoAlt(restaurant), links: links,
                                         fallbackSize: (960, 540))?.templateValue
        let photos: [TemplateValue] = restaurant.photos.enumerated().compactMap { index, photo in
            let alt = photo.alt ?? strings.text("restaurant.photo_alt", ["number": strings.number(index + 1), "name": restaurant.name])
            guard var value = pictures.value(photo.image, alt: alt, links: links, fallbackSize: (480, 360)) else { return nil }
            value["position"] = .int(index + 1)
            if let caption = photo.caption { value["caption"] = .string(caption) }
            return .object(value)
        }
        context["photos"] = .list(photos)
        context["hasPhotos"] = .bool(!photos.isEmpty)
        context["photoCount"] = .int(photos.count)
        context["jsonLD"] = .string(StructuredData.restaurant(restaurant, pageURL: links.absolute(pagePath), imageURL: absoluteImage,
                                                      reviewHTML: reviewHTML))
        let summary = [restaurant.cuisines.joined(separator: ", "), restaurant.city].compactMap { $0 }.filter { !$0.isEmpty }
        let description = MarkdownRenderer.plainText(fromHTML: descriptionHTML, limit: 160)
        return page("restaurant", links: links, title: strings.text("title.section", ["name": restaurant.name, "title": site.config.title]),
                    description: description.isEmpty ? summary.joined(separator: " · ") : description,
                    canonicalPath: pagePath, image: absoluteImage,
                    extra: ["restaurant": .object(context), "scripts": scriptList(root: links.root, reviewForm: true)])
    }

    private func renderBrowseIndex(_ kind: BrowseKind, links: PageLinks) -> String {
        let entries: [TemplateValue] = groups(kind).map { group in
            ["name": .string(group.name), "url": .string(links.link("\(kind.rawValue)/\(group.slug)/")),
             "count": .int(group.members.count), "countLabel": .string(strings.count("count.restaurants", group.members.count))]
        }
        return page("browse-index", links: links, title: strings.text("title.section", ["name": title(kind), "title": site.config.title]),
                    description: strings.text("browse.\(kind.rawValue)_description", ["title": site.config.title]),
                    canonicalPath: "\(kind.rawValue)/", extra: [
                        "kindTitle": .string(title(kind)), "groups": .list(entries), "hasGroups": .bool(!entries.isEmpty),
                        "isCities": .bool(kind == .cities), "isCuisines": .bool(kind == .cuisines),
                    ])
    }

    private func renderBrowse(_ kind: BrowseKind, group groupIndex: Int, page number: Int, links: PageLinks) -> String {
        let group = groups(kind)[groupIndex]
        let slice = pageSlice(group.members, page: number)
        return page("browse", links: links, title: strings.text("title.section", ["name": group.name, "title": site.config.title]),
                    description: "\(strings.count("count.restaurants", group.members.count)) · \(group.name)",
                    canonicalPath: PageLinks.folderURL(of: path(of: .browse(kind, group: groupIndex, page: number))),
                    image: previewURL(of: slice, links: links), extra: present([
                        "map": kind == .cities && number == 1 ? cityMap(group, links: links) : nil,
                        "groupName": group.name, "kindTitle": title(kind), "kindURL": links.link("\(kind.rawValue)/"),
                        "restaurants": slice.map { listEntry($0, links: links) },
                        "countLabel": strings.count("count.restaurants", group.members.count),
                        "pagination": pagination(number, total: group.members.count) {
                            path(of: .browse(kind, group: groupIndex, page: $0))
                        },
                    ]))
    }

    private func renderWelcome(links: PageLinks) -> String {
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

    private func renderMine(links: PageLinks) -> String {
        page("mine", links: links, title: strings.text("title.section", ["name": strings.text("mine.title"), "title": site.config.title]),
             description: strings.text("mine.description"), canonicalPath: "my-guide/",
             extra: ["emptyImage": .string(links.link(asset("assets/empty.svg")))])
    }

    /// A city's map: a pin per restaurant with coordinates (grouped where they overlap), the rest listed beside it.
    private func cityMap(_ group: BrowseGroup, links: PageLinks) -> [String: TemplateValue] {
        var places: [CityMap.Place] = []
        var unplaced: [TemplateValue] = []
        var unplacedCount = 0
        for index in group.members {
            let restaurant = site.restaurants[index]
            let url = links.link(restaurant.path)
            if let lat = restaurant.lat, let long = restaurant.long {
                places.append(CityMap.Place(name: restaurant.name, url: url, lat: lat, long: long))
            } else {
                unplacedCount += 1
                if unplaced.count < CityMap.unplacedShown { unplaced.append(["name": .string(restaurant.name), "url": .string(url)]) }
            }
        }
        let map = CityMap(places: places, tileURL: site.config.mapTiles)
        var pins: [TemplateValue] = [], groupLists: [TemplateValue] = []
        for pin in map.pins {
            let shown = pin.members.prefix(CityMap.namesPerGroup)
            let hidden = pin.members.count - shown.count
            var names = shown.map(\.name).joined(separator: ", ")
            if hidden > 0 { names += " " + strings.text("map.more", ["count": strings.number(hidden)]) }
            var value: [String: TemplateValue] = ["x": .string(CityMap.rounded(pin.x)), "y": .string(CityMap.rounded(pin.y))]
            if pin.members.count == 1 {
                value["url"] = .string(pin.members[0].url)
                value["label"] = .string(pin.members[0].name)
                value["radius"] = "9"
            } else {
                let anchor = "map-group-\(groupLists.count + 1)"
                value["url"] = .string("#" + anchor)
                value["label"] = .string(strings.text("map.group", ["count": strings.number(pin.members.count), "names": names]))
                value["isGroup"] = true
                value["count"] = .string(strings.number(pin.members.count))
                value["radius"] = pin.members.count < 10 ? "13" : "16"
                groupLists.append(.object([
                    "anchor": .string(anchor), "count": .string(strings.number(pin.members.count)),
                    "members": .list(shown.enumerated().map { offset, place in
                        ["name": .string(place.name), "url": .string(place.url), "last": .bool(offset == shown.count - 1)]
                    }),
                    "more": hidden > 0 ? .string(strings.text("map.more", ["count": strings.number(hidden)])) : .bool(false),
                ]))
            }
            pins.append(.object(value))
        }
        let hiddenUnplaced = unplacedCount - unplaced.count
        return [
            "title": .string(strings.text("map.title", ["city": group.name])),
            "width": .string(CityMap.rounded(CityMap.width)), "height": .string(CityMap.rounded(CityMap.height)),
            "hasPins": .bool(!pins.isEmpty), "pins": .list(pins),
            "tiles": .list(map.tiles.map { ["url": .string($0.url), "x": .string(CityMap.rounded($0.x)), "y": .string(CityMap.rounded($0.y)), "size": "256"] }),
            "grid": CityMap.grid.templateValue,
            "attribution": .string(site.config.mapTiles != nil ? (site.config.mapAttribution ?? "") : strings.text("map.attribution")),
            "hasGroups": .bool(!groupLists.isEmpty), "groupLists": .list(groupLists),
            "hasUnplaced": .bool(unplacedCount > 0), "unplaced": .list(unplaced),
            "unplacedMore": hiddenUnplaced > 0 ? .string(strings.text("map.more", ["count": strings.number(hiddenUnplaced)])) : .bool(false),
        ]
    }

    /// 404.html is served at any depth, so it links from the site's absolute root path.
    private func renderNotFound() -> String {
        return page("404", root: site.config.baseURL?.path ?? "/",
                    title: strings.text("title.section", ["name": strings.text("notfound.title"), "title": site.config.title]),
                    description: strings.text("notfound.description"), canonical: nil, image: nil, extra: [:])
    }

    // MARK: Parts

    /// A list item: the card's fields plus the card rendered by the `card` template (also what
    /// a search result shows).
    private func listEntry(_ index: Int, links: PageLinks) -> [String: TemplateValue] {
        var entry = card(site.restaurants[index], links: links)
        entry["card"] = .string(cards.html(for: index, root: links.root) {
            library.render("card", .object(entry)) ?? ""
        })
        return entry
    }

    private func card(_ restaurant: Restaurant, links: PageLinks) -> [String: TemplateValue] {
        var card = present([
            "name": restaurant.name,
            "url": links.link(restaurant.path),
            "image": imageURL(restaurant.image, links: links),
            "imageAlt": photoAlt(restaurant),
            "picture": pictures.value(restaurant.image, alt: photoAlt(restaurant), links: links, fallbackSize: (480, 320)),
            "cuisines": restaurant.cuisines.joined(separator: " · "),
            "favorite": restaurant.favorite,
            "reviewCount": restaurant.reviews.count,
        ])
        card.set("place", restaurant.city ?? restaurant.address ?? restaurant.area)
        if let level = restaurant.price, (1...4).contains(level) {
            card["price"] = .string(String(repeating: strings.text("price.symbol"), count: level))
            card["priceLabel"] = .string(strings.text("price.\(level)"))
            card["priceSpoken"] = .string(strings.text("price.label", ["label": strings.text("price.\(level)")]))
        }
        if let average = restaurant.averageRating, let tenths = restaurant.ratingTenths {
            let rating = strings.decimal(tenths: tenths)
            card["rating"] = .string(rating)
            card["starHalves"] = Formatting.starHalves(average).templateValue
            // The number of reviews is shown beside the stars; the label need not repeat it.
            card["ratingLabel"] = .string(strings.text("rating.label", ["rating": rating]))
            card["reviewCountLabel"] = .string(strings.count("count.reviews", restaurant.reviews.count))
        }
        card["slug"] = .string(restaurant.slug)
        card["t"] = stringsValue
        return card
    }

    /// The alt text of a restaurant's main picture (editors name the restaurant, not the photo).
    private func photoAlt(_ restaurant: Restaurant) -> String { strings.text("card.photo_alt", ["name": restaurant.name]) }

    private func title(_ kind: BrowseKind) -> String { strings.text("browse.\(kind.rawValue)") }

    /// A list's link preview: that of its first restaurant with a picture.
    private func previewURL(of slice: ArraySlice<Int>, links: PageLinks) -> String? {
        slice.lazy.compactMap { pictures.previewURL(site.restaurants[$0].image, links: links) }.first
    }

    /// The picture's address as one URL: the largest JPEG of a processed picture.
    private func imageURL(_ image: ImageReference?, links: PageLinks) -> String? {
        if let picture = pictures.catalog[image] {
            return links.link(picture.largestJPEG)
        }
        switch image {
        case .file(let path)?: return links.link(path)
        case .web(let url)?: return url
        case nil: return nil
        }
    }

    private func asset(_ name: String) -> String { assetNames[name] ?? name }

    private func localize(_ html: String, _ links: PageLinks) -> String {
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

    private func pageSlice(_ items: [Int], page: Int) -> ArraySlice<Int> {
        let start = (page - 1) * site.config.pageSize
        return items[min(start, items.count)..<min(start + site.config.pageSize, items.count)]
    }

    private func pagination(_ current: Int, total: Int, path: (Int) -> String) -> [String: TemplateValue]? {
        let count = pageCount(total)
        guard count > 1 else { return nil }
        let here = PageLinks(pagePath: path(current), baseURL: nil)
        func url(_ number: Int) -> String { here.link(PageLinks.folderURL(of: path(number))) }
        // First, last and two either side of the current page, with gaps between: links stay few at any size.
        let shown = Set([1, count] + Array(max(1, current - 2)...min(count, current + 2))).sorted()
        var entries: [TemplateValue] = []
        for (position, number) in shown.enumerated() {
            if position > 0, number - shown[position - 1] > 1 { entries.append(["isGap": true]) }
            entries.append(["number": .int(number), "url": .string(url(number)), "isCurrent": .bool(number == current)])
        }
        var context: [String: TemplateValue] = ["current": .int(current), "total": .int(count), "pages": .list(entries)]
        if current > 1 { context["previous"] = .string(url(current - 1)) }
        if current < count { context["next"] = .string(url(current + 1)) }
        return context
    }

    /// The HTML pages come first in `pages`, up to and including the walkthrough: a part of the
    /// sitemap lists its slice of them (so a million pages cost one pass, not one per part).
    private func sitemap(part: Int, links: PageLinks) -> String {
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
    private func manifest() -> String {
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

    /// The page's scripts; a detail page also loads the review form's, right after the strings.
    private func scriptList(root: String, reviewForm withForm: Bool) -> TemplateValue {
        var paths = scripts
        if withForm { paths.insert(reviewForm.path, at: 1) }
        return .list(paths.map { ["src": .string(root + $0)] })
    }

    private static func contributeValues(strings: ThemeStrings, contributeURL: String?) -> [String: TemplateValue] {
        var values: [String: TemplateValue] = [
            "ratings": .list((1...5).map { value in
                ["value": .int(value), "first": .bool(value == 1), "stars": .string(String(repeating: "★", count: value)),
                 "label": .string(strings.text("rating.label", ["rating": strings.number(value)]))]
            }),
        ]
        if let contributeURL { values["url"] = .string(contributeURL) }
        return values
    }

    private static func reviewFormScript(library: TemplateLibrary, stringsValue: TemplateValue,
                                         contribute: [String: TemplateValue]) -> (path: String, text: String) {
        let html = library.render("review-form", .object(["t": stringsValue, "contribute": .object(contribute)])) ?? ""
        let text = "(window.FoodPin = window.FoodPin || {}).reviewForm = \(JSONText.quote(html));\n"
        return ("assets/review-form.\(Fingerprint.hex(Data(text.utf8), length: 8)).js", text)
    }

    private func page(_ template: String, links: PageLinks, title: String, description: String,
                      canonicalPath: String? = nil, image: String? = nil, extra: [String: TemplateValue]) -> String {
        page(template, root: links.root, title: title, description: description,
             canonical: canonicalPath.flatMap { links.absolute($0) }, image: image, extra: extra)
    }

    private func page(_ template: String, root: String, title: String, description: String,
                      canonical: String?, image: String?, extra: [String: TemplateValue]) -> String {
        var context = present([
            "root": root,
            "home": root.isEmpty ? "./" : root,
            "site": present(["title": site.config.title, "description": site.config.description, "language": site.config.language,
                             "direction": strings.isRightToLeft ? "rtl" : "ltr", "author": site.config.author]),
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
        context.set("canonical", canonical)
        context.set("ogImage", image)
        context.merge(extra) { _, new in new }
        return library.render(template, .object(context)) ?? ""
    }
}

/// Rendered cards by restaurant and relative root; shared by the threads rendering list pages.
/// Only the HTML: a card's fields kept too took a 100,000-restaurant build's peak up by 60 MB.
private final class CardCache: @unchecked Sendable {
    private var cards: [String: [Int: String]] = [:]
    private let lock = NSLock()

    func removeAll() {
        lock.lock()
        cards = [:]
        lock.unlock()
    }

    func html(for index: Int, root: String, render: () -> String) -> String {
        lock.lock()
        if let html = cards[root]?[index] {
            lock.unlock()
            return html
        }
        lock.unlock()
        let html = render()
        lock.lock()
        cards[root, default: [:]][index] = html
        lock.unlock()
        return html
    }
}

/// A restaurant as a card shows it (and the search index): a description or review text
/// change leaves it equal, so list and browse pages are not rendered again for it.
struct CardKey: Equatable, Sendable, BinaryEncodable {
    var name: String
    var slug: String
    var facts: RestaurantFacts
    var image: ImageReference?
    var favorite: Bool
    var ratings: [Int]

    init(_ restaurant: Restaurant) {
        name = restaurant.name
        slug = restaurant.slug
        facts = restaurant.facts
        image = restaurant.image
        favorite = restaurant.favorite
        ratings = restaurant.reviews.map(\.rating)
    }

    func encode(to writer: inout BinaryWriter) {
        writer.write(name)
        writer.write(slug)
        writer.write(facts)
        writer.write(image)
        writer.write(favorite)
        writer.write(ratings)
    }
}

extension Dictionary where Key == String, Value == TemplateValue {
    /// Sets a template value only when there is one.
    mutating func set(_ key: String, _ value: (any TemplateConvertible)?) {
        if let value { self[key] = value.templateValue }
    }
}
