import Foundation
import Testing
@testable import FoodPinCore
import FoodPinBase

/// A guide's theme follows FoodPin's: `init` copies none of it, `theme eject` copies what an editor
/// will change, `theme diff` shows the difference (as `diff -u` would), and `build` says once which
/// copies change nothing. And `foodpin --version` names the release and the commit.
struct ThemeCommandTests {
    let cli = CommandLineTests()

    func run(_ program: String, _ arguments: [String], in folder: URL = Fixtures.repository) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func versionNamesReleaseEnvAndTheCommitBuiltFrom() throws {
        let release = try String(contentsOf: Fixtures.repository.appending(path: "release.env"), encoding: .utf8)
        let version = try #require(release.split(separator: "\n").first { $0.hasPrefix("FOODPIN_VERSION=") }?.dropFirst("FOODPIN_VERSION=".count))
        let commit = try run("/usr/bin/git", ["rev-parse", "HEAD"]).prefix(12)
        let shown = try cli.foodpin(["--version"], in: Fixtures.repository)
        #expect(shown.stdout == "\(version) (commit \(commit))\n")
    }

    @Test func aGuideFromInitUsesTheBuiltInThemeAndAnEjectedFileOnceChanged() throws {
        let scratch = try TestGuide()
        let folder = scratch.root
        let guide = folder.appending(path: "g")
        #expect(try cli.foodpin(["init", "g"], in: folder).status == 0)
        #expect(try cli.foodpin(["build"], in: guide).stdout.hasPrefix("Built "))
        // Every file from the built-in theme, so a later FoodPin's theme is this guide's.
        #expect(try cli.foodpin(["theme", "diff"], in: guide).stdout == "Templates/ replaces no file of the built-in theme.\n")
        let refused = try cli.foodpin(["theme", "eject", "restaurant.mustach"], in: guide)
        #expect(refused.status == 2)
        #expect(refused.stderr == "error: the built-in theme has no file `restaurant.mustach`; nothing was changed\n    hint: did you mean `restaurant.mustache`?\n")
        let suffix = try cli.foodpin(["theme", "eject", "site.css"], in: guide)
        #expect(suffix.stderr == "error: the built-in theme has no file `site.css`; nothing was changed\n    hint: did you mean `assets/site.css`?\n")
        let ejected = try cli.foodpin(["theme", "eject", "404.mustache", "Templates/404.mustache"], in: guide)
        #expect(ejected.stdout == "Wrote Templates/404.mustache\n")
        #expect(try cli.foodpin(["theme", "eject", "404.mustache"], in: guide).status == 2)
        let copy = guide.appending(path: "Templates/404.mustache")
        let builtIn = try #require(Theme.builtInFiles["404.mustache"])
        #expect(try String(contentsOf: copy, encoding: .utf8) == builtIn)
        // Just copied to be changed: no notice at the next build.
        let quiet = try cli.foodpin(["build"], in: guide)
        #expect(quiet.status == 0 && quiet.stdout.hasPrefix("Built "))
        let changed = builtIn.replacingOccurrences(of: "{{/content}}", with: "<p class=\"ours\">Ours</p>\n{{/content}}")
        #expect(changed != builtIn)
        try changed.write(to: copy, atomically: true, encoding: .utf8)
        #expect(try cli.foodpin(["build"], in: guide).status == 0)
        #expect(try String(contentsOf: guide.appending(path: "Output/404.html"), encoding: .utf8).contains("<p class=\"ours\">Ours</p>"))
        let diff = try cli.foodpin(["theme", "diff"], in: guide).stdout
        let reference = try run("/bin/sh", ["-c", "printf '%s' \"$0\" | diff -u - Templates/404.mustache | tail -n +3", builtIn], in: guide)
        #expect(diff == "--- built-in/404.mustache\n+++ Templates/404.mustache\n" + reference)
    }

    @Test func aFullCopyFromAnEarlierInitBuildsAndIsPointedOutOnce() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: A\n---\n")
        let all = try cli.foodpin(["theme", "eject", "--all"], in: guide.root)
        #expect(all.stdout.split(separator: "\n").count == Theme.builtInFiles.count)
        // An earlier FoodPin's copy, changed since by that FoodPin: its record of what it said is gone.
        try FileManager.default.removeItem(at: guide.root.appending(path: ".foodpin-cache"))
        try "/* an earlier theme */\n".write(to: guide.root.appending(path: "Templates/assets/site.css"), atomically: true, encoding: .utf8)
        let first = try cli.foodpin(["build"], in: guide.root)
        #expect(first.status == 0, "\(first.stderr)")
        let count = Theme.builtInFiles.count - 1
        #expect(first.stdout.split(separator: "\n").first == """
            note: \(count) files in Templates/ are the same as the built-in theme (Templates/404.mustache, Templates/assets/empty.svg, \
            Templates/assets/favicon.svg, Templates/assets/js/core.js, Templates/assets/js/english-stemmer.js, …): deleting them lets \
            later FoodPin versions' fixes reach this guide; `foodpin theme diff` lists them.
            """)
        let second = try cli.foodpin(["build"], in: guide.root)
        #expect(second.status == 0 && second.stdout.hasPrefix("Built "))
        let listed = try cli.foodpin(["theme", "diff"], in: guide.root).stdout.split(separator: "\n")
        #expect(listed.filter { $0.hasSuffix(": the same as the built-in theme; it can be deleted") }.count == count)
        #expect(listed.contains("+++ Templates/assets/site.css"))
        // One copy changed: no copy it has not named yet, so nothing more is said.
        try "{{! ours }}\n".write(to: guide.root.appending(path: "Templates/404.mustache"), atomically: true, encoding: .utf8)
        let third = try cli.foodpin(["build"], in: guide.root)
        #expect(third.status == 0 && third.stdout.hasPrefix("Built "))
    }

    @Test func lineDiffPrintsWhatDiffUPrints() throws {
        let builtIn = try #require(Theme.builtInFiles["restaurant.mustache"])
        var lines = builtIn.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.remove(at: 2)
        lines.insert("inserted near the top", at: 5)
        lines[lines.count / 2] = "changed in the middle"
        lines.insert("added near the end", at: lines.count - 2)
        let numbers = (1...30).map { "\($0)\n" }
        func changing(_ changed: [Int]) -> String {
            numbers.enumerated().map { changed.contains($0.offset + 1) ? "X\($0.offset)\n" : $0.element }.joined()
        }
        let pairs = [
            (builtIn, lines.joined(separator: "\n")),
            // Six unchanged lines between two changes make one hunk, seven make two.
            (numbers.joined(), changing([5, 12])),
            (numbers.joined(), changing([5, 13])),
            // A last line that lost its newline.
            (numbers.joined(), String(numbers.joined().dropLast())),
        ]
        let scratch = try TestGuide()
        for (old, new) in pairs {
            try old.write(to: scratch.root.appending(path: "old"), atomically: true, encoding: .utf8)
            try new.write(to: scratch.root.appending(path: "new"), atomically: true, encoding: .utf8)
            let reference = try run("/bin/sh", ["-c", "diff -u old new | tail -n +3"], in: scratch.root)
            #expect(reference.contains("@@"))
            #expect(LineDiff.unified(from: old, to: new, oldName: "old", newName: "new") == "--- old\n+++ new\n" + reference)
        }
        #expect(LineDiff.unified(from: builtIn, to: builtIn, oldName: "old", newName: "new") == "")
    }
}
