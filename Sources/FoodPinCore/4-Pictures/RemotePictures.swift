import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import FoodPinBase
import FoodPinModel

/// Remote pictures (`image_url`, `image: https://…`) downloaded once into `.foodpin-cache/remote/`
/// and then processed like local ones. Only http and https, redirects followed by hand (each new
/// address checked again); a time limit; a size limit enforced on the bytes as they arrive (and
/// on the header that announces them); addresses that lead to this machine or the local network
/// refused unless site.yml allows them; the bytes must be a picture's (they are never run, only
/// decoded by libvips).
struct RemotePictures: Sendable {
    let folder: String
    var timeout: TimeInterval = 15
    var maxBytes = 25 << 20
    /// False (`--clean`): every picture is fetched again.
    var reuse = true
    /// site.yml's `fetch_private_addresses`: loopback and private addresses allowed, for a local setup.
    var allowsPrivateAddresses = false
    /// How host names become addresses (tests give names the answers they need).
    var resolve: @Sendable (String) -> [PublicAddress.Resolved] = PublicAddress.resolve
    static let maxRedirects = 5
    /// Fetches side by side: six slow hosts take as long as the slowest, not as all of them.
    static let fetchesAtOnce = 6

    enum Problem: Error, Equatable {
        case scheme, redirectedOutOfHTTP(String), status(Int), tooLarge, notAPicture, privateAddress(String), unknownHost, failed(String)

        func message(for url: String) -> String {
            switch self {
            case .scheme: "picture \(url) was not fetched: only http and https are followed"
            case .redirectedOutOfHTTP(let scheme): "picture \(url) was not fetched: it redirects to a \(scheme): address; only http and https are followed"
            case .status(let code): "picture \(url) was not fetched: the server answered \(code)"
            case .tooLarge: "picture \(url) was not fetched: it is larger than the limit"
            case .notAPicture: "picture \(url) was not fetched: its bytes are not a picture"
            case .privateAddress(let address):
                "picture \(url) was not fetched: its host is at \(address), on this machine or a private network (`fetch_private_addresses: true` in site.yml allows it)"
            case .unknownHost: "picture \(url) was not fetched: its host name does not resolve"
            case .failed(let reason): "picture \(url) was not fetched: \(reason)"
            }
        }
    }

    /// Where a fetched picture is kept: named by its URL.
    func path(for url: String) -> String { folder + "/" + Fingerprint.hex(Array(url.utf8), length: 16) }

    /// Each URL's local file, or why it has none: those kept from an earlier build (regular files
    /// only: anything else put there is removed, never followed), the others fetched now,
    /// `fetchesAtOnce` at a time.
    func fetchAll(_ urls: [String]) -> [String: Result<String, Problem>] {
        var results: [String: Result<String, Problem>] = [:]
        var missing: [String] = []
        for url in Set(urls).sorted() {
            let local = path(for: url)
            if reuse, FileStamp.plainSize(at: local) != nil {
                results[url] = .success(local)
            } else {
                unlink(local)
                missing.append(url)
            }
        }
        guard !missing.isEmpty else { return results }
        do throws(FoodPinError) { try NewFile.makeFolders(folder) } catch {
            for url in missing { results[url] = .failure(.failed("it could not be kept in \(folder)")) }
            return results
        }
        let fetched = Self.sideBySide(missing, threads: Self.fetchesAtOnce) { url in fetch(url) }
        for (url, result) in zip(missing, fetched) { results[url] = result }
        return results
    }

    /// `work` for every input on up to `threads` threads of their own (they mostly wait on the
    /// network, so they are not the cores' threads), each taking the next input as it finishes one.
    private static func sideBySide(_ inputs: [String], threads: Int,
                                   _ work: @escaping @Sendable (String) -> Result<String, Problem>) -> [Result<String, Problem>] {
        let shared = SharedFetches()
        let done = DispatchGroup()
        for _ in 0..<min(threads, inputs.count) {
            done.enter()
            Thread.detachNewThread {
                while true {
                    shared.lock.lock()
                    let index = shared.next
                    shared.next += 1
                    shared.lock.unlock()
                    guard index < inputs.count else { break }
                    let output = work(inputs[index])
                    shared.lock.lock()
                    shared.outputs[index] = output
                    shared.lock.unlock()
                }
                done.leave()
            }
        }
        done.wait()
        return inputs.indices.map { shared.outputs[$0]! }
    }

    /// One picture, its redirects followed here so that each address is checked, and each
    /// connection made to the address checked.
    private func fetch(_ url: String) -> Result<String, Problem> {
        guard var address = URL(string: url), Self.isHTTP(address) else { return .failure(.scheme) }
        let deadline = NIODeadline.now() + .milliseconds(Int64(timeout * 1000))
        for _ in 0...Self.maxRedirects {
            guard let host = address.host else { return .failure(.failed("its address names no host")) }
            guard WebURL.isPort(address.port) else { return .failure(.failed("its address has a port outside 1 to 65535")) }
            let addresses = resolve(host)
            guard let pinned = addresses.first else { return .failure(.unknownHost) }
            if !allowsPrivateAddresses, let found = addresses.first(where: { !$0.isPublic }) { return .failure(.privateAddress(found.text)) }
            let client = client(connectingTo: [host: pinned.text])
            defer { try? client.syncShutdown() }
            switch download(address, to: path(for: url), with: client, deadline: deadline) {
            case .failure(let problem): return .failure(problem)
            case .success(.file(let local)): return .success(local)
            case .success(.redirect(let location)):
                guard let next = URL(string: location, relativeTo: address)?.absoluteURL else {
                    return .failure(.failed("it redirects to an address that cannot be read"))
                }
                guard Self.isHTTP(next) else { return .failure(.redirectedOutOfHTTP(next.scheme ?? "unknown")) }
                address = next
            }
        }
        return .failure(.failed("too many redirects"))
    }

    /// A client whose connections go to the addresses given for host names; redirects are left to
    /// `fetch`. HTTP/1.1 only: one picture per connection needs nothing of HTTP/2.
    private func client(connectingTo addresses: [String: String]) -> HTTPClient {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow,
                                                     timeout: .init(connect: .seconds(10), read: .seconds(Int64(timeout))),
                                                     decompression: .enabled(limit: .size(maxBytes)))
        configuration.httpVersion = .http1Only
        configuration.dnsOverride = addresses
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    private enum Downloaded { case file(String), redirect(String) }

    private func download(_ address: URL, to local: String, with client: HTTPClient, deadline: NIODeadline) -> Result<Downloaded, Problem> {
        let request: HTTPClient.Request
        do {
            request = try HTTPClient.Request(url: address, headers: ["User-Agent": "FoodPin (static site generator; fetches each picture once)"])
        } catch {
            return .failure(.failed("its address cannot be read"))
        }
        let file: ReplaceFile
        do throws(FoodPinError) { file = try ReplaceFile(URL(fileURLWithPath: local)) } catch {
            return .failure(.failed("it could not be kept in \(folder)"))
        }
        let receiver = PictureDownload(file: file, maxBytes: maxBytes)
        let task = client.execute(request: request, delegate: receiver, deadline: deadline)
        let outcome = Result { try task.futureResult.wait() }
        switch receiver.ending(outcome) {
        case .failure(let problem):
            file.discard()
            return .failure(problem)
        case .success(let location?):
            file.discard()
            return .success(.redirect(location))
        case .success(nil):
            guard Self.looksLikeAPicture(Data(receiver.firstBytes)) else {
                file.discard()
                return .failure(.notAPicture)
            }
            do throws(FoodPinError) { try file.commit(durable: false) } catch { return .failure(.failed("it could not be kept in \(folder)")) }
            return .success(.file(local))
        }
    }

    private static func isHTTP(_ url: URL) -> Bool { ["http", "https"].contains(url.scheme?.lowercased() ?? "") }

    /// JPEG, PNG, GIF, WebP or AVIF by their first bytes, whatever the server calls them.
    static func looksLikeAPicture(_ data: Data) -> Bool {
        PictureBytes.accepted.contains(PictureBytes.kind(of: [UInt8](data.prefix(64))))
    }
}

/// The fetches' queue and results, shared by their threads.
private final class SharedFetches: @unchecked Sendable {
    let lock = NSLock()
    var next = 0
    var outputs: [Int: Result<String, RemotePictures.Problem>] = [:]
}

/// One response: its status and size checked from the head, its body written to the file as it
/// arrives, counted, and stopped at the limit.
private final class PictureDownload: HTTPClientResponseDelegate, @unchecked Sendable {
    typealias Response = Void
    private struct Stop: Error {}

    private let file: ReplaceFile
    private let maxBytes: Int
    private let lock = NSLock()
    private var received = 0
    private var problem: RemotePictures.Problem?
    private var location: String?
    private(set) var firstBytes: [UInt8] = []

    init(file: ReplaceFile, maxBytes: Int) {
        self.file = file
        self.maxBytes = maxBytes
    }

    /// The redirect's target, nil for a picture received whole, or what went wrong.
    func ending(_ outcome: Result<Void, Error>) -> Result<String?, RemotePictures.Problem> {
        lock.lock()
        defer { lock.unlock() }
        if let location { return .success(location) }
        if let problem { return .failure(problem) }
        switch outcome {
        case .success: return .success(nil)
        case .failure(let error as HTTPClientError) where error == .deadlineExceeded || error == .readTimeout:
            return .failure(.failed("it took too long"))
        case .failure(let error as NIOHTTPDecompression.DecompressionError) where error == .limit:
            return .failure(.tooLarge)
        case .failure(let error): return .failure(.failed("\(error)"))
        }
    }

    private func stop(_ task: HTTPClient.Task<Void>, _ found: RemotePictures.Problem?) -> EventLoopFuture<Void> {
        lock.lock()
        problem = problem ?? found
        lock.unlock()
        return task.eventLoop.makeFailedFuture(Stop())
    }

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        if (300..<400).contains(head.status.code), let target = head.headers.first(name: "Location") {
            lock.lock()
            location = target
            lock.unlock()
            return task.eventLoop.makeFailedFuture(Stop())
        }
        guard (200..<300).contains(head.status.code) else { return stop(task, .status(Int(head.status.code))) }
        // Refused from the header, before a byte of the body.
        if let length = head.headers.first(name: "Content-Length").flatMap(Int.init), length > maxBytes { return stop(task, .tooLarge) }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        lock.lock()
        received += buffer.readableBytes
        let over = received > maxBytes
        if firstBytes.count < 64 { firstBytes += buffer.readableBytesView.prefix(64 - firstBytes.count) }
        lock.unlock()
        if over { return stop(task, .tooLarge) }
        // A write of one chunk on the event loop: small, and the loop has nothing else to wait for.
        do throws(FoodPinError) { try file.append(Array(buffer.readableBytesView)) } catch {
            return stop(task, .failed("it could not be kept"))
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Void>) throws {}
}
