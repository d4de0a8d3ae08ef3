import Foundation
import Testing
@testable import FoodPinCore
import FoodPinBase

/// FoodPin's own folders (the picture cache, the standby, the live site) are trusted only for what
/// FoodPin put there: a link left in one is never followed, a file added by hand never goes live,
/// and `--clean` makes every processed picture again.
@Suite struct OwnFoldersTests {
    private func pictureGuide() throws -> TestGuide {
        let guide = try TestGuide()
        try FileManager.default.createDirectory(at: guide.root.appending(path: "Content/images"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: PictureTests.fixtures.appending(path: "small.jpg"),
                                         to: guide.root.appending(path: "Content/images/dish.jpg"))
        try guide.write("Content/restaurants/plate.md", "---\nname: The Plate\nimage: images/dish.jpg\n---\nGood food.\n")
        try guide.write("Content/restaurants/bowl.md", "---\nname: The Bowl\n---\nSoup.\n")
        #expect(try guide.build().succeeded)
        return guide
    }

    /// The cached file of the processed picture's 200-pixel JPEG, and the published one.
    private func pictureFiles(_ guide: TestGuide) throws -> (cached: URL, published: URL) {
        let cache = guide.layout.pictureCache
        let key = try #require(try FileManager.default.contentsOfDirectory(atPath: cache.path).first { $0.utf8.count == 16 })
        return (cache.appending(path: "\(key)/200.jpg"), guide.output.appending(path: "pictures/\(key)/dish-200w.jpg"))
    }

    private func isLink(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    @Test func aProcessedPictureReplacedByALinkIsMadeAgainNotPublished() throws {
        let guide = try pictureGuide()
        let (cached, published) = try pictureFiles(guide)
        let good = try Data(contentsOf: published)
        let secret = try guide.makeOutsideFolder("secret").appending(path: "secret.jpg")
        try Data(repeating: 0x53, count: good.count).write(to: secret)
        try FileManager.default.removeItem(at: cached)
        try FileManager.default.createSymbolicLink(at: cached, withDestinationURL: secret)
        for clean in [false, true] {
            try guide.remove("Output")
            #expect(try SiteBuilder.build(BuildOptions(root: guide.root, clean: clean)).succeeded)
            #expect(!isLink(published))
            #expect(try Data(contentsOf: published) == good, "clean: \(clean)")
        }
        #expect(!isLink(cached))
        #expect(try Data(contentsOf: secret) == Data(repeating: 0x53, count: good.count))
    }

    @Test func aCachedPictureDamagedWithoutChangingItsSizeIsMadeAgainByClean() throws {
        let guide = try pictureGuide()
        let (cached, published) = try pictureFiles(guide)
        let good = try Data(contentsOf: published)
        try Data(repeating: 0x44, count: good.count).write(to: cached)
        #expect(try SiteBuilder.build(BuildOptions(root: guide.root, clean: true)).succeeded)
        #expect(try Data(contentsOf: published) == good)
        #expect(try Data(contentsOf: cached) == good)
    }

    /// A named pipe where the build state lives: read as no state (a full build), never waited on,
    /// and replaced by the new state's file.
    @Test func aNamedPipeWhereTheBuildStateLivesIsNeverWaitedOn() throws {
        let guide = try pictureGuide()
        let files = BuildState.files(in: guide.layout, output: guide.output)
        for file in [files.state, files.sources] {
            unlink(file.path)
            try TestGuide.makePipe(at: file)
        }
        let started = Date()
        try guide.write("Content/restaurants/bowl.md", "---\nname: The Bowl\n---\nSoup, and bread.\n")
        #expect(try guide.build().succeeded)
        #expect(Date().timeIntervalSince(started) < 5)
        for file in [files.state, files.sources] {
            var info = stat()
            #expect(lstat(file.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG)
        }
    }

    @Test func aStandbyFolderReplacedByALinkIsNeverWrittenThrough() throws {
        let guide = try pictureGuide()
        try guide.write("Content/restaurants/bowl.md", "---\nname: The Bowl\n---\nMore soup.\n")
        #expect(try guide.build().succeeded)
        let standby = guide.root.appending(path: ".Output.foodpin-next")
        let outside = try guide.makeOutsideFolder("outside")
        try Data("mine".utf8).write(to: outside.appending(path: "note.txt"))
        try FileManager.default.removeItem(at: standby.appending(path: "restaurants"))
        try FileManager.default.createSymbolicLink(at: standby.appending(path: "restaurants"), withDestinationURL: outside)
        try guide.write("Content/restaurants/bowl.md", "---\nname: The Bowl\n---\nEven more soup.\n")
        #expect(try guide.build().succeeded)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["note.txt"])
        #expect(!isLink(guide.output.appending(path: "restaurants")))
        #expect(try guide.page("restaurants/bowl/index.html").contains("Even more soup."))
        try guide.write("Content/restaurants/bowl.md", "---\nname: The Bowl\n---\nSoup again.\n")
        #expect(try guide.build().succeeded)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["note.txt"])
        #expect(try guide.snapshot() == (try cleanSnapshot(of: guide)))
    }

    @Test func filesAddedToTheStandbyByHandNeverGoLive() throws {
        let guide = try pictureGuide()
        try guide.write("Content/restaurants/bowl.md", "---\nname: The Bowl\n---\nMore soup.\n")
        #expect(try guide.build().succeeded)
        try guide.write(".Output.foodpin-next/added.html", "<script>alert(1)</script>")
        try guide.write(".Output.foodpin-next/restaurants/added/index.html", "<script>alert(1)</script>")
        try guide.write("Content/restaurants/bowl.md", "---\nname: The Bowl\n---\nEven more soup.\n")
        #expect(try guide.build().succeeded)
        #expect(!guide.exists("added.html") && !guide.exists("restaurants/added/index.html"))
        #expect(try guide.snapshot() == (try cleanSnapshot(of: guide)))
    }

    /// Files the standby lacks are linked from the live site: every file where there is no standby
    /// (the first site's removed), or, with one, a page changed by the last build. A link where its
    /// folder was is never linked through: the page is made again.
    @Test(arguments: [false, true])
    func aPageFolderOfTheLiveSiteReplacedByALinkIsNotLinkedFrom(standbyThere: Bool) throws {
        let guide = try pictureGuide()
        if standbyThere {
            try guide.write("Content/restaurants/bowl.md", "---\nname: The Bowl\n---\nA first edit.\n")
            #expect(try guide.build().succeeded)
        } else {
            try guide.remove(".Output.foodpin-next")
        }
        let (linked, edited) = standbyThere ? ("bowl", "plate") : ("plate", "bowl")
        let outside = try guide.makeOutsideFolder("outside")
        let page = try guide.page("restaurants/\(linked)/index.html")
        try Data(String(repeating: "x", count: page.utf8.count).utf8).write(to: outside.appending(path: "index.html"))
        try guide.remove("Output/restaurants/\(linked)")
        try FileManager.default.createSymbolicLink(at: guide.output.appending(path: "restaurants/\(linked)"), withDestinationURL: outside)
        let frontMatter = ["plate": "name: The Plate\nimage: images/dish.jpg\n", "bowl": "name: The Bowl\n"]
        try guide.write("Content/restaurants/\(edited).md", "---\n\(frontMatter[edited]!)---\nEdited.\n")
        #expect(try guide.build().succeeded)
        #expect(!isLink(guide.output.appending(path: "restaurants/\(linked)")))
        #expect(try guide.page("restaurants/\(linked)/index.html") == page)
        #expect(try guide.snapshot() == (try cleanSnapshot(of: guide)))
    }

    /// Where files are replaced in place (the output folder a link to a web server's folder), a
    /// link inside it would be written through: the build refuses it, naming it, and writes nothing.
    @Test func aLinkInsideAnOutputFolderUpdatedInPlaceIsRefused() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\n---\n")
        let www = try guide.makeOutsideFolder("www"), outside = try guide.makeOutsideFolder("outside")
        try FileManager.default.createSymbolicLink(at: guide.output, withDestinationURL: www)
        #expect(try guide.build().succeeded)
        try FileManager.default.removeItem(at: www.appending(path: "restaurants"))
        try FileManager.default.createSymbolicLink(at: www.appending(path: "restaurants"), withDestinationURL: outside)
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha Two\n---\n")
        let error = #expect(throws: FoodPinError.self) { try guide.build() }
        #expect(error?.description == GuideLayout.displayPath(guide.output.appending(path: "restaurants"))
                + ": error: this is a link inside the output folder; FoodPin never writes through one\n    hint: remove the link, then build again")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    /// The same guide built from nothing into a folder of its own.
    private func cleanSnapshot(of guide: TestGuide) throws -> [String: Data] {
        let copy = try TestGuide()
        try FileManager.default.removeItem(at: copy.root.appending(path: "Content"))
        try FileManager.default.copyItem(at: guide.root.appending(path: "Content"), to: copy.root.appending(path: "Content"))
        #expect(try copy.build().succeeded)
        return try copy.snapshot()
    }
}
