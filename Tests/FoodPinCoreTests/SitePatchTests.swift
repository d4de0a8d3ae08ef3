import Foundation
import Testing
@testable import FoodPinCore

/// `serve`'s patched model: an edit in place makes again only its restaurant, and whatever reaches
/// further makes the whole model. Either way the site and the messages equal a clean build's.
@Suite struct SitePatchTests {
    /// A session's builder, told each edit by path as the watcher would.
    private final class Session {
        let guide: TestGuide
        let builder: SiteBuilder

        init(_ guide: TestGuide) {
            self.guide = guide
            var options = BuildOptions(root: guide.root)
            options.savesState = false
            builder = SiteBuilder(options)
        }

        /// Writes the files, rebuilds, and says whether the model was patched; the site and its
        /// messages are checked against a clean build's.
        func edit(_ files: [String: String], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Bool {
            for (path, text) in files { try guide.write(path, text) }
            let patchesBefore = builder.modelMemo.patches
            let report = try builder.build(changed: Set(files.keys))
            let copy = try TestGuide()
            try FileManager.default.removeItem(at: copy.root)
            try FileManager.default.copyItem(at: guide.root, to: copy.root)
            try? FileManager.default.removeItem(at: copy.output)
            try? FileManager.default.removeItem(at: copy.layout.cache)
            let clean = try copy.build()
            #expect(Self.messages(report) == Self.messages(clean), sourceLocation: sourceLocation)
            if clean.succeeded { #expect(try guide.snapshot() == copy.snapshot(), sourceLocation: sourceLocation) }
            return builder.modelMemo.patches > patchesBefore
        }

        /// Each message with its file's name (the two guides live in different folders).
        static func messages(_ report: BuildReport) -> [String] {
            report.diagnostics.map { "\($0.location.path.split(separator: "/").suffix(2).joined(separator: "/")):\($0.location.line ?? 0): \($0.message)" }
        }
    }

    private func session() throws -> Session {
        let guide = try TestGuide(siteYAML: "title: T\npage_size: 2\nfeed_size: 2\n")
        try guide.addSampleCities(["Boston"])
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\ncity: Boston\ncuisines: [Thai]\n---\nFirst.\n")
        try guide.write("Content/restaurants/b.md", "---\nname: Beta\ncity: Boston\nphotos: [\"https://example.org/b.jpg\"]\n---\n")
        try guide.write("Content/restaurants/o-ya.md", "---\nid: 28066\ncuisines: [Japanese]\n---\nOmakase.\n")
        try guide.write("Content/reviews/a/1.md", "---\nrestaurant: a\nrating: 4\ndate: 2026-01-02\n---\nGood.\n")
        try guide.write("Content/reviews/a/2.md", "---\nrestaurant: a\nrating: 2\n---\nMeh.\n")
        try guide.write("Content/reviews/o-ya/1.md", "---\nrestaurant: 28066\nrating: 5\n---\nSushi.\n")
        try guide.write("Content/onboarding/1.md", "---\nstep: 1\nheading: Find\n---\nLook.\n")
        let session = Session(guide)
        #expect(try session.builder.build().succeeded)
        return session
    }

    @Test func editsThatStayWithinTheirRestaurantArePatched() throws {
        let session = try session()
        // A review's text, its rating (the card's average changes) and its date (the feeds change).
        #expect(try session.edit(["Content/reviews/a/1.md": "---\nrestaurant: a\nrating: 4\ndate: 2026-01-02\n---\nBetter.\n"]))
        #expect(try session.edit(["Content/reviews/a/2.md": "---\nrestaurant: a\nrating: 5\ndate: 2026-03-01\n---\nGreat.\n"]))
        // A restaurant's text; one that enriches an imported record; two restaurants at once.
        #expect(try session.edit(["Content/restaurants/a.md": "---\nname: Alpha\ncity: Boston\ncuisines: [Thai]\nprice: 2\n---\nSecond.\n"]))
        #expect(try session.edit(["Content/restaurants/o-ya.md": "---\nid: 28066\ncuisines: [Japanese]\n---\nOmakase, now.\n",
                                  "Content/reviews/a/1.md": "---\nrestaurant: a\nrating: 3\n---\nFine.\n"]))
        // A warning mended, then a step edited: the other restaurants' messages stay as they were.
        #expect(try session.edit(["Content/restaurants/b.md": "---\nname: Beta\ncity: Boston\nphotos: [{src: \"https://example.org/b.jpg\", alt: Soup}]\n---\n"]))
        #expect(try session.edit(["Content/restaurants/a.md": "---\nname: Alpha\ncity: Boston\ncuisines: [Thai]\nphotos: [\"https://example.org/a.jpg\"]\n---\nThird.\n"]))
        #expect(try session.edit(["Content/onboarding/1.md": "---\nstep: 1\nheading: Search\n---\nLook around.\n"]))
        // A review broken: its restaurant loses it, and the build reports the error.
        #expect(try session.edit(["Content/reviews/a/1.md": "---\nrestaurant: a\nrating: eleven\n---\nFine.\n"]))
    }

    @Test func editsThatReachFurtherMakeTheWholeModel() throws {
        let session = try session()
        // A name (the list's order), a city and cuisines (browse pages), an id, a draft.
        #expect(try !session.edit(["Content/restaurants/a.md": "---\nname: Zeta\ncity: Boston\ncuisines: [Thai]\n---\nFirst.\n"]))
        #expect(try !session.edit(["Content/restaurants/a.md": "---\nname: Zeta\ncity: Cambridge\ncuisines: [Thai]\n---\nFirst.\n"]))
        #expect(try !session.edit(["Content/restaurants/a.md": "---\nname: Zeta\ncity: Cambridge\ncuisines: [Thai, Lao]\n---\nFirst.\n"]))
        #expect(try !session.edit(["Content/restaurants/o-ya.md": "---\nid: 28067\ncuisines: [Japanese]\n---\nOmakase.\n"]))
        #expect(try !session.edit(["Content/restaurants/o-ya.md": "---\nid: 28066\ncuisines: [Japanese]\n---\nOmakase.\n"]))
        #expect(try !session.edit(["Content/restaurants/b.md": "---\nname: Beta\ndraft: true\n---\n"]))
        // A review given to another restaurant; a broken review mended; a review of nothing known.
        #expect(try !session.edit(["Content/reviews/a/1.md": "---\nrestaurant: o-ya\nrating: 4\n---\nMoved.\n"]))
        #expect(try session.edit(["Content/reviews/a/1.md": "---\nrestaurant: o-ya\nrating: zero\n---\nBroken.\n"]))
        #expect(try !session.edit(["Content/reviews/a/1.md": "---\nrestaurant: o-ya\nrating: 1\n---\nMended.\n"]))
        #expect(try !session.edit(["Content/reviews/a/2.md": "---\nrestaurant: nowhere\nrating: 2\n---\nMeh.\n"]))
        // The site's settings.
        #expect(try !session.edit(["Content/site.yml": "title: Renamed\npage_size: 2\n"]))
    }
}
