import Foundation
import FoodPinBase

/// Turns bursts of file events into rebuilds: one rebuild after a short quiet spell, and while a
/// rebuild runs, later events queue exactly one more, never a storm.
public final class RebuildLoop: @unchecked Sendable {
    private let quiet: Double
    private let rebuild: @Sendable (Set<String>) -> Void
    private let lock = NSLock()
    private let queue = DispatchQueue(label: "foodpin.rebuild")
    private var pending: Set<String> = []
    private var generation = 0
    private var building = false

    /// Seconds without events before a rebuild starts. An editor's save (a write, or a write and a
    /// rename) lands within a millisecond or two, well inside it; a longer burst (a git checkout)
    /// costs one more rebuild, never a wrong site.
    public static let defaultQuiet = 0.01

    public init(quiet: Double = RebuildLoop.defaultQuiet, rebuild: @escaping @Sendable (Set<String>) -> Void) {
        self.quiet = quiet
        self.rebuild = rebuild
    }

    public func notify(_ paths: [String]) {
        lock.lock()
        pending.formUnion(paths)
        generation += 1
        let mine = generation
        let idle = !building
        lock.unlock()
        if idle { schedule(mine) }
    }

    private func schedule(_ generation: Int) {
        DispatchQueue.global().asyncAfter(deadline: .now() + quiet) { [weak self] in
            guard let self else { return }
            self.lock.lock()
            // A newer event restarts the quiet spell; a running rebuild picks these up when done.
            guard generation == self.generation, !self.building, !self.pending.isEmpty else {
                self.lock.unlock()
                return
            }
            let paths = self.pending
            self.pending = []
            self.building = true
            self.lock.unlock()
            self.queue.async {
                self.rebuild(paths)
                self.lock.lock()
                self.building = false
                let more = !self.pending.isEmpty
                let latest = self.generation
                self.lock.unlock()
                if more { self.schedule(latest) }
            }
        }
    }

    /// Waits until no rebuild is running or pending (for tests and shutdown).
    public func waitUntilIdle(timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            lock.lock()
            let idle = !building && pending.isEmpty
            lock.unlock()
            if idle { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }
}
