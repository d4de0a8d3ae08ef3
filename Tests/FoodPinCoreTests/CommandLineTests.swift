import Foundation
import GRDB
import Testing
@testable import FoodPinCore
@testable import FoodPinModel
import FoodPinBase

/// The `foodpin` binary as a user runs it: output, files and exit status.
@Suite struct CommandLineTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let binary: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "foodpin")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return Fixtures.repository.appending(path: ".build/debug/foodpin")
    }()

    @discardableResult
    func foodpin(_ arguments: [String], in folder: URL) throws -> Run {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func initImportBuildAsANewUserWould() throws {
        let folder = try TestGuide().root.deletingLastPathComponent().appending(path: "cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        #expect(try foodpin(["init", "g"], in: folder).status == 0)
        let guide = folder.appending(path: "g")
        for name in ["site.yml", "onboarding/1-create.md", "onboarding/2-locate.md", "onboarding/3-discover.md"] {
            #expect(FileManager.default.fileExists(atPath: guide.appending(path: "Content/\(name)").path))
        }
        // No theme copy: the built-in theme follows upgrades (ThemeCommandTests).
        #expect(!FileManager.default.fileExists(atPath: guide.appending(path: "Templates").path))
        let again = try foodpin(["init", "g"], in: folder)
        #expect(again.status == 2)
        #expect(again.stderr == "g/Content: error: a guide already exists here; nothing was changed\n")

        let files = ["Boston", "Chicago"].map { Fixtures.cities.appending(path: "\($0).json").path }
        let first = try foodpin(["import"] + files, in: guide)
        #expect(first.status == 0)
        #expect(first.stdout.contains("50 added, 0 updated, 0 unchanged, 0 rejected"))
        let reimport = try foodpin(["import"] + files, in: guide)
        #expect(reimport.stdout.contains("0 added, 0 updated, 50 unchanged, 0 rejected"))

        let build = try foodpin(["build"], in: guide)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stdout.contains("51 restaurants"))
        let index = try String(contentsOf: guide.appending(path: "Output/index.html"), encoding: .utf8)
        #expect(index.contains("Corner Bakery"))

        let list = try foodpin(["list"], in: guide)
        #expect(list.stdout.contains("Café Ba-Ba-Reeba") && list.stdout.contains("50 restaurants"))
        #expect(try foodpin(["favorite", "1162"], in: guide).status == 0)
        #expect(try foodpin(["remove", "28066"], in: guide).status == 0)
        #expect(try foodpin(["remove", "28066"], in: guide).status == 2)
        let export = try foodpin(["export"], in: guide)
        let records = try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [[String: Any]]
        #expect(records?.count == 49)
        #expect(records?.first { $0["id"] as? Int == 1162 }?["favorite"] as? Bool == true)
    }

    @Test func contentErrorsExitOneWithLocatedMessagesAndKeepOutput() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/good.md", "---\nname: Good\n---\n")
        #expect(try foodpin(["build"], in: guide.root).status == 0)
        let before = try guide.snapshot()
        try guide.write("Content/restaurants/that-file.md", "---\nname: Bad\nprice: [1\ncity: x\n---\n")
        let run = try foodpin(["build"], in: guide.root)
        #expect(run.status == 1)
        #expect(run.stderr == """
            Content/restaurants/that-file.md:4:5: error: front matter is not valid YAML: did not find expected ',' or ']' (while parsing a flow sequence at line 3)
                hint: check the indentation and quote values that contain `: ` or start with a special character
            Build failed with 1 error; Output/ was left unchanged.

            """)
        #expect(try guide.snapshot() == before)
        let check = try foodpin(["check", "--root", guide.root.path], in: FileManager.default.temporaryDirectory)
        #expect(check.status == 1)
        #expect(check.stderr == """
            \(guide.root.lastPathComponent)/Content/restaurants/that-file.md:4:5: error: front matter is not valid YAML: did not find expected ',' or ']' (while parsing a flow sequence at line 3)
                hint: check the indentation and quote values that contain `: ` or start with a special character
            Check found 1 error.

            """)
    }

    @Test func usageErrorsExitTwo() throws {
        let guide = try TestGuide()
        #expect(try foodpin(["build", "--no-such-flag"], in: guide.root).status == 2)
        let baseURL = try foodpin(["build", "--base-url", "not a url"], in: guide.root)
        #expect(baseURL.status == 2)
        #expect(baseURL.stderr.hasPrefix("""
            Error: The value 'not a url' is invalid for '--base-url <URL>': --base-url must be an http(s) URL like https://example.org/guide/; found "not a url"

            """))
        #expect(try foodpin(["import"], in: guide.root).status == 2)
        #expect(try foodpin(["import", "missing.json"], in: guide.root).status == 2)
        #expect(try foodpin(["frobnicate"], in: guide.root).status == 2)
        let help = try foodpin(["--help"], in: guide.root)
        #expect(help.status == 0 && help.stdout.contains("build"))
    }

    @Test func newWritesContentThatBuilds() throws {
        let guide = try TestGuide()
        #expect(try foodpin(["new", "restaurant", "--name", "Joe's \"Best\": Diner", "--city", "Boston", "--price", "2"], in: guide.root).status == 0)
        #expect(try foodpin(["new", "review", "--restaurant", "joes-best-diner", "--rating", "4", "--name", "Kim", "--date", "2026-01-02"], in: guide.root).status == 0)
        #expect(try foodpin(["new", "step", "--step", "1", "--heading", "Hello: world"], in: guide.root).status == 0)
        let twice = try foodpin(["new", "restaurant", "--name", "Joe's \"Best\": Diner"], in: guide.root)
        #expect(twice.status == 2)
        #expect(twice.stderr == "Content/restaurants/joes-best-diner.md: error: the file already exists; nothing was changed\n")
        let build = try foodpin(["build"], in: guide.root)
        #expect(build.status == 0, "\(build.stderr)")
        let html = try guide.page("restaurants/joes-best-diner/index.html")
        #expect(html.contains("Joe&#39;s &quot;Best&quot;: Diner"))
        #expect(html.contains("Kim"))
    }

    /// Every file in the guide with its bytes, to show a refused command changed nothing.
    private func files(under root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for case let url as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)! where !url.hasDirectoryPath {
            files[url.path] = try? Data(contentsOf: url)
        }
        return files
    }

    @Test func aCommandWaitsForAnotherWritingTheStoreThenSaysItIsBusy() throws {
        let guide = try TestGuide()
        try guide.addSampleCities(["Boston"])
        #expect(try foodpin(["build", "-q"], in: guide.root).status == 0)
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true // held open across accesses, as another process would
        let other = try DatabaseQueue(path: guide.layout.store.path, configuration: configuration)
        // Held briefly: the command waits, then does its work.
        try other.inDatabase { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { try? other.inDatabase { db in try db.execute(sql: "COMMIT") } }
        #expect(try foodpin(["favorite", "145237"], in: guide.root).status == 0)
        // Held for longer than the command waits: it says so, and changes nothing.
        try other.inDatabase { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        let busy = try foodpin(["favorite", "145237", "--off"], in: guide.root)
        try other.inDatabase { db in try db.execute(sql: "COMMIT") }
        #expect(busy.status == 1)
        #expect(busy.stderr == """
            Content/guide.sqlite: error: the store is busy; another foodpin may be writing it
                hint: wait for the other command to finish, then run this one again

            """)
        #expect(try GuideStore(copyOf: guide.layout.store).allRestaurants().filter(\.favorite).map(\.id) == [145237])
    }

    @Test func newRefusesWhatTheNextBuildWouldRefuseAndWritesNothing() throws {
        let guide = try TestGuide()
        #expect(try foodpin(["new", "restaurant", "--name", "Corner Bakery"], in: guide.root).status == 0)
        let before = try files(under: guide.root)
        let outsider = guide.root.deletingLastPathComponent().appending(path: "x-review.md")

        let escape = try foodpin(["new", "review", "--restaurant", "corner-bakery", "--rating", "4", "--date", "../../../../x"], in: guide.root)
        #expect(escape.status == 2)
        #expect(escape.stderr == """
            \(guide.root.deletingLastPathComponent().path)/x-review.md: error: the file would be written outside Content/reviews/; nothing was written
                hint: flags name things, not paths: leave out `/` and `..`

            """)
        #expect(!FileManager.default.fileExists(atPath: outsider.path))

        let bad = try foodpin(["new", "review", "--restaurant", "corner-bakery", "--rating", "9", "--date", "2024-02-30"], in: guide.root)
        #expect(bad.status == 2)
        #expect(bad.stderr == """
            Content/reviews/corner-bakery/2024-02-30-review.md:3:9: error: `rating` must be a whole number from 1 to 5, or one of awesome, good, okay, bad, terrible; found "9"
            Content/reviews/corner-bakery/2024-02-30-review.md:4:7: error: `date` must be a real date written YYYY-MM-DD; found "2024-02-30"
            Content/reviews/corner-bakery/2024-02-30-review.md: error: the next build would refuse this file (2 errors); nothing was written

            """)

        let unknown = try foodpin(["new", "review", "--restaurant", "corner-bakerie", "--rating", "4", "--date", "2024-02-28"], in: guide.root)
        #expect(unknown.status == 2)
        #expect(unknown.stderr == """
            Content/reviews/corner-bakerie/2024-02-28-review.md:2:13: error: review of an unknown restaurant "corner-bakerie"
                hint: did you mean `corner-bakery`?
            Content/reviews/corner-bakerie/2024-02-28-review.md: error: the next build would refuse this file (1 error); nothing was written

            """)
        #expect(try files(under: guide.root) == before)

        // A folder that links out of the guide takes nothing.
        let outside = try guide.makeOutsideFolder("outside")
        try FileManager.default.createDirectory(at: guide.root.appending(path: "Content/reviews"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: guide.root.appending(path: "Content/reviews/corner-bakery").path,
                                                   withDestinationPath: outside.path)
        let linked = try foodpin(["new", "review", "--restaurant", "corner-bakery", "--rating", "4", "--date", "2024-02-28"], in: guide.root)
        #expect(linked.status == 2)
        #expect(linked.stderr == """
            Content/reviews/corner-bakery: error: this is a link to `\(GuideBoundary.realPath(outside.path)!)`, outside the guide: FoodPin reads only files inside the guide's folder; nothing was written
                hint: copy the file into the guide instead of linking to it

            """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        try guide.remove("Content/reviews/corner-bakery")

        // A step that would make another file's step number clash is refused too.
        #expect(try foodpin(["new", "step", "--step", "2", "--heading", "Zebra"], in: guide.root).status == 0)
        let clash = try foodpin(["new", "step", "--step", "2", "--heading", "Apple"], in: guide.root)
        #expect(clash.status == 2)
        #expect(!FileManager.default.fileExists(atPath: guide.root.appending(path: "Content/onboarding/2-apple.md").path))

        // A restaurant the city files bring (not yet in the store) can be reviewed by its id.
        try guide.addSampleCities(["Boston"])
        let imported = try foodpin(["new", "review", "--restaurant", "145237", "--rating", "5", "--date", "2024-02-28"], in: guide.root)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try foodpin(["build"], in: guide.root).status == 0)
    }
}

extension CommandLineTests {
    /// Two processes (each with its own hash seed) and two output folders, the second flushed to
    /// disk before it is published (`--durable`): the same bytes.
    @Test func buildsAreReproducibleAcrossRuns() throws {
        let guide = try TestGuide()
        try guide.addSampleCities()
        try guide.write("Content/restaurants/x.md", "---\nname: Xavier’s\ncuisines: [Tapas, Wine]\n---\nHi.\n")
        try guide.write("Content/reviews/x.md", "---\nrestaurant: x\nrating: 4\ndate: 2026-01-01\n---\n")
        for (folder, flags) in [("One", []), ("Two", ["--durable"])] {
            let run = try foodpin(["build", "--base-url", "https://example.org/guide/", "--output", folder] + flags, in: guide.root)
            #expect(run.status == 0, "\(run.stderr)")
        }
        func files(_ folder: String) throws -> [String: Data] {
            let base = guide.root.appending(path: folder).path
            var result: [String: Data] = [:]
            for path in try FileManager.default.subpathsOfDirectory(atPath: base) {
                var isDirectory: ObjCBool = false
                FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isDirectory)
                if !isDirectory.boolValue { result[path] = FileManager.default.contents(atPath: base + "/" + path) }
            }
            return result
        }
        let one = try files("One")
        // The repository's four city files and x.md, whole: every page, asset and index file (the
        // shards of cards, the full-text index's manifest and its three shards, the search
        // attributes' one part and the 93 lists of words typos are forgiven from among them), the
        // service worker and its offline page, and 20 feeds (restaurants and reviews in two
        // formats, for the guide and its four cities).
        #expect(one.count == 290)
        #expect(try files("Two") == one)
    }
}

extension CommandLineTests {
    /// Every command's failure: the documented exit status and the whole message, naming the place.
    @Test func failuresExitWithTheirStatusAndAWholeMessage() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: A\n---\n")
        try guide.write("Elsewhere/notes.txt", "mine")
        let cases: [(arguments: [String], status: Int32, stderr: String)] = [
            (["import", "missing.json"], 2, "missing.json: error: no such file\n"),
            (["remove", "99"], 2, "Content/guide.sqlite: error: no restaurant with id 99 in the store\n    hint: see `foodpin list`\n"),
            (["favorite", "99"], 2, "Content/guide.sqlite: error: no restaurant with id 99 in the store\n    hint: see `foodpin list`\n"),
            (["build", "--output", "Content/out"], 2, """
                Content/out: error: the output folder cannot be or contain the guide, Content/ or Templates/
                    hint: choose a folder of its own with --output

                """),
            (["build", "--output", "Elsewhere"], 2, """
                Elsewhere: error: the output folder holds files that FoodPin did not write; it will not replace them
                    hint: choose an empty folder with --output

                """),
        ]
        for (arguments, status, stderr) in cases {
            let run = try foodpin(arguments, in: guide.root)
            #expect(run.status == status, "\(arguments)")
            #expect(run.stderr == stderr, "\(arguments)")
        }
        try guide.write("Content/reviews/bad.md", "---\nrestaurant: a\nrating: 7\n---\n")
        let build = try foodpin(["build"], in: guide.root)
        #expect(build.status == 1)
        #expect(build.stderr == """
            Content/reviews/bad.md:3:9: error: `rating` must be a whole number from 1 to 5, or one of awesome, good, okay, bad, terrible; found "7"
            Build failed with 1 error; Output/ was left unchanged.

            """)
    }

    @Test(arguments: [["build"], ["check"], ["list"], ["export"], ["import", "x.json"], ["remove", "1"], ["favorite", "1"],
                      ["new", "restaurant", "--name", "X"], ["serve", "--port", "0"], ["watch"]])
    func aFolderWithoutAGuideIsAUsageError(arguments: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "no-guide-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("[]".utf8).write(to: folder.appending(path: "x.json"))
        let run = try foodpin(arguments, in: folder)
        #expect(run.status == 2)
        #expect(run.stderr == """
            \(folder.standardizedFileURL.path): error: no guide here (there is no Content/ folder)
                hint: run `foodpin init DIR` to start one, or pass --root DIR

            """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["x.json"])
    }
}
