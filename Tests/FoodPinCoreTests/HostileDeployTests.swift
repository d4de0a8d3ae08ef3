import Foundation
import Testing
@testable import FoodPinCore
@testable import FoodPinDeploy
import FoodPinBase

/// The hostile-input catalogue's deploy cases (docs/limits.md): links and odd files inside a folder
/// target, in `.foodpin-cache/` and `.github/`, odd names, and the order removals come in. Each
/// checks the refusal with its place, and that nothing outside the target or the guide changed.
@Suite struct HostileDeployTests {
    let deploys = DeployTests()

    /// A folder outside the guide holding 67 pages an editor would hate to lose.
    func precious(_ guide: TestGuide) throws -> (folder: URL, files: [String: Data]) {
        let folder = try guide.makeOutsideFolder("precious")
        for index in 0..<67 { try Data("page \(index)".utf8).write(to: folder.appending(path: "\(index).html")) }
        try Data("notes".utf8).write(to: folder.appending(path: "index.html"))
        return (folder, try deploys.files(in: folder))
    }

    func link(_ path: URL, to target: URL) throws {
        try? FileManager.default.removeItem(at: path)
        try FileManager.default.createSymbolicLink(at: path, withDestinationURL: target)
    }

    func refusal(_ guide: TestGuide, to www: URL, verify: Bool = false) async -> FoodPinError? {
        await #expect(throws: FoodPinError.self) { _ = try await deploys.deploy(guide, to: www) { $0.verify = verify } }
    }

    @Test func aLinkToAFolderInsideTheTargetIsReportedAndNeverFollowed() async throws {
        let guide = try deploys.twoRestaurants()
        let www = try guide.makeOutsideFolder("www")
        _ = try await deploys.deploy(guide, to: www)
        let (outside, kept) = try precious(guide)
        // The restaurants' folder becomes a link: the next deploy would remove noodle-bar's page through it.
        try FileManager.default.removeItem(at: www.appending(path: "restaurants"))
        try link(www.appending(path: "restaurants"), to: outside)
        try FileManager.default.createDirectory(at: outside.appending(path: "noodle-bar"), withIntermediateDirectories: true)
        try Data("kept".utf8).write(to: outside.appending(path: "noodle-bar/index.html"))
        try guide.write("Content/restaurants/luigis.md", "---\nname: Luigi's\ncuisines: [Italian]\ncity: Boston\n---\nNow pizza too.\n")
        try guide.remove("Content/restaurants/noodle-bar.md")
        try guide.build()
        for verify in [false, true] {
            let failure = await refusal(guide, to: www, verify: verify)
            #expect(failure?.place == www.path + "/restaurants", "verify: \(verify)")
            #expect(failure?.message == "a link stands in the deploy target; FoodPin never writes or removes anything through it")
            #expect(failure?.hint == "remove it, then deploy again: the next deploy looks at every file of the target")
            var expected = kept
            expected["noodle-bar/index.html"] = Data("kept".utf8)
            #expect(try deploys.files(in: outside) == expected)
        }
        // As the hint says: the link removed, the next deploy finds what the folder lacks.
        try FileManager.default.removeItem(at: www.appending(path: "restaurants"))
        _ = try await deploys.deploy(guide, to: www)
        #expect(try deploys.files(in: www) == deploys.files(in: guide.output))
    }

    @Test func aLinkWhereAFileGoesIsReportedAndTheFileBehindItKept() async throws {
        let guide = try deploys.twoRestaurants()
        let www = try guide.makeOutsideFolder("www")
        _ = try await deploys.deploy(guide, to: www)
        let (outside, kept) = try precious(guide)
        try link(www.appending(path: "restaurants/luigis/index.html"), to: outside.appending(path: "index.html"))
        try guide.write("Content/restaurants/luigis.md", "---\nname: Luigi's\ncuisines: [Italian]\ncity: Boston\n---\nNow pizza too.\n")
        try guide.build()
        let failure = await refusal(guide, to: www)
        #expect(failure?.place == www.path + "/restaurants/luigis/index.html")
        #expect(failure?.message == "a link stands in the deploy target; FoodPin never writes or removes anything through it")
        #expect(try deploys.files(in: outside) == kept)
    }

    @Test func aLinkedIncomingFolderIsNeverWrittenThrough() async throws {
        let guide = try deploys.twoRestaurants()
        let www = try guide.makeOutsideFolder("www")
        let (outside, kept) = try precious(guide)
        try link(www.appending(path: FolderDestination.incoming), to: outside)
        let failure = await refusal(guide, to: www)
        #expect(failure?.place == www.path + "/.foodpin-incoming")
        #expect(try deploys.files(in: outside) == kept)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).count == kept.count)
    }

    @Test func aLinkFoundInAFirstListingIsReportedBeforeAnythingIsSent() async throws {
        let guide = try deploys.twoRestaurants()
        let www = try guide.makeOutsideFolder("www")
        let (outside, kept) = try precious(guide)
        try Data("mark".utf8).write(to: www.appending(path: FolderDestination.mark))
        try link(www.appending(path: "old"), to: outside)
        let failure = await refusal(guide, to: www)
        #expect(failure?.place == www.path + "/old")
        #expect(try deploys.files(in: outside) == kept)
        #expect(try FileManager.default.contentsOfDirectory(atPath: www.path).sorted() == [FolderDestination.mark, "old"])
    }

    /// Doors and pages go before the assets they name: a deploy stopped while removing leaves no
    /// live page without its stylesheet. With `--verify` too, which lists the target: the last
    /// manifest still says how each file was sent.
    @Test(arguments: [false, true]) func pagesAreRemovedBeforeTheAssetsTheyName(verify: Bool) async throws {
        let guide = try deploys.twoRestaurants()
        let www = try guide.makeOutsideFolder("www")
        _ = try await deploys.deploy(guide, to: www)
        let oldCSS = try #require(try deploys.files(in: www).keys.first { $0.hasPrefix("assets/site.") && $0.hasSuffix(".css") })
        let sentAs = try #require(BuildState.written(into: guide.output, in: guide.layout)).deliveries
        try guide.write("Templates/assets/site.css", try String(contentsOf: Fixtures.repository.appending(path: "Templates/assets/site.css"), encoding: .utf8) + "\n.x { color: red; }\n")
        try guide.remove("Content/restaurants/noodle-bar.md")
        try guide.build()
        let report = try await deploys.deploy(guide, to: www) { $0.verify = verify }
        let page = try #require(report.deleted.firstIndex(of: "restaurants/noodle-bar/index.html"))
        #expect(report.deleted.last == oldCSS)
        #expect(page < report.deleted.count - 1)
        // Every page goes before every file of the first wave (assets, pictures), as the first build delivered them.
        let waves = report.deleted.map { (sentAs[$0] ?? .page).wave.rawValue }
        #expect(waves == waves.sorted(by: >), "\(report.deleted)")
        #expect(try deploys.files(in: www) == deploys.files(in: guide.output))
    }

    @Test func aFileNamedWithAControlCharacterIsNeitherSentNorRecorded() async throws {
        let guide = try deploys.twoRestaurants()
        let www = try guide.makeOutsideFolder("www")
        try Data("odd".utf8).write(to: guide.output.appending(path: "a\u{1}b.html"))
        let failure = await refusal(guide, to: www, verify: true)
        #expect(failure?.place == guide.output.path + "/a\\u{1}b.html")
        #expect(failure?.message == "cannot deploy a file whose name holds a control character or a noncharacter (a tab, a line break, U+FFFF…)")
        #expect(try deploys.files(in: www).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: try manifest(guide, www).path))
    }

    func manifest(_ guide: TestGuide, _ www: URL) throws -> URL {
        DeployManifest.location(for: try DeployTarget(parsing: "file://\(www.path)"), endpoint: nil, in: guide.layout.cache)
    }

    @Test func aNamedPipeWhereTheManifestLivesIsRefusedAtOnce() async throws {
        let guide = try deploys.twoRestaurants()
        let www = try guide.makeOutsideFolder("www")
        let manifest = try manifest(guide, www)
        try FileManager.default.createDirectory(at: manifest.deletingLastPathComponent(), withIntermediateDirectories: true)
        try TestGuide.makePipe(at: manifest)
        let started = Date()
        let failure = await refusal(guide, to: www)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(failure?.place == GuideLayout.displayPath(manifest))
        #expect(failure?.message == "a named pipe stands where FoodPin keeps a file of its own; it is never written through")
        #expect(try deploys.files(in: www).isEmpty)
    }

    @Test func aLinkedDeploysFolderIsNeverWrittenThrough() async throws {
        let guide = try deploys.twoRestaurants()
        let www = try guide.makeOutsideFolder("www")
        let outside = try guide.makeOutsideFolder("manifests")
        try FileManager.default.createDirectory(at: guide.layout.cache, withIntermediateDirectories: true)
        try link(guide.layout.cache.appending(path: "deploys"), to: outside)
        let failure = await refusal(guide, to: www)
        #expect(failure?.place == GuideLayout.displayPath(guide.layout.cache.appending(path: "deploys")))
        #expect(failure?.message == "a link stands where FoodPin keeps a folder of its own; it is never written through")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        #expect(try deploys.files(in: www).isEmpty)
    }

    @Test func initCIRefusesALinkedGitHubFolder() throws {
        let guide = try TestGuide()
        let outside = try guide.makeOutsideFolder("github")
        try link(guide.root.appending(path: ".github"), to: outside)
        let run = try CommandLineTests().foodpin(["init", guide.root.path, "--ci", "github"], in: guide.root)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").first == ".github: error: a link stands where FoodPin keeps a folder of its own; it is never written through")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }
}
