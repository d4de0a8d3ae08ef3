import FoodPinCore
import Foundation
import Testing
@testable import FoodPinDev
import FoodPinBase

@Suite final class StaticFilesTests {
    let root: URL
    let files: StaticFiles

    deinit { try? FileManager.default.removeItem(at: root) }

    init() throws {
        root = FileManager.default.temporaryDirectory.appending(path: "foodpin-static-\(UUID().uuidString)")
        let output = root.appending(path: "Output")
        try FileManager.default.createDirectory(at: output.appending(path: "restaurants/a"), withIntermediateDirectories: true)
        try Data("<p>a</p>".utf8).write(to: output.appending(path: "restaurants/a/index.html"))
        try Data("<p>home</p>".utf8).write(to: output.appending(path: "index.html"))
        try FileManager.default.createDirectory(at: output.appending(path: "café"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appending(path: "Content"), withIntermediateDirectories: true)
        try Data("title: secret".utf8).write(to: root.appending(path: "Content/site.yml"))
        try FileManager.default.createSymbolicLink(atPath: output.appending(path: "leak").path,
                                                   withDestinationPath: root.appending(path: "Content").path)
        files = StaticFiles(folder: output)
    }

    @Test func servesFilesAndFolderIndexes() {
        #expect(files.lookup("/") == .file(root.appending(path: "Output/index.html").standardizedFileURL))
        #expect(files.lookup("/restaurants/a/") == .file(root.appending(path: "Output/restaurants/a/index.html").standardizedFileURL))
        #expect(files.lookup("/restaurants/a") == .redirect("/restaurants/a/"))
        #expect(files.lookup("//restaurants/a") == .redirect("/restaurants/a/"))
        #expect(files.lookup("/restaurants//a") == .redirect("/restaurants/a/"))
        #expect(files.lookup("/caf%C3%A9") == .redirect("/caf%C3%A9/"))
        #expect(files.lookup("/restaurants/a/?q=x") == .file(root.appending(path: "Output/restaurants/a/index.html").standardizedFileURL))
        #expect(files.lookup("/nope/") == .notFound)
    }

    @Test(arguments: [("/../Content/site.yml", .forbidden), ("/%2e%2e/Content/site.yml", .forbidden),
                      ("/%2E%2E%2FContent%2Fsite.yml", .forbidden), ("/restaurants/../../Content/site.yml", .forbidden),
                      ("/..%2f..%2fContent/site.yml", .forbidden), ("/leak/site.yml", .forbidden),
                      ("/a%00b", .forbidden), ("/..\\Content\\site.yml", .forbidden)] as [(String, StaticFiles.Lookup)])
    func neverLeavesTheOutputFolder(path: String, expected: StaticFiles.Lookup) {
        #expect(files.lookup(path) == expected)
    }

    @Test func contentTypes() {
        // A site served from a folder named `feeds`: its own files keep their types.
        let files = StaticFiles(folder: URL(fileURLWithPath: "/srv/feeds"))
        #expect(files.contentType(for: URL(fileURLWithPath: "/srv/feeds/a.html")) == "text/html; charset=utf-8")
        #expect(files.contentType(for: URL(fileURLWithPath: "/srv/feeds/a.svg")) == "image/svg+xml; charset=utf-8")
        #expect(files.contentType(for: URL(fileURLWithPath: "/srv/feeds/search.json")) == "application/json; charset=utf-8")
        #expect(files.contentType(for: URL(fileURLWithPath: "/srv/feeds/feeds/reviews.json")) == "application/feed+json; charset=utf-8")
        // Feeds, with the types RFC 4287 and JSON Feed 1.1 give them; other XML and JSON stay as they were.
        #expect(MediaType.of(path: "feeds/reviews.xml") == "application/atom+xml; charset=utf-8")
        #expect(MediaType.of(path: "cities/chicago/feeds/restaurants.json") == "application/feed+json; charset=utf-8")
        #expect(MediaType.of(path: "sitemap.xml") == "application/xml; charset=utf-8")
        #expect(MediaType.of(path: "myfeeds/a.xml") == "application/xml; charset=utf-8")
        #expect(files.contentType(for: URL(fileURLWithPath: "/srv/feeds/manifest.webmanifest")) == "application/manifest+json; charset=utf-8")
    }

    @Test func theReloadScriptGoesBeforeTheBodyEnds() {
        let html = String(decoding: LiveReload.inject(into: Data("<html><body><p>x</p></body></html>".utf8), build: 7), as: UTF8.self)
        #expect(html.contains("EventSource(\"/__foodpin/events\")"))
        #expect(html.contains("var servedFrom = 7,"))
        #expect(html.hasSuffix("</script>\n</body></html>"))
    }
}

/// What pages are told: a page learns the current build first, and a rebuild that changed the site
/// gives a new number (a page from another build reloads).
@Suite struct EventHubTests {
    @Test func aPageLearnsTheCurrentBuildFirstAndEachRebuild() async {
        let hub = EventHub()
        hub.rebuilt()
        let (stream, id) = hub.subscribe()
        hub.publish(.ok)
        hub.rebuilt()
        hub.unsubscribe(id)
        var messages: [EventHub.Message] = []
        for await message in stream { messages.append(message) }
        #expect(messages == [.build(1), .ok, .build(2)])
        #expect(hub.build == 2)
        #expect(EventHub.Message.build(2).wireFormat == "event: build\ndata: 2\n\n")
    }
}
