import Foundation

/// Parsed content files kept between builds of one `foodpin serve` or `watch` session,
/// so a rebuild re-reads only the files that changed.
public final class ContentCache: @unchecked Sendable {
    private struct Entry {
        var stamp: FileStamp
        var value: any Sendable
    }

    private var entries: [String: Entry] = [:]
    private let lock = NSLock()

    public init() {}

    func value<T>(for path: String, stamp: FileStamp) -> T? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[path], entry.stamp == stamp else { return nil }
        return entry.value as? T
    }

    func store(_ value: any Sendable, for path: String, stamp: FileStamp) {
        lock.lock()
        entries[path] = Entry(stamp: stamp, value: value)
        lock.unlock()
    }

    /// Forgets files that are gone, so the cache does not grow without bound.
    func keep(only paths: Set<String>) {
        lock.lock()
        entries = entries.filter { paths.contains($0.key) }
        lock.unlock()
    }
}
