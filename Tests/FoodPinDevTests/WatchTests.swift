import FoodPinCore
import Foundation
import Testing
@testable import FoodPinDev
import FoodPinBase

/// A guide in a temp folder with a live watch session; changes are real file-system operations.
final class WatchedGuide: @unchecked Sendable {
    let root: URL
    let session: DevSession
    private let lock = NSLock()
    private var outcomes: [DevSession.Outcome] = []

    init(poll: Bool = false, quiet: Double = RebuildLoop.defaultQuiet) throws {
        root = FileManager.default.temporaryDirectory.appending(path: "foodpin-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appending(path: "Content/restaurants"), withIntermediateDirectories: true)
        try Data("title: Watched\n".utf8).write(to: root.appending(path: "Content/site.yml"))
        try Data("---\nname: Alpha\n---\nFirst.\n".utf8).write(to: root.appending(path: "Content/restaurants/alpha.md"))
        session = DevSession(options: BuildOptions(root: root), poll: poll, quiet: quiet)
        session.onOutcome { [weak self] outcome in
            guard let self else { return }
            self.lock.lock()
            self.outcomes.append(outcome)
            self.lock.unlock()
        }
        try session.start()
    }

    deinit {
        session.stop()
        try? FileManager.default.removeItem(at: root)
    }

    var rebuilds: Int {
        lock.lock()
        defer { lock.unlock() }
        return outcomes.count - 1
    }

    var last: DevSession.Outcome? {
        lock.lock()
        defer { lock.unlock() }
        return outcomes.last
    }

    func write(_ path: String, _ text: String) throws {
        let url = root.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Waits for at least one more rebuild than `after`, then for the loop to settle.
    @discardableResult
    func waitForRebuild(after count: Int, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while rebuilds <= count && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        Thread.sleep(forTimeInterval: 0.15)
        _ = session.waitUntilIdle()
        return rebuilds > count
    }

    func page(_ path: String) -> String? {
        try? String(contentsOf: root.appending(path: "Output/\(path)"), encoding: .utf8)
    }

    /// Every file under a folder, by its path inside it.
    static func files(in folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: folder.path + "/" + path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { files[path] = try Data(contentsOf: folder.appending(path: path)) }
        }
        return files
    }

    /// What a clean build of the guide as it is now writes.
    func cleanBuild() throws -> [String: Data] {
        let copy = FileManager.default.temporaryDirectory.appending(path: "foodpin-clean-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: root.appending(path: "Content"), to: copy.appending(path: "Content"))
        try? FileManager.default.removeItem(at: copy.appending(path: "Content/guide.sqlite"))
        _ = try SiteBuilder.build(BuildOptions(root: copy))
        return try Self.files(in: copy.appending(path: "Output"))
    }
}

@Suite(.serialized) struct WatchTests {
    @Test(arguments: [false, true])
    func editsCreationsAtomicSavesAndDeletionsRebuild(poll: Bool) throws {
        let guide = try WatchedGuide(poll: poll)
        #expect(guide.page("restaurants/alpha/index.html")?.contains("First.") == true)

        var count = guide.rebuilds
        try guide.write("Content/restaurants/alpha.md", "---\nname: Alpha\n---\nEdited.\n")
        #expect(guide.waitForRebuild(after: count))
        #expect(guide.page("restaurants/alpha/index.html")?.contains("Edited.") == true)

        count = guide.rebuilds
        try guide.write("Content/restaurants/beta.md", "---\nname: Beta\n---\n")
        #expect(guide.waitForRebuild(after: count))
        #expect(guide.page("index.html")?.contains("Beta") == true)

        // An atomic save: write a temp file beside it, then rename it over.
        count = guide.rebuilds
        try guide.write("Content/restaurants/.beta.md.tmp", "---\nname: Beta Renamed\n---\n")
        _ = rename(guide.root.appending(path: "Content/restaurants/.beta.md.tmp").path,
                   guide.root.appending(path: "Content/restaurants/beta.md").path)
        #expect(guide.waitForRebuild(after: count))
        #expect(guide.page("restaurants/beta/index.html")?.contains("Beta Renamed") == true)

        count = guide.rebuilds
        try FileManager.default.removeItem(at: guide.root.appending(path: "Content/restaurants/beta.md"))
        #expect(guide.waitForRebuild(after: count))
        #expect(guide.page("restaurants/beta/index.html") == nil)
    }

    @Test func brokenContentKeepsTheLastGoodSiteUntilFixed() throws {
        let guide = try WatchedGuide()
        let count = guide.rebuilds
        try guide.write("Content/restaurants/alpha.md", "---\nname: [Alpha\n---\n")
        #expect(guide.waitForRebuild(after: count))
        guard case .failed(let report, let trigger)? = guide.last else {
            Issue.record("expected a failed build"); return
        }
        #expect(trigger == ["Content/restaurants/alpha.md"])
        #expect(report.diagnostics.map(\.location) == [SourceLocation(path: guide.root.path + "/Content/restaurants/alpha.md", line: 3, column: 1)])
        #expect(report.diagnostics.map(\.severity) == [.error])
        #expect(guide.page("restaurants/alpha/index.html")?.contains("First.") == true)

        let broken = guide.rebuilds
        try guide.write("Content/restaurants/alpha.md", "---\nname: Alpha Fixed\n---\n")
        #expect(guide.waitForRebuild(after: broken))
        #expect(guide.page("restaurants/alpha/index.html")?.contains("Alpha Fixed") == true)
    }

    @Test func aBurstOfSavesGivesOneOrTwoRebuilds() throws {
        // A quiet spell the hundred saves fit in even while the other suites load the machine.
        let guide = try WatchedGuide(quiet: 0.1)
        let count = guide.rebuilds
        for index in 0..<100 {
            try guide.write("Content/restaurants/alpha.md", "---\nname: Alpha \(index)\n---\n")
        }
        #expect(guide.waitForRebuild(after: count))
        Thread.sleep(forTimeInterval: 0.3)
        _ = guide.session.waitUntilIdle()
        #expect((1...2).contains(guide.rebuilds - count))
        #expect(guide.page("restaurants/alpha/index.html")?.contains("Alpha 99") == true)
    }

    @Test func newFoldersAreWatched() throws {
        let guide = try WatchedGuide()
        var count = guide.rebuilds
        try guide.write("Content/reviews/alpha/2026/first.md", "---\nrestaurant: alpha\nrating: 4\n---\nNice.\n")
        #expect(guide.waitForRebuild(after: count))
        #expect(guide.page("restaurants/alpha/index.html")?.contains("Nice.") == true)
        count = guide.rebuilds
        try guide.write("Content/reviews/alpha/2026/second.md", "---\nrestaurant: alpha\nrating: 2\n---\nMeh.\n")
        #expect(guide.waitForRebuild(after: count))
        #expect(guide.page("restaurants/alpha/index.html")?.contains("Meh.") == true)
    }

    @Test func editorScratchFilesAndTheToolsOwnWritesAreIgnored() throws {
        let guide = try WatchedGuide()
        let count = guide.rebuilds
        for name in [".alpha.md.swp", "alpha.md~", ".#alpha.md", "#alpha.md#", "alpha.md.tmp", "alpha.md___jb_tmp___", "4913"] {
            try guide.write("Content/restaurants/\(name)", "scratch")
        }
        try guide.write("Output/extra.html", "<p>not a source</p>")
        Thread.sleep(forTimeInterval: 0.6)
        #expect(guide.rebuilds == count)
        // The watcher is alive: one real edit afterwards makes exactly one rebuild.
        try guide.write("Content/restaurants/alpha.md", "---\nname: Alpha\n---\nAfter the scratch files.\n")
        #expect(guide.waitForRebuild(after: count))
        Thread.sleep(forTimeInterval: 0.3)
        _ = guide.session.waitUntilIdle()
        #expect(guide.rebuilds == count + 1)
        #expect(guide.page("restaurants/alpha/index.html")?.contains("After the scratch files.") == true)
    }

    @Test func aPictureDeletedWhileWatchingLeavesOutput() throws {
        let guide = try WatchedGuide()
        var count = guide.rebuilds
        try guide.write("Content/images/extra.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        #expect(guide.waitForRebuild(after: count))
        #expect(guide.page("images/extra.svg") != nil)
        count = guide.rebuilds
        try FileManager.default.removeItem(at: guide.root.appending(path: "Content/images/extra.svg"))
        #expect(guide.waitForRebuild(after: count))
        #expect(guide.page("images/extra.svg") == nil)
        #expect(!FileManager.default.fileExists(atPath: guide.root.appending(path: "Output/images").path))
        #expect(try WatchedGuide.files(in: guide.root.appending(path: "Output")) == guide.cleanBuild())
    }

    /// A theme edit reloads like content; the theme colour comes from site.css into the page and the manifest.
    @Test func aStylesheetEditRebuildsWithItsThemeColour() throws {
        let guide = try WatchedGuide()
        #expect(guide.page("index.html")?.contains("<meta name=\"theme-color\" content=\"#b3261e\">") == true)
        let count = guide.rebuilds
        try guide.write("Templates/assets/site.css", ":root { --theme-color: #0b6e4f; --paper: #fafafa; }\n")
        #expect(guide.waitForRebuild(after: count))
        #expect(guide.page("index.html")?.contains("<meta name=\"theme-color\" content=\"#0b6e4f\">") == true)
        let manifest = guide.page("manifest.webmanifest") ?? ""
        #expect(manifest.contains("\"theme_color\": \"#0b6e4f\"") && manifest.contains("\"background_color\": \"#fafafa\""))
        guard case .built(let report, _)? = guide.last else { Issue.record("expected a build"); return }
        #expect(report.removedPaths.filter { $0.hasPrefix("assets/site.") } .count == 1)
    }

    @Test func filterDecisions() {
        let filter = ChangeFilter()
        #expect(filter.isSource("Content/restaurants/a.md"))
        #expect(filter.isSource("Templates/layout.mustache"))
        #expect(filter.isSource("Content/cities/New York.json"))
        #expect(!filter.isSource("Output/index.html"))
        #expect(!filter.isSource("Content/guide.sqlite"))
        #expect(!filter.isSource("Content/guide.sqlite-journal"))
        #expect(!filter.isSource("Content/restaurants/.a.md.swp"))
        #expect(!filter.isSource("Content/restaurants/sedAb12Cd"))
        #expect(!filter.isSource("README.md"))
    }
}
