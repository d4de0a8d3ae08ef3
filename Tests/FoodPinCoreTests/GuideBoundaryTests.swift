import Foundation
import Testing
@testable import FoodPinCore
import FoodPinBase

/// Links that lead out of the guide are reported and never read: nothing outside gets published.
@Suite struct GuideBoundaryTests {
    /// A secret outside the guide, and a guide that builds fine before any link is added.
    private func guideAndSecret() throws -> (TestGuide, URL) {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/kept.md", "---\nname: Kept\n---\n")
        let secret = try guide.makeOutsideFolder("secret")
        try Data("---\nname: Stolen\n---\nroot:x:0:0\n".utf8).write(to: secret.appending(path: "secret.md"))
        try Data(#"[{"id": 999, "name": "Stolen"}]"#.utf8).write(to: secret.appending(path: "secret.json"))
        try Data("title: Stolen\n".utf8).write(to: secret.appending(path: "secret.yml"))
        try Data("body { color: red } /* root:x:0:0 */".utf8).write(to: secret.appending(path: "secret.css"))
        try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: secret.appending(path: "secret.jpg"))
        return (guide, secret)
    }

    private func link(_ guide: TestGuide, _ path: String, to target: URL) throws {
        let url = guide.root.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target.path)
    }

    /// Builds, expecting exactly one error: the link, named, with where it leads; Output/ and the
    /// store stay as the first build left them.
    private func expectRefused(_ guide: TestGuide, link path: String, target: URL) throws {
        let before = try guide.snapshot()
        let storeBefore = try Data(contentsOf: guide.layout.store)
        let report = try guide.build()
        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.description) == [
            "\(guide.root.path)/\(path):1:1: error: this is a link to `\(target.path)`, outside the guide: FoodPin reads only files inside the guide's folder\n    hint: copy the file into the guide instead of linking to it",
        ])
        #expect(try guide.snapshot() == before)
        #expect(try Data(contentsOf: guide.layout.store) == storeBefore)
        #expect(!(try guide.snapshot().values.contains { String(decoding: $0, as: UTF8.self).contains("Stolen") || String(decoding: $0, as: UTF8.self).contains("root:x") }))
    }

    @Test func aContentFileLinkedFromOutsideIsRefused() throws {
        let (guide, secret) = try guideAndSecret()
        try guide.build()
        try link(guide, "Content/restaurants/stolen.md", to: secret.appending(path: "secret.md"))
        try expectRefused(guide, link: "Content/restaurants/stolen.md", target: secret.appending(path: "secret.md"))
    }

    @Test func aCityFileLinkedFromOutsideNeverEntersTheStore() throws {
        let (guide, secret) = try guideAndSecret()
        try guide.build()
        try link(guide, "Content/cities/stolen.json", to: secret.appending(path: "secret.json"))
        try expectRefused(guide, link: "Content/cities/stolen.json", target: secret.appending(path: "secret.json"))
    }

    @Test func siteSettingsLinkedFromOutsideAreRefused() throws {
        let (guide, secret) = try guideAndSecret()
        try guide.build()
        try guide.remove("Content/site.yml")
        try link(guide, "Content/site.yml", to: secret.appending(path: "secret.yml"))
        try expectRefused(guide, link: "Content/site.yml", target: secret.appending(path: "secret.yml"))
    }

    @Test func aWholeFolderLinkedFromOutsideIsRefused() throws {
        let (guide, secret) = try guideAndSecret()
        try guide.write("Content/reviews/kept.md", "---\nrestaurant: kept\nrating: 4\n---\nFine.\n")
        try guide.build()
        try guide.remove("Content/reviews")
        try link(guide, "Content/reviews", to: secret)
        try expectRefused(guide, link: "Content/reviews", target: secret)
    }

    @Test func aThemeFileLinkedFromOutsideIsNotPublished() throws {
        let (guide, secret) = try guideAndSecret()
        try guide.build()
        try link(guide, "Templates/assets/extra.css", to: secret.appending(path: "secret.css"))
        try expectRefused(guide, link: "Templates/assets/extra.css", target: secret.appending(path: "secret.css"))
    }

    @Test func aPictureLinkedFromOutsideIsNotPublished() throws {
        let (guide, secret) = try guideAndSecret()
        try guide.build()
        try link(guide, "Content/images/stolen.jpg", to: secret.appending(path: "secret.jpg"))
        try expectRefused(guide, link: "Content/images/stolen.jpg", target: secret.appending(path: "secret.jpg"))
    }

    @Test func linksThatStayInsideTheGuideAreRead() throws {
        let guide = try TestGuide()
        try guide.write("Shared/pasta.md", "---\nname: Pasta Place\n---\n")
        try FileManager.default.createDirectory(at: guide.root.appending(path: "Content/restaurants"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: guide.root.appending(path: "Content/restaurants/pasta.md").path,
                                                   withDestinationPath: "../../Shared/pasta.md")
        let report = try guide.build()
        #expect(report.diagnostics.isEmpty)
        #expect(try guide.page("restaurants/pasta/index.html").contains("<h1>Pasta Place</h1>"))
    }

    /// A named pipe would block a read for ever: refused where it stands, with nothing written.
    @Test func namedPipesAreRefusedNotRead() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/kept.md", "---\nname: Kept\nimage: images/pipe.jpg\n---\n")
        try guide.write("Content/images/.keep", "")
        for path in ["Content/restaurants/pipe.md", "Content/images/pipe.jpg", "Content/images/other.png"] {
            #expect(mkfifo(guide.root.appending(path: path).path, 0o644) == 0)
        }
        let report = try guide.build()
        #expect(report.diagnostics.filter { $0.severity == .error }.map(\.description) == [
            "\(guide.root.path)/Content/images/other.png:1:1: error: this is not a regular file (a named pipe, socket or device): FoodPin reads only regular files\n    hint: remove it, or put the file itself here",
            "\(guide.root.path)/Content/images/pipe.jpg:1:1: error: this is not a regular file (a named pipe, socket or device): FoodPin reads only regular files\n    hint: remove it, or put the file itself here",
            "\(guide.root.path)/Content/restaurants/kept.md:3:8: error: image \"images/pipe.jpg\" is not a regular file (a folder, a named pipe or a device), not a picture",
            "\(guide.root.path)/Content/restaurants/pipe.md:1:1: error: this is not a regular file (a named pipe, socket or device): FoodPin reads only regular files\n    hint: remove it, or put the file itself here",
        ])
        #expect(!FileManager.default.fileExists(atPath: guide.output.path))
    }

    @Test func aLinkToAHiddenFileOfTheGuideIsRefused() throws {
        let guide = try TestGuide()
        try guide.write(".git/config", "[remote] token = secret\n")
        try guide.write("Content/restaurants/kept.md", "---\nname: Kept\n---\n")
        try FileManager.default.createDirectory(at: guide.root.appending(path: "Templates/assets"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: guide.root.appending(path: "Templates/assets/a.css").path,
                                                   withDestinationPath: "../../.git/config")
        let report = try guide.build()
        #expect(report.diagnostics.map(\.description) == [
            "\(guide.root.path)/Templates/assets/a.css:1:1: error: this is a link to `.git/config`, a hidden file of the guide (such as .git): FoodPin does not read those\n    hint: copy the file into the guide instead of linking to it",
        ])
        #expect(!FileManager.default.fileExists(atPath: guide.output.path))
    }

    @Test func siteSettingsThatAreANamedPipeAreRefused() throws {
        let guide = try TestGuide()
        try guide.remove("Content/site.yml")
        #expect(mkfifo(guide.root.appending(path: "Content/site.yml").path, 0o644) == 0)
        let report = try guide.build()
        #expect(report.diagnostics.map(\.description) == [
            "\(guide.root.path)/Content/site.yml:1:1: error: this is not a regular file (a named pipe, socket or device): FoodPin reads only regular files\n    hint: remove it, or put the file itself here",
        ])
    }

    @Test func aStoreThatIsALinkIsNeitherOpenedNorMade() throws {
        let guide = try TestGuide()
        let elsewhere = FileManager.default.temporaryDirectory.appending(path: "foodpin-store-\(UUID().uuidString).sqlite")
        try FileManager.default.createSymbolicLink(atPath: guide.layout.store.path, withDestinationPath: elsewhere.path)
        let error = try #require(throws: FoodPinError.self) { try guide.build() }
        do {
            #expect(error.description == "\(guide.root.path)/Content/guide.sqlite: error: the store is a link; FoodPin opens only a real file here\n    hint: replace the link with the store file itself, or remove it (the next build makes a new store)")
        }
        #expect(!FileManager.default.fileExists(atPath: elsewhere.path))
    }
}
