import Testing
@testable import FoodPinCore
@testable import FoodPinModel
import FoodPinBase

@Suite struct RestaurantTests {
    private func sample() -> Restaurant {
        var facts = RestaurantFacts()
        facts.city = "Boston"
        facts.cuisines = ["Thai"]
        return Restaurant(id: 7, slug: "sala-thai", name: "Sala Thai", facts: facts, favorite: false, descriptionMarkdown: "Good.")
    }

    @Test func aChangedCopyLeavesTheOriginalAsItWas() {
        let original = sample()
        var copy = original
        copy.name = "Sala Thai II"
        copy.facts.city = "Cambridge"
        copy.reviews.append(Review(reviewer: nil, title: nil, rating: 4, date: nil, markdown: "", source: "r.md"))
        #expect((original.name, original.city, original.reviews.count) == ("Sala Thai", "Boston", 0))
        #expect((copy.name, copy.city, copy.reviews.count, copy.slug) == ("Sala Thai II", "Cambridge", 1, "sala-thai"))
        #expect(original != copy)
        #expect(original == sample())
    }

    /// A name in both would make `restaurant.name` mean one or the other by the compiler's choice.
    @Test func fieldsAndFactsNeverShareAName() throws {
        let storage = try #require(Mirror(reflecting: sample()).children.first).value
        let fields = try #require(Mirror(reflecting: storage).children.first).value
        let fieldNames = Set(Mirror(reflecting: fields).children.compactMap(\.label))
        let factNames = Set(Mirror(reflecting: RestaurantFacts()).children.compactMap(\.label))
        #expect(fieldNames.isSuperset(of: ["id", "slug", "name", "reviews"]))
        #expect(factNames.isSuperset(of: ["city", "cuisines", "hours"]))
        #expect(fieldNames.isDisjoint(with: factNames))
    }
}
