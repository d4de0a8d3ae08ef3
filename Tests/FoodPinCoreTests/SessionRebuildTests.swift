import Foundation
import Testing
@testable import FoodPinCore
@testable import FoodPinSearch
import FoodPinBase

/// `serve`'s rebuilds: the builder is told which paths changed (the watcher's), looks again only at
/// those, and makes again only what they feed; each rebuild must still equal a clean build.
@Suite struct SessionRebuildTests {
    /// A session's builder and the guide it builds; `rebuild` tells it what changed since the last.
    private final class Session {
        let guide: TestGuide
        let builder: SiteBuilder
        private var changed: Set<String> = []

        init(_ guide: TestGuide) {
            self.guide = guide
            var options = BuildOptions(root: guide.root)
            options.savesState = false
            builder = SiteBuilder(options)
        }

        func write(_ path: String, _ text: String) throws {
            try guide.write(path, text)
            changed.insert(path)
        }

        func remove(_ path: String) throws {
            try guide.remove(path)
            changed.insert(path)
        }

        /// A path named as changed (a new folder: the watcher names it, not its files).
        func told(_ path: String) { changed.insert(path) }

        func rebuild() throws -> BuildReport {
            defer { changed = [] }
            return try builder.build(changed: changed)
        }
    }

    @Test func everyKindOfEditToldByPathGivesTheSameBytesAsACleanBuild() throws {
        let guide = try TestGuide(siteYAML: "title: T\npage_size: 5\n")
        try guide.addSampleCities(["Boston"])
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\ncity: Boston\n---\nOne.\n")
        try guide.write("Content/reviews/a/1.md", "---\nrestaurant: a\nrating: 4\n---\nOk.\n")
        let session = Session(guide)
        #expect(try session.builder.build().succeeded)

        // Files edited in place: read again alone.
        try session.write("Content/restaurants/a.md", "---\nname: Alpha\ncity: Boston\n---\nTwo.\n")
        #expect(try session.rebuild().changedPaths == ["restaurants/a/index.html", try guide.onlyTermShard()])
        try session.write("Content/reviews/a/1.md", "---\nrestaurant: a\nrating: 4\n---\nTop.\n")
        #expect(try session.rebuild().changedPaths == ["restaurants/a/index.html", try guide.onlyTermShard()])
        #expect(try guide.snapshot() == guide.cleanSnapshot())

        // A broken review is reported, and the site left as it was; fixed, it shows again.
        try session.write("Content/reviews/a/1.md", "---\nrestaurant: a\nrating: eleven\n---\nTop.\n")
        let broken = try session.rebuild()
        #expect(broken.diagnostics.map(\.location.line) == [3])
        #expect(!broken.succeeded)
        try session.write("Content/reviews/a/1.md", "---\nrestaurant: a\nrating: 2\n---\nWorse.\n")
        #expect(try session.rebuild().succeeded)
        #expect(try guide.snapshot() == guide.cleanSnapshot())

        // Files added and removed, a folder named alone, a rename.
        try session.write("Content/reviews/a/2.md", "---\nrestaurant: a\nrating: 5\n---\nBest.\n")
        _ = try session.rebuild()
        try guide.write("Content/reviews/b/1.md", "---\nrestaurant: 28066\nrating: 3\n---\nFine.\n")
        try guide.write("Content/reviews/b/2.md", "---\nrestaurant: 28066\nrating: 5\n---\nSushi.\n")
        session.told("Content/reviews/b")
        _ = try session.rebuild()
        #expect(try guide.page("restaurants/o-ya-28066/index.html").contains("Sushi."))
        let firstShard = try guide.onlyTermShard()
        try session.remove("Content/restaurants/a.md")
        try session.write("Content/restaurants/alpha.md", "---\nname: Alpha\ncity: Boston\n---\nMoved.\n")
        try session.remove("Content/reviews/a")
        let renamed = try session.rebuild()
        // The one term shard keeps its name (its bound, "#", begins every filter term); A's reviews had the
        // guide's only words beginning "be" and "wo" (best, worse), which typos are forgiven from.
        #expect(renamed.removedPaths == ["restaurants/a/index.html", TypoWords.path(key: "be"), TypoWords.path(key: "wo")])
        #expect(try guide.onlyTermShard() == firstShard)
        #expect(try guide.snapshot() == guide.cleanSnapshot())

        // Settings, a city file and a template.
        try session.write("Content/site.yml", "title: Renamed\npage_size: 5\n")
        _ = try session.rebuild()
        let boston = try String(contentsOf: guide.root.appending(path: "Content/cities/Boston.json"), encoding: .utf8)
        try session.write("Content/cities/Boston.json", boston.replacingOccurrences(of: "\"o ya\"", with: "\"O Ya Sushi\""))
        _ = try session.rebuild()
        #expect(guide.exists("restaurants/o-ya-sushi-28066/index.html"))
        try session.write("Templates/404.mustache", "<p>gone</p>\n")
        #expect(try session.rebuild().changedPaths == ["404.html"])
        #expect(try guide.snapshot() == guide.cleanSnapshot())

        // Told nothing changed: nothing is rendered.
        #expect(try session.rebuild().rendered == 0)
    }

    /// A restaurant's picture is looked for on disk when the restaurant is made: one added or
    /// removed while the session runs is seen, though no Markdown file changed.
    @Test func aPictureAddedOrRemovedIsSeen() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\nimage: images/a.jpg\n---\n")
        let session = Session(guide)
        #expect(try session.builder.build().diagnostics.map(\.message).contains { $0.contains("images/a.jpg") })
        try FileManager.default.createDirectory(at: guide.root.appending(path: "Content/images"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: PictureTests.fixtures.appending(path: "sideways-gps.jpg"),
                                         to: guide.root.appending(path: "Content/images/a.jpg"))
        session.told("Content/images/a.jpg")
        #expect(try session.rebuild().succeeded)
        #expect(try guide.snapshot() == guide.cleanSnapshot())
        try session.remove("Content/images/a.jpg")
        #expect(try !session.rebuild().succeeded)
    }

    /// A watcher names the file a link leads to, never the link: the link's file is read again too.
    @Test func aFileBehindALinkIsReadAgain() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\n---\n")
        try guide.write("Content/notes/b.md", "---\nname: Beta\n---\nOne.\n")
        try FileManager.default.createSymbolicLink(atPath: guide.root.appending(path: "Content/restaurants/b.md").path,
                                                   withDestinationPath: "../notes/b.md")
        let session = Session(guide)
        #expect(try session.builder.build().succeeded)
        try session.write("Content/notes/b.md", "---\nname: Beta\n---\nTwo, and so on.\n")
        #expect(try session.rebuild().changedPaths == ["restaurants/b/index.html", try guide.onlyTermShard()])
        #expect(try guide.page("restaurants/b/index.html").contains("Two, and so on."))
    }

    /// A build that stops before reading the guide leaves what changed to the next one.
    @Test func changesSeenByABuildThatStoppedAreReadByTheNext() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\n---\nOne.\n")
        let session = Session(guide)
        #expect(try session.builder.build().succeeded)
        try session.write("Content/restaurants/a.md", "---\nname: Alpha\n---\nTwo.\n")
        // Content/ moved away for a moment: the build stops before it reads anything.
        let content = guide.root.appending(path: "Content"), away = guide.root.appending(path: "Content.away")
        try FileManager.default.moveItem(at: content, to: away)
        #expect(throws: FoodPinError.self) { try session.rebuild() }
        try FileManager.default.moveItem(at: away, to: content)
        #expect(try session.rebuild().changedPaths == ["restaurants/a/index.html", try guide.onlyTermShard()])
    }

    /// A session makes again only the restaurants whose inputs changed: one taken as it was last
    /// made keeps its warnings.
    @Test func aSessionKeepsTheWarningsOfRestaurantsItDoesNotMakeAgain() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\nphotos: [\"https://example.org/a.jpg\"]\n---\n")
        try guide.write("Content/restaurants/b.md", "---\nname: Beta\n---\n")
        let builder = Session(guide).builder
        let warning = "gallery photo \"https://example.org/a.jpg\" has no alt text"
        #expect(try builder.build().diagnostics.map(\.message) == [warning])
        try guide.write("Content/reviews/b.md", "---\nrestaurant: b\nrating: 4\n---\nFine.\n")
        let review = try builder.build()
        #expect(review.diagnostics.map(\.message) == [warning])
        #expect(review.changedPaths.contains("restaurants/b/index.html"))
        #expect(!review.changedPaths.contains("restaurants/a/index.html"))
        #expect(try guide.snapshot() == guide.cleanSnapshot())
    }

}
