import Foundation
import Testing
@testable import FoodPinCore

@Suite struct SearchIndexTests {
    @Test func theIndexListsEveryRestaurantInListOrderWithItsShard() throws {
        let guide = try TestGuide(siteYAML: "title: T\n")
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
        let shard = try #require(JSONSerialization.jsonObject(
            with: Data(try guide.page("search/\(position / shardSize).json").utf8)) as? [[Any]])
        let row = shard[position % shardSize]
        #expect(row[0] as? String == "restaurants/sakura/")
        #expect(row[1] as? String == "images/r.svg")
        #expect(row[2] as? Int == 45 && row[3] as? Int == 2)
        let first = try #require(JSONSerialization.jsonObject(with: Data(try guide.page("search/0.json").utf8)) as? [[Any]])
        #expect((first[0][0] as? String)?.hasPrefix("restaurants/") == true)
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
