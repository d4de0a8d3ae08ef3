import FoodPinCore
import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import FoodPinBase

/// `foodpin serve`: the output folder over HTTP on 127.0.0.1, with live reload after each
/// successful rebuild and the build's errors shown over the page while content is broken.
public struct PreviewServer: Sendable {
    public let session: DevSession
    public let host: String
    public let port: Int
    private let files: StaticFiles
    private let events = EventHub()

    public init(session: DevSession, host: String = "127.0.0.1", port: Int = 8080) {
        self.session = session
        self.host = host
        self.port = port
        files = StaticFiles(folder: session.outputFolder)
    }

    /// Runs until Ctrl-C (SIGINT) or SIGTERM; `onRunning` gets the port actually bound.
    public func run(onRunning: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        let hub = events
        session.onOutcome { outcome in
            if let message = Self.message(for: outcome) { hub.publish(message) } else { hub.rebuilt() }
        }
        let files = self.files
        let session = self.session
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            try await Self.respond(to: request, files: files, hub: hub, session: session)
        }
        let app = Application(
            responder: responder,
            configuration: .init(address: .hostname(host, port: port), serverName: "FoodPin"),
            onServerRunning: { channel in onRunning(channel.localAddress?.port ?? 0) },
            logger: Self.quietLogger())
        do {
            try await app.runService()
        } catch {
            session.stop()
            throw Self.refusal(error, host: host, port: port)
        }
        session.stop()
    }

    /// Binds the port and lets it go, so that a port in use is said before the first build writes
    /// anything (the server binds it again once the site is built; port 0 is any free one).
    public static func claim(host: String, port: Int) async throws(FoodPinError) {
        guard port != 0 else { return }
        do {
            let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .bind(host: host, port: port).get()
            try await channel.close()
        } catch {
            throw Self.refusal(error, host: host, port: port)
        }
    }

    private static func refusal(_ error: any Error, host: String, port: Int) -> FoodPinError {
        FoodPinError(.usage, at: "\(host):\(port)", "cannot serve here: \(Self.plainly(error, port: port))",
                     hint: "choose another port with --port, or --port 0 for any free one")
    }

    /// Why the port could not be had, in words (NIO's own names the system call).
    static func plainly(_ error: any Error, port: Int) -> String {
        switch (error as? IOError)?.errnoCode {
        case EADDRINUSE?: "another program is using port \(port)"
        case EACCES?: "port \(port) is reserved for root (ports below 1024)"
        case EADDRNOTAVAIL?: "this machine has no such address"
        default: "\(error)"
        }
    }

    /// What pages are told of an outcome; nil for a rebuild that changed the site (pages then
    /// learn the new build's number).
    static func message(for outcome: DevSession.Outcome) -> EventHub.Message? {
        switch outcome {
        case .built(let report, _):
            return report.changedPaths.isEmpty && report.removedPaths.isEmpty ? .ok : nil
        case .failed(let report, _):
            return .failure(report.diagnostics.filter { $0.severity == .error }.map(\.description).joined(separator: "\n"))
        case .crashed(let message, _):
            return .failure(message)
        }
    }

    private static func respond(to request: Request, files: StaticFiles, hub: EventHub, session: DevSession) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD"])
        }
        let path = request.uri.path
        if path == LiveReload.eventsPath { return eventStream(hub: hub, session: session) }
        switch files.lookup(path) {
        case .file(let url):
            return fileResponse(url, type: files.contentType(for: url), status: .ok, head: request.method == .head, build: hub.build)
        case .redirect(let location):
            return Response(status: .movedPermanently, headers: [.location: location])
        case .forbidden:
            return Response(status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(string: "403 Forbidden: outside the site\n")))
        case .notFound:
            if case .file(let notFound) = files.lookup("/404.html") {
                return fileResponse(notFound, type: files.contentType(for: notFound), status: .notFound, head: request.method == .head, build: hub.build)
            }
            return Response(status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(string: "404 Not Found\n")))
        }
    }

    private static func fileResponse(_ url: URL, type: String, status: HTTPResponse.Status, head: Bool, build: Int) -> Response {
        guard var data = FileManager.default.contents(atPath: url.path) else {
            return Response(status: .notFound)
        }
        if type.hasPrefix("text/html") { data = LiveReload.inject(into: data, build: build) }
        var headers: HTTPFields = [.contentType: type, .cacheControl: "no-cache"]
        headers[.contentLength] = String(data.count)
        return Response(status: status, headers: headers,
                        body: head ? .init() : .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    private static func eventStream(hub: EventHub, session: DevSession) -> Response {
        let (stream, id) = hub.subscribe()
        // A page opened while the content is broken learns it at once.
        if let outcome = session.lastOutcome, let message = message(for: outcome), case .failure = message { hub.publish(message, to: id) }
        let headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-cache"]
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            defer { hub.unsubscribe(id) }
            try await writer.write(ByteBuffer(string: "retry: 500\n\n"))
            // Ctrl-C ends open streams, so the server can stop without waiting for the pages.
            try await withGracefulShutdownHandler {
                for await message in stream {
                    try await writer.write(ByteBuffer(string: message.wireFormat))
                }
            } onGracefulShutdown: {
                hub.unsubscribe(id)
            }
            try await writer.finish(nil)
        })
    }

    private static func quietLogger() -> Logger {
        var logger = Logger(label: "foodpin.serve")
        logger.logLevel = .warning
        return logger
    }
}

/// Fans build outcomes out to every open page's event stream.
final class EventHub: @unchecked Sendable {
    enum Message: Sendable, Equatable {
        /// The number of the site's current build: a page from another build reloads.
        case build(Int)
        case ok
        case failure(String)

        var wireFormat: String {
            switch self {
            case .build(let number): "event: build\ndata: \(number)\n\n"
            case .ok: "event: ok\ndata: {}\n\n"
            case .failure(let text):
                "event: failure\ndata: " + String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self) + "\n\n"
            }
        }
    }

    private let lock = NSLock()
    private var subscribers: [Int: AsyncStream<Message>.Continuation] = [:]
    private var nextID = 0
    private var currentBuild = 0

    /// The number of the last rebuild that changed the site.
    var build: Int {
        lock.lock()
        defer { lock.unlock() }
        return currentBuild
    }

    /// A new subscriber is told the current build first.
    func subscribe() -> (AsyncStream<Message>, Int) {
        let (stream, continuation) = AsyncStream<Message>.makeStream(bufferingPolicy: .bufferingNewest(8))
        lock.lock()
        let id = nextID
        nextID += 1
        subscribers[id] = continuation
        continuation.yield(.build(currentBuild))
        lock.unlock()
        return (stream, id)
    }

    /// A rebuild changed the site: every page learns the new build's number.
    func rebuilt() {
        lock.lock()
        currentBuild += 1
        let number = currentBuild
        lock.unlock()
        publish(.build(number))
    }

    func unsubscribe(_ id: Int) {
        lock.lock()
        subscribers[id]?.finish()
        subscribers[id] = nil
        lock.unlock()
    }

    func publish(_ message: Message, to id: Int? = nil) {
        lock.lock()
        let targets = id.map { subscribers[$0].map { [$0] } ?? [] } ?? Array(subscribers.values)
        lock.unlock()
        for target in targets { target.yield(message) }
    }
}
