@testable import FoodPinCore
import Foundation
import Hummingbird
import NIOCore
import Testing
import FoodPinBase

/// `--fetch-images` against a local HTTP server that behaves and misbehaves: a picture, redirects,
/// text named like a picture, a missing one, an endless body, a gzip bomb, a header announcing a
/// terabyte, slow answers. Every guide here allows private addresses explicitly (the server is on
/// 127.0.0.1); one test checks that without it nothing is fetched.
@Suite struct RemotePictureTests {
    final class Counter: @unchecked Sendable {
        private var count = 0, inFlight = 0, mostInFlight = 0
        private let lock = NSLock()
        func add() { lock.lock(); count += 1; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return count }
        func begin() { lock.lock(); inFlight += 1; mostInFlight = max(mostInFlight, inFlight); lock.unlock() }
        func end() { lock.lock(); inFlight -= 1; lock.unlock() }
        var most: Int { lock.lock(); defer { lock.unlock() }; return mostInFlight }
    }

    static let pictures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/pictures")
    static let fixture = pictures.appending(path: "small.jpg")

    /// 100 MB of zeros, gzipped (about 100 kB): four times the limit once inflated.
    static func gzipBomb() throws -> Data {
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/sh")
        gzip.arguments = ["-c", "head -c 104857600 /dev/zero | gzip -9"]
        let output = Pipe()
        gzip.standardOutput = output
        try gzip.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        gzip.waitUntilExit()
        return data
    }

    /// Runs `body` with a server on a free port; returns when both are done.
    func withServer(hits: Counter, _ body: @Sendable @escaping (Int) async throws -> Void) async throws {
        let photo = try Data(contentsOf: Self.fixture)
        let bomb = try Self.gzipBomb()
        let router = Router()
        router.get("dish.jpg") { _, _ -> Response in
            hits.add()
            return Response(status: .ok, headers: [.contentType: "image/jpeg"], body: .init(byteBuffer: ByteBuffer(bytes: photo)))
        }
        router.get("slow/:n") { _, _ -> Response in
            hits.begin()
            // Long enough that six fetches overlap even on a machine busy with other work.
            try await Task.sleep(for: .milliseconds(1_000))
            hits.end()
            return Response(status: .ok, headers: [.contentType: "image/jpeg"], body: .init(byteBuffer: ByteBuffer(bytes: photo)))
        }
        router.get("moved") { _, _ -> Response in Response(status: .found, headers: [.location: "/dish.jpg"]) }
        router.get("to-localhost") { request, _ -> Response in
            let port = request.head.authority?.split(separator: ":").last ?? ""
            return Response(status: .found, headers: [.location: "http://localhost:\(port)/dish.jpg"])
        }
        router.get("away") { _, _ -> Response in Response(status: .found, headers: [.location: "file:///etc/passwd"]) }
        router.get("note.jpg") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "image/jpeg"], body: .init(byteBuffer: ByteBuffer(string: "not a photo, a note")))
        }
        router.get("endless.jpg") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "image/jpeg"], body: ResponseBody { writer in
                var chunk = ByteBuffer(bytes: photo.prefix(3))
                chunk.writeRepeatingByte(0, count: 1 << 20)
                // Until the client goes away (bounded, so a test gone wrong still ends).
                for _ in 0..<1_000 { try await writer.write(chunk) }
                try await writer.finish(nil)
            })
        }
        router.get("bomb.jpg") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "image/jpeg", .contentEncoding: "gzip"],
                     body: .init(byteBuffer: ByteBuffer(bytes: bomb)))
        }
        router.get("terabyte.jpg") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "image/jpeg", .contentLength: "1000000000000"], body: ResponseBody { writer in
                try await writer.write(ByteBuffer(bytes: photo.prefix(100)))
                try await Task.sleep(for: .seconds(10))
                try await writer.finish(nil)
            })
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

    /// A guide with one restaurant per picture address, allowing the local server.
    func guide(_ pictures: [String: String], allowLocal: Bool = true) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appending(path: "foodpin-remote-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appending(path: "Content/restaurants"), withIntermediateDirectories: true)
        try Data("title: T\nfetch_private_addresses: \(allowLocal)\n".utf8).write(to: root.appending(path: "Content/site.yml"))
        for (slug, url) in pictures {
            try Data("---\nname: \(slug)\nimage: \(url)\n---\n".utf8).write(to: root.appending(path: "Content/restaurants/\(slug).md"))
        }
        return root
    }

    /// Runs `work` on a thread of its own: blocking the test's (one of Swift's few shared threads)
    /// would leave none for the server's handlers.
    func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in Thread.detachNewThread { continuation.resume(returning: work()) } }
    }

    func build(_ root: URL) async throws -> (BuildReport, [String: String]) {
        var settings = BuildOptions(root: root)
        settings.fetchImages = true
        let options = settings
        let report = try await offThePool { Result { () throws(FoodPinError) in try SiteBuilder.build(options) } }.get()
        let warnings = Dictionary(uniqueKeysWithValues: report.diagnostics.map { (($0.location.path as NSString).lastPathComponent, $0.message) })
        return (report, warnings)
    }

    @Test func remotePicturesAreFetchedOnceAndAFailureIsAWarning() async throws {
        let hits = Counter()
        try await withServer(hits: hits) { port in
            let cases = ["dish": "http://127.0.0.1:\(port)/dish.jpg", "moved": "http://127.0.0.1:\(port)/moved",
                         "away": "http://127.0.0.1:\(port)/away", "note": "http://127.0.0.1:\(port)/note.jpg",
                         "gone": "http://127.0.0.1:\(port)/gone.jpg", "closed": "http://127.0.0.1:1/x.jpg"]
            let root = try guide(cases)
            defer { try? FileManager.default.removeItem(at: root) }
            let (report, warnings) = try await build(root)
            #expect(report.succeeded)
            #expect(warnings["away.md"] == "picture \(cases["away"]!) was not fetched: it redirects to a file: address; only http and https are followed; it is shown from its host")
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
            // Fetched once: the next build asks the server for nothing it already has...
            try Data("---\nname: dish\nimage: \(cases["dish"]!)\n---\nEdited.\n".utf8).write(to: root.appending(path: "Content/restaurants/dish.md"))
            #expect(try await build(root).0.succeeded)
            #expect(hits.value == 2)
            // ...unless a kept file was replaced by a link, which is removed, never followed.
            let kept = RemotePictures(folder: GuideLayout(root: root).remotePictureCache.path).path(for: cases["dish"]!)
            let outside = FileManager.default.temporaryDirectory.appending(path: "foodpin-outside-\(UUID().uuidString).jpg")
            defer { try? FileManager.default.removeItem(at: outside) }
            try FileManager.default.copyItem(at: Self.pictures.appending(path: "wide.jpg"), to: outside)
            try FileManager.default.removeItem(atPath: kept)
            try FileManager.default.createSymbolicLink(atPath: kept, withDestinationPath: outside.path)
            try Data("---\nname: dish\nimage: \(cases["dish"]!)\n---\nEdited again.\n".utf8).write(to: root.appending(path: "Content/restaurants/dish.md"))
            #expect(try await build(root).0.succeeded)
            #expect(hits.value == 3)
            #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == Data(contentsOf: Self.fixture))
        }
    }

    /// Each limit holds on the bytes as they come: the body, the inflated body, the header.
    @Test func anEndlessBodyAGzipBombAndATerabyteHeaderAreRefused() async throws {
        try await withServer(hits: Counter()) { port in
            let cases = ["endless": "http://127.0.0.1:\(port)/endless.jpg", "bomb": "http://127.0.0.1:\(port)/bomb.jpg",
                         "terabyte": "http://127.0.0.1:\(port)/terabyte.jpg"]
            let root = try guide(cases)
            defer { try? FileManager.default.removeItem(at: root) }
            let started = Date()
            let (report, warnings) = try await build(root)
            #expect(report.succeeded)
            for (slug, url) in cases {
                #expect(warnings["\(slug).md"] == "picture \(url) was not fetched: it is larger than the limit; it is shown from its host", "\(slug)")
            }
            // The terabyte was refused from its header, not after the server finished its 10 s.
            #expect(Date().timeIntervalSince(started) < 10)
            #expect(try FileManager.default.contentsOfDirectory(atPath: GuideLayout(root: root).remotePictureCache.path).isEmpty)
        }
    }

    @Test func slowHostsAreFetchedSideBySide() async throws {
        let hits = Counter()
        try await withServer(hits: hits) { port in
            let root = try guide(Dictionary(uniqueKeysWithValues: (1...8).map { ("slow\($0)", "http://127.0.0.1:\(port)/slow/\($0)") }))
            defer { try? FileManager.default.removeItem(at: root) }
            #expect(try await build(root).0.succeeded)
            #expect(hits.most == RemotePictures.fetchesAtOnce, "\(hits.most) at once")
        }
    }

    @Test func thisMachineAndPrivateNetworksAreRefusedUnlessAllowed() async throws {
        let hits = Counter()
        try await withServer(hits: hits) { port in
            let cases = ["loopback": "http://127.0.0.1:\(port)/dish.jpg", "named": "http://localhost:\(port)/dish.jpg",
                         "decimal": "http://2130706433:\(port)/dish.jpg", "dotted": "http://127.0.0.1.:\(port)/dish.jpg"]
            let root = try guide(cases, allowLocal: false)
            defer { try? FileManager.default.removeItem(at: root) }
            let (report, warnings) = try await build(root)
            #expect(report.succeeded)
            #expect(warnings["loopback.md"] == "picture \(cases["loopback"]!) was not fetched: its host is at 127.0.0.1, on this machine or a private network (`fetch_private_addresses: true` in site.yml allows it); it is shown from its host")
            #expect(warnings["decimal.md"] == "picture \(cases["decimal"]!) was not fetched: its host is at 127.0.0.1, on this machine or a private network (`fetch_private_addresses: true` in site.yml allows it); it is shown from its host")
            // An address with a trailing dot is still that address, not a name to look up.
            #expect(warnings["dotted.md"] == "picture \(cases["dotted"]!) was not fetched: its host is at 127.0.0.1, on this machine or a private network (`fetch_private_addresses: true` in site.yml allows it); it is shown from its host")
            let local = PublicAddress.resolve("localhost").first { !$0.isPublic }!.text
            #expect(warnings["named.md"] == "picture \(cases["named"]!) was not fetched: its host is at \(local), on this machine or a private network (`fetch_private_addresses: true` in site.yml allows it); it is shown from its host")
            #expect(hits.value == 0)
        }
    }

    /// Every address on the way is checked: a redirect from an allowed host to one that is not is refused.
    @Test func aRedirectToThisMachineIsRefused() async throws {
        let hits = Counter()
        try await withServer(hits: hits) { port in
            let folder = FileManager.default.temporaryDirectory.appending(path: "foodpin-remote-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            // Here 127.0.0.1 passes for a public host; `localhost`, where the redirect leads, is what it is.
            var pretending = RemotePictures(folder: folder)
            pretending.resolve = { host in host == "127.0.0.1" ? [.init(text: host, isPublic: true)] : PublicAddress.resolve(host) }
            let remote = pretending
            let url = "http://127.0.0.1:\(port)/to-localhost"
            let results = await offThePool { remote.fetchAll([url]) }
            let local = PublicAddress.resolve("localhost").first { !$0.isPublic }!.text
            #expect(results[url] == .failure(.privateAddress(local)))
            #expect(hits.value == 0)
            let direct = "http://127.0.0.1:\(port)/dish.jpg"
            #expect(await offThePool { remote.fetchAll([direct]) }[direct] == .success(remote.path(for: direct)))
            #expect(hits.value == 1)
            // The connection goes to the address checked: a name no DNS knows reaches the server.
            var pinning = remote
            pinning.resolve = { host in host == "pinned.invalid" ? [.init(text: "127.0.0.1", isPublic: true)] : [] }
            let pinner = pinning
            let pinned = "http://pinned.invalid:\(port)/dish.jpg"
            #expect(await offThePool { pinner.fetchAll([pinned]) }[pinned] == .success(pinner.path(for: pinned)))
            #expect(hits.value == 2)
        }
    }

    @Test func onlyPublicAddressesArePublic() {
        for address in [[10, 1, 2, 3], [127, 0, 0, 1], [0, 0, 0, 0], [172, 16, 0, 1], [172, 31, 255, 255], [192, 168, 1, 1],
                        [169, 254, 169, 254], [100, 64, 0, 1], [224, 0, 0, 251], [255, 255, 255, 255], [198, 18, 0, 1]] as [[UInt8]] {
            #expect(!PublicAddress.isPublic(ipv4: address), "\(address)")
        }
        for address in [[8, 8, 8, 8], [172, 32, 0, 1], [93, 184, 216, 34], [100, 128, 0, 1]] as [[UInt8]] {
            #expect(PublicAddress.isPublic(ipv4: address), "\(address)")
        }
        func v6(_ head: [UInt8], _ tail: [UInt8] = []) -> [UInt8] { head + Array(repeating: 0, count: 16 - head.count - tail.count) + tail }
        for address in [v6([], [1]), v6([]), v6([0xFE, 0x80], [1]), v6([0xFC, 0]), v6([0xFD, 0x12]), v6([0xFF, 0x02], [1]),
                        v6([], [0xFF, 0xFF, 127, 0, 0, 1]), v6([0x20, 0x01, 0x0D, 0xB8])] {
            #expect(!PublicAddress.isPublic(ipv6: address), "\(address)")
        }
        #expect(PublicAddress.isPublic(ipv6: v6([0x26, 0x06, 0x47, 0x00], [1])))
        #expect(PublicAddress.isPublic(ipv6: v6([], [0xFF, 0xFF, 8, 8, 8, 8])))
        #expect(PublicAddress.resolve("127.1") == [.init(text: "127.0.0.1", isPublic: false)])
        #expect(PublicAddress.resolve("127.0.0.1.") == [.init(text: "127.0.0.1", isPublic: false)])
        #expect(PublicAddress.resolve("[::1]") == [.init(text: "::1", isPublic: false)])
        #expect(PublicAddress.resolve("8.8.8.8") == [.init(text: "8.8.8.8", isPublic: true)])
        #expect(PublicAddress.resolve("no-such-host.invalid").isEmpty)
    }

    @Test func onlyHTTPAndHTTPSAreFetched() {
        let remote = RemotePictures(folder: FileManager.default.temporaryDirectory.appending(path: "foodpin-remote-\(UUID().uuidString)").path)
        defer { try? FileManager.default.removeItem(atPath: remote.folder) }
        for url in ["file:///etc/passwd", "ftp://example.org/a.jpg", "javascript:alert(1)", "data:image/png;base64,AAAA"] {
            #expect(remote.fetchAll([url])[url] == .failure(.scheme), "\(url)")
        }
    }

    @Test func onlyPicturesBytesAreKept() {
        #expect(RemotePictures.looksLikeAPicture(try! Data(contentsOf: Self.fixture)))
        #expect(!RemotePictures.looksLikeAPicture(Data("<html><body>Not found</body></html>".utf8)))
        #expect(!RemotePictures.looksLikeAPicture(Data("#!/bin/sh\nrm -rf /\n".utf8)))
        // A HEIC photo, whatever the server calls it: browsers other than Safari cannot show it.
        #expect(!RemotePictures.looksLikeAPicture(try! Data(contentsOf: Self.pictures.appending(path: "heic-named.jpg"))))
    }
}
