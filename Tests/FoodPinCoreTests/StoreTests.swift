import Foundation
import GRDB
import Testing
@testable import FoodPinCore
@testable import FoodPinModel
import FoodPinBase

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

/// A SQLite file at the store's place that is not FoodPin's, or is a newer FoodPin's, is refused
/// with its name and left byte for byte as it was.
@Suite struct StoreOwnershipTests {
    private func expectRefused(_ guide: TestGuide, saying words: String) throws {
        let before = try Data(contentsOf: guide.layout.store)
        for copy in [false, true] {
            do throws(FoodPinError) {
                _ = copy ? try GuideStore(copyOf: guide.layout.store) : try GuideStore(url: guide.layout.store)
                Issue.record("expected the store to be refused")
            } catch {
                #expect(error.description.hasPrefix(guide.layout.store.path + ": error: " + words), "\(error)")
            }
        }
        #expect(throws: FoodPinError.self) { try guide.build() }
        #expect(try Data(contentsOf: guide.layout.store) == before)
        #expect(!guide.exists("index.html"))
    }

    @Test func anotherProgramsDatabaseIsRefusedAndLeftUntouched() throws {
        let guide = try TestGuide()
        try guide.addSampleCities(["Boston"])
        try DatabaseQueue(path: guide.layout.store.path).write { db in
            try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('mine')")
        }
        try expectRefused(guide, saying: "this SQLite file is not a FoodPin store: it holds tables FoodPin did not make (notes); it is left untouched")
    }

    @Test func aDatabaseMarkedByAnotherProgramIsRefused() throws {
        let guide = try TestGuide()
        try DatabaseQueue(path: guide.layout.store.path).write { db in
            try db.execute(sql: "PRAGMA application_id = \(0x4750_4B47)")  // "GPKG": a GeoPackage
        }
        try expectRefused(guide, saying: "this SQLite file is not a FoodPin store: another program marked it as its own (application id 0x47504B47); it is left untouched")
    }

    @Test func aStoreWrittenByANewerFoodPinIsRefused() throws {
        let guide = try TestGuide()
        try guide.addSampleCities(["Boston"])
        try guide.build()
        try DatabaseQueue(path: guide.layout.store.path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9: a table from the future')")
        }
        try guide.remove("Output")
        try expectRefused(guide, saying: "the store was written by a newer FoodPin; this one does not know its schema and leaves it untouched")
    }

    @Test func anOlderUnmarkedStoreIsKeptAndMarked() throws {
        let guide = try TestGuide()
        try guide.addSampleCities(["Boston"])
        try guide.build()
        let before = try GuideStore(url: guide.layout.store).allRestaurants()
        let queue = try DatabaseQueue(path: guide.layout.store.path)
        try queue.write { db in try db.execute(sql: "PRAGMA application_id = 0") }
        #expect(try GuideStore(url: guide.layout.store).allRestaurants() == before)
        #expect(before.count == (try Fixtures.records("Boston")).count)
        #expect(try queue.read { db in try Int32.fetchOne(db, sql: "PRAGMA application_id") } == StoreOwnership.applicationID)
    }
}

/// City files in Content/cities/ own their records together: none is lost while a file lists it.
@Suite struct CityOwnershipTests {
    private func records(_ guide: TestGuide) throws -> [RestaurantRecord] { try GuideStore(copyOf: guide.layout.store).allRestaurants() }

    private func copy(_ guide: TestGuide, _ from: String, _ to: String) throws {
        try FileManager.default.copyItem(at: guide.root.appending(path: from), to: guide.root.appending(path: to))
    }

    @Test func deletingACopyKeepsTheRecordsTheOriginalStillLists() throws {
        let guide = try TestGuide()
        try guide.addSampleCities(["Boston"])
        try copy(guide, "Content/cities/Boston.json", "Content/cities/Boston copy.json")
        try guide.build()
        try guide.remove("Content/cities/Boston copy.json")
        let report = try guide.build()
        #expect(report.sync.deleted == 0)
        #expect(report.restaurants == 25)
        #expect(Set(try records(guide).map(\.source)) == ["cities/Boston.json"])
    }

    @Test func twoFilesGivingOneIdDifferentValuesKeepTheFirstByNameWithAWarning() throws {
        let guide = try TestGuide()
        try guide.write("Content/cities/A.json", #"[{"id": 7, "name": "Seven"}]"#)
        // A copy with the same values is no conflict.
        try copy(guide, "Content/cities/A.json", "Content/cities/A copy.json")
        #expect(try guide.build().diagnostics.isEmpty)
        let conflict = """
            \(guide.root.path)/Content/cities/B.json:3:3: warning: id 7 is also listed by cities/A.json, with other values; that file comes first by name, so its values are kept and these are not used
                hint: give one of them another id, or keep the restaurant in one file
            """
        try guide.write("Content/cities/B.json", "[\n  {\"id\": 8, \"name\": \"Eight\"},\n  {\"id\": 7, \"name\": \"Seven Again\"}\n]")
        #expect(try guide.build().diagnostics.map(\.description) == [conflict])
        #expect(try records(guide).map(\.name) == ["Seven", "Eight"])
        // Whichever file changes last, the first by name keeps the record.
        try guide.write("Content/cities/B.json", "[\n  {\"id\": 8, \"name\": \"Eight\"},\n  {\"id\": 7, \"name\": \"Seven, Again\"}\n]")
        #expect(try guide.build().diagnostics.map(\.description) == [conflict])
        #expect(try records(guide).map(\.name) == ["Seven", "Eight"])
    }

    @Test func anImportOverridesACityFileWithAWarning() throws {
        let guide = try TestGuide()
        try guide.write("Content/cities/A.json", #"[{"id": 7, "name": "Seven"}]"#)
        try guide.build()
        try guide.write("update.json", #"[{"id": 7, "name": "Seven Renamed"}]"#)
        let (_, diagnostics) = try GuideStore(url: guide.layout.store).importFiles([guide.root.appending(path: "update.json")], layout: guide.layout)
        #expect(diagnostics.map(\.description) == ["""
            \(guide.root.path)/update.json:1:2: warning: id 7 is also listed by cities/A.json, with other values; the values here replace them
                hint: give one of them another id, or keep the restaurant in one file
            """])
        #expect(try records(guide).map(\.name) == ["Seven Renamed"])
    }

    @Test func renamingACityFileKeepsItsFavourites() throws {
        let guide = try TestGuide()
        try guide.addSampleCities(["Boston"])
        try guide.build()
        let store = try GuideStore(url: guide.layout.store)
        _ = try store.setFavorite(id: 145237, true)
        try FileManager.default.moveItem(at: guide.root.appending(path: "Content/cities/Boston.json"),
                                         to: guide.root.appending(path: "Content/cities/Boston MA.json"))
        let report = try guide.build()
        #expect(report.sync.deleted == 0)
        let after = try records(guide)
        #expect(after.count == 25)
        #expect(after.filter(\.favorite).map(\.id) == [145237])
        #expect(Set(after.map(\.source)) == ["cities/Boston MA.json"])
    }

    @Test func aRecordDroppedFromOneFileButListedInAnotherTakesTheOthersValues() throws {
        let guide = try TestGuide()
        try guide.write("Content/cities/a.json", #"[{"id": 1, "name": "From A"}, {"id": 2, "name": "Only A"}]"#)
        try guide.write("Content/cities/b.json", #"[{"id": 1, "name": "From B"}]"#)
        try guide.build()
        try guide.write("Content/cities/b.json", #"[]"#)
        #expect(try guide.build().sync.deleted == 0)
        #expect(try records(guide).map { "\($0.id) \($0.name) \($0.source)" } == ["1 From A cities/a.json", "2 Only A cities/a.json"])
        try guide.remove("Content/cities/a.json")
        #expect(try guide.build().sync.deleted == 2)
        #expect(try records(guide).isEmpty)
    }

    @Test func aRecordSkippedForAMissingNameKeepsWhatTheStoreHadAndItsFavourite() throws {
        let guide = try TestGuide()
        try guide.write("Content/cities/a.json", #"[{"id": 1, "name": "One"}, {"id": 2, "name": "Two"}]"#)
        try guide.build()
        _ = try GuideStore(url: guide.layout.store).setFavorite(id: 2, true)
        try guide.write("Content/cities/a.json", #"[{"id": 1, "name": "One"}, {"id": 2}]"#)
        let report = try guide.build()
        #expect(report.sync.deleted == 0)
        #expect(try records(guide).map { "\($0.id) \($0.name) \($0.favorite)" } == ["1 One false", "2 Two true"])
    }

    @Test func anIdListedTwiceInOneFileChangesNothing() throws {
        let guide = try TestGuide()
        try guide.write("Content/cities/a.json", #"[{"id": 1, "name": "One"}]"#)
        try guide.build()
        let before = try Data(contentsOf: guide.layout.store)
        try guide.write("Content/cities/a.json", "[{\"id\": 1, \"name\": \"One\"},\n{\"id\": 1, \"name\": \"Uno\"}]")
        let report = try guide.build()
        #expect(report.diagnostics.map(\.description) == [
            "\(guide.root.path)/Content/cities/a.json:2:1: error: id 1 is listed twice in this file (first at line 1, column 2): one of the two would be lost\n    hint: give one of them another id, or delete the copy",
        ])
        #expect(try Data(contentsOf: guide.layout.store) == before)
    }
}

@Suite struct StoreCrashTests {
    /// A store as a command killed mid-import leaves it: pages of an unfinished transaction in the
    /// file and the journal that undoes them (copied while the transaction is open).
    @Test func commandsThatOnlyReadRecoverAStoreLeftMidWrite() throws {
        let guide = try TestGuide()
        try guide.write("Content/cities/a.json", #"[{"id": 1, "name": "Kept"}]"#)
        try guide.build()
        let crashed = try TestGuide()
        let database = try DatabaseQueue(path: guide.layout.store.path)
        try database.inDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = 1")
            try db.execute(sql: "BEGIN IMMEDIATE")
            for id in 2...3000 {
                try db.execute(sql: "INSERT INTO restaurant (id, name, source) VALUES (?, ?, 'x')", arguments: [id, String(repeating: "n", count: 200)])
            }
            for suffix in ["", "-journal"] {
                try FileManager.default.copyItem(atPath: guide.layout.store.path + suffix, toPath: crashed.layout.store.path + suffix)
            }
            try db.execute(sql: "ROLLBACK")
        }
        #expect(FileManager.default.fileExists(atPath: crashed.layout.store.path + "-journal"))
        #expect(try GuideStore(copyOf: crashed.layout.store).allRestaurants().map(\.name) == ["Kept"])
        #expect(try crashed.build(writes: false).succeeded)
    }
}
