import Foundation

/// Parsed content files by path, each with the stamp of the file it was parsed from: a build
/// re-reads only the files whose stamp changed. Kept in memory between the builds of one `serve`
/// or `watch` session, and on disk between `foodpin build` runs (see `BuildState`).
public final class ContentCache: @unchecked Sendable {
    /// Restaurants and reviews are references (the build's lists share them); the rare larger
    /// payloads are indirect, so that a dictionary slot stays small.
    enum Parsed: Sendable, Codable {
        case restaurant(RestaurantSource?, [Diagnostic])
        case review(ReviewSource?, [Diagnostic])
        indirect case step(StepSource?, [Diagnostic])
        /// A city file: its fingerprint and problems (the store holds its records: a file unchanged
        /// since the last build is not read again).
        indirect case city(fingerprint: String, diagnostics: [Diagnostic])
    }

    struct Entry: Sendable, Codable {
        var stamp: FileStamp
        var parsed: Parsed
        /// The entry's bytes in the state it was read from (`BuildState`), written again as they are.
        var form: EncodedForm?

        /// What is saved: the form is where it was read from.
        private enum CodingKeys: CodingKey { case stamp, parsed }

        init(stamp: FileStamp, parsed: Parsed) {
            self.stamp = stamp
            self.parsed = parsed
        }
    }

    private var entries: [String: Entry] = [:]
    private let lock = NSLock()
    /// Whether an entry was added or dropped since the flag was last cleared (the state is saved then).
    private(set) var changed = false

    public init() {}

    func parsed(for path: String, stamp: FileStamp) -> Parsed? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[path], entry.stamp == stamp else { return nil }
        return entry.parsed
    }

    func store(_ parsed: Parsed, for path: String, stamp: FileStamp) {
        lock.lock()
        entries[path] = Entry(stamp: stamp, parsed: parsed)
        changed = true
        lock.unlock()
    }

    /// Forgets files that are gone, so the cache does not grow without bound. Every path given
    /// has an entry by now, so when the counts agree there is nothing to forget.
    func keep(only paths: [String]) {
        lock.lock()
        defer { lock.unlock() }
        guard entries.count != paths.count else { return }
        let wanted = Set(paths)
        let kept = entries.filter { wanted.contains($0.key) }
        if kept.count != entries.count { changed = true }
        entries = kept
    }

    var snapshot: [String: Entry] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    func replace(with entries: [String: Entry]) {
        lock.lock()
        self.entries = entries
        changed = false
        lock.unlock()
    }

    func markSaved() {
        lock.lock()
        changed = false
        lock.unlock()
    }
}
