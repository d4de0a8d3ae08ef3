import Foundation
import Testing
@testable import FoodPinCore
@testable import FoodPinPublish
import FoodPinBase

/// Each stage called alone, on a real guide, without a build: the reader, the site maker, the
/// page planner and the publisher, each with the memo it owns.
@Suite struct StageTests {
    /// A guide of two restaurants, one reviewed, with the default theme.
    func twoRestaurants() throws -> TestGuide {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/alder.md", "---\nname: Alder\ncity: Boston\ncuisine: Thai\n---\nNoodles.\n")
        try guide.write("Content/restaurants/birch.md", "---\nname: Birch\ncity: Boston\ncuisine: Cafe\n---\nCoffee.\n")
        try guide.write("Content/reviews/alder-1.md", "---\nrestaurant: alder\nname: Ann\nrating: 4\ndate: 2026-01-02\n---\nGood.\n")
        return guide
    }

    @Test func theReaderReadsOnlyWhatASessionSaysChanged() throws {
        let guide = try twoRestaurants()
        var reader = GuideReader(layout: guide.layout, baseURL: nil, session: true)
        var log = DiagnosticLog()
        let first = reader.read(nil, log: &log)
        #expect(first.content.restaurants.compactMap(\.name).sorted() == ["Alder", "Birch"])
        #expect(first.content.reviews.count == 1)
        #expect(!first.onlyTextChanged)
        // An edited restaurant: read again; only text changed, so pictures found on disk are as they were.
        try guide.write("Content/restaurants/birch.md", "---\nname: Birch Tree\ncity: Boston\ncuisine: Cafe\n---\nCoffee.\n")
        reader.note(changed: ["Content/restaurants/birch.md"])
        let second = reader.read(nil, log: &log)
        #expect(second.content.restaurants.compactMap(\.name).sorted() == ["Alder", "Birch Tree"])
        #expect(second.onlyTextChanged)
        // A picture added to a restaurant's folder: not text, and listed.
        try FileManager.default.createDirectory(at: guide.root.appending(path: "Content/images/alder"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.repository.appending(path: "Tests/Fixtures/pictures/small.jpg"), to: guide.root.appending(path: "Content/images/alder/dish.jpg"))
        reader.note(changed: ["Content/images/alder/dish.jpg"])
        let third = reader.read(nil, log: &log)
        #expect(third.imageFiles == ["images/alder/dish.jpg"])
        #expect(!third.onlyTextChanged)
        #expect(log.sorted.isEmpty)
    }

    /// The site maker makes the model and the files the build would: as many as a build of the
    /// same guide reports, and the full-text index it keeps for the next build.
    @Test func theSiteMakerMakesTheModelAndTheFiles() throws {
        let guide = try twoRestaurants()
        let options = BuildOptions(root: guide.root)
        var reader = GuideReader(layout: guide.layout, baseURL: nil, session: false)
        var maker = SiteMaker(layout: guide.layout, options: options, session: false)
        var run = BuildRun()
        let sources = reader.read(nil, log: &run.log)
        let site = try maker.makeSite(sources, output: guide.output, run: &run)
        #expect(site.restaurants.map(\.name) == ["Alder", "Birch"])
        #expect(site.restaurants.map(\.reviews.count) == [1, 0])
        #expect(maker.terms == nil)
        let files = maker.makeFiles(site, guide: sources, pictures: try SiteBuilder(options).processPictures(of: site, guide: sources, run: &run),
                                    log: &run.log)
        #expect(files.kinds.compactMap { $0 as? RestaurantPages }.map { (0..<$0.count).map($0.path) }
            == [["restaurants/alder/index.html", "restaurants/birch/index.html"]])
        #expect(maker.terms != nil)
        #expect(run.log.sorted.isEmpty)
        #expect(try guide.build().pages == files.count)
    }

    /// The planner renders every page first; with the publisher's record of what was written,
    /// nothing next; after an edit, the edited restaurant's page and the pages made of many.
    @Test func thePlannerRendersOnlyPagesWhoseInputsChanged() throws {
        let guide = try twoRestaurants()
        let options = BuildOptions(root: guide.root)
        let builder = SiteBuilder(options)
        var (reader, maker) = (GuideReader(layout: guide.layout, baseURL: nil, session: false), SiteMaker(layout: guide.layout, options: options, session: false))
        var planner = PagePlanner(layout: guide.layout, outputPath: guide.output.path, session: false)
        var record = FolderRecord()
        func planAndPublish() throws -> [String] {
            var run = BuildRun()
            let sources = reader.read(nil, log: &run.log)
            let site = try maker.makeSite(sources, output: guide.output, run: &run)
            let pictures = try builder.processPictures(of: site, guide: sources, run: &run)
            let siteFiles = maker.makeFiles(site, guide: sources, pictures: pictures, log: &run.log)
            let turn = try Publisher.takeTurn(guide.output)
            defer { turn.end() }
            let publisher = try Publisher(output: guide.output, turn: turn, record: &record, session: false, walked: nil)
            let plan = try planner.plan(siteFiles, pictures: pictures, guide: sources, publisher: publisher)
            var files = plan.kept
            try publisher.prepare(writing: plan.toRender.map { plan.paths[$0] } + plan.files.map(\.path), linking: plan.toLink)
            for index in plan.toRender {
                files[plan.paths[index]] = try publisher.put(OutputFile(path: plan.paths[index], data: siteFiles.bytes(index))).state
            }
            for file in plan.files { files[file.path] = try publisher.put(file).state }
            try publisher.keep(plan.toLink)
            try publisher.commit(files, deliveries: plan.deliveries, changes: nil, changed: true, changedByHand: [], durable: false,
                                 record: &record)
            planner.planned(plan)
            #expect(files.count == plan.allPaths.count)
            return plan.toRender.map { plan.paths[$0] }.sorted()
        }
        let first = try planAndPublish()
        #expect(first.count == (try guide.build().pages))
        #expect(try planAndPublish() == [])
        try guide.write("Content/restaurants/birch.md", "---\nname: Birch\ncity: Boston\ncuisine: Cafe\n---\nTea too.\n")
        // Its page, and the full-text index's list of shards and its one shard (new words: "tea", "too").
        #expect(try planAndPublish() == ["restaurants/birch/index.html", "search/terms.json", "search/terms/23.json"])
        try guide.write("Content/restaurants/birch.md", "---\nname: Birch\ncity: Boston\ncuisine: Cafe\nprice: 3\n---\nTea too.\n")
        let priced = try planAndPublish()
        #expect(priced.contains("restaurants/birch/index.html") && priced.contains("index.html") && !priced.contains("restaurants/alder/index.html"))
    }

    /// The publisher alone: the first site is published with its twin, which becomes the standby
    /// (each file a hard link to the live one); without it, the next site is made in a new standby
    /// (the unchanged file linked) and exchanged; the one after finds the file in the standby (the
    /// site before the last) and leaves it. The record says what each folder holds.
    @Test func thePublisherMakesEachSiteBesideTheLiveOne() throws {
        let guide = try TestGuide()
        let output = guide.root.appending(path: "site")
        var record = FolderRecord()
        func publish(_ texts: [String: String]) throws -> [Publisher.Keeping] {
            let turn = try Publisher.takeTurn(output)
            defer { turn.end() }
            let publisher = try Publisher(output: output, turn: turn, record: &record, session: false, walked: nil)
            var (files, keepings, toWrite, toLink) = ([String: WrittenState](), [Publisher.Keeping](), [OutputFile](), [String]())
            for (path, text) in texts.sorted(by: { $0.key < $1.key }) {
                let file = OutputFile(path: path, data: Data(text.utf8))
                let keeping = publisher.keeping(path, as: try OutputWriter.state(of: file))
                keepings.append(keeping)
                if keeping == .written { toWrite.append(file) } else { files[path] = try OutputWriter.state(of: file) }
                if keeping == .linked { toLink.append(path) }
            }
            try publisher.prepare(writing: toWrite.map(\.path), linking: toLink)
            for file in toWrite { files[file.path] = try publisher.put(file).state }
            try publisher.keep(toLink)
            try publisher.commit(files, deliveries: [:], changes: nil, changed: true, changedByHand: [], durable: false, record: &record)
            return keepings
        }
        let pages = ["a.html": "A", "b/index.html": "B1"]
        #expect(try publish(pages) == [.written, .written])
        let first = record.live
        #expect(first?.count == 2 && record.standby == first)
        let standby = guide.root.appending(path: ".site.foodpin-next")
        for path in pages.keys { #expect(try inode(output.appending(path: path)) == inode(standby.appending(path: path))) }
        #expect(!FileManager.default.fileExists(atPath: guide.root.appending(path: ".site.foodpin-twin").path))
        try FileManager.default.removeItem(at: standby)
        #expect(try publish(["a.html": "A", "b/index.html": "B2"]) == [.linked, .written])
        #expect(record.standby == first)
        #expect(try String(contentsOf: standby.appending(path: "b/index.html"), encoding: .utf8) == "B1")
        #expect(try inode(output.appending(path: "a.html")) == inode(standby.appending(path: "a.html")))
        #expect(try publish(["a.html": "A", "b/index.html": "B3"]) == [.held, .written])
        #expect(try String(contentsOf: output.appending(path: "b/index.html"), encoding: .utf8) == "B3")
        #expect(try String(contentsOf: standby.appending(path: "b/index.html"), encoding: .utf8) == "B2")
    }

    /// A first site whose twin could not take a file (a file stands where its folder goes) is
    /// published all the same; the twin is removed, not made the standby, which the record does
    /// not claim to hold anything.
    @Test func aTwinThatCouldNotTakeAFileIsRemoved() throws {
        let guide = try TestGuide()
        let output = guide.root.appending(path: "site")
        var record = FolderRecord()
        let turn = try Publisher.takeTurn(output)
        defer { turn.end() }
        let publisher = try Publisher(output: output, turn: turn, record: &record, session: false, walked: nil)
        let files = [OutputFile(path: "a.html", data: Data("A".utf8)), OutputFile(path: "b/c/index.html", data: Data("B".utf8))]
        try publisher.prepare(writing: files.map(\.path), linking: [])
        let twin = guide.root.appending(path: ".site.foodpin-twin")
        #expect(FileManager.default.fileExists(atPath: twin.path))
        try Data("in the way".utf8).write(to: twin.appending(path: "b/c"))
        var written: [String: WrittenState] = [:]
        for file in files { written[file.path] = try publisher.put(file).state }
        try publisher.commit(written, deliveries: [:], changes: nil, changed: true, changedByHand: [], durable: false, record: &record)
        #expect(record.standby == nil)
        #expect(!FileManager.default.fileExists(atPath: twin.path))
        #expect(!FileManager.default.fileExists(atPath: guide.root.appending(path: ".site.foodpin-next").path))
        #expect(try String(contentsOf: output.appending(path: "b/c/index.html"), encoding: .utf8) == "B")
        #expect(try String(contentsOf: output.appending(path: "a.html"), encoding: .utf8) == "A")
    }

    /// The record's binary form: the standby kept as its differences from the live folder, made
    /// whole again on reading (or left out, for a deploy).
    @Test func theFolderRecordReadsBackAsWritten() throws {
        let guide = try TestGuide()
        let state = { (text: String) in WrittenState.bytes(ContentDigest(Array(text.utf8))) }
        let record = FolderRecord(live: ["a": state("1"), "b": state("2")], standby: ["a": state("1"), "c": state("3")])
        let file = try ReplaceFile(guide.root.appending(path: "record"))
        var writer = BinaryWriter()
        try record.write(with: &writer, to: file)
        try file.append(writer.drain())
        try file.commit(durable: false)
        var reader = try #require(BinaryReader(mapping: guide.root.appending(path: "record").path))
        let whole = try FolderRecord.read(&reader, whole: true)
        #expect(reader.isAtEnd)
        #expect(whole.live == record.live && whole.standby == record.standby)
        reader = try #require(BinaryReader(mapping: guide.root.appending(path: "record").path))
        let liveOnly = try FolderRecord.read(&reader, whole: false)
        #expect(liveOnly.live == record.live && liveOnly.standby == nil && reader.isAtEnd)
    }

    private func inode(_ url: URL) throws -> UInt64 {
        var info = stat()
        try #require(stat(url.path, &info) == 0)
        return UInt64(info.st_ino)
    }
}
