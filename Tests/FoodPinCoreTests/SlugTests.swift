import Testing
@testable import FoodPinCore
@testable import FoodPinModel
import FoodPinBase

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

    /// The same text and result as the browser test of the search script's folding, which uses this
    /// table as the strings script carries it.
    @Test func lettersThatAreNotAnAccentedLetterFoldByTheTable() {
        #expect(Slug.fold("Đà Lạt – Þórsmörk “Ðiner” Iıi") == "da lat - thorsmork \"diner\" iii")
        #expect(ThemeStrings.english.script.contains(ThemeStrings.foldLettersScript))
        #expect(ThemeStrings.foldLettersScript.contains(#""đ":"d""#))
    }

    @Test func foldingIsCaseAndAccentInsensitive() {
        #expect(Slug.fold("CAFÉ") == Slug.fold("cafe"))
        #expect(Slug.fold("SKÁL") == "skal")
    }

    @Test func longNamesAreCappedToAFolderNameEveryFileSystemTakes() {
        #expect(Slug.make(String(repeating: "pizza ", count: 1000)) == String(String(repeating: "pizza-", count: 17).dropLast(2)))
        #expect(Slug.make(String(repeating: "pizza ", count: 1000)).utf8.count == 100)
        let chinese = Slug.make(String(repeating: "桜", count: 100))
        #expect(chinese == String(repeating: "桜", count: 33))
        #expect(chinese.utf8.count == 99)
    }
}
