import Foundation
import Testing
@testable import FoodPinCore
import FoodPinBase

/// The output folder and its standby: a build publishes whole or not at all, writes through a link
/// that is the output folder, never through one that is the standby, and makes the standby of
/// links to the live site's files (a first site's as it writes them, into its twin).
@Suite struct OutputFolderTests {
    /// A build that fails while writing (here: the standby folder cannot take a page) leaves the
    /// published site as it was, and the next build, once the fault is gone, publishes the new one.
    @Test func aBuildThatFailsWhileWritingLeavesThePublishedSiteWhole() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\n---\n")
        try guide.write("Content/restaurants/b.md", "---\nname: Beta\n---\n")
        try guide.build()
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha Two\n---\n")
        try guide.build()
        let published = try guide.snapshot()
        // The standby holds the site before; a folder where the new page must go makes its write fail.
        let standby = guide.root.appending(path: ".Output.foodpin-next")
        try FileManager.default.removeItem(at: standby.appending(path: "restaurants/b/index.html"))
        try FileManager.default.createDirectory(at: standby.appending(path: "restaurants/b/index.html/x"), withIntermediateDirectories: true)
        try guide.write("Content/restaurants/b.md", "---\nname: Beta Two\n---\n")
        #expect(throws: FoodPinError.self) { try guide.build() }
        #expect(try guide.snapshot() == published)
        // No state, and no half-written one: the sources' file, begun while pages were written, is gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: guide.root.appending(path: ".foodpin-cache").path) == [])
        let report = try guide.build()
        #expect(report.succeeded)
        #expect(try guide.page("restaurants/b/index.html").contains("Beta Two"))
        #expect(try guide.snapshot() == guide.cleanSnapshot())
    }

    @Test func buildingIntoAnotherFolderLeavesTheUsualOnesStateAlone() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\n---\n")
        try guide.build()
        let other = try SiteBuilder.build(BuildOptions(root: guide.root, output: guide.root.appending(path: "Preview")))
        #expect(other.rendered == other.pages)
        #expect(try guide.build().rendered == 0)
        #expect(try SiteBuilder.build(BuildOptions(root: guide.root, output: guide.root.appending(path: "Preview"))).rendered == 0)

        // Once that folder is gone, the next build that saves a state forgets the one kept for it.
        let cache = guide.root.appending(path: ".foodpin-cache")
        func kept() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: cache.path).sorted() }
        let suffix = "-" + Fingerprint.hex(Array(guide.root.appending(path: "Preview").standardizedFileURL.path.utf8), length: 8)
        #expect(try kept() == ["build-sources", "build-sources" + suffix, "build-state", "build-state" + suffix])
        try guide.remove("Preview")
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\n---\nTwo.\n")
        #expect(try guide.build().rendered == 3)  // its page, the term shard and the shards' manifest
        #expect(try kept() == ["build-sources", "build-state"])
    }

    /// A standby committed as a link (to a folder of someone's) is removed, never written through.
    @Test func aStandbyThatIsALinkIsRemovedNotFollowed() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\n---\n")
        try guide.write("Victim/precious.txt", "keep me")
        try FileManager.default.createSymbolicLink(atPath: guide.root.appending(path: ".Output.foodpin-next").path,
                                                   withDestinationPath: guide.root.appending(path: "Victim").path)
        try guide.write("Output/index.html", "old")
        #expect(try guide.build().succeeded)
        #expect(try Data(contentsOf: guide.root.appending(path: "Victim/precious.txt")) == Data("keep me".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: guide.root.appending(path: "Victim").path) == ["precious.txt"])
        #expect(try guide.snapshot() == guide.cleanSnapshot())
    }

    /// An output folder that is a link (to a web server's folder, say) is written through, in place.
    @Test func anOutputFolderThatIsALinkIsUpdatedInPlace() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\n---\n")
        try FileManager.default.createDirectory(at: guide.root.appending(path: "www"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: guide.output.path, withDestinationPath: guide.root.appending(path: "www").path)
        try guide.build()
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha Two\n---\n")
        try guide.build()
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: guide.output.path) == guide.root.appending(path: "www").path)
        #expect(try String(contentsOf: guide.root.appending(path: "www/restaurants/a/index.html"), encoding: .utf8).contains("Alpha Two"))
        #expect(!FileManager.default.fileExists(atPath: guide.root.appending(path: ".Output.foodpin-next").path))
        #expect(!FileManager.default.fileExists(atPath: guide.root.appending(path: ".Output.foodpin-twin").path))
    }

    /// A durable first site leaves its twin too.
    @Test func aDurableFirstSiteLeavesItsTwinAsTheStandby() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\n---\n")
        var options = BuildOptions(root: guide.root)
        options.durable = true
        let cold = try SiteBuilder.build(options)
        let live = try inodes(guide.output)
        #expect(live.count == cold.files)
        #expect(try inodes(guide.root.appending(path: ".Output.foodpin-next")) == live)
    }

    /// A page deleted from the standby by hand, which the record says it holds: the standby is
    /// brought up to date like an unknown folder, and the next site has the page.
    @Test func aStandbyThatLostAFileIsBroughtUpToDate() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\n---\n")
        try guide.write("Content/restaurants/b.md", "---\nname: Beta\n---\n")
        try guide.build()
        try guide.remove(".Output.foodpin-next/restaurants/b/index.html")
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\n---\nTwo.\n")
        #expect(try guide.build().succeeded)
        #expect(guide.exists("restaurants/b/index.html"))
        #expect(try guide.snapshot() == guide.cleanSnapshot())
    }

    /// A twin a stopped first build left (here: made by hand, with a stray file) is removed by the
    /// next build, which makes its own.
    @Test func aTwinLeftBehindIsRemoved() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\n---\n")
        try guide.write(".Output.foodpin-twin/restaurants/gone/index.html", "stale")
        let cold = try guide.build()
        #expect(!FileManager.default.fileExists(atPath: guide.root.appending(path: ".Output.foodpin-twin").path))
        #expect(try inodes(guide.root.appending(path: ".Output.foodpin-next")).count == cold.files)
        #expect(try guide.snapshot() == guide.cleanSnapshot())
    }

    @Test func aDeletedOutputFolderIsWrittenAgain() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\n---\n")
        let builder = SiteBuilder(BuildOptions(root: guide.root))
        _ = try builder.build()
        try FileManager.default.removeItem(at: guide.output)
        _ = try builder.build()
        #expect(guide.exists("restaurants/a/index.html"))
        try guide.remove("Output/index.html")
        _ = try builder.build()
        #expect(guide.exists("index.html"))
    }

    private func inode(_ url: URL) throws -> UInt64 {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? UInt64)
    }

    /// Every file of the site, by path, and its inode.
    private func inodes(_ folder: URL) throws -> [String: UInt64] {
        var found: [String: UInt64] = [:]
        let walk = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]))
        for case let url as URL in walk where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
            found[String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))] = try inode(url)
        }
        return found
    }

    /// A cold build leaves its twin as the standby: every file of the site there, as a hard link to
    /// the live one. The next build links nothing, writes only what changed, and publishes what a
    /// clean build would.
    @Test func aFirstSiteLeavesItsTwinAsTheStandby() throws {
        let guide = try TestGuide()
        try guide.addSampleCities(["Boston"])
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\n---\nOne.\n")
        let cold = try guide.build()
        #expect(cold.linkedFromLive == 0)
        let standby = guide.root.appending(path: ".Output.foodpin-next")
        let live = try inodes(guide.output)
        #expect(live.count == cold.files)
        #expect(try inodes(standby) == live)
        #expect(!FileManager.default.fileExists(atPath: guide.root.appending(path: ".Output.foodpin-twin").path))
        let unchanged = "restaurants/o-ya-28066/index.html"
        let before = try inode(guide.output.appending(path: unchanged))
        // A page changed by hand (another size) is written again, not taken from the standby as the state describes it.
        try guide.write("Output/restaurants/the-tap-trailhouse-145237/index.html", "<p>edited</p>")
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\n---\nTwo.\n")
        let edit = try guide.build()
        // Only the four rendered (two pages, the term shard and the shards' manifest) are written.
        #expect(edit.linkedFromLive == 0)
        #expect(edit.rendered == 4)
        #expect(edit.changedPaths.sorted() == ["restaurants/a/index.html", "restaurants/the-tap-trailhouse-145237/index.html",
                                               try guide.onlyTermShard()])
        #expect(try guide.snapshot() == guide.cleanSnapshot())
        // The old site is now the standby; the unchanged page is one file in both.
        #expect(try inode(standby.appending(path: unchanged)) == before)
        #expect(try inode(guide.output.appending(path: unchanged)) == before)
        #expect(try String(contentsOf: standby.appending(path: "restaurants/a/index.html"), encoding: .utf8).contains("One."))

        // The next edit brings the standby up to date.
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\n---\nSix.\n")
        let next = try guide.build()
        // The old site, now the standby, holds the page changed by hand, which the state does not
        // know: the standby is brought up to date like an unknown folder, every unchanged file linked.
        #expect(next.linkedFromLive == next.files - 3)
        #expect(next.changedPaths == ["restaurants/a/index.html", try guide.onlyTermShard()])
        #expect(try guide.snapshot() == guide.cleanSnapshot())
    }

    /// A standby left half made (the build killed while it was made) is unknown: brought up to date
    /// like any folder, and what it held beyond the site does not reach the published one.
    @Test func aHalfMadeStandbyIsBroughtUpToDate() throws {
        let guide = try TestGuide()
        try guide.addSampleCities(["Boston"])
        try guide.build()
        let standby = guide.root.appending(path: ".Output.foodpin-next")
        try FileManager.default.removeItem(at: standby)
        try FileManager.default.createDirectory(at: standby.appending(path: "restaurants/o-ya-28066"), withIntermediateDirectories: true)
        try FileManager.default.linkItem(at: guide.output.appending(path: "restaurants/o-ya-28066/index.html"),
                                         to: standby.appending(path: "restaurants/o-ya-28066/index.html"))
        try guide.write(".Output.foodpin-next/restaurants/gone/index.html", "stale")
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\n---\n")
        #expect(try guide.build().succeeded)
        #expect(!guide.exists("restaurants/gone/index.html"))
        #expect(try guide.snapshot() == guide.cleanSnapshot())
    }
}
