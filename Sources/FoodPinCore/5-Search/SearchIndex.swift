import Foundation

/// The client-side search index: `search.json` holds what matching and filtering need for every
/// restaurant; `search/N.json` shards hold what only shown results need (each restaurant's list card),
/// so the first query downloads little even for a large guide. The format is in docs/site.md.
enum SearchIndex {
    /// Where the shards of cards are published: `search/<n>.json`.
    static let shardFolder = "search"
    /// Small shards: the first page of results fetches a few kilobytes whatever its spread.
    static let shardSize = 100

    static func shardCount(_ site: Site) -> Int { (site.restaurants.count + shardSize - 1) / shardSize }

    /// The restaurants (by index, in list order) in shard `number`.
    static func shardRange(_ number: Int, of site: Site) -> Range<Int> {
        number * shardSize..<min((number + 1) * shardSize, site.restaurants.count)
    }

    /// What matching names, filtering and sorting need; the words of every text are in `TermIndex`.
    static func primary(_ site: Site) -> Data {
        // Each restaurant's facets: its city from the browse groups' members, its cuisines by slug.
        var cityOf = [Int](repeating: -1, count: site.restaurants.count)
        for (position, group) in site.cities.enumerated() { for member in group.members { cityOf[member] = position } }
        var cuisineBySlug: [String: Int] = [:]
        for (position, group) in site.cuisines.enumerated() { cuisineBySlug[group.slug] = position }
        var slugOfCuisine: [String: String] = [:]
        var areaIndex: [String: Int] = [:]
        var areas: [String] = []
        for restaurant in site.restaurants {
            if let area = restaurant.area, areaIndex[area] == nil {
                areaIndex[area] = areas.count
                areas.append(area)
            }
        }
        // Written column by column straight into the file's bytes: at a million restaurants the
        // index is 95 MB, and a string copied into `Data` (or lists of strings joined) held it two or three times.
        let restaurants = site.restaurants
        var out = Data(capacity: restaurants.count * 64 + 4096)
        func add(_ text: String) {
            var text = text
            text.withUTF8 { out.append($0) }
        }
        add("{\"version\":3,\"count\":\(restaurants.count),\"shardSize\":\(shardSize),\n")
        add("\"cities\":" + list(site.cities.map(\.name)) + ",\n")
        add("\"cuisines\":" + list(site.cuisines.map(\.name)) + ",\n")
        add("\"areas\":" + list(areas) + ",\n")
        func column(_ key: String, _ value: (Int) -> String) {
            add("\"" + key + "\":[")
            for position in restaurants.indices {
                if position > 0 { add(",") }
                add(value(position))
            }
            add("],\n")
        }
        column("name") { JSONText.quote(restaurants[$0].name) }
        column("cuisine") { position in
            // Its groups, in the restaurant's own order of cuisines.
            var ids: [Int] = []
            for name in restaurants[position].cuisines {
                let slug = slugOfCuisine[name] ?? Slug.make(name)
                slugOfCuisine[name] = slug
                if let id = cuisineBySlug[slug], !ids.contains(id) { ids.append(id) }
            }
            return "[" + ids.map(String.init).joined(separator: ",") + "]"
        }
        column("city") { String(cityOf[$0]) }
        column("area") { restaurants[$0].area.flatMap { areaIndex[$0] }.map(String.init) ?? "-1" }
        column("price") { String(restaurants[$0].price ?? 0) }
        column("slug") { JSONText.quote(restaurants[$0].slug) }
        column("rating") { String(restaurants[$0].ratingTenths ?? 0) }
        column("reviews") { String(restaurants[$0].reviews.count) }
        // Five decimals: about a metre, plenty for "near me"; both or neither.
        func coordinates(_ position: Int) -> (lat: String, long: String) {
            guard let lat = restaurants[position].lat, let long = restaurants[position].long else { return ("null", "null") }
            return (coordinate(lat), coordinate(long))
        }
        column("lat") { coordinates($0).lat }
        column("lon") { coordinates($0).long }
        // Only in a guide where some restaurant has hours: "Open now" is offered then.
        if restaurants.contains(where: { $0.hours != nil }) {
            column("hours") { restaurants[$0].hours.map { JSONText.quote(HoursPresentation.compact($0)) } ?? "null" }
        }
        add("\"favorites\":[" + restaurants.indices.filter { restaurants[$0].favorite }.map(String.init).joined(separator: ",") + "]")
        add("}\n")
        return out
    }

    /// Shard `number`: the list card of restaurants `number * shardSize ..<`, in list order, as HTML
    /// linked from the site root. Search results are these very cards.
    static func shard(_ site: Site, number: Int, card: (Int) -> String) -> String {
        let rows = shardRange(number, of: site).map { JSONText.quote(card($0)) }
        return "[\n" + rows.joined(separator: ",\n") + "\n]\n"
    }

    private static func coordinate(_ value: Double) -> String {
        let scaled = Int((value * 100_000).rounded())
        let digits = String(scaled.magnitude), padded = String(repeating: "0", count: max(0, 6 - digits.count)) + digits
        return (scaled < 0 ? "-" : "") + padded.dropLast(5) + "." + padded.suffix(5)
    }

    private static func list(_ names: [String]) -> String { "[" + names.map(JSONText.quote).joined(separator: ",") + "]" }
}
