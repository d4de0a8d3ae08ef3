import Foundation
import Testing
import Yams
@testable import FoodPinCore
import FoodPinBase

/// `foodpin init --ci github|gitlab`: the file is YAML the service reads, keeps the build cache,
/// and its build command builds the guide (run here as the service's shell would run it).
struct CIWorkflowTests {
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
        try CIWorkflow.github.write(into: guide.root)
        _ = try GuideScaffold.create(at: guide.root)
        let text = try String(contentsOf: guide.root.appending(path: ".github/workflows/foodpin.yml"), encoding: .utf8)
        let workflow = try #require(try Yams.load(yaml: text) as? [String: Any])
        let build = try #require(((workflow["jobs"] as? [String: Any])?["build"] as? [String: Any]))
        let steps = try #require(build["steps"] as? [[String: Any]])
        let cache = try #require(steps.first { ($0["uses"] as? String) == "actions/cache@v4" })
        #expect((cache["with"] as? [String: Any])?["path"] as? String == ".foodpin-cache")
        #expect(steps.last?["uses"] as? String == "actions/upload-pages-artifact@v3")
        let command = try #require(steps.first { $0["name"] as? String == "Build" }?["run"] as? String)
            .replacingOccurrences(of: "${{ steps.pages.outputs.base_url }}", with: "https://cook.github.io/guide")
        #expect(try shell(command, in: guide.root) == 0)
        #expect(try guide.page("robots.txt").contains("Sitemap: https://cook.github.io/guide/sitemap.xml"))
        // What the build left beside the guide's own files is what the guide's .gitignore leaves out.
        let ignored = try String(contentsOf: guide.root.appending(path: ".gitignore"), encoding: .utf8)
        #expect(ignored == "Output/\n.Output.foodpin-next/\n.Output.foodpin-twin/\n.Output.foodpin-lock\n.foodpin-cache/\n")
        let made = try FileManager.default.contentsOfDirectory(atPath: guide.root.path)
            .filter { ![".github", ".gitignore", "Content", "Templates"].contains($0) }.sorted()
        #expect(made == [".Output.foodpin-lock", ".Output.foodpin-next", ".foodpin-cache", "Output"])
        #expect(made.allSatisfy { name in ignored.split(separator: "\n").contains { $0 == name || $0 == name + "/" } })
    }

    @Test func gitLabsPagesJobBuildsIntoPublic() throws {
        let guide = try TestGuide()
        try CIWorkflow.gitlab.write(into: guide.root)
        let refusal = #expect(throws: FoodPinError.self) { try CIWorkflow.gitlab.write(into: guide.root) }
        #expect(refusal?.message == "the file already exists; nothing was changed")
        let job = try #require((try Yams.load(yaml: CIWorkflow.gitlab.text) as? [String: Any])?["pages"] as? [String: Any])
        #expect((job["cache"] as? [String: Any])?["paths"] as? [String] == [".foodpin-cache/"])
        #expect((job["artifacts"] as? [String: Any])?["paths"] as? [String] == ["public"])
        let script = try #require(job["script"] as? [String])
        #expect(try shell(script.last!, in: guide.root, environment: ["CI_PAGES_URL": "https://cook.gitlab.io/guide"]) == 0)
        let robots = try String(contentsOf: guide.root.appending(path: "public/robots.txt"), encoding: .utf8)
        #expect(robots.contains("Sitemap: https://cook.gitlab.io/guide/sitemap.xml"))
    }
}
