@testable import FoodPinCore
import Foundation
import Hummingbird
import NIOCore
import Testing

/// `--fetch-images` against a local HTTP server: a picture, a redirect to it, a redirect out of
/// http, text named like a picture, a missing one, and a port where nothing listens.
@Suite struct RemotePictureTests {
    final class Hits: @unchecked Sendable {
        private var count = 0
        private let lock = NSLock()
        func add() { lock.lock(); count += 1; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    }

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/pictures/small.jpg")

    /// Runs `body` with a server on a free port; returns when both are done.
    func withServer(hits: Hits, _ body: @Sendable @escaping (Int) async throws -> Void) async throws {
        let photo = try Data(contentsOf: Self.fixture)
        let router = Router()
        router.get("dish.jpg") { _, _ -> Response in
            hits.add()
            return Response(status: .ok, headers: [.contentType: "image/jpeg"], body: .init(byteBuffer: ByteBuffer(bytes: photo)))
        }
        router.get("moved") { _, _ -> Response in Response(status: .found, headers: [.location: "/dish.jpg"]) }
        router.get("away") { _, _ -> Response in Response(status: .found, headers: [.location: "file:///etc/passwd"]) }
        router.get("note.jpg") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "image/jpeg"], body: .init(byteBuffer: ByteBuffer(string: "not a photo, a note")))
        }
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) })
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService() }
            var iterator = ports.makeAsyncIterator()
            let port = await iterator.next() ?? 0
            try await body(port)
            group.cancelAll()
        }
    }

    @Test func remotePicturesAreFetchedOnceAndAFailureIsAWarning() async throws {
        let hits = Hits()
        try await withServer(hits: hits) { port in
            let root = FileManager.default.temporaryDirectory.appending(path: "foodpin-remote-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            let cases = ["dish": "http://127.0.0.1:\(port)/dish.jpg", "moved": "http://127.0.0.1:\(port)/moved",
                         "away": "http://127.0.0.1:\(port)/away", "note": "http://127.0.0.1:\(port)/note.jpg",
                         "gone": "http://127.0.0.1:\(port)/gone.jpg", "closed": "http://127.0.0.1:1/x.jpg"]
            try FileManager.default.createDirectory(at: root.appending(path: "Content/restaurants"), withIntermediateDirectories: true)
            for (slug, url) in cases {
                try Data("---\nname: \(slug)\nimage: \(url)\n---\n".utf8).write(to: root.appending(path: "Content/restaurants/\(slug).md"))
            }
            var options = BuildOptions(root: root)
            options.fetchImages = true
            let report = try SiteBuilder.build(options)
            #expect(report.succeeded)
            let warnings = Dictionary(uniqueKeysWithValues: report.diagnostics.map {
                (($0.location.path as NSString).lastPathComponent, $0.message)
            })
            // A redirect to file:// never reads a file (FoundationNetworking asks this server for the path instead).
            #expect(warnings["away.md"]?.hasPrefix("picture \(cases["away"]!) was not fetched: ") == true)
            #expect(warnings["note.md"] == "picture \(cases["note"]!) was not fetched: its bytes are not a picture; it is shown from its host")
            #expect(warnings["gone.md"] == "picture \(cases["gone"]!) was not fetched: the server answered 404; it is shown from its host")
            #expect(warnings["closed.md"]?.hasPrefix("picture \(cases["closed"]!) was not fetched: ") == true)
            #expect(warnings.count == 4)
            // Fetched pictures are published in every size; the others stay remote.
            let dish = try String(contentsOf: root.appending(path: "Output/restaurants/dish/index.html"), encoding: .utf8)
            #expect(dish.contains("dish-200w.webp 200w") && !dish.contains(cases["dish"]!))
            let moved = try String(contentsOf: root.appending(path: "Output/restaurants/moved/index.html"), encoding: .utf8)
            #expect(moved.contains("moved-200w.jpg"))
            let note = try String(contentsOf: root.appending(path: "Output/restaurants/note/index.html"), encoding: .utf8)
            #expect(note.contains("<img src=\"\(cases["note"]!)\""))
            #expect(hits.value == 2)
            // Fetched once: the next build asks the server for nothing it already has.
            try Data("---\nname: dish\nimage: \(cases["dish"]!)\n---\nEdited.\n".utf8)
                .write(to: root.appending(path: "Content/restaurants/dish.md"))
            #expect(try SiteBuilder.build(options).succeeded)
            #expect(hits.value == 2)
        }
    }

    @Test func onlyHTTPAndHTTPSAreFetched() {
        let remote = RemotePictures(folder: FileManager.default.temporaryDirectory.appending(path: "foodpin-remote-\(UUID().uuidString)").path)
        for url in ["file:///etc/passwd", "ftp://example.org/a.jpg", "javascript:alert(1)", "data:image/png;base64,AAAA"] {
            #expect(remote.fetch(url) == .failure(.scheme), "\(url)")
        }
    }

    @Test func onlyPicturesBytesAreKept() {
        #expect(RemotePictures.looksLikeAPicture(try! Data(contentsOf: Self.fixture)))
        #expect(!RemotePictures.looksLikeAPicture(Data("<html><body>Not found</body></html>".utf8)))
        #expect(!RemotePictures.looksLikeAPicture(Data("#!/bin/sh\nrm -rf /\n".utf8)))
        // A HEIC photo, whatever the server calls it: browsers other than Safari cannot show it.
        let heic = Self.fixture.deletingLastPathComponent().appending(path: "heic-named.jpg")
        #expect(!RemotePictures.looksLikeAPicture(try! Data(contentsOf: heic)))
    }
}
