import Foundation
import Testing
@testable import FoodPinCore
@testable import FoodPinSearch
import FoodPinBase

@Suite struct SearchIndexTests {
    @Test func theIndexListsEveryRestaurantInListOrderWithItsShard() throws {
        let guide = try TestGuide(siteYAML: "title: T\npage_size: 200\n")
        try guide.addSampleCities()
        try guide.write("Content/restaurants/sakura.md", "---\nname: 桜ラーメン\ncuisines: [Ramen]\ncity: Tokyo\nfavorite: true\nimage: images/r.svg\n---\n")
        try guide.write("Content/images/r.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        try guide.write("Content/reviews/a.md", "---\nrestaurant: sakura\nrating: 4\n---\n")
        try guide.write("Content/reviews/b.md", "---\nrestaurant: sakura\nrating: 5\n---\n")
        try guide.build(baseURL: "https://example.org/guide/")

        func json(_ path: String) throws -> [String: Any] {
            try #require(JSONSerialization.jsonObject(with: Data(try guide.page(path).utf8)) as? [String: Any])
        }
        let index = try json("search.json")
        #expect(index["count"] as? Int == 101)
        #expect(index["attributeSize"] as? Int == 1000)
        #expect(index["hours"] as? Bool == false)
        // The one part of attributes: a column per attribute, a value per restaurant.
        let part = try json("search/attributes/0.json")
        #expect(part["first"] as? Int == 0)
        for column in ["price", "rating", "reviews", "lat", "lon", "hours"] {
            #expect((part[column] as? [Any])?.count == 101, "column \(column)")
        }
        // 桜ラーメン's place in the list, as My guide finds it: the one posting of its slug's term.
        let bounds = try #require(try json("search/terms.json")["bounds"] as? [String])
        var postings: [String: [Int]] = [:]
        for bound in bounds {
            let shard = try json("search/terms/\(bound.utf8.map { String(format: "%02x", $0) }.joined()).json")
            let terms = try #require(shard["terms"] as? [String]), lists = try #require(shard["postings"] as? [[Int]])
            for (term, list) in zip(terms, lists) { postings[term] = list }
        }
        #expect(postings["/sakura"] == [100 << 3])  // CJK sorts after the Latin names
        // The city and cuisine filters read terms named by the slugs search.json lists.
        #expect(index["citySlugs"] as? [String] == ["boston", "chicago", "new-york", "san-francisco", "tokyo"])
        let cuisines = try #require(index["cuisines"] as? [String]), cuisineSlugs = try #require(index["cuisineSlugs"] as? [String])
        #expect(cuisines.count == cuisineSlugs.count)
        for (name, slug) in [("Ramen", "ramen"), ("Prime Rib", "prime-rib"), ("South American", "south-american")] {
            #expect(cuisines.firstIndex(of: name).map { cuisineSlugs[$0] } == slug)
        }
        #expect(postings["#city tokyo"] == [100 << 3 | SearchField.city.rawValue])
        #expect(postings["#cuisine ramen"] == [100 << 3 | SearchField.cuisine.rawValue])
        #expect(postings["#price 1"] == nil)  // 桜ラーメン has no price
        #expect(postings["#favorite"] == [100 << 3 | SearchField.description.rawValue])
        #expect(part["rating"].flatMap { $0 as? [Int] }?[100] == 45)
        #expect(part["reviews"].flatMap { $0 as? [Int] }?[100] == 2)
        #expect(index["cities"] as? [String] == ["Boston", "Chicago", "New York", "San Francisco", "Tokyo"])

        let shardSize = try #require(index["shardSize"] as? Int)
        // A result is the list's own card, exactly as the list page (at the site root) shows it.
        let shard = try #require(JSONSerialization.jsonObject(
            with: Data(try guide.page("search/\(100 / shardSize).json").utf8)) as? [String])
        #expect(shard.count == 1)  // the first of the second shard
        let card = shard[100 % shardSize]
        #expect(card == """
            <li class="card" data-slug="sakura"><article>
            <div class="card-picture"><img src="images/r.svg" alt="Photo of 桜ラーメン" width="480" height="320" loading="lazy" decoding="async"><span class="pin"><span class="visually-hidden">Editor’s favourite</span></span></div>
            <div class="card-body">
            <h2 class="card-title"><a href="restaurants/sakura/">桜ラーメン</a></h2>
            <p class="cuisines">Ramen</p>
            <p class="meta"><span class="place">Tokyo</span> </p>
            <p class="rating"><span class="stars stars-9" role="img" aria-label="Rated 4.5 out of 5"></span> <span class="rating-value">4.5</span> <span class="review-count">(2 reviews)</span></p>
            </div>
            </article></li>

            """)
        #expect(card.utf8.count <= 700)
        #expect(try guide.page("index.html").contains(card))
    }

    @Test func cityNamesAreEscapedForJSONAndHTML() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/x.md", "---\nname: X\ncity: \"</script><b>\\\"x\\\"\"\n---\n")
        try guide.build()
        let text = try guide.page("search.json")
        #expect(!text.contains("</script>"))
        let index = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(index["cities"] as? [String] == ["</script><b>\"x\""])
    }
}
