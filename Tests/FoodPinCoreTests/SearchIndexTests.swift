import Foundation
import Testing
@testable import FoodPinCore

@Suite struct SearchIndexTests {
    @Test func theIndexListsEveryRestaurantInListOrderWithItsShard() throws {
        let guide = try TestGuide(siteYAML: "title: T\npage_size: 200\n")
        try guide.addSampleCities()
        try guide.write("Content/restaurants/sakura.md", "---\nname: 桜ラーメン\ncuisines: [Ramen]\ncity: Tokyo\nfavorite: true\nimage: images/r.svg\n---\n")
        try guide.write("Content/images/r.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        try guide.write("Content/reviews/a.md", "---\nrestaurant: sakura\nrating: 4\n---\n")
        try guide.write("Content/reviews/b.md", "---\nrestaurant: sakura\nrating: 5\n---\n")
        try guide.build(baseURL: "https://example.org/guide/")

        let index = try #require(JSONSerialization.jsonObject(with: Data(try guide.page("search.json").utf8)) as? [String: Any])
        let names = try #require(index["name"] as? [String])
        #expect(index["count"] as? Int == 101)
        #expect(names.count == 101)
        #expect(names.map { Slug.fold($0) } == names.map { Slug.fold($0) }.sorted())
        for column in ["cuisine", "city", "area", "price"] {
            #expect((index[column] as? [Any])?.count == 101, "column \(column)")
        }
        let position = try #require(names.firstIndex(of: "桜ラーメン"))
        #expect(index["favorites"] as? [Int] == [position])
        let cities = try #require(index["cities"] as? [String])
        #expect(cities[(index["city"] as! [Int])[position]] == "Tokyo")
        let cuisines = try #require(index["cuisines"] as? [String])
        #expect((index["cuisine"] as! [[Int]])[position].map { cuisines[$0] } == ["Ramen"])

        let shardSize = try #require(index["shardSize"] as? Int)
        // A result is the list's own card, exactly as the list page (at the site root) shows it.
        let shard = try #require(JSONSerialization.jsonObject(
            with: Data(try guide.page("search/\(position / shardSize).json").utf8)) as? [String])
        #expect(position == 100)  // CJK sorts after the Latin names: the first of the second shard
        #expect(shard.count == 1)
        let card = shard[position % shardSize]
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

    @Test func namesAreEscapedForJSONAndHTML() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/x.md", "---\nname: \"</script><b>\\\"x\\\"\"\n---\n")
        try guide.build()
        let text = try guide.page("search.json")
        #expect(!text.contains("</script>"))
        let index = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(index["name"] as? [String] == ["</script><b>\"x\""])
    }
}
