import Foundation
import GRDB
import Testing
@testable import FoodPinCore

@Suite struct StoreTests {
    private func cityFile(_ guide: TestGuide, _ name: String, _ json: String) throws -> URL {
        try guide.write(name, json)
        return guide.root.appending(path: name)
    }

    @Test func importingTwiceAddsNothing() throws {
        let guide = try TestGuide()
        let store = try GuideStore(url: guide.layout.store)
        let files = ["Boston", "Chicago"].map { Fixtures.cities.appending(path: "\($0).json") }
        let first = try store.importFiles(files, layout: guide.layout).imports
        #expect(first.map(\.counts.added) == [25, 25])
        let second = try store.importFiles(files, layout: guide.layout).imports
        #expect(second.map(\.counts.added) == [0, 0])
        #expect(second.map(\.counts.unchanged) == [25, 25])
        #expect(try store.allRestaurants().count == 50)
    }

    @Test func anEditedFileUpdatesOnlyWhatChanged() throws {
        let guide = try TestGuide()
        let store = try GuideStore(url: guide.layout.store)
        let url = try cityFile(guide, "a.json", "[{\"id\": 1, \"name\": \"One\"}, {\"id\": 2, \"name\": \"Two\"}]")
        _ = try store.importFiles([url], layout: guide.layout)
        _ = try cityFile(guide, "a.json", "[{\"id\": 1, \"name\": \"One\"}, {\"id\": 2, \"name\": \"Two!\"}, {\"id\": 3, \"name\": \"Three\"}]")
        let counts = try #require(try store.importFiles([url], layout: guide.layout).imports.first?.counts)
        #expect(counts.added == 1 && counts.updated == 1 && counts.unchanged == 1)
        #expect(try store.allRestaurants().map(\.name) == ["One", "Two!", "Three"])
    }

    @Test func aBrokenFileImportsNothingAndKeepsTheStore() throws {
        let guide = try TestGuide()
        let store = try GuideStore(url: guide.layout.store)
        let good = try cityFile(guide, "good.json", "[{\"id\": 1, \"name\": \"One\"}]")
        let bad = try cityFile(guide, "bad.json", "[{\"id\": 2, \"name\": \"Two\"},")
        let (imports, diagnostics) = try store.importFiles([good, bad], layout: guide.layout)
        #expect(imports.isEmpty)
        #expect(diagnostics.contains { $0.severity == .error && $0.location.path.hasSuffix("bad.json") })
        #expect(try store.allRestaurants().isEmpty)
    }

    @Test func removedRestaurantsStayRemovedAndFavoritesSurviveImports() throws {
        let guide = try TestGuide()
        let store = try GuideStore(url: guide.layout.store)
        let url = Fixtures.cities.appending(path: "Boston.json")
        _ = try store.importFiles([url], layout: guide.layout)
        #expect(try store.remove(id: 28066)?.name == "o ya")
        #expect(try store.setFavorite(id: 145237, true)?.favorite == true)
        let counts = try #require(try store.importFiles([url], layout: guide.layout).imports.first?.counts)
        #expect(counts.keptRemoved == 1 && counts.added == 0)
        let all = try store.allRestaurants()
        #expect(!all.contains { $0.id == 28066 })
        #expect(all.first { $0.id == 145237 }?.favorite == true)
        #expect(try store.remove(id: 999_999_999) == nil)
    }

    @Test func exportThenImportGivesTheSameStore() throws {
        let guide = try TestGuide()
        let store = try GuideStore(url: guide.layout.store)
        let files = ["Boston", "Chicago", "New York", "San Francisco"].map { Fixtures.cities.appending(path: "\($0).json") }
        _ = try store.importFiles(files, layout: guide.layout)
        _ = try store.setFavorite(id: 1162, true)
        let original = try store.allRestaurants()
        let exported = try cityFile(guide, "export.json", StoreExport.json(original))

        let copy = try TestGuide()
        let other = try GuideStore(url: copy.layout.store)
        let counts = try #require(try other.importFiles([exported], layout: copy.layout).imports.first?.counts)
        #expect(counts.added == original.count && counts.rejected == 0)
        #expect(try other.allRestaurants() == original)
    }

    @Test func aFileThatIsNotADatabaseGivesAClearError() throws {
        let guide = try TestGuide()
        try guide.write("Content/guide.sqlite", String(repeating: "not sqlite at all ", count: 100))
        do {
            _ = try GuideStore(url: guide.layout.store)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("guide.sqlite: error:"))
        }
    }
}
