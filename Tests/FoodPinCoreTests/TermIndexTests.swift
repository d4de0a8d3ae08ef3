import Foundation
import Testing
@testable import FoodPinCore

@Suite struct TermIndexTests {
    @Test func wordsAreFoldedSplitAndCJKRunsPaired() {
        #expect(SearchWords.words("Joe’s CAFÉ – Dumplings, 2 for $5!") == ["joes", "cafe", "dumplings", "2", "for", "5"])
        #expect(SearchWords.words("桜ラーメン 新宿店") == ["桜ラ", "ラー", "ーメ", "メン", "新宿", "宿店"])
        #expect(SearchWords.words("寿 abc新宿") == ["寿", "abc", "新宿"])
        #expect(SearchWords.words("Đà Lạt ß") == ["da", "lat", "ss"])
        #expect(SearchWords.words(String(repeating: "x", count: 41) + " ok") == ["ok"])
    }

    private func restaurant(_ name: String, description: String = "", reviews: [(title: String?, text: String)] = [],
                            cuisines: [String]? = nil, city: String? = nil) -> Restaurant {
        var facts = RestaurantFacts()
        facts.cuisines = cuisines
        facts.city = city
        return Restaurant(id: nil, slug: Slug.make(name), name: name, facts: facts, favorite: false, descriptionMarkdown: description,
                          reviews: reviews.map { Review(title: $0.title, rating: 4, markdown: $0.text, source: "r.md") })
    }

    private func site(_ restaurants: [Restaurant]) -> Site {
        Site(config: SiteConfig(), restaurants: restaurants, steps: [], cities: [], cuisines: [], contentFiles: [])
    }

    /// Every term of the index with its postings decoded: term → [(position, field)].
    private func decoded(_ index: TermIndex) throws -> [String: [[Int]]] {
        var all: [String: [[Int]]] = [:]
        for shard in index.shards {
            let json = try #require(JSONSerialization.jsonObject(with: shard.json) as? [String: Any])
            let terms = try #require(json["terms"] as? [String]), postings = try #require(json["postings"] as? [[Int]])
            for (term, deltas) in zip(terms, postings) {
                var value = 0
                all[term] = deltas.map { delta in
                    value += delta
                    return [value >> 3, value & 7]
                }
            }
        }
        return all
    }

    @Test func eachWordNamesItsRestaurantsAndTheirMostTellingField() throws {
        let index = TermIndex(site([
            restaurant("Dumpling House", description: "Pork dumplings on the **rooftop**.", cuisines: ["Chinese"], city: "Boston"),
            restaurant("Rooftop Bar", reviews: [(title: "Great dumplings", text: "Cacio e pepe, and Boston's best view.")]),
        ]))
        let terms = try decoded(index)
        #expect(terms["dumpling"] == [[0, SearchField.name.rawValue]])
        #expect(terms["dumplings"] == [[0, SearchField.description.rawValue], [1, SearchField.reviewTitle.rawValue]])
        #expect(terms["rooftop"] == [[0, SearchField.description.rawValue], [1, SearchField.name.rawValue]])
        #expect(terms["boston"] == [[0, SearchField.city.rawValue]])
        #expect(terms["bostons"] == [[1, SearchField.reviewText.rawValue]])
        #expect(terms["chinese"] == [[0, SearchField.cuisine.rawValue]])
        #expect(terms["cacio"] == [[1, SearchField.reviewText.rawValue]])
        #expect(terms.count == 18)  // 9 words of the first, 11 of the second, "rooftop" and "dumplings" in both
        let manifest = try #require(JSONSerialization.jsonObject(with: index.manifest()) as? [String: Any])
        #expect(manifest["fields"] as? [String] == ["name", "cuisine", "city", "area", "description", "reviewTitle", "reviewText"])
        #expect(manifest["first"] as? [String] == ["and"])
        #expect(manifest["files"] as? [String] == [Fingerprint.hex("and".utf8, length: 10)])
    }

    @Test func searchableFieldsAreIndexedAsTheDescriptionIs() throws {
        var facts = RestaurantFacts()
        facts.phone = "617 555 0100"
        let searchable = [RestaurantField("phone", .text(\.phone), searchable: true)]
        let terms = try decoded(TermIndex(site([Restaurant(id: nil, slug: "a", name: "A", facts: facts, favorite: false,
                                                           descriptionMarkdown: "")]), searchable: searchable))
        #expect(terms["0100"] == [[0, SearchField.description.rawValue]])
        #expect(try decoded(TermIndex(site([Restaurant(id: nil, slug: "a", name: "A", facts: facts, favorite: false,
                                                       descriptionMarkdown: "")])))["0100"] == nil)
    }

    /// Three thousand restaurants with words of their own and shared ones, over many shards.
    private func bigGuide(editing edited: Int? = nil) -> Site {
        site((0..<3000).map { number in
            let own = "dish\(number) place\(number * 7 % 1000) street\(number % 97)"
            return restaurant("Restaurant \(number)", description: own + (number == edited ? " saffron" : ""),
                              reviews: [(title: nil, text: "word\(number % 211) taste\(number % 13) and more")])
        })
    }

    @Test func shardsAreSortedAndAnEditRewritesOnlyTheShardsOfItsWords() throws {
        let before = TermIndex(bigGuide()), after = TermIndex(bigGuide(editing: 1234))
        #expect(before.shards.count >= 8)
        let firsts = before.shards.map(\.first)
        #expect(firsts == firsts.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) })
        #expect(Set(firsts).count == firsts.count)
        // "saffron" is new to one restaurant: only the shard it falls in changes; every other
        // shard keeps its name and bytes.
        let changed = zip(before.shards, after.shards).filter { $0.digest != $1.digest }
        #expect(before.shards.map(\.name) == after.shards.map(\.name))
        #expect(changed.count == 1)
        #expect(try decoded(after)["saffron"] == [[1234, SearchField.description.rawValue]])
        #expect(try decoded(before)["dish1234"] == [[1234, SearchField.description.rawValue]])
    }

    @Test func anIndexPatchedWithTheChangedRestaurantsEqualsOneMadeWhole() throws {
        let before = bigGuide(), after = bigGuide(editing: 1234)
        var terms = before.restaurants.map { SearchWords.terms(of: $0) }
        var patched = TermIndex(terms: terms)
        // Restaurant 7 loses its own words and gets others, 1234 a new one ("saffron"), 99 is the same.
        var edited = after.restaurants
        edited[7] = restaurant("Restaurant 7", description: "place49 brand new words", reviews: [(title: "Fresh", text: "Street7")])
        let changes = [7, 99, 1234].map { ($0, terms[$0], SearchWords.terms(of: edited[$0])) }
        for (position, _, new) in changes { terms[position] = new }
        patched.replace(changes)
        let whole = TermIndex(terms: terms)
        #expect(patched.shards.map(\.name) == whole.shards.map(\.name))
        #expect(patched.shards.map(\.json) == whole.shards.map(\.json))
        #expect(patched.manifest() == whole.manifest())
        let decodedTerms = try decoded(patched)
        #expect(decodedTerms["dish7"] == nil)  // restaurant 7 was its only one
        #expect(decodedTerms["street7"]?.first == [7, SearchField.reviewText.rawValue])  // was the description's
        #expect(decodedTerms["street7"]?.count == 31)
        #expect(decodedTerms["brand"] == [[7, SearchField.description.rawValue]])
    }
}
