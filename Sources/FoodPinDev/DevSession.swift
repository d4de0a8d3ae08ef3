import FoodPinCore
import Foundation
import FoodPinBase

/// Watch mode: an initial build, then a rebuild for every settled burst of source changes.
/// Listeners hear about each outcome; the output folder keeps the last good site when a build fails.
public final class DevSession: @unchecked Sendable {
    public enum Outcome: Sendable {
        /// A successful rebuild, with the source paths that triggered it.
        case built(BuildReport, trigger: [String])
        /// Content errors: nothing was written.
        case failed(BuildReport, trigger: [String])
        /// The build could not run at all (an unwritable output folder, a broken store…).
        case crashed(String, trigger: [String])
    }

    public let root: URL
    private let builder: SiteBuilder
    private let poll: Bool
    private let quiet: Double
    private var watcher: (any FileWatcher)?
    private var loop: RebuildLoop?
    private let lock = NSLock()
    private var listeners: [@Sendable (Outcome) -> Void] = []
    private var latest: Outcome?

    /// `quiet`: seconds without file events before a rebuild starts (`RebuildLoop`).
    public init(options: BuildOptions, poll: Bool = false, quiet: Double = RebuildLoop.defaultQuiet) {
        root = options.root.standardizedFileURL
        self.quiet = quiet
        // Saving the state after every save would cost each rebuild; it is saved once, on stop.
        var options = options
        options.savesState = false
        builder = SiteBuilder(options)
        self.poll = poll
    }

    public var outputFolder: URL { builder.options.output ?? GuideLayout(root: root).defaultOutput }

    /// The last outcome, for a page that connects after it happened.
    public var lastOutcome: Outcome? {
        lock.lock()
        defer { lock.unlock() }
        return latest
    }

    public func onOutcome(_ listener: @escaping @Sendable (Outcome) -> Void) {
        lock.lock()
        listeners.append(listener)
        lock.unlock()
    }

    /// Builds once, then starts watching. Returns the first build's outcome.
    @discardableResult
    public func start() throws -> Outcome {
        let first = rebuild(trigger: [])
        let loop = RebuildLoop(quiet: quiet) { [weak self] paths in self?.rebuild(trigger: paths.sorted()) }
        let relativeOutput = outputFolder.standardizedFileURL.path.hasPrefix(root.path + "/")
            ? String(outputFolder.standardizedFileURL.path.dropFirst(root.path.count + 1)) + "/" : "Output/"
        let watcher = FileWatchers.make(root: root, filter: ChangeFilter(ignoredPrefixes: [relativeOutput]), poll: poll) { paths in
            loop.notify(paths)
        }
        try watcher.start()
        self.loop = loop
        self.watcher = watcher
        return first
    }

    /// Stops watching and saves the build state; a session never started has nothing to save.
    public func stop() {
        guard let loop else { return }
        watcher?.stop()
        _ = loop.waitUntilIdle(timeout: 5)
        try? builder.saveState()
    }

    /// For tests: waits until changes seen so far have been built.
    public func waitUntilIdle(timeout: Double = 10) -> Bool { loop?.waitUntilIdle(timeout: timeout) ?? true }

    @discardableResult
    private func rebuild(trigger: [String]) -> Outcome {
        let outcome: Outcome
        do {
            // The first build looks at every file; later ones at those the watcher names.
            let report = try builder.build(changed: trigger.isEmpty ? nil : Set(trigger))
            outcome = report.succeeded ? .built(report, trigger: trigger) : .failed(report, trigger: trigger)
        } catch {
            outcome = .crashed("\(error)", trigger: trigger)
        }
        lock.lock()
        latest = outcome
        let current = listeners
        lock.unlock()
        for listener in current { listener(outcome) }
        return outcome
    }
}
