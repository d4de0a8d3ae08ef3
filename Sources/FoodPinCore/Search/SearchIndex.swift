import Foundation

/// The client-side search index: `search.json` holds what matching and filtering need for every
/// restaurant; `search/N.json` shards hold what only shown results need (page path, thumbnail),
/// so the first query downloads little even for a large guide. The format is in the README.
enum SearchIndex {
    static let shardSize = 500

    static func shardCount(_ site: Site) -> Int { (site.restaurants.count + shardSize - 1) / shardSize }

    static func primary(_ site: Site) -> String {
        let cities = facet(site.cities), cuisines = facet(site.cuisines)
        var areaIndex: [String: Int] = [:]
        var areas: [String] = []
        for restaurant in site.restaurants {
            if let area = restaurant.area, areaIndex[area] == nil {
                areaIndex[area] = areas.count
                areas.append(area)
            }
        }
        var rows: [String] = []
        rows.reserveCapacity(site.restaurants.count)
        for restaurant in site.restaurants {
            let cuisineIDs = restaurant.cuisines.compactMap { cuisines.index[Slug.make($0)] }
            let city = restaurant.city.flatMap { cities.index[Slug.make($0)] }.map(String.init) ?? "-1"
            let area = restaurant.area.flatMap { areaIndex[$0] }.map(String.init) ?? "-1"
            let rating = restaurant.averageRating.map { String(Int(($0 * 10).rounded())) } ?? "0"
            rows.append("[\(JSONText.quote(restaurant.name)),[\(cuisineIDs.map(String.init).joined(separator: ","))],\(city),\(area),"
                        + "\(restaurant.price ?? 0),\(rating),\(restaurant.reviews.count),\(restaurant.favorite ? 1 : 0)]")
        }
        return """
        {"version":1,"count":\(site.restaurants.count),"shardSize":\(shardSize),\
        "fields":["name","cuisines","city","area","price","rating","reviews","favorite"],\
        "cities":\(list(cities.names)),"cuisines":\(list(cuisines.names)),"areas":\(list(areas)),
        "restaurants":[
        \(rows.joined(separator: ",\n"))
        ]}

        """
    }

    /// Shard `number`: `[path, thumbnail]` for restaurants `number * shardSize ..<` in list order.
    static func shard(_ site: Site, number: Int, imageURL: (Restaurant) -> String?) -> String {
        let start = number * shardSize
        let rows = site.restaurants[start..<min(start + shardSize, site.restaurants.count)].map { restaurant in
            "[\(JSONText.quote(restaurant.path)),\(imageURL(restaurant).map(JSONText.quote) ?? "null")]"
        }
        return "[\n" + rows.joined(separator: ",\n") + "\n]\n"
    }

    private static func facet(_ groups: [BrowseGroup]) -> (names: [String], index: [String: Int]) {
        var index: [String: Int] = [:]
        for (position, group) in groups.enumerated() { index[group.slug] = position }
        return (groups.map(\.name), index)
    }

    private static func list(_ names: [String]) -> String { "[" + names.map(JSONText.quote).joined(separator: ",") + "]" }
}
