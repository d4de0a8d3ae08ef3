import Foundation
import Testing
@testable import FoodPinCore
@testable import FoodPinSearch
@testable import FoodPinModel
import FoodPinBase

/// One builder, many builds (as `foodpin watch` does): each result equals a clean build.
@Suite struct IncrementalBuildTests {
    /// `keepingStore`: the store as it is (favourites and removals made by commands live only there).
    private func cleanBuild(of guide: TestGuide, keepingStore: Bool = false) throws -> [String: Data] {
        try guide.cleanSnapshot(keepingStore: keepingStore)
    }

    /// Once as `foodpin build` keeps going (each build saving its state), once as a `serve` session
    /// (the state saved at the end; restaurants, digests and the output folder remembered between builds).
    @Test(arguments: [false, true])
    func everyKindOfEditGivesTheSameBytesAsACleanBuild(session: Bool) throws {
        let guide = try TestGuide(siteYAML: "title: T\npage_size: 5\n")
        try guide.addSampleCities(["Boston"])
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\ncity: Boston\n---\nOne.\n")
        // The builder starts from the state of an earlier build; a page removed by hand since is
        // written again by its first build, though nothing else changed, and stays through the
        // builds after (which publish the folder that lacked it).
        #expect(try guide.build().succeeded)
        try guide.remove("Output/restaurants/o-ya-28066/index.html")
        var options = BuildOptions(root: guide.root)
        options.savesState = !session
        let builder = SiteBuilder(options)
        let first = try builder.build()
        #expect(first.changedPaths == ["restaurants/o-ya-28066/index.html"])
        #expect(try guide.snapshot() == cleanBuild(of: guide))

        // Edit one description: only its page changes, and the term shard holding its words.
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\ncity: Boston\n---\nTwo.\n")
        let edit = try builder.build()
        #expect(edit.changedPaths == ["restaurants/a/index.html", try guide.onlyTermShard()])
        #expect(try guide.snapshot() == cleanBuild(of: guide))

        // A review without words: the page, the list page it is on, its browse pages, the card
        // shard and the attribute part (search sorts by rating and number of reviews).
        try guide.write("Content/reviews/r.md", "---\nrestaurant: a\nrating: 5\n---\n")
        let review = try builder.build()
        #expect(review.changedPaths.sorted() == ["cities/boston/index.html", "index.html", "restaurants/a/index.html", "search/0.json",
                                                 "search/attributes/0.json"])
        #expect(try guide.snapshot() == cleanBuild(of: guide))

        // A new restaurant shifts the list pages; a deleted one loses its page.
        try guide.write("Content/restaurants/b.md", "---\nname: Aardvark Diner\n---\n")
        _ = try builder.build()
        #expect(guide.exists("restaurants/b/index.html"))
        try guide.remove("Content/restaurants/b.md")
        let removal = try builder.build()
        // Its name had the guide's only words beginning "aa" and "di", which typos are forgiven from.
        #expect(removal.removedPaths == ["restaurants/b/index.html", TypoWords.path(key: "aa"), TypoWords.path(key: "di")])
        #expect(!guide.exists("restaurants/b/index.html"))
        #expect(try guide.snapshot() == cleanBuild(of: guide))

        // Settings change every page; a template, the pages that use it.
        try guide.write("Content/site.yml", "title: Renamed\npage_size: 5\n")
        let settings = try builder.build()
        #expect(settings.changedPaths.contains("restaurants/o-ya-28066/index.html"))
        try guide.write("Templates/404.mustache", "<p>gone</p>\n")
        _ = try builder.build()
        #expect(try guide.page("404.html") == "<p>gone</p>\n")
        #expect(try guide.snapshot() == cleanBuild(of: guide))

        // A city file edit.
        let boston = guide.root.appending(path: "Content/cities/Boston.json")
        let text = try String(contentsOf: boston, encoding: .utf8).replacingOccurrences(of: "\"o ya\"", with: "\"O Ya Sushi\"")
        try guide.write("Content/cities/Boston.json", text)
        _ = try builder.build()
        #expect(try guide.page("restaurants/o-ya-sushi-28066/index.html").contains("O Ya Sushi"))
        #expect(!guide.exists("restaurants/o-ya-28066/index.html"))
        #expect(try guide.snapshot() == cleanBuild(of: guide))

        // `foodpin favorite` and `foodpin remove` change the store between builds.
        let store = try GuideStore(url: guide.layout.store)
        #expect(try store.setFavorite(id: 28066, true) != nil)
        let favorite = try builder.build()
        #expect(favorite.changedPaths.contains("restaurants/o-ya-sushi-28066/index.html"))
        #expect(try guide.snapshot() == cleanBuild(of: guide, keepingStore: true))
        #expect(try store.remove(id: 28066) != nil)
        let removed = try builder.build()
        #expect(removed.removedPaths.contains("restaurants/o-ya-sushi-28066/index.html"))
        #expect(try guide.snapshot() == cleanBuild(of: guide, keepingStore: true))
    }

    /// Pictures are output files like pages: a deleted or renamed one leaves Output/ as a clean build would.
    @Test func picturesDeletedRenamedAndEditedFollowTheirSources() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\nimage: images/a.svg\n---\n")
        try guide.write("Content/images/a.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        try guide.write("Content/images/loose.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><g/></svg>")
        let builder = SiteBuilder(BuildOptions(root: guide.root))
        _ = try builder.build()
        #expect(guide.exists("images/loose.svg"))

        try guide.remove("Content/images/loose.svg")
        let deletion = try builder.build()
        #expect(deletion.removedPaths == ["images/loose.svg"])
        #expect(!guide.exists("images/loose.svg"))
        #expect(try guide.snapshot() == cleanBuild(of: guide))

        try FileManager.default.moveItem(at: guide.root.appending(path: "Content/images/a.svg"),
                                         to: guide.root.appending(path: "Content/images/b.svg"))
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\nimage: images/b.svg\n---\n")
        let rename = try builder.build()
        #expect(rename.removedPaths == ["images/a.svg"])
        #expect(rename.changedPaths.sorted() == ["images/b.svg", "index.html", "restaurants/a/index.html", "search/0.json"])
        #expect(try guide.snapshot() == cleanBuild(of: guide))

        try guide.write("Content/images/b.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><circle r=\"1\"/></svg>")
        let edit = try builder.build()
        #expect(edit.changedPaths == ["images/b.svg"])
        #expect(try guide.page("images/b.svg").contains("circle"))
        #expect(try guide.snapshot() == cleanBuild(of: guide))

        // The picture a restaurant names goes: a located error, Output/ kept; it comes back: built again.
        let kept = try guide.snapshot()
        try guide.remove("Content/images/b.svg")
        let missing = try builder.build()
        #expect(missing.diagnostics.map(\.description) == [
            "\(guide.root.path)/Content/restaurants/a.md:3:8: error: image \"images/b.svg\" does not exist under Content/\n    hint: put pictures in Content/images/ and write `image: images/name.jpg`",
        ])
        #expect(try guide.snapshot() == kept)
        try guide.write("Content/images/b.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        #expect(try builder.build().succeeded)
        #expect(try guide.snapshot() == cleanBuild(of: guide))
    }

    @Test func brokenContentKeepsTheLastGoodSiteAndAFixRecovers() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\n---\n")
        let builder = SiteBuilder(BuildOptions(root: guide.root))
        _ = try builder.build()
        let good = try guide.snapshot()
        try guide.write("Content/restaurants/a.md", "---\nname: [Alpha\n---\n")
        let broken = try builder.build()
        #expect(!broken.succeeded)
        #expect(try guide.snapshot() == good)
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha Fixed\n---\n")
        #expect(try builder.build().succeeded)
        #expect(try guide.page("restaurants/a/index.html").contains("Alpha Fixed"))
    }

    /// A site published without a flush reaches the disk when the kernel writes it back: a restart
    /// may lose pages its state says are there, so that state holds for this boot only. A durable
    /// build's site is on disk before it is published, and its state holds across restarts.
    @Test func aStateHoldsAcrossARestartOnlyForADurableBuild() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\n---\n")
        try guide.build()
        let site = try guide.snapshot()
        let files = BuildState.files(in: guide.layout, output: guide.output)
        let options = BuildOptions(root: guide.root)
        #expect(!BootSession.current.isEmpty)
        #expect(BuildState.load(from: files.state, key: StateKey(for: options, output: guide.output).text) != nil)
        #expect(BuildState.load(from: files.state, key: StateKey(for: options, output: guide.output, boot: "another boot").text) == nil)
        // The key read back field by field, as a deploy and the clean-up of gone folders read it.
        let key = StateKey(for: options, output: guide.output, boot: "b1")
        #expect(StateKey(text: key.text) == key)
        #expect(key.text.split(separator: "\n")[5] == guide.output.standardizedFileURL.path[...] && key.durability == "b1" && !key.isOnDisk)
        var durable = options
        durable.durable = true
        // The other kind of state: a full build, of the same site.
        let first = try SiteBuilder.build(durable)
        #expect(first.rendered == first.pages)
        #expect(try guide.snapshot() == site)
        #expect(BuildState.load(from: files.state, key: StateKey(for: durable, output: guide.output, boot: "another boot").text) != nil)
        let again = try SiteBuilder.build(durable)
        #expect(again.rendered == 0 && again.changes.written == 0)
    }

    /// `foodpin build` run after `foodpin build`: each one a new builder, as in a new process.
    @Test func buildsInNewProcessesRedoOnlyWhatChanged() throws {
        let guide = try TestGuide(siteYAML: "title: T\npage_size: 5\n")
        try guide.addSampleCities(["Boston"])
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\ncity: Boston\n---\nOne.\n")
        try guide.write("Content/reviews/r.md", "---\nrestaurant: a\nrating: 4\n---\nOk.\n")
        let first = try guide.build()
        #expect(first.rendered == first.pages)
        #expect(FileManager.default.fileExists(atPath: guide.root.appending(path: ".foodpin-cache/build-state").path))

        let again = try guide.build()
        #expect(again.rendered == 0)
        #expect(again.changedPaths == [])
        // Nothing changed, nothing written: not even the state.
        let stateStamp = FileStamp(path: guide.root.appending(path: ".foodpin-cache/build-state").path)
        #expect(try guide.build().rendered == 0)
        #expect(FileStamp(path: guide.root.appending(path: ".foodpin-cache/build-state").path) == stateStamp)

        try guide.write("Content/reviews/r.md", "---\nrestaurant: a\nrating: 4\n---\nTop.\n")
        let review = try guide.build()
        #expect(review.changedPaths == ["restaurants/a/index.html", try guide.onlyTermShard()])
        #expect(review.rendered == 3)  // and the shards' manifest, the same bytes
        #expect(try guide.snapshot() == cleanBuild(of: guide))

        try guide.write("Content/site.yml", "title: Renamed\npage_size: 5\n")
        let settings = try guide.build()
        #expect(settings.rendered == settings.pages)
        #expect(try guide.snapshot() == cleanBuild(of: guide))

        let firstShard = try guide.onlyTermShard()
        try guide.remove("Content/restaurants/a.md")
        try guide.remove("Content/reviews/r.md")
        let removal = try guide.build()
        // 25 restaurants left, five to a page: the sixth list pages go too, the second shard of
        // cards (25 fit in one), and the words typos are forgiven from beginning "al" (Alpha): the
        // sample's Boston has none. The term shard is written again under its name.
        #expect(removal.removedPaths == ["cities/boston/page/6/index.html", "page/6/index.html", "restaurants/a/index.html",
                                         "search/1.json", TypoWords.path(key: "al")])
        #expect(try guide.onlyTermShard() == firstShard)
        #expect(try guide.snapshot() == cleanBuild(of: guide))
    }

    /// A template edit renders again the pages that use the template, and only those.
    @Test func aTemplateEditRendersOnlyThePagesThatUseIt() throws {
        let guide = try TestGuide(siteYAML: "title: T\npage_size: 5\n")
        try guide.addSampleCities(["Boston"])
        try guide.build()
        let welcome = try #require(Theme.builtInFiles["welcome.mustache"])
        try guide.write("Templates/welcome.mustache", welcome.replacingOccurrences(of: "{{/content}}", with: "<p>Hello.</p>\n{{/content}}"))
        let edited = try guide.build()
        #expect(edited.rendered == 1)
        #expect(edited.changedPaths == ["welcome/index.html"])
        #expect(try guide.snapshot() == guide.cleanSnapshot())

        // The card shows on lists, browse pages and search results, never on a restaurant's page.
        let card = try #require(Theme.builtInFiles["card.mustache"])
        try guide.write("Templates/card.mustache", "<!-- a card -->\n" + card)
        let cards = try guide.build()
        #expect(cards.changedPaths.contains("index.html") && cards.changedPaths.contains("search/0.json"))
        #expect(!cards.changedPaths.contains { $0.hasPrefix("restaurants/") || $0 == "welcome/index.html" })
        #expect(try guide.snapshot() == guide.cleanSnapshot())
    }

    /// `serve` saves its state when it stops, unless a `foodpin build` beside it saved a newer one
    /// after the session's last build: that one describes the output folder.
    @Test func aSessionDoesNotSaveOverTheStateOfABuildBesideIt() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\n---\nOne.\n")
        let stateFile = guide.root.appending(path: ".foodpin-cache/build-state").path
        var options = BuildOptions(root: guide.root)
        options.savesState = false
        let session = SiteBuilder(options)
        #expect(try session.build().succeeded)
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\n---\nTwo.\n")
        #expect(try guide.build().changedPaths == ["restaurants/a/index.html", try guide.onlyTermShard()])
        let newer = try #require(FileStamp(path: stateFile))
        try session.saveState()
        #expect(FileStamp(path: stateFile) == newer)
        #expect(try guide.build().rendered == 0)
        #expect(try guide.snapshot() == cleanBuild(of: guide))

        // A session whose own build came last saves what it wrote, for the next process.
        let later = SiteBuilder(options)
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\n---\nSix.\n")
        #expect(try later.build().changedPaths == ["restaurants/a/index.html", try guide.onlyTermShard()])
        #expect(FileStamp(path: stateFile) == nil)
        try later.saveState()
        #expect(FileStamp(path: stateFile) != nil)
        #expect(try guide.build().rendered == 0)
        #expect(try guide.snapshot() == cleanBuild(of: guide))
    }

    /// Two builds at once (a `build` beside a `serve`) take turns on the output folder: both
    /// succeed, and the site is what a clean build makes (a page the edit removed is gone).
    @Test func twoBuildsAtOnceLeaveWhatACleanBuildWould() throws {
        let guide = try TestGuide()
        try guide.addSampleCities(["Boston"])
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\n---\n")
        try guide.build()
        try guide.remove("Content/restaurants/a.md")
        let root = guide.root
        let reports = ParallelMap.map([0, 1], width: .disk) { _ in Result { try SiteBuilder.build(BuildOptions(root: root)) } }
        #expect(try reports.map { try $0.get().succeeded } == [true, true])
        #expect(!guide.exists("restaurants/a/index.html"))
        #expect(try guide.snapshot() == cleanBuild(of: guide))
    }

    @Test func aStateOfManySlicesReadsBackWhole() throws {
        // 700 parsed files kept between processes, every one read back.
        let guide = try TestGuide()
        for number in 0..<100 {
            try guide.write("Content/restaurants/r\(number).md", "---\nname: Place \(number)\n---\nAbout \(number).\n")
            for review in 0..<6 {
                try guide.write("Content/reviews/r\(number)/\(review).md", "---\nrestaurant: r\(number)\nrating: \(review % 5 + 1)\n---\nSaid \(review).\n")
            }
        }
        let first = try guide.build()
        #expect(first.restaurants == 100 && first.reviews == 600)
        let files = BuildState.files(in: guide.layout, output: guide.output)
        let kept = try #require(BuildState.loadSources(from: files.sources, key: StateKey(for: BuildOptions(root: guide.root), output: guide.output).text))
        #expect(kept.content.count == 700)
        #expect(kept.content.keys.filter { $0.hasSuffix("/reviews/r42/3.md") }.count == 1)
        // The text only (the rating, which cards and lists show, stays 4).
        try guide.write("Content/reviews/r42/3.md", "---\nrestaurant: r42\nrating: 4\n---\nOdd.\n")
        let again = try guide.build()
        #expect(again.rendered == 3)  // and the term shard and the shards' manifest
        #expect(again.changedPaths == ["restaurants/r42/index.html", try guide.onlyTermShard()])
        #expect(try guide.snapshot() == cleanBuild(of: guide))

        // That build wrote 699 entries back as it had read them (their bytes copied) and one anew:
        // each reads back, and the next build in a new process starts from them.
        let rewritten = try #require(BuildState.loadSources(from: files.sources, key: StateKey(for: BuildOptions(root: guide.root), output: guide.output).text))
        func text(_ suffix: String) -> String? {
            guard case .review(let review?, _)? = rewritten.content.first(where: { $0.key.hasSuffix(suffix) })?.value.parsed else { return nil }
            return review.markdown
        }
        #expect(rewritten.content.count == 700)
        // Each entry's kept bytes are what encoding it gives.
        for entry in rewritten.content.values {
            var kept = BinaryWriter(), encoded = BinaryWriter()
            kept.write(entry)
            var bare = entry
            bare.form = nil
            encoded.write(bare)
            #expect(entry.form != nil)
            #expect(kept.bytes == encoded.bytes)
        }
        #expect(text("/reviews/r42/3.md") == "Odd.\n")
        #expect(text("/reviews/r7/2.md") == "Said 2.\n")
        try guide.write("Content/reviews/r7/2.md", "---\nrestaurant: r7\nrating: 3\n---\nSaid two.\n")
        let third = try guide.build()
        #expect(third.rendered == 3)
        #expect(third.changedPaths == ["restaurants/r7/index.html", try guide.onlyTermShard()])
        #expect(try guide.snapshot() == cleanBuild(of: guide))
    }

    @Test func aDamagedOrMissingStateMeansAFullBuild() throws {
        let guide = try TestGuide()
        try guide.addSampleCities(["Boston"])
        try guide.build()
        let state = guide.root.appending(path: ".foodpin-cache/build-state")
        let bytes = try Data(contentsOf: state)
        try bytes.prefix(bytes.count / 2).write(to: state)
        // A page edited by hand and another removed: the full build puts both back.
        try guide.write("Output/index.html", "<p>edited</p>")
        try guide.remove("Output/restaurants/o-ya-28066/index.html")
        let full = try guide.build()
        #expect(full.rendered == full.pages)
        #expect(full.changedPaths.sorted() == ["index.html", "restaurants/o-ya-28066/index.html"])
        #expect(try guide.snapshot() == cleanBuild(of: guide))

        // With a good state, a page edited by hand (another size) is noticed too.
        try guide.write("Output/index.html", "<p>edited</p>")
        let again = try guide.build()
        #expect(again.changedPaths == ["index.html"])
        #expect(try guide.snapshot() == cleanBuild(of: guide))

        // --clean ignores the state.
        let clean = try SiteBuilder.build(BuildOptions(root: guide.root, clean: true))
        #expect(clean.rendered == clean.pages && clean.changedPaths == [])
    }

    @Test func keptSourcesReadBackAsTheyWere() throws {
        var facts = RestaurantFacts()
        facts.cuisines = ["Thai\nLao", "Café"]
        facts.lat = -71.06
        facts.price = 3
        facts.city = "Zürich"
        var writer = BinaryWriter()
        writer.write(facts)
        var reader = BinaryReader(writer.bytes)
        #expect(try reader.read(RestaurantFacts.self) == facts)
        #expect(reader.isAtEnd)
        // Damage: a count larger than the bytes left is refused, not allocated.
        var huge = BinaryWriter()
        huge.write(Int.max / 2)
        var damaged = BinaryReader(huge.bytes)
        #expect(throws: BinaryReader.Malformed.self) { try damaged.readString() }
    }
}
