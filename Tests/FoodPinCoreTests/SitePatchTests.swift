import Foundation
import Testing
@testable import FoodPinCore
import FoodPinBase

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

        /// Writes the files, rebuilds, and says whether the model was patched and how many
        /// restaurant pages the plan looked at (nil: none, as no page was planned); the site and
        /// its messages are checked against a clean build's.
        func edit(_ files: [String: String], removing removed: [String] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
            -> (patched: Bool, restaurantPagesLookedAt: Int?) {
            for (path, text) in files { try guide.write(path, text) }
            for path in removed { try guide.remove(path) }
            let patchesBefore = builder.memory.maker.model.patchedBuilds
            let report = try builder.build(changed: Set(files.keys).union(removed))
            let copy = try guide.cleanCopy()
            let clean = try copy.build()
            #expect(Self.messages(report) == Self.messages(clean), sourceLocation: sourceLocation)
            if clean.succeeded {
                #expect(try guide.snapshot() == copy.snapshot(), sourceLocation: sourceLocation)
                // What the session now takes the output to hold is what it holds.
                #expect(try Set(builder.memory.folders.live?.keys ?? [:].keys) == Set(guide.snapshot().keys), sourceLocation: sourceLocation)
            }
            // Every page but the restaurants' is made of several restaurants, or of none: always looked at.
            let otherPages = report.pages - report.restaurants
            return (builder.memory.maker.model.patchedBuilds > patchesBefore, report.pagesLookedAt == 0 ? nil : report.pagesLookedAt - otherPages)
        }

        /// Each message with its file's name (the two guides live in different folders).
        static func messages(_ report: BuildReport) -> [String] {
            report.diagnostics.map {
                "\($0.location.path.split(separator: "/").suffix(2).joined(separator: "/")):\($0.location.line ?? 0): \($0.severity) \($0.message) \($0.hint ?? "")"
            }
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
        // The first build left its twin as the standby: the second is patched, and no restaurant's
        // page is looked at (the step reaches none).
        #expect(try session.edit(["Content/onboarding/1.md": "---\nstep: 1\nheading: Find\n---\nLook here.\n"]) == (true, 0))
        return session
    }

    @Test func editsThatStayWithinTheirRestaurantArePatched() throws {
        let session = try session()
        // A review's text, its rating (the card's average changes) and its date (the feeds change).
        #expect(try session.edit(["Content/reviews/a/1.md": "---\nrestaurant: a\nrating: 4\ndate: 2026-01-02\n---\nGood too.\n"]) == (true, 1))
        #expect(try session.edit(["Content/reviews/a/2.md": "---\nrestaurant: a\nrating: 5\ndate: 2026-03-01\n---\nGreat.\n"]) == (true, 1))
        // A restaurant's text; one that enriches an imported record; two restaurants at once.
        #expect(try session.edit(["Content/restaurants/a.md": "---\nname: Alpha\ncity: Boston\ncuisines: [Thai]\nprice: 2\n---\nSecond.\n"]) == (true, 1))
        #expect(try session.edit(["Content/restaurants/o-ya.md": "---\nid: 28066\ncuisines: [Japanese]\n---\nOmakase, now.\n",
                                  "Content/reviews/a/1.md": "---\nrestaurant: a\nrating: 3\n---\nGood, fine.\n"]) == (true, 2))
        // A warning mended, then a step edited (no restaurant page looked at): the other
        // restaurants' messages stay as they were.
        #expect(try session.edit(["Content/restaurants/b.md": "---\nname: Beta\ncity: Boston\nphotos: [{src: \"https://example.org/b.jpg\", alt: Soup}]\n---\n"]) == (true, 1))
        #expect(try session.edit(["Content/restaurants/a.md": "---\nname: Alpha\ncity: Boston\ncuisines: [Thai]\nphotos: [\"https://example.org/a.jpg\"]\n---\nThird.\n"]) == (true, 1))
        #expect(try session.edit(["Content/onboarding/1.md": "---\nstep: 1\nheading: Search\n---\nLook around.\n"]) == (true, 0))
        // A review broken: its restaurant loses it, and the build reports the error (no page planned).
        #expect(try session.edit(["Content/reviews/a/1.md": "---\nrestaurant: a\nrating: eleven\n---\nFine.\n"]) == (true, nil))
    }

    @Test func editsThatReachFurtherMakeTheWholeModel() throws {
        let session = try session()
        // Boston's 25 imported restaurants (O Ya enriched by its file), Alpha and Beta.
        let everyRestaurant = 27
        // A name (the list's order: another restaurant's page at the same place), a city and cuisines
        // (browse pages), an id, a draft.
        #expect(try session.edit(["Content/restaurants/a.md": "---\nname: Zeta\ncity: Boston\ncuisines: [Thai]\n---\nFirst.\n"]) == (false, everyRestaurant))
        #expect(try session.edit(["Content/restaurants/a.md": "---\nname: Zeta\ncity: Cambridge\ncuisines: [Thai]\n---\nFirst.\n"]).patched == false)
        #expect(try session.edit(["Content/restaurants/a.md": "---\nname: Zeta\ncity: Cambridge\ncuisines: [Thai, Lao]\n---\nFirst.\n"]).patched == false)
        #expect(try session.edit(["Content/restaurants/o-ya.md": "---\nid: 28067\ncuisines: [Japanese]\n---\nOmakase.\n"]).patched == false)
        #expect(try session.edit(["Content/restaurants/o-ya.md": "---\nid: 28066\ncuisines: [Japanese]\n---\nOmakase.\n"]).patched == false)
        #expect(try session.edit(["Content/restaurants/b.md": "---\nname: Beta\ndraft: true\n---\n"]).patched == false)
        // A review given to another restaurant; a broken review mended.
        #expect(try session.edit(["Content/reviews/a/1.md": "---\nrestaurant: o-ya\nrating: 4\n---\nMoved.\n"]).patched == false)
        #expect(try session.edit(["Content/reviews/a/1.md": "---\nrestaurant: o-ya\nrating: zero\n---\nBroken.\n"]).patched)
        #expect(try session.edit(["Content/reviews/a/1.md": "---\nrestaurant: o-ya\nrating: 1\n---\nMended.\n"]).patched == false)
        // The site's settings: every page looked at (Beta is a draft now).
        #expect(try session.edit(["Content/site.yml": "title: Renamed\npage_size: 2\n"]) == (false, everyRestaurant - 1))
        // A review of no restaurant known: an error.
        #expect(try session.edit(["Content/reviews/a/2.md": "---\nrestaurant: nowhere\nrating: 2\n---\nMeh.\n"]).patched == false)
    }

    /// A file the site lets go while its pages stay as they were (a picture no page shows): the
    /// plan patched from the live folder does not keep it, so the session knows it is gone.
    @Test func aFileLetGoIsNotKeptByAPatchedPlan() throws {
        let session = try session()
        let logo = "Content/images/logo.svg"
        #expect(try session.edit([logo: "<svg xmlns=\"http://www.w3.org/2000/svg\"/>"]).patched == false)
        #expect(session.guide.exists("images/logo.svg"))
        // A file that is not the guide's text: the model is made whole, the plan patched.
        #expect(try session.edit([:], removing: [logo]) == (false, 0))
        #expect(!session.guide.exists("images/logo.svg"))
        // Put back as it was: written again, as the session knows it is gone.
        #expect(try session.edit([logo: "<svg xmlns=\"http://www.w3.org/2000/svg\"/>"]) == (false, 0))
        #expect(session.guide.exists("images/logo.svg"))
    }

    /// A template edit looks at the pages drawn with it: none of the restaurants' for the walkthrough's.
    @Test func aTemplateEditLooksAtThePagesThatUseIt() throws {
        let session = try session()
        func template(_ name: String) throws -> String {
            try String(contentsOf: Fixtures.repository.appending(path: "Templates/\(name).mustache"), encoding: .utf8)
        }
        let welcome = try template("welcome").replacingOccurrences(of: "{{/content}}", with: "<p>Hello there</p>{{/content}}")
        #expect(try session.edit(["Templates/welcome.mustache": welcome]) == (true, 0))
        #expect(try session.guide.page("welcome/index.html").contains("<p>Hello there</p>"))
        let restaurant = try template("restaurant").replacingOccurrences(of: "{{/content}}", with: "<p>Bon appétit</p>{{/content}}")
        #expect(try session.edit(["Templates/restaurant.mustache": restaurant]) == (true, 27))
        #expect(try session.guide.page("restaurants/a/index.html").contains("<p>Bon appétit</p>"))
    }

    /// The theme's words, kept by a session while their inputs stay: made again for a language,
    /// a guide's own word in site.yml, or a strings file.
    @Test func theWordsFollowTheLanguageAndTheGuidesOwn() throws {
        let session = try session()
        #expect(try session.edit(["Content/site.yml": "title: T\npage_size: 2\nlanguage: zh-Hans\n"]).patched == false)
        #expect(try session.edit(["Content/site.yml": "title: T\npage_size: 2\nstrings: {nav.restaurants: Tables}\n"]).patched == false)
        #expect(try session.guide.page("index.html").contains("Tables"))
        #expect(try session.edit(["Templates/strings/en.yml": "nav.cuisines: Kitchens\n"]).patched)
        #expect(try session.guide.page("welcome/index.html").contains("Kitchens"))
    }

    /// The standby folder lost during a session: the next rebuild brings every page back into it.
    @Test func aStandbyLostMidSessionIsMadeWhole() throws {
        let session = try session()
        #expect(try session.edit(["Content/reviews/a/1.md": "---\nrestaurant: a\nrating: 4\n---\nOne.\n"]).patched)
        let standby = session.guide.root.appending(path: ".Output.foodpin-next")
        #expect(FileManager.default.fileExists(atPath: standby.path))
        try FileManager.default.removeItem(at: standby)
        #expect(try session.edit(["Content/reviews/a/1.md": "---\nrestaurant: a\nrating: 4\n---\nTwo.\n"]) == (true, 27))
    }

    /// A rebuild that stops before its model is made (the output folder is a file for a moment):
    /// the next save is read against the content the last model was made from, so no edit is lost.
    @Test func anEditSeenByARebuildThatStoppedIsNotLost() throws {
        let session = try session()
        let output = session.guide.output, away = session.guide.root.appending(path: "Output.away")
        try FileManager.default.moveItem(at: output, to: away)
        try Data("not a folder".utf8).write(to: output)
        try session.guide.write("Content/reviews/a/1.md", "---\nrestaurant: a\nrating: 4\n---\nSeen while it stopped.\n")
        #expect(throws: FoodPinError.self) { try session.builder.build(changed: ["Content/reviews/a/1.md"]) }
        try FileManager.default.removeItem(at: output)
        try FileManager.default.moveItem(at: away, to: output)
        #expect(try session.edit(["Content/reviews/a/2.md": "---\nrestaurant: a\nrating: 2\n---\nLater.\n"]).patched == false)
        #expect(try session.guide.page("restaurants/a/index.html").contains("Seen while it stopped."))
    }
}
