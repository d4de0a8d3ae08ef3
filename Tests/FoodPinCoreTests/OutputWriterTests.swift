import Foundation
import Testing
@testable import FoodPinCore
@testable import FoodPinPublish
import FoodPinBase

@Suite struct OutputWriterTests {
    @Test func onlyChangedFilesAreWrittenAndStaleOnesGo() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: A\n---\n")
        try guide.write("Content/restaurants/b.md", "---\nname: B\n---\n")
        let first = try guide.build()
        #expect(first.changes.written == first.files && first.changes.removed == 0)
        try guide.write("Output/.nojekyll", "")

        let again = try guide.build()
        #expect(again.changes.written == 0 && again.changes.unchanged == again.files)

        try guide.remove("Content/restaurants/b.md")
        let after = try guide.build()
        #expect(!guide.exists("restaurants/b/index.html"))
        #expect(!FileManager.default.fileExists(atPath: guide.output.appending(path: "restaurants/b").path))
        #expect(after.changes.removed == 1)
        #expect(guide.exists(".nojekyll"))
        // The list and the search data changed (B's slug was a term); A's own page did not.
        #expect(after.changedPaths == ["index.html", "search.json", "search/attributes/0.json", "search/0.json", try guide.onlyTermShard()])
    }

    /// A first site's folder holds its sections, made first, and no other folder.
    @Test func aFirstSiteHoldsItsSectionsAndNothingElse() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: A\ncity: Boston\ncuisines: [Thai]\n---\n")
        try guide.build()
        let entries = try FileManager.default.contentsOfDirectory(atPath: guide.output.path)
        let folders = entries.filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: guide.output.appending(path: name).path, isDirectory: &isFolder) && isFolder.boolValue
        }
        #expect(folders.sorted() == ["assets", "cities", "cuisines", "feeds", "my-guide", "restaurants", "search", "welcome"])
    }

    @Test func theSectionsAreTheFirstFolderOfEachPath() {
        #expect(OutputWriter.sections(of: ["index.html", "restaurants/a/index.html", "restaurants/b/index.html", "cities/x/index.html",
                                      "restaurants/c/index.html", "search.json", "cities/y/z/index.html"]) == ["cities", "restaurants"])
        #expect(OutputWriter.sections(of: ["index.html", "404.html"]) == [])
    }

    /// The destination is made with its sections, in a folder that was there or a new one.
    @Test func theDestinationIsMadeWithItsSections() throws {
        let guide = try TestGuide()
        let existing = try guide.makeOutsideFolder("site")
        try OutputWriter(destination: existing).makeDestination(sections: ["restaurants"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: existing.path) == ["restaurants"])
        let made = existing.appending(path: "new")
        try OutputWriter(destination: made).makeDestination(sections: ["cities", "restaurants"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: made.path).sorted() == ["cities", "restaurants"])
    }

    /// More pages than one batch, built, then all rendered again (the title is on every page) and
    /// published over the first site: both times the published site is whole, equal to a clean
    /// build's. The second build is durable: its standby is flushed on a thread of its own between
    /// batches, and the build waits for that before publishing.
    @Test func aSiteOfSeveralBatchesIsPublishedWhole() throws {
        let guide = try TestGuide()
        for index in 0..<300 { try guide.write("Content/restaurants/place-\(index).md", "---\nname: Place \(index)\n---\n") }
        let first = try guide.build()
        #expect(first.rendered > SiteBuilder.batchSize)
        #expect((0..<300).filter { !guide.exists("restaurants/place-\($0)/index.html") } == [])
        try guide.write("Content/site.yml", "title: Renamed Guide\n")
        var durable = BuildOptions(root: guide.root)
        durable.durable = true
        let second = try SiteBuilder.build(durable)
        #expect(second.rendered > SiteBuilder.batchSize && second.changes.written > SiteBuilder.batchSize)
        let published = try guide.snapshot()
        #expect(try guide.cleanSnapshot(keepingStore: true) == published)
        #expect(try String(contentsOf: guide.output.appending(path: "restaurants/place-7/index.html"), encoding: .utf8)
            .contains("Renamed Guide"))
    }

    /// `--output` in folders not made yet: they are made; a file in their way is named.
    @Test func anOutputFolderInFoldersNotYetMadeIsMadeWithThem() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\n---\n")
        let nested = guide.root.appending(path: "Sites/2026/preview")
        let report = try SiteBuilder.build(BuildOptions(root: guide.root, output: nested))
        #expect(report.succeeded)
        #expect(FileManager.default.fileExists(atPath: nested.appending(path: "restaurants/a/index.html").path))
        try guide.write("Blocked", "a file, not a folder\n")
        do {
            _ = try SiteBuilder.build(BuildOptions(root: guide.root, output: guide.root.appending(path: "Blocked/site")))
            Issue.record("a build through a file succeeded")
        } catch {
            #expect(error.message == "a file stands where a folder must go")
            #expect(error.place?.hasSuffix("/Blocked") == true)
        }
    }

    @Test func anIncrementalBuildEqualsACleanOne() throws {
        let guide = try TestGuide()
        try guide.addSampleCities(["Boston", "Chicago"])
        try guide.build()
        try guide.remove("Content/cities/Chicago.json")
        try guide.write("Content/restaurants/new.md", "---\nname: New Place\ncity: Boston\n---\n")
        try guide.build()
        let incremental = try guide.snapshot()
        try FileManager.default.removeItem(at: guide.output)
        try guide.build()
        #expect(try guide.snapshot() == incremental)
    }

    @Test func aFolderOfSomeoneElsesFilesIsNotReplaced() throws {
        let guide = try TestGuide()
        try guide.write("Elsewhere/notes.txt", "mine")
        let options = BuildOptions(root: guide.root, output: guide.root.appending(path: "Elsewhere"))
        let foreign = try #require(throws: FoodPinError.self) { try SiteBuilder.build(options) }
        #expect(foreign.exitStatus == 2)
        #expect(foreign.description == """
            \(guide.root.path)/Elsewhere: error: the output folder holds files that FoodPin did not write; it will not replace them
                hint: choose an empty folder with --output
            """)
        let inside = try #require(throws: FoodPinError.self) {
            try SiteBuilder.build(BuildOptions(root: guide.root, output: guide.root.appending(path: "Content")))
        }
        #expect(inside.exitStatus == 2)
        #expect(inside.description == """
            \(guide.root.path)/Content: error: the output folder cannot be or contain the guide, Content/ or Templates/
                hint: choose a folder of its own with --output
            """)
        #expect(FileManager.default.fileExists(atPath: guide.root.appending(path: "Elsewhere/notes.txt").path))
    }
}
