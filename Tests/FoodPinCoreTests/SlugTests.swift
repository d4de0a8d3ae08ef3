import Testing
@testable import FoodPinCore

@Suite struct SlugTests {
    @Test func foldsAccentsAndPunctuation() {
        #expect(Slug.make("Café Ba-Ba-Reeba") == "cafe-ba-ba-reeba")
        #expect(Slug.make("Elephant Walk, The - Boston") == "elephant-walk-the-boston")
        #expect(Slug.make("The Terrace Rooftop  Bar  Restaurant") == "the-terrace-rooftop-bar-restaurant")
        #expect(Slug.make("Joe’s Diner") == "joes-diner")
        #expect(Slug.make("SKÁL") == "skal")
    }
}
