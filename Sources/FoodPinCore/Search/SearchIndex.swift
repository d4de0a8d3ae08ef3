import Foundation

/// The client-side search index: `search.json` holds what matching and filtering need for every
/// restaurant; `search/N.json` shards hold what only shown results need (each restaurant's list card),
/// so the first query downloads little even for a large guide. The format is in the README.
enum SearchIndex {
    /// Small shards: the first page of results fetches a few kilobytes whatever its spread.
    static let shardSize = 100

    static func shardCount(_ site: Site) -> Int { (site.restaurants.count + shardSize - 1) / shardSize }

    /// `fields`: the restaurant fields whose text the box also matches, after the ranked ones.
    static func primary(_ site: Site, fields: [RestaurantField] = RestaurantField.all) -> String {
        let searchable = fields.filter(\.searchable)
        // Each restaurant's facets, from the browse groups (which already know their members).
        var cityOf = [Int](repeating: -1, count: site.restaurants.count)
        for (position, group) in site.cities.enumerated() { for member in group.members { cityOf[member] = position } }
        var cuisinesOf = [[Int]](repeating: [], count: site.restaurants.count)
        for (position, group) in site.cuisines.enumerated() { for member in group.members { cuisinesOf[member].append(position) } }
        var areaIndex: [String: Int] = [:]
        var areas: [String] = []
        for restaurant in site.restaurants {
            if let area = restaurant.area, areaIndex[area] == nil {
                areaIndex[area] = areas.count
                areas.append(area)
            }
        }
        var names: [String] = [], cuisineIDs: [String] = [], cityIDs: [String] = [], areaIDs: [String] = []
        var prices: [String] = [], favorites: [String] = [], texts: [String] = []
        var slugs: [String] = [], ratings: [String] = [], reviews: [String] = [], lats: [String] = [], longs: [String] = []
        for (position, restaurant) in site.restaurants.enumerated() {
            names.append(JSONText.quote(restaurant.name))
            // In the restaurant's own order of cuisines.
            let order = Dictionary(restaurant.cuisines.enumerated().map { (Slug.make($0.element), $0.offset) }, uniquingKeysWith: { a, _ in a })
            let ids = cuisinesOf[position].sorted { order[site.cuisines[$0].slug, default: 0] < order[site.cuisines[$1].slug, default: 0] }
            cuisineIDs.append("[" + ids.map(String.init).joined(separator: ",") + "]")
            cityIDs.append(String(cityOf[position]))
            areaIDs.append(restaurant.area.flatMap { areaIndex[$0] }.map(String.init) ?? "-1")
            prices.append(String(restaurant.price ?? 0))
            slugs.append(JSONText.quote(restaurant.slug))
            ratings.append(String(restaurant.ratingTenths ?? 0))
            reviews.append(String(restaurant.reviews.count))
            // Five decimals: about a metre, plenty for "near me".
            if let lat = restaurant.lat, let long = restaurant.long {
                lats.append(coordinate(lat))
                longs.append(coordinate(long))
            } else {
                lats.append("null")
                longs.append("null")
            }
            if restaurant.favorite { favorites.append(String(position)) }
            if !searchable.isEmpty {
                texts.append(JSONText.quote(searchable.compactMap { $0.text(in: restaurant.facts) }.joined(separator: " ")))
            }
        }
        // Columns, not rows: runs of small numbers compress far better, which keeps the first query light.
        return """
        {"version":2,"count":\(site.restaurants.count),"shardSize":\(shardSize),
        "cities":\(list(site.cities.map(\.name))),
        "cuisines":\(list(site.cuisines.map(\.name))),
        "areas":\(list(areas)),
        "name":[\(names.joined(separator: ","))],
        "cuisine":[\(cuisineIDs.joined(separator: ","))],
        "city":[\(cityIDs.joined(separator: ","))],
        "area":[\(areaIDs.joined(separator: ","))],
        "price":[\(prices.joined(separator: ","))],
        "slug":[\(slugs.joined(separator: ","))],
        "rating":[\(ratings.joined(separator: ","))],
        "reviews":[\(reviews.joined(separator: ","))],
        "lat":[\(lats.joined(separator: ","))],
        "lon":[\(longs.joined(separator: ","))],
        "favorites":[\(favorites.joined(separator: ","))]\(searchable.isEmpty ? "" : ",\n\"text\":[" + texts.joined(separator: ",") + "]")}

        """
    }

    /// Shard `number`: the list card of restaurants `number * shardSize ..<`, in list order, as HTML
    /// linked from the site root. Search results are these very cards.
    static func shard(_ site: Site, number: Int, card: (Int) -> String) -> String {
        let start = number * shardSize
        let rows = (start..<min(start + shardSize, site.restaurants.count)).map { JSONText.quote(card($0)) }
        return "[\n" + rows.joined(separator: ",\n") + "\n]\n"
    }

    private static func coordinate(_ value: Double) -> String {
        let scaled = Int((value * 100_000).rounded())
        let digits = String(scaled.magnitude), padded = String(repeating: "0", count: max(0, 6 - digits.count)) + digits
        return (scaled < 0 ? "-" : "") + padded.dropLast(5) + "." + padded.suffix(5)
    }

    private static func list(_ names: [String]) -> String { "[" + names.map(JSONText.quote).joined(separator: ",") + "]" }
}
