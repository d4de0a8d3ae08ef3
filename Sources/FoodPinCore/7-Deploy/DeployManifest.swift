import Foundation

/// What a target holds, as FoodPin last sent it: each file's digest, size and headers, and the
/// version its local copy had then (`BuiltSite.File.version`: the same version, not read again).
/// Kept in `.foodpin-cache/deploys/`, one per target, replaced whole after each deploy; no credentials.
struct DeployManifest: Equatable, Sendable {
    struct Entry: Equatable, Sendable {
        /// SHA-256 of the local file, in hex.
        var digest: String
        var size: Int64
        var version: String
        var headers: String

        /// A file a stopped deploy may have left half-way: matches no file.
        static let unknown = Entry(digest: "", size: -1, version: "", headers: "")
    }

    var files: [String: Entry] = [:]
    /// Files gone from the site but left on the target for `--keep-deleted`: since when (Unix seconds).
    var retired: [String: Int] = [:]

    static let header = "foodpin deploy manifest 2"

    /// Where the manifest of `target` is kept: one per bucket and service (the same bucket name on
    /// a test server and on AWS are two targets).
    static func location(for target: DeployTarget, endpoint: URL?, in cache: URL) -> URL {
        let name = target.description + " " + (endpoint?.absoluteString ?? "")
        return cache.appending(path: "deploys/\(Fingerprint.hex(Array(name.utf8), length: 16)).tsv")
    }

    /// A path as the site names its files: relative, no empty, `.` or `..` part. A manifest holding
    /// another is damaged (a deploy never removes what it names).
    static func isSitePath(_ path: String) -> Bool {
        var part = 0, dots = 0
        func isOdd() -> Bool { part == 0 || (part == dots && dots <= 2) }
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if isOdd() { return false }
                (part, dots) = (0, 0)
            } else {
                part += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return !isOdd()
    }

    /// Nil when there is none, or it cannot be read: the target is then listed, as on a first deploy.
    /// Files a deploy was sending when it stopped count as unknown: they are sent again, or removed.
    static func load(from url: URL) -> DeployManifest? {
        guard let bytes = FileBytes.read(url.path, expectedSize: nil), var manifest = read(bytes) else { return nil }
        for path in pending(at: url) {
            manifest.files[path] = .unknown
            manifest.retired[path] = nil
        }
        return manifest
    }

    /// Read as bytes, not characters, and the few distinct header lines shared: at 100,000 files,
    /// splitting into Swift strings took 0.4 s.
    static func read(_ bytes: [UInt8]) -> DeployManifest? {
        bytes.withUnsafeBufferPointer { buffer -> DeployManifest? in
            var lines = buffer.split(separator: UInt8(ascii: "\n"))[...]
            guard let first = lines.popFirst(), first.starts(with: Array((header + "\t").utf8)) else { return nil }
            var manifest = DeployManifest()
            manifest.files.reserveCapacity(lines.count)
            var headers: [String: String] = [:]
            for line in lines {
                let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
                guard fields.count >= 3, isSitePath(fields[1]) else { return nil }
                switch (fields[0], fields.count) {
                case ("F", 6):
                    guard let size = Int64(fields[3]) else { return nil }
                    let shared = headers[fields[5]] ?? fields[5]
                    headers[shared] = shared
                    manifest.files[fields[1]] = Entry(digest: fields[2], size: size, version: fields[4], headers: shared)
                case ("R", 3):
                    guard let since = Int(fields[2]), since >= 0 else { return nil }
                    manifest.retired[fields[1]] = since
                default:
                    return nil
                }
            }
            return manifest
        }
    }

    /// Written through a rename, so a deploy stopped at any moment leaves the last manifest or this one.
    func save(to url: URL, target: DeployTarget) throws(FoodPinError) {
        try NewFile.makeFolders(url.deletingLastPathComponent().path)
        try ReplaceFile.write(Data(bytes(target: target)), to: url)
    }

    func bytes(target: DeployTarget) -> [UInt8] {
        var bytes = Array("\(Self.header)\t\(target)\n".utf8)
        func add(_ fields: String...) {
            for (index, field) in fields.enumerated() {
                bytes.append(contentsOf: field.utf8)
                bytes.append(index == fields.count - 1 ? UInt8(ascii: "\n") : UInt8(ascii: "\t"))
            }
        }
        for path in files.keys.sorted() {
            let entry = files[path]!
            add("F", path, entry.digest, String(entry.size), entry.version, entry.headers)
        }
        for path in retired.keys.sorted() { add("R", path, String(retired[path]!)) }
        return bytes
    }

    // MARK: The files in flight

    /// Before sending: the paths about to change on the target, so that a deploy stopped halfway is
    /// not trusted where it may have left a file the manifest does not describe. Added to those an
    /// earlier stopped deploy left, until a manifest that describes them all is saved.
    static func markPending(_ paths: [String], for url: URL) throws(FoodPinError) {
        try NewFile.makeFolders(url.deletingLastPathComponent().path)
        let all = Set(pending(at: url)).union(paths).sorted()
        try ReplaceFile.write(Data(all.map { $0 + "\n" }.joined().utf8), to: pendingURL(url))
    }

    /// After the manifest that describes them is saved.
    static func clearPending(for url: URL) { unlink(pendingURL(url).path) }

    private static func pending(at url: URL) -> [String] {
        guard let bytes = FileBytes.read(pendingURL(url).path, expectedSize: nil) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init).filter(isSitePath)
    }

    private static func pendingURL(_ url: URL) -> URL { url.appendingPathExtension("pending") }
}
