import Foundation
import FoodPinBase

/// The site's pages: which there are, where each is written, and what each is made from.
extension SiteRenderer {
    public enum BrowseKind: String, Sendable {
        case cities, cuisines
    }

    public enum Page: Sendable, Equatable {
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
        /// `search.json`, the small entrance to the search data.
        case searchIndex
        /// The filter and sort columns of `SearchIndex.attributeSize` restaurants, by number.
        case searchAttributes(Int)
        /// The list cards of `SearchIndex.shardSize` restaurants, by number.
        case searchShard(Int)
        /// The full-text index: `search/terms.json`, and its shards by number.
        case termManifest
        case termShard(Int)
        /// A common term's postings for a run of positions (`TermParts`), by number in `TermIndex.parts`.
        case termPart(Int)
        /// The words typos are forgiven from (`TypoWords`), a part per first two letters.
        case typoWords(Int)
        /// Part 0 is sitemap.xml: the whole list, or an index of parts 1… above 50,000 URLs.
        case sitemap(part: Int)
        /// A feed of new restaurants or reviews.
        case feed(Feed)
        /// `sw.js`, the service worker, and the page it shows offline for a page not kept.
        case serviceWorker, offline
        /// `_headers` and `_redirects`, when site.yml names a host that reads them.
        case hostHeaders, hostRedirects
    }

    static func pages(of site: Site, terms: TermIndex, typoWords: TypoWords, sitemapLimit: Int) -> [Page] {
        let pageSize = site.config.pageSize
        var pages: [Page] = []
        let listPages = max(1, Self.pageCount(site.restaurants.count, pageSize: pageSize))
        pages += (1...listPages).map { .list(page: $0) }
        pages += site.restaurants.indices.map { .restaurant($0) }
        for kind in [BrowseKind.cities, .cuisines] {
            let groups = kind == .cities ? site.cities : site.cuisines
            pages.append(.browseIndex(kind))
            for (index, group) in groups.enumerated() {
                pages += (1...max(1, Self.pageCount(group.members.count, pageSize: pageSize))).map { .browse(kind, group: index, page: $0) }
            }
        }
        let htmlPages = pages.count + 1 // and welcome/
        pages += [.welcome, .mine, .notFound, .offline, .serviceWorker, .robots, .manifest, .searchIndex]
        pages += (0..<SearchIndex.attributeCount(site)).map { .searchAttributes($0) }
        pages += (0..<SearchIndex.shardCount(site)).map { .searchShard($0) }
        pages += [.termManifest] + terms.shards.indices.map { .termShard($0) } + terms.parts.indices.map { .termPart($0) }
        pages += typoWords.parts.indices.map { .typoWords($0) }
        pages += feeds(of: site).map { .feed($0) }
        if site.config.host != nil { pages += [.hostHeaders, .hostRedirects] }
        if site.config.baseURL != nil {
            let parts = htmlPages > sitemapLimit ? (htmlPages + sitemapLimit - 1) / sitemapLimit : 0
            pages += (0...parts).map { .sitemap(part: $0) }
        }
        return pages
    }

    /// How many pages a list of `items` takes (0 for none).
    static func pageCount(_ items: Int, pageSize: Int) -> Int { (items + pageSize - 1) / pageSize }

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
        case .searchAttributes(let number): "\(SearchIndex.attributeFolder)/\(number).json"
        case .searchShard(let number): "\(SearchIndex.shardFolder)/\(number).json"
        case .termManifest: TermIndex.manifestPath
        case .termShard(let number): TermIndex.path(of: terms.shards[number])
        case .termPart(let number): TermIndex.path(of: terms.parts[number])
        case .typoWords(let number): TypoWords.path(of: typoWords.parts[number])
        case .sitemap(let part): part == 0 ? "sitemap.xml" : "sitemap-\(part).xml"
        case .feed(let feed): feedPath(feed)
        case .serviceWorker: "sw.js"
        case .offline: "offline.html"
        case .hostHeaders: "_headers"
        case .hostRedirects: "_redirects"
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

        package func encode(to writer: inout BinaryWriter) {
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
            let slice = pageSlice(site.restaurants.indices, page: number)
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
        case .notFound, .mine, .offline, .serviceWorker:
            // The service worker lists the theme's assets, which every page's digest includes.
            return PageInputs()
        case .searchIndex:
            return PageInputs(groups: (site.cities + site.cuisines).map { BrowseGroup(name: $0.name, slug: $0.slug, members: []) },
                              numbers: [site.restaurants.count, SearchIndex.hasHours(site) ? 1 : 0])
        case .searchAttributes(let number):
            // Its restaurants' cards, which show what it holds.
            let range = SearchIndex.attributeRange(number, of: site)
            return PageInputs(cards: Array(cardDigests[range]), numbers: [range.lowerBound])
        case .searchShard(let number):
            return PageInputs(cards: Array(cardDigests[SearchIndex.shardRange(number, of: site)]))
        case .termManifest:
            return PageInputs(cards: terms.shards.map(\.digest))
        case .termShard(let number):
            return PageInputs(cards: [terms.shards[number].digest])
        case .termPart(let number):
            return PageInputs(cards: [terms.parts[number].digest])
        case .typoWords(let number):
            return PageInputs(cards: [typoWords.parts[number].digest])
        case .robots, .manifest, .hostHeaders, .hostRedirects:
            // Made from the settings alone (the theme's assets included), which every page's digest includes.
            return PageInputs()
        case .feed(let feed):
            return feedInputs(feed)
        case .sitemap(let part):
            // Every page's address: restaurants' slugs, the groups, how many pages the lists take.
            return PageInputs(cards: cardDigests, groups: site.cities + site.cuisines, numbers: [part])
        }
    }

    /// The templates a page is rendered with (`TemplateLibrary.reached` adds those they name): a
    /// template edit renders again only the pages that use it. `picture` shows pictures in Markdown.
    static func templates(of page: Page) -> [String] {
        switch page {
        case .list: ["index", "empty", "card", "picture"]
        case .restaurant: ["restaurant", "review-form", "picture"]
        case .browseIndex: ["browse-index", "picture"]
        case .browse: ["browse", "card", "picture"]
        case .welcome: ["welcome", "picture"]
        case .mine: ["mine", "picture"]
        case .notFound: ["404", "picture"]
        case .offline: ["offline", "picture"]
        // It keeps the review form's script, named by what review-form.mustache makes.
        case .serviceWorker: ["sw", "review-form"]
        case .searchShard: ["card", "picture"]
        case .robots, .manifest, .searchIndex, .searchAttributes, .termManifest, .termShard, .termPart, .typoWords, .sitemap, .feed, .hostHeaders, .hostRedirects: []
        }
    }

    /// What a restaurant's own page is made from (its inputs, without the settings).
    static func inputs(of restaurant: Restaurant) -> PageInputs { PageInputs(restaurant: restaurant) }

    func groups(_ kind: BrowseKind) -> [BrowseGroup] { kind == .cities ? site.cities : site.cuisines }

    func pageSlice<Items: RandomAccessCollection<Int>>(_ items: Items, page: Int) -> Items.SubSequence where Items.Index == Int {
        let start = items.startIndex + (page - 1) * site.config.pageSize
        return items[min(start, items.endIndex)..<min(start + site.config.pageSize, items.endIndex)]
    }

    func pagination(_ current: Int, total: Int, path: (Int) -> String) -> [String: TemplateValue]? {
        let count = Self.pageCount(total, pageSize: site.config.pageSize)
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
}
