import Foundation
import FoodPinBase

/// Parsed content files by path, each with the stamp of the file it was parsed from: a build
/// re-reads only the files whose stamp changed. Kept in memory between the builds of one `serve`
/// or `watch` session, and on disk between `foodpin build` runs (see `BuildState`).
public final class ContentCache: @unchecked Sendable {
    /// Restaurants and reviews are references (the build's lists share them); the rare larger
    /// payloads are indirect, so that a dictionary slot stays small.
    package enum Parsed: Sendable {
        case restaurant(RestaurantSource?, [Diagnostic])
        case review(ReviewSource?, [Diagnostic])
        indirect case step(StepSource?, [Diagnostic])
        /// A city file: its fingerprint and problems; its records when read by this process
        /// (the store holds them: a file unchanged since the last build is not read again).
        indirect case city(fingerprint: String, diagnostics: [Diagnostic], file: CityFile?)
    }

    package struct Entry: Sendable {
        package var stamp: FileStamp
        package var parsed: Parsed
        /// The entry's bytes in the state it was read from (`BuildState`), written again as they are.
        package var form: EncodedForm?
    }

    private var entries: [String: Entry] = [:]
    private let lock = NSLock()
    /// Whether an entry was added or dropped since the flag was last cleared (the state is saved then).
    package private(set) var changed = false

    public init() {}

    package func parsed(for path: String, stamp: FileStamp) -> Parsed? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[path], entry.stamp == stamp else { return nil }
        return entry.parsed
    }

    package func store(_ parsed: Parsed, for path: String, stamp: FileStamp) {
        lock.lock()
        entries[path] = Entry(stamp: stamp, parsed: parsed)
        changed = true
        lock.unlock()
    }

    /// Forgets files that are gone, so the cache does not grow without bound. Every path given
    /// has an entry by now, so when the counts agree there is nothing to forget.
    package func keep(only paths: [String]) {
        lock.lock()
        defer { lock.unlock() }
        guard entries.count != paths.count else { return }
        let wanted = Set(paths)
        let kept = entries.filter { wanted.contains($0.key) }
        if kept.count != entries.count { changed = true }
        entries = kept
    }

    package var snapshot: [String: Entry] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    package func replace(with entries: [String: Entry]) {
        lock.lock()
        self.entries = entries
        changed = false
        lock.unlock()
    }

    package func markSaved() {
        lock.lock()
        changed = false
        lock.unlock()
    }
}

extension ContentCache.Entry: BinaryCodable {
    package func encode(to writer: inout BinaryWriter) {
        if let form { return writer.write(form) }
        writer.write(stamp)
        switch parsed {
        case .restaurant(let source, let diagnostics): writer.write(0); writer.write(source); writer.write(diagnostics)
        case .review(let source, let diagnostics): writer.write(1); writer.write(source); writer.write(diagnostics)
        case .step(let source, let diagnostics): writer.write(2); writer.write(source); writer.write(diagnostics)
        case .city(let fingerprint, let diagnostics, _): writer.write(3); writer.write(fingerprint); writer.write(diagnostics)
        }
    }

    package static func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Self {
        let stamp: FileStamp = try reader.read()
        let parsed: ContentCache.Parsed = switch try reader.readInt() {
        case 0: .restaurant(try reader.readOptional(), try reader.readArray())
        case 1: .review(try reader.readOptional(), try reader.readArray())
        case 2: .step(try reader.readOptional(), try reader.readArray())
        case 3: .city(fingerprint: try reader.readString(), diagnostics: try reader.readArray(), file: nil)
        default: throw BinaryReader.Malformed()
        }
        return Self(stamp: stamp, parsed: parsed)
    }
}
