import Foundation
import FoodPinBase

/// Compares a snapshot of every source file's size and modification time at a fixed interval.
public final class PollingWatcher: FileWatcher, @unchecked Sendable {
    private let root: URL
    private let filter: ChangeFilter
    private let interval: Double
    private let onChange: @Sendable ([String]) -> Void
    private let lock = NSLock()
    private var running = false
    private var thread: Thread?

    init(root: URL, filter: ChangeFilter, interval: Double, onChange: @escaping @Sendable ([String]) -> Void) {
        self.root = root.standardizedFileURL
        self.filter = filter
        self.interval = interval
        self.onChange = onChange
    }

    struct Stamp: Equatable {
        var size: Int64
        var modified: Double
    }

    func snapshot() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        let base = root.path
        for folder in FileWatchers.watchedFolders(root) {
            guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
            let prefix = String(folder.path.dropFirst(base.count + 1))
            while let relative = walker.nextObject() as? String {
                let path = prefix + "/" + relative
                guard filter.isSource(path) else { continue }
                var info = stat()
                guard stat(base + "/" + path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
                stamps[path] = Stamp(size: Int64(info.st_size), modified: Self.modified(info))
            }
        }
        return stamps
    }

    static func modified(_ info: stat) -> Double {
        #if os(Linux)
        Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #else
        Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #endif
    }

    public func start() throws {
        lock.lock()
        running = true
        lock.unlock()
        let initial = snapshot()
        let thread = Thread { [weak self] in
            var previous = initial
            while let self, self.isRunning {
                Thread.sleep(forTimeInterval: self.interval)
                let current = self.snapshot()
                if current != previous {
                    let changed = Set(current.keys).union(previous.keys).filter { current[$0] != previous[$0] }
                    previous = current
                    self.onChange(changed.sorted())
                }
            }
        }
        thread.name = "foodpin.poll"
        thread.start()
        self.thread = thread
    }

    private var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running
    }

    public func stop() {
        lock.lock()
        running = false
        lock.unlock()
    }
}
