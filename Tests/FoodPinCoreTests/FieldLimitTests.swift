import Foundation
import Testing
@testable import FoodPinCore
@testable import FoodPinModel
import FoodPinBase

/// Every field has a maximum (docs/limits.md: "Limits"): past it a warning at the value and the text cut,
/// or, for a URL, an error; never a failure without a place.
@Suite struct FieldLimitTests {
    private func restaurant(_ frontMatter: String) -> (RestaurantSource?, [String]) {
        switch FrontMatter.parse("---\n" + frontMatter + "---\nText.\n", path: "r.md") {
        case .failure(let diagnostic): return (nil, [diagnostic.description])
        case .success(let document):
            let (source, diagnostics) = RestaurantSource.parse(document, path: "r.md")
            return (source, diagnostics.map(\.description))
        }
    }

    @Test func aLongNameIsCutWithAWarningAtIt() throws {
        let (source, messages) = restaurant("city: Boston\nname: \(String(repeating: "é", count: 250))\n")
        #expect(messages == ["r.md:3:7: warning: `name` is 250 characters long, over the limit of 200; it was cut to the first 200"])
        #expect(source?.name == String(repeating: "é", count: 200))
    }

    @Test func aLongAddressIsCutAtTheTextLimit() throws {
        let (source, messages) = restaurant("name: A\naddress: \(String(repeating: "1 Main St ", count: 120))\n")
        #expect(messages == ["r.md:3:10: warning: `address` is 1199 characters long, over the limit of 1000; it was cut to the first 1000"])
        #expect(source?.facts.address?.count == 1000)
    }

    @Test func aTooLongURLIsAnError() {
        let url = "https://example.org/" + String(repeating: "a", count: 2_000)
        let (source, messages) = restaurant("name: A\nreserve_url: \(url)\n")
        #expect(source == nil)
        #expect(messages == ["r.md:3:14: error: `reserve_url` is 2020 characters long, over the limit of 2000 for a URL"])
    }

    @Test func aListKeepsItsFirstFiftyNamesEachWithinTheNameLimit() throws {
        let names = (1...60).map { "Dish \($0)" }.joined(separator: ", ")
        let (source, messages) = restaurant("name: A\ncuisines: [\(names)]\n")
        #expect(messages == ["r.md:3:11: warning: `cuisines` lists 60 different names, over the limit of 50; the first 50 are kept"])
        #expect(source?.facts.cuisines?.count == 50)
        #expect(source?.facts.cuisines?.last == "Dish 50")
        // Counted once repeats are gone: 60 names, 40 of them different, fit.
        let repeated = (1...60).map { "Dish \($0 % 40)" }.joined(separator: ", ")
        let (forty, none) = restaurant("name: A\ncuisines: [\(repeated)]\n")
        #expect(none.isEmpty)
        #expect(forty?.facts.cuisines?.count == 40)
        let long = String(repeating: "x", count: 201)
        let (one, cut) = restaurant("name: A\ncuisines: Thai, \(long)\n")
        #expect(cut == ["r.md:3:11: warning: `cuisines` is 201 characters long, over the limit of 200; it was cut to the first 200"])
        #expect(one?.facts.cuisines == ["Thai", String(repeating: "x", count: 200)])
    }

    /// Counted in scalars: a letter with a thousand combining marks is a thousand long, not one.
    @Test func combiningMarksCountTowardTheLimit() throws {
        let (source, messages) = restaurant("name: a\(String(repeating: "\u{301}", count: 1_000))\n")
        #expect(messages == ["r.md:2:7: warning: `name` is 1001 characters long, over the limit of 200; it was cut to the first 200"])
        #expect(source?.name?.unicodeScalars.count == 200)
    }

    @Test func aSiteURLOverTheLimitIsAnError() throws {
        let guide = try TestGuide(siteYAML: "title: T\ncontribute_url: https://example.org/\(String(repeating: "a", count: 2_000))\n")
        let errors = try guide.build().diagnostics.filter { $0.severity == .error }.map(\.description)
        #expect(errors == ["\(guide.root.path)/Content/site.yml:2:17: error: `contribute_url` is 2020 characters long, over the limit of 2000 for a URL"])
    }

    @Test func aCityRecordKeepsFiftyCuisinesAndNoHugeUnknownValue() {
        let cuisines = (1...55).map { "\"Dish \($0)\"" }.joined(separator: ", ")
        let blob = String(repeating: "z", count: 10_001)
        let file = CityFile.parse(Array(#"[{"id": 1, "name": "A", "cuisines": [\#(cuisines)], "notes": "\#(blob)"}]"#.utf8), displayPath: "city.json")
        #expect(file.diagnostics.map(\.description) == [
            "city.json:1:37: warning: `cuisines` lists 55 different names, over the limit of 50; the first 50 are kept",
            "city.json:1:644: warning: `notes` is 10003 bytes of JSON, over the limit of 10000 for a field FoodPin does not use; it is left out",
        ])
        #expect(file.records.first?.record.facts.cuisines?.count == 50)
        #expect(file.records.first?.record.extra["notes"] == nil)
    }

    @Test func aMegabyteOfFrontMatterIsRefusedAtTheFence() {
        let lines = (0..<20_000).map { "field\($0): \(String(repeating: "v", count: 40))\n" }.joined()
        let (_, messages) = restaurant("name: A\n" + lines)
        #expect(messages == ["""
            r.md:1:1: error: the front matter is 1048898 bytes long, over the limit of 65536
                hint: keep long text in the Markdown after the closing ---
            """])
    }

    @Test func aCityFileCutsLongTextAndLeavesOutALongURL() {
        let name = String(repeating: "N", count: 201)
        let url = "https://example.org/" + String(repeating: "a", count: 2_000)
        let file = CityFile.parse(Array(#"[{"id": 1, "name": "\#(name)", "reserve_url": "\#(url)"}]"#.utf8), displayPath: "city.json")
        #expect(file.diagnostics.map(\.description) == [
            "city.json:1:20: warning: `name` is 201 characters long, over the limit of 200; it was cut to the first 200",
            "city.json:1:240: warning: `reserve_url` is 2020 characters long, over the limit of 2000 for a URL; it is left out",
        ])
        #expect(file.records.first?.record.name == String(repeating: "N", count: 200))
        #expect(file.records.first?.record.facts.reserveURL == nil)
    }
}
