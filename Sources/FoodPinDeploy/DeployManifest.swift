import Foundation
import FoodPinBase

/// What a target holds, as FoodPin last sent it: each file's digest, headers, and the version its
/// local copy had then (`FileVersion`: the same version, not read again). Kept in
/// `.foodpin-cache/deploys/`, one per target, replaced whole after each deploy; no credentials.
struct DeployManifest: Equatable, Sendable {
    /// Plain values but the headers, which files share: at 100,000 files, reading the manifest and
    /// freeing it cost a third of a deploy while each entry held four strings.
    struct Entry: Equatable, Sendable {
        /// Of the local file's bytes, as sent (its count: the size).
        var digest: ContentDigest
        var version: FileVersion
        var headers: DeployHeaders

        /// For `bytes` read from `file`: its version kept only if they are what it says.
        init(bytes: [UInt8], of file: BuiltSite.File, headers: DeployHeaders) {
            digest = ContentDigest(bytes)
            version = file.version.confirmed(by: digest, size: file.size)
            self.headers = headers
        }

        init(digest: ContentDigest, version: FileVersion, headers: DeployHeaders) {
            self.digest = digest
            self.version = version
            self.headers = headers
        }

        /// A file a stopped deploy may have left half-way: matches no file.
        static let unknown = Entry(digest: ContentDigest(hash: 0, count: -1), version: .unknown,
                                   headers: DeployHeaders(contentType: "", cacheControl: "", contentEncoding: nil, delivery: .page))
    }

    var files: [String: Entry] = [:]
    /// Files gone from the site but left on the target for `--keep-deleted`: since when (Unix seconds).
    var retired: [String: Int] = [:]

    static let header = "foodpin deploy manifest 4"

    /// Where the manifest of `target` is kept: one per bucket and service (the same bucket name on
    /// a test server and on AWS are two targets).
    static func location(for target: DeployTarget, endpoint: URL?, in cache: URL) -> URL {
        let name = target.description + " " + (endpoint?.absoluteString ?? "")
        return cache.appending(path: "deploys/\(Fingerprint.hex(Array(name.utf8), length: 16)).tsv")
    }

    /// A path as the site names its files: relative, no empty, `.` or `..` part, no control
    /// character (a NUL would cut the name short on its way to the system) or noncharacter. A manifest holding
    /// another is damaged (a deploy never removes what it names).
    static func isSitePath(_ path: String) -> Bool {
        var part = 0, dots = 0
        func isOdd() -> Bool { part == 0 || (part == dots && dots <= 2) }
        var ascii = true
        for byte in path.utf8 {
            if byte < 0x20 || byte == 0x7F { return false }
            ascii = ascii && byte < 0x80
            if byte == UInt8(ascii: "/") {
                if isOdd() { return false }
                (part, dots) = (0, 0)
            } else {
                part += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        // What an S3 key's XML would leave out: such a file could be sent, but never removed.
        return !isOdd() && (ascii || path.unicodeScalars.allSatisfy(XMLText.isAllowed))
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

    /// Read as bytes, not characters: `F`, path, digest (size, hash), version, headers; `R`, path, since.
    static func read(_ bytes: [UInt8]) -> DeployManifest? {
        bytes.withUnsafeBufferPointer { buffer -> DeployManifest? in
            var lines = buffer.split(separator: UInt8(ascii: "\n"))[...]
            guard let first = lines.popFirst(), first.starts(with: Array((header + "\t").utf8)) else { return nil }
            var manifest = DeployManifest()
            manifest.files.reserveCapacity(lines.count)
            var headers = SharedHeaders()
            for line in lines {
                let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
                guard fields.count >= 3, fields[0].count == 1 else { return nil }
                let path = String(decoding: fields[1], as: UTF8.self)
                guard isSitePath(path) else { return nil }
                switch (fields[0].first, fields.count) {
                case (UInt8(ascii: "F"), 6):
                    guard let size = ASCIINumbers.parse(fields[2], signed: true), let hash = ASCIINumbers.unsigned(fields[3], radix: 16),
                          let version = FileVersion(manifestText: fields[4]), let shared = headers.read(fields[5]) else { return nil }
                    // Only a file in flight is of no size.
                    guard size >= 0 || (size == -1 && version == .unknown) else { return nil }
                    manifest.files[path] = Entry(digest: ContentDigest(hash: hash, count: Int(size)), version: version, headers: shared)
                case (UInt8(ascii: "R"), 3):
                    guard let since = ASCIINumbers.parse(fields[2]) else { return nil }
                    manifest.retired[path] = Int(since)
                default:
                    return nil
                }
            }
            return manifest
        }
    }

    /// The few header lines a manifest holds, each read once.
    private struct SharedHeaders {
        var known: [(text: [UInt8], headers: DeployHeaders)] = []
        var last = 0

        mutating func read(_ text: some Collection<UInt8>) -> DeployHeaders? {
            if known.indices.contains(last), known[last].text.elementsEqual(text) { return known[last].headers }
            if let index = known.firstIndex(where: { $0.text.elementsEqual(text) }) {
                last = index
                return known[index].headers
            }
            guard let headers = DeployHeaders(summary: text) else { return nil }
            known.append((Array(text), headers))
            last = known.count - 1
            return headers
        }
    }

    /// Written through a rename, so a deploy stopped at any moment leaves the last manifest or this one.
    func save(to url: URL, target: DeployTarget) throws(FoodPinError) {
        try NewFile.makeFolders(url.deletingLastPathComponent().path)
        try ReplaceFile.write(Data(bytes(target: target)), to: url)
    }

    /// Files in no order (sorting 100,000 paths took a tenth of a deploy); retired ones sorted.
    func bytes(target: DeployTarget) -> [UInt8] {
        var bytes = Array("\(Self.header)\t\(target)\n".utf8)
        let tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n")
        var last: (headers: DeployHeaders, summary: [UInt8])?
        for (path, entry) in files {
            bytes.append(contentsOf: [UInt8(ascii: "F"), tab])
            bytes.append(contentsOf: path.utf8)
            bytes.append(tab)
            ASCIINumbers.append(Int64(entry.digest.count), to: &bytes)
            bytes.append(tab)
            ASCIINumbers.append(entry.digest.hash, radix: 16, to: &bytes)
            bytes.append(tab)
            entry.version.write(to: &bytes)
            bytes.append(tab)
            if last?.headers != entry.headers { last = (entry.headers, Array(entry.headers.summary.utf8)) }
            bytes.append(contentsOf: last!.summary)
            bytes.append(newline)
        }
        for path in retired.keys.sorted() { bytes.append(contentsOf: "R\t\(path)\t\(retired[path]!)\n".utf8) }
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

    /// The addresses the last deploy changed, for a CDN to drop.
    static func changedList(at url: URL) -> URL { url.deletingPathExtension().appendingPathExtension("changed.txt") }

    /// Every file a deploy keeps for its target: the manifest, the files in flight, the changed addresses.
    static func files(at url: URL) -> [URL] { [url, pendingURL(url), changedList(at: url)] }
}
