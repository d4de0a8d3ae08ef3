import Foundation
import Testing
@testable import FoodPinCore
@testable import FoodPinSearch
import FoodPinBase

/// A guide in a fresh temporary folder, written file by file, built with the real pipeline.
final class TestGuide {
    let root: URL
    /// Folders made outside the guide (link targets), removed with it.
    private var outside: [URL] = []

    init(siteYAML: String = "title: Test Guide\n") throws {
        root = FileManager.default.temporaryDirectory.appending(path: "foodpin-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appending(path: "Content"), withIntermediateDirectories: true)
        try write("Content/site.yml", siteYAML)
    }

    deinit {
        for folder in [root] + outside { try? FileManager.default.removeItem(at: folder) }
    }

    /// A new empty folder outside the guide, removed with it.
    func makeOutsideFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "foodpin-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        outside.append(folder)
        return folder
    }

    /// A named pipe at `url`. Were a command to wait on it, a writer opening it after 10 s lets the
    /// command go on, so a test timing it fails instead of hanging.
    static func makePipe(at url: URL) throws {
        try #require(mkfifo(url.path, 0o644) == 0)
        let path = url.path
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 10)
            let descriptor = open(path, O_WRONLY | O_NONBLOCK)
            if descriptor >= 0 { close(descriptor) }
        }
    }

    var layout: GuideLayout { GuideLayout(root: root) }
    var output: URL { root.appending(path: "Output") }

    func write(_ path: String, _ text: String) throws {
        let url = root.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func remove(_ path: String) throws { try FileManager.default.removeItem(at: root.appending(path: path)) }

    /// Copies the real LetsEat city files that ship with the sample guide.
    func addSampleCities(_ names: [String] = ["Boston", "Chicago", "New York", "San Francisco"]) throws {
        for name in names {
            let source = Fixtures.cities.appending(path: "\(name).json")
            let target = root.appending(path: "Content/cities/\(name).json")
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source, to: target)
        }
    }

    @discardableResult
    func build(baseURL: String? = nil, drafts: Bool = false, writes: Bool = true) throws -> BuildReport {
        try SiteBuilder.build(BuildOptions(root: root, baseURL: baseURL.flatMap(BaseURL.init), includeDrafts: drafts, writes: writes))
    }

    func page(_ path: String) throws -> String {
        try String(contentsOf: output.appending(path: path), encoding: .utf8)
    }

    /// The full-text index's one shard as built (a small guide's words fit one): an edit of a
    /// restaurant's words writes it again, with the restaurant's page.
    func onlyTermShard() throws -> String {
        let manifest = try JSONSerialization.jsonObject(with: Data(page(TermIndex.manifestPath).utf8)) as? [String: Any]
        let bounds = try #require(manifest?["bounds"] as? [String])
        try #require(bounds.count == 1)
        return "\(TermIndex.folder)/\(bounds[0].utf8.map { String(format: "%02x", $0) }.joined()).json"
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: output.appending(path: path).path) }

    /// The site a clean build of a copy of this guide makes (no output, no build state; the store
    /// too unless `keepingStore`: favourites and removals made by commands live only there).
    func cleanSnapshot(keepingStore: Bool = false) throws -> [String: Data] {
        let copy = try cleanCopy()
        if !keepingStore { try? FileManager.default.removeItem(at: copy.layout.store) }
        #expect(try copy.build().succeeded)
        return try copy.snapshot()
    }

    /// A copy of this guide as a clean build finds it: no output folder, standby, twin, lock or
    /// build state.
    func cleanCopy() throws -> TestGuide {
        let copy = try TestGuide()
        try FileManager.default.removeItem(at: copy.root)
        try FileManager.default.copyItem(at: root, to: copy.root)
        for made in ["Output", ".Output.foodpin-next", ".Output.foodpin-twin", ".Output.foodpin-lock", ".foodpin-cache"] {
            try? FileManager.default.removeItem(at: copy.root.appending(path: made))
        }
        return copy
    }

    /// Every file of Output/ with its bytes, to compare builds byte for byte.
    func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(at: output, includingPropertiesForKeys: nil) else { return files }
        for case let url as URL in walker {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            if !isDirectory.boolValue {
                files[String(url.standardizedFileURL.path.dropFirst(output.standardizedFileURL.path.count + 1))] = try Data(contentsOf: url)
            }
        }
        return files
    }
}

enum Fixtures {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let cities = repository.appending(path: "Content/cities")

    /// The real city records, read with Foundation's own JSON parser for comparison.
    static func records(_ name: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: cities.appending(path: "\(name).json"))
        return try JSONSerialization.jsonObject(with: data) as! [[String: Any]]
    }
}

extension String {
    /// The text as HTML shows it after Mustache's escaping.
    var htmlEscaped: String {
        replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    func occurrences(of needle: String) -> Int { components(separatedBy: needle).count - 1 }
}
