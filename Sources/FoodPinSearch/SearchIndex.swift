import Foundation
import FoodPinBase
import FoodPinModel

/// The client-side search data besides the words (`TermIndex`), in parts a query fetches only as
/// it needs them: `search.json`, small at any size, names the cities and cuisines the filters
/// offer; `search/attributes/<n>.json` hold what sorts and "open now" read, for `attributeSize`
/// restaurants each; `search/<n>.json` hold list cards, `shardSize` each. The format is in docs/site.md.
package enum SearchIndex {
    /// Where the shards of cards are published: `search/<n>.json`.
    package static let shardFolder = "search"
    /// Small shards: the first page of a word's results often lies in as many shards as results. At
    /// 10,000 restaurants 24 shards of 100 cards were 80 kB gzipped, of 25 cards 30 kB.
    package static let shardSize = 25
    package static let attributeFolder = "search/attributes"
    /// A sort or "open now" over a query's matches fetches the parts they are in: 1,000
    /// restaurants' attributes are 1.3–1.4 kB gzipped in the benchmark guides (no places or hours).
    package static let attributeSize = 1000

    package static func shardCount(_ site: Site) -> Int { parts(site, size: shardSize) }
    package static func attributeCount(_ site: Site) -> Int { parts(site, size: attributeSize) }

    /// The restaurants (by index, in list order) in card shard `number`.
    package static func shardRange(_ number: Int, of site: Site) -> Range<Int> { range(number, size: shardSize, site) }
    package static func attributeRange(_ number: Int, of site: Site) -> Range<Int> { range(number, size: attributeSize, site) }

    /// `search.json`: how many restaurants, how the parts are cut, the cities and cuisines by
    /// number with the slugs their filter terms name (`SearchWords.filterTerm`), and whether any
    /// restaurant has opening hours ("Open now" is offered then).
    package static func manifest(_ site: Site) -> Data {
        let text = "{\"version\":5,\"count\":\(site.restaurants.count),\"shardSize\":\(shardSize),"
            + "\"attributeSize\":\(attributeSize),\"hours\":\(hasHours(site)),\n"
            + "\"cities\":" + JSONText.list(site.cities.map(\.name)) + ",\n"
            + "\"citySlugs\":" + JSONText.list(site.cities.map(\.slug)) + ",\n"
            + "\"cuisines\":" + JSONText.list(site.cuisines.map(\.name)) + ",\n"
            + "\"cuisineSlugs\":" + JSONText.list(site.cuisines.map(\.slug)) + "}\n"
        return Data(text.utf8)
    }

    package static func hasHours(_ site: Site) -> Bool { site.restaurants.contains { $0.hours != nil } }

    /// Attribute part `number`: a column per attribute for its restaurants, in list order. The
    /// city, cuisine, price and favourites filters read terms instead (`SearchWords.filterTerm`).
    package static func attributes(_ site: Site, number: Int) -> Data {
        let range = attributeRange(number, of: site), restaurants = site.restaurants
        func column(_ key: String, _ value: (Int) -> String) -> String {
            "\"" + key + "\":[" + range.map(value).joined(separator: ",") + "]"
        }
        // Both coordinates or neither, to five decimals: about a metre, plenty for "near me".
        func place(_ position: Int) -> (lat: Double, lon: Double)? {
            guard let lat = restaurants[position].lat, let lon = restaurants[position].long else { return nil }
            return (lat, lon)
        }
        let columns = [
            column("price") { String(restaurants[$0].price ?? 0) },
            column("rating") { String(restaurants[$0].ratingTenths ?? 0) },
            column("reviews") { String(restaurants[$0].reviews.count) },
            column("lat") { place($0).map { coordinate($0.lat) } ?? "null" },
            column("lon") { place($0).map { coordinate($0.lon) } ?? "null" },
            column("hours") { restaurants[$0].hours.map { JSONText.quote($0.compact) } ?? "null" },
        ]
        return Data(("{\"first\":\(range.lowerBound),\n" + columns.joined(separator: ",\n") + "}\n").utf8)
    }

    /// Shard `number`: the list card of restaurants `number * shardSize ..<`, in list order, as HTML
    /// linked from the site root. Search results are these very cards.
    package static func shard(_ site: Site, number: Int, card: (Int) -> String) -> String {
        let rows = shardRange(number, of: site).map { JSONText.quote(card($0)) }
        return "[\n" + rows.joined(separator: ",\n") + "\n]\n"
    }

    private static func parts(_ site: Site, size: Int) -> Int { (site.restaurants.count + size - 1) / size }

    private static func range(_ number: Int, size: Int, _ site: Site) -> Range<Int> {
        number * size..<min((number + 1) * size, site.restaurants.count)
    }

    private static func coordinate(_ value: Double) -> String {
        let scaled = Int((value * 100_000).rounded())
        let digits = String(scaled.magnitude), padded = String(repeating: "0", count: max(0, 6 - digits.count)) + digits
        return (scaled < 0 ? "-" : "") + padded.dropLast(5) + "." + padded.suffix(5)
    }
}
