import Foundation

/// What a target holds, as FoodPin last sent it: each file's digest, size and headers, and the
/// stamp its local copy had then (the same stamp: the same file, not read again). Kept in
/// `.foodpin-cache/deploys/`, one per target, replaced whole after each deploy; no credentials.
struct DeployManifest: Equatable, Sendable {
    struct Entry: Equatable, Sendable {
        /// SHA-256 of the local file, in hex.
        var digest: String
        var size: Int64
        /// Modification time and inode of the local file. Not its change time: a build keeps an
        /// unchanged file by linking it, which moves that time but leaves the bytes alone.
        var modified: Int
        var inode: UInt64
        var headers: String

        init(digest: String, stamp: FileStamp, headers: String) {
            self.digest = digest
            size = stamp.size
            modified = stamp.modified
            inode = stamp.inode
            self.headers = headers
        }

        init(digest: String, size: Int64, modified: Int, inode: UInt64, headers: String) {
            self.digest = digest
            self.size = size
            self.modified = modified
            self.inode = inode
            self.headers = headers
        }

        func sameFile(as stamp: FileStamp) -> Bool { size == stamp.size && modified == stamp.modified && inode == stamp.inode }
    }

    var files: [String: Entry] = [:]
    /// Files gone from the site but left on the target for `--keep-deleted`: since when (Unix seconds).
    var retired: [String: Int] = [:]

    static let header = "foodpin deploy manifest 1"

    /// Where the manifest of `target` is kept: one per bucket and service (the same bucket name on
    /// a test server and on AWS are two targets).
    static func location(for target: DeployTarget, endpoint: URL?, in cache: URL) -> URL {
        let name = target.description + " " + (endpoint?.absoluteString ?? "")
        return cache.appending(path: "deploys/\(Fingerprint.hex(Array(name.utf8), length: 16)).tsv")
    }

    /// A path as the site names its files: relative, no empty, `.` or `..` part. A manifest holding
    /// another is damaged (a deploy never removes what it names).
    static func isSitePath(_ path: String) -> Bool {
        !path.isEmpty && !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }

    /// Nil when there is none, or it cannot be read: the target is then listed, as on a first deploy.
    /// Files a deploy was sending when it stopped count as unknown: they are sent again, or removed.
    static func load(from url: URL) -> DeployManifest? {
        guard var manifest = read(url) else { return nil }
        for path in pending(at: url) {
            manifest.files[path] = Entry(digest: "", size: -1, modified: 0, inode: 0, headers: "")
            manifest.retired[path] = nil
        }
        return manifest
    }

    /// Split as bytes, not characters: a hundred thousand lines read in a tenth of the time.
    private static func read(_ url: URL) -> DeployManifest? {
        guard let bytes = FileBytes.read(url.path, expectedSize: nil) else { return nil }
        let lines = bytes.split(separator: UInt8(ascii: "\n"))
        guard let first = lines.first, first.starts(with: Array((header + "\t").utf8)) else { return nil }
        var manifest = DeployManifest()
        manifest.files.reserveCapacity(lines.count)
        for line in lines.dropFirst() {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            switch (fields.first, fields.count) {
            case ("F", 7):
                guard isSitePath(fields[1]), let size = Int64(fields[3]), let modified = Int(fields[4]), let inode = UInt64(fields[5]) else { return nil }
                manifest.files[fields[1]] = Entry(digest: fields[2], size: size, modified: modified, inode: inode, headers: fields[6])
            case ("R", 3):
                guard isSitePath(fields[1]), let since = Int(fields[2]), since >= 0 else { return nil }
                manifest.retired[fields[1]] = since
            default:
                return nil
            }
        }
        return manifest
    }

    /// Written through a rename, so a deploy stopped at any moment leaves the last manifest or this one.
    func save(to url: URL, target: DeployTarget) throws(FoodPinError) {
        try NewFile.makeFolders(url.deletingLastPathComponent().path)
        var text = "\(Self.header)\t\(target)\n"
        for (path, entry) in files.sorted(by: { $0.key < $1.key }) {
            text += "F\t\(path)\t\(entry.digest)\t\(entry.size)\t\(entry.modified)\t\(entry.inode)\t\(entry.headers)\n"
        }
        for (path, since) in retired.sorted(by: { $0.key < $1.key }) { text += "R\t\(path)\t\(since)\n" }
        try ReplaceFile.write(Data(text.utf8), to: url)
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
