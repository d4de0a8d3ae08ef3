import ArgumentParser
import FoodPinCore
import FoodPinDev
import Foundation
import FoodPinBase
import FoodPinPublish

/// Options `serve` and `watch` share.
struct WatchOptions: ParsableArguments {
    @Flag(help: "Poll for changes instead of using file-system events (network shares, some VMs).")
    var poll = false

    @Flag(help: "Include restaurants marked `draft: true`.")
    var drafts = false

    @OptionGroup var site: SiteAddressOptions

    @Option(help: ArgumentHelp("Where to write the site (default: Output/ in the guide).", valueName: "DIR"))
    var output: String?

    func session(root: URL) -> DevSession {
        DevSession(options: BuildOptions(root: root, output: output.map { URL(fileURLWithPath: $0, isDirectory: true) },
                                         baseURL: site.baseURL, includeDrafts: drafts), poll: poll)
    }
}

/// One line per rebuild: when, what changed, how long it took; errors in full.
struct RebuildPrinter: Sendable {
    let console: Console

    func print(_ outcome: DevSession.Outcome) {
        let clock = Self.clock()
        switch outcome {
        case .built(let report, let trigger):
            console.report(report.diagnostics)
            for (stage, seconds) in report.timings { console.detail(String(format: "%8.1f ms  %@", seconds * 1000, stage)) }
            let changed = report.changedPaths.count + report.removedPaths.count
            let what = trigger.isEmpty ? "built" : "rebuilt (\(Self.describe(trigger)))"
            console.say("\(clock) \(what) in \(Self.milliseconds(report.seconds)): "
                        + (changed == 0 ? "no page changed" : "\(counted(report.changedPaths.count, "file")) written"
                           + (report.removedPaths.isEmpty ? "" : ", \(report.removedPaths.count) removed")))
        case .failed(let report, let trigger):
            console.report(report.diagnostics)
            Console.error("\(clock) build failed\(trigger.isEmpty ? "" : " (\(Self.describe(trigger)))") with \(diagnosticsSummary(report.diagnostics)); the last good site stays up.")
        case .crashed(let message, _):
            Console.error("\(clock) \(message)")
        }
    }

    static func describe(_ paths: [String]) -> String {
        paths.count <= 2 ? paths.joined(separator: ", ") : "\(paths[0]) and \(paths.count - 1) more"
    }

    static func milliseconds(_ seconds: Double) -> String {
        seconds < 10 ? "\(Int((seconds * 1000).rounded())) ms" : String(format: "%.1f s", seconds)
    }

    static func clock() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: Date())
    }
}

/// A command that runs asynchronously. (Calling `run()` on an `AsyncParsableCommand` existential
/// picks the synchronous overload, which only prints help.)
protocol AsyncCommand {
    mutating func runAsync() async throws
}

struct ServeCommand: AsyncParsableCommand, AsyncCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Build, serve Output/ with live reload, and rebuild on every change.",
        discussion: "Watches Content/ and Templates/. Pages reload after each successful rebuild; while content is broken the last good site stays up and the errors show over the page. Ctrl-C stops.")

    @OptionGroup var guide: GuideOptions
    @OptionGroup var watch: WatchOptions

    @Option(name: .shortAndLong, help: "The port (0 picks a free one).")
    var port = 8080

    @Option(help: "The address to listen on. Only change it to share the preview on your network.")
    var host = "127.0.0.1"

    func validate() throws {
        if !(0...65535).contains(port) { throw ValidationError("--port must be from 0 to 65535") }
    }

    func run() async throws { try await runAsync() }

    func runAsync() async throws {
        let console = guide.console()
        let session = watch.session(root: try guide.layout().root)
        let printer = RebuildPrinter(console: console)
        session.onOutcome { printer.print($0) }
        if let warning = OutputFolders.mountPointWarning(for: session.outputFolder) { console.report([warning]) }
        // The port first: one in use stops `serve` before it builds or writes anything.
        try await PreviewServer.claim(host: host, port: port)
        try session.start()
        let server = PreviewServer(session: session, host: host, port: port)
        let host = self.host
        try await server.run { port in
            console.say("Serving \(session.outputFolder.lastPathComponent)/ at http://\(host):\(port)/  (Ctrl-C to stop)")
        }
        console.say("Stopped.")
    }
}

struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch", abstract: "Build, then rebuild on every change to Content/ or Templates/ (no server).")

    @OptionGroup var guide: GuideOptions
    @OptionGroup var watch: WatchOptions

    func run() throws {
        let console = guide.console()
        let session = watch.session(root: try guide.layout().root)
        let printer = RebuildPrinter(console: console)
        session.onOutcome { printer.print($0) }
        if let warning = OutputFolders.mountPointWarning(for: session.outputFolder) { console.report([warning]) }
        try session.start()
        console.say("Watching \(GuideLayout.displayPath(session.root.appending(path: "Content")))/ and Templates/ (Ctrl-C to stop)")
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let stop: @Sendable () -> Void = {
            session.stop()
            console.say("Stopped.")
            Foundation.exit(0)
        }
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
        interrupt.setEventHandler(handler: stop)
        interrupt.resume()
        let terminate = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .main)
        terminate.setEventHandler(handler: stop)
        terminate.resume()
        dispatchMain()
    }
}
