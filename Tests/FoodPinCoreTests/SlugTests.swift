import Testing
@testable import FoodPinCore

@Suite struct SlugTests {
    @Test func foldsAccentsAndPunctuation() {
        #expect(Slug.make("Café Ba-Ba-Reeba") == "cafe-ba-ba-reeba")
        #expect(Slug.make("Elephant Walk, The - Boston") == "elephant-walk-the-boston")
        #expect(Slug.make("The Terrace Rooftop  Bar  Restaurant") == "the-terrace-rooftop-bar-restaurant")
        #expect(Slug.make("Joe’s Diner") == "joes-diner")
        #expect(Slug.make("SKÁL") == "skal")
        #expect(Slug.make("Smørrebrød & Co") == "smorrebrod-co")
    }

    @Test func keepsLettersWithoutALatinForm() {
        #expect(Slug.make("桜ラーメン") == "桜ラーメン")
        #expect(Slug.make("!!!") == "restaurant")
    }

    @Test func foldingIsCaseAndAccentInsensitive() {
        #expect(Slug.fold("CAFÉ") == Slug.fold("cafe"))
        #expect(Slug.fold("SKÁL") == "skal")
    }
}
