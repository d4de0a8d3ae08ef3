import Foundation
import FoodPinBase
import FoodPinModel

/// All cities or all cuisines, on one page.
struct BrowseIndexPage: FileKind {
    let renderer: SiteRenderer
    let kind: SiteRenderer.BrowseKind

    var count: Int { 1 }
    var templates: [String] { ["browse-index", "picture"] }
    var isListed: Bool { true }
    func delivery(_ item: Int) -> Delivery { .page }
    func path(_ item: Int) -> String { "\(kind.rawValue)/index.html" }

    func inputs(_ item: Int) -> ContentDigest {
        .of { writer in
            for group in renderer.groups(kind) {
                writer.write(group.name)
                writer.write(group.slug)
                writer.write(group.members.count)
            }
        }
    }

    func bytes(_ item: Int) -> Data { renderer.html(path(item)) { renderer.renderBrowseIndex(kind, links: $0) } }
}

/// One city's or cuisine's restaurants, page by page (a city's first page with its map).
struct BrowsePages: FileKind {
    let renderer: SiteRenderer
    let kind: SiteRenderer.BrowseKind
    /// Each page's group and number within it.
    let pages: [(group: Int, number: Int)]

    init(renderer: SiteRenderer, kind: SiteRenderer.BrowseKind) {
        self.renderer = renderer
        self.kind = kind
        pages = renderer.groups(kind).enumerated().flatMap { index, group in
            (1...max(1, SiteRenderer.pageCount(group.members.count, pageSize: renderer.site.config.pageSize))).map { (index, $0) }
        }
    }

    var count: Int { pages.count }
    var templates: [String] { ["browse"] + ListPages.cardTemplates }
    var isListed: Bool { true }
    func delivery(_ item: Int) -> Delivery { .page }
    func path(_ item: Int) -> String { renderer.browsePath(kind, group: pages[item].group, page: pages[item].number) }

    func inputs(_ item: Int) -> ContentDigest {
        let (index, number) = pages[item], group = renderer.groups(kind)[index]
        // A city's first page also draws every member on its map.
        let shown = kind == .cities && number == 1 ? group.members[...] : renderer.pageSlice(group.members, page: number)
        return .of { writer in
            writer.write(shown.map { renderer.cardDigests[$0] })
            writer.write(group.name)
            writer.write(group.slug)
            writer.write(index)
            writer.write(number)
            writer.write(group.members.count)
        }
    }

    func bytes(_ item: Int) -> Data {
        renderer.html(path(item)) { renderer.renderBrowse(kind, group: pages[item].group, page: pages[item].number, links: $0) }
    }
}

extension SiteRenderer {
    func browsePath(_ kind: BrowseKind, group: Int, page number: Int) -> String {
        "\(kind.rawValue)/\(groups(kind)[group].slug)/" + (number == 1 ? "" : "page/\(number)/") + "index.html"
    }

    func renderBrowseIndex(_ kind: BrowseKind, links: PageLinks) -> String {
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

    func renderBrowse(_ kind: BrowseKind, group groupIndex: Int, page number: Int, links: PageLinks) -> String {
        let group = groups(kind)[groupIndex]
        let slice = pageSlice(group.members, page: number)
        return page("browse", links: links, title: strings.text("title.section", ["name": group.name, "title": site.config.title]),
                    description: "\(strings.count("count.restaurants", group.members.count)) · \(group.name)",
                    canonicalPath: PageLinks.folderURL(of: browsePath(kind, group: groupIndex, page: number)),
                    image: previewURL(of: slice, links: links), extra: present([
                        "map": kind == .cities && number == 1 ? cityMap(group, links: links) : nil,
                        "groupName": group.name, "kindTitle": title(kind), "kindURL": links.link("\(kind.rawValue)/"),
                        "feeds": kind == .cities ? feedLinks(city: groupIndex, links: links) : nil,
                        "offline": kind == .cities && number == 1 ? offlineOffer(group, kind: kind, groupIndex: groupIndex) : nil,
                        "restaurants": slice.map { listEntry($0, links: links) },
                        "countLabel": strings.count("count.restaurants", group.members.count),
                        "pagination": pagination(number, total: group.members.count) {
                            browsePath(kind, group: groupIndex, page: $0)
                        },
                    ]))
    }

    func title(_ kind: BrowseKind) -> String { strings.text("browse.\(kind.rawValue)") }

    /// A city's map: a pin per restaurant with coordinates (grouped where they overlap), the rest listed beside it.
    func cityMap(_ group: BrowseGroup, links: PageLinks) -> [String: TemplateValue] {
        var places: [CityMap.Place] = []
        var unplaced: [TemplateValue] = []
        var unplacedCount = 0
        func url(_ index: Int) -> String { links.link(site.restaurants[index].path) }
        for index in group.members {
            let restaurant = site.restaurants[index]
            if let lat = restaurant.lat, let long = restaurant.long {
                places.append(CityMap.Place(restaurant: index, name: restaurant.name, lat: lat, long: long))
            } else {
                unplacedCount += 1
                if unplaced.count < CityMap.unplacedShown { unplaced.append(["name": .string(restaurant.name), "url": .string(url(index))]) }
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
                value["url"] = .string(url(pin.members[0].restaurant))
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
                        ["name": .string(place.name), "url": .string(url(place.restaurant)), "last": .bool(offset == shown.count - 1)]
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
}

extension SiteRenderer {
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
