import Foundation
import Testing
import Yams
@testable import FoodPinCore
import FoodPinBase

/// `foodpin init --ci github|gitlab`: the file is YAML the service reads, keeps the build cache,
/// and its build command builds the guide (run here as the service's shell would run it).
struct CIWorkflowTests {
    let release = FoodPinRelease(version: "9.8.7", commit: "0123456789abcdef0123", homepage: "https://example.org/foodpin")

    func shell(_ script: String, in folder: URL, environment: [String: String] = [:]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-ec", script]
        process.currentDirectoryURL = folder
        let foodpin = CommandLineTests.binary.deletingLastPathComponent().path
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            .merging(["PATH": foodpin + ":/usr/bin:/bin"]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func gitHubsWorkflowKeepsTheCacheAndItsBuildStepBuilds() throws {
        let guide = try TestGuide()
        try FileManager.default.removeItem(at: guide.root)
        try CIWorkflow.github.write(into: guide.root, release: release)
        _ = try GuideScaffold.create(at: guide.root)
        let text = try String(contentsOf: guide.root.appending(path: ".github/workflows/foodpin.yml"), encoding: .utf8)
        let workflow = try #require(try Yams.load(yaml: text) as? [String: Any])
        #expect(text.hasPrefix("""
            # Builds the guide with FoodPin and publishes it to GitHub Pages (Settings → Pages → Source:
            # GitHub Actions). Written by foodpin 9.8.7 (commit 0123456789ab), which it installs.
            """))
        let variables = try #require(workflow["env"] as? [String: String])
        #expect(variables["FOODPIN_VERSION"] == "9.8.7")
        #expect(variables["FOODPIN_RELEASES"] == "https://example.org/foodpin/releases/download")
        let build = try #require(((workflow["jobs"] as? [String: Any])?["build"] as? [String: Any]))
        let steps = try #require(build["steps"] as? [[String: Any]])
        let cache = try #require(steps.first { ($0["uses"] as? String) == "actions/cache@v4" })
        #expect((cache["with"] as? [String: Any])?["path"] as? String == ".foodpin-cache")
        // A new cache entry only when the pictures or their settings change (docs/pictures.md).
        #expect((cache["with"] as? [String: Any])?["key"] as? String == "foodpin-${{ hashFiles('Content/images/**', 'Content/site.yml') }}")
        #expect(steps.last?["uses"] as? String == "actions/upload-pages-artifact@v3")
        let command = try #require(steps.first { $0["name"] as? String == "Build" }?["run"] as? String)
            .replacingOccurrences(of: "${{ steps.pages.outputs.base_url }}", with: "https://cook.github.io/guide")
        #expect(try shell(command, in: guide.root) == 0)
        #expect(try guide.page("robots.txt").contains("Sitemap: https://cook.github.io/guide/sitemap.xml"))
        // What the build left beside the guide's own files is what the guide's .gitignore leaves out.
        let ignored = try String(contentsOf: guide.root.appending(path: ".gitignore"), encoding: .utf8)
        let patterns = ignored.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(patterns == ["Output/", ".Output.foodpin-next/", ".Output.foodpin-twin/", ".Output.foodpin-lock", ".foodpin-cache/",
                             "Content/guide.sqlite-journal"])
        let made = try FileManager.default.contentsOfDirectory(atPath: guide.root.path)
            .filter { ![".github", ".gitignore", "Content"].contains($0) }.sorted()
        #expect(made == [".Output.foodpin-lock", ".Output.foodpin-next", ".foodpin-cache", "Output"])
        #expect(made.allSatisfy { name in patterns.contains { $0 == name || $0 == name + "/" } })
        // The store the build made is committed, as the CI build reads it.
        #expect(FileManager.default.fileExists(atPath: guide.root.appending(path: "Content/guide.sqlite").path))
        #expect(!patterns.contains { $0.hasPrefix("Content/guide.sqlite") && !$0.hasSuffix("-journal") })
    }

    @Test func aGuideMadeForGitLabIgnoresWhatItsPagesBuildWrites() throws {
        let scratch = try TestGuide()
        let made = try CommandLineTests().foodpin(["init", "g", "--ci", "gitlab"], in: scratch.root)
        #expect(made.stdout.hasPrefix("Created a guide in g/ (10 files).\nIts CI file, .gitlab-ci.yml, installs foodpin "))
        let guide = scratch.root.appending(path: "g")
        let job = try #require((try Yams.load(yaml: String(contentsOf: guide.appending(path: ".gitlab-ci.yml"), encoding: .utf8)) as? [String: Any])?["pages"] as? [String: Any])
        let script = try #require(job["script"] as? [String])
        #expect(try shell(script.last!, in: guide, environment: ["CI_PAGES_URL": "https://cook.gitlab.io/guide"]) == 0)
        let patterns = try String(contentsOf: guide.appending(path: ".gitignore"), encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        let left = try FileManager.default.contentsOfDirectory(atPath: guide.path).filter { ![".gitlab-ci.yml", ".gitignore", "Content"].contains($0) }
        #expect(left.sorted() == [".foodpin-cache", ".public.foodpin-lock", ".public.foodpin-next", "public"])
        #expect(left.allSatisfy { name in patterns.contains { $0 == name || $0 == name + "/" } })
    }

    @Test func gitLabsPagesJobBuildsIntoPublic() throws {
        let guide = try TestGuide()
        try CIWorkflow.gitlab.write(into: guide.root, release: release)
        let refusal = #expect(throws: FoodPinError.self) { try CIWorkflow.gitlab.write(into: guide.root, release: release) }
        #expect(refusal?.message == "the file already exists; nothing was changed")
        let job = try #require((try Yams.load(yaml: CIWorkflow.gitlab.text(release: release)) as? [String: Any])?["pages"] as? [String: Any])
        #expect((job["cache"] as? [String: Any])?["paths"] as? [String] == [".foodpin-cache/"])
        #expect(job["variables"] as? [String: String] == ["FOODPIN_VERSION": "9.8.7", "FOODPIN_RELEASES": "https://example.org/foodpin/releases/download"])
        #expect((job["artifacts"] as? [String: Any])?["paths"] as? [String] == ["public"])
        let script = try #require(job["script"] as? [String])
        #expect(try shell(script.last!, in: guide.root, environment: ["CI_PAGES_URL": "https://cook.gitlab.io/guide"]) == 0)
        let robots = try String(contentsOf: guide.root.appending(path: "public/robots.txt"), encoding: .utf8)
        #expect(robots.contains("Sitemap: https://cook.gitlab.io/guide/sitemap.xml"))
    }
}
