import Foundation
import FoodPinBase
import FoodPinPublish

/// How files are compared and sent.
public struct DeploySettings: Sendable {
    /// Text sent gzip-compressed, with `Content-Encoding: gzip`.
    public var gzip = false
    /// Files gone from the site stay on the target this long (seconds) after a deploy first finds them gone.
    public var keepDeleted = 0
    /// Every file is sent, whatever the target holds.
    public var force = false
    public var now = Int(Date().timeIntervalSince1970)

    public init() {}
}

/// What a deploy will do: the files to send, wave by wave, and the files to remove, decided from
/// what the target holds (its manifest, or on a first deploy its listing) and the built site.
struct DeployPlan: Sendable {
    /// By `Delivery.Wave`: parts, then pages, then entrances.
    var uploads: [[BuiltSite.File]] = Delivery.Wave.allCases.map { _ in [] }
    /// By `Delivery.Wave`, as the last deploy sent them; removed in the reverse order, doors and
    /// pages before the assets and pictures they name, so a deploy stopped while removing never
    /// leaves a live page without its stylesheet. A file no manifest describes (a first deploy's
    /// listing) is removed with the pages.
    var removals: [[String]] = Delivery.Wave.allCases.map { _ in [] }
    /// Every file removed, in the order removed.
    var deletions: [String] { removals.reversed().flatMap { $0 } }
    var unchanged = 0
    /// What the target holds once the plan is carried out (the entries of files sent are made as they go).
    var manifest = DeployManifest()
    /// Paths the target held before whose content changes or goes: what a CDN must drop.
    var changed: [String] = []
    /// The manifest it was made against already says what `manifest` says: nothing to save.
    var unchangedManifest = false

    var sending: [BuiltSite.File] { uploads.flatMap { $0 } }

    /// Against the manifest of the last deploy: a file whose version and headers are as recorded is
    /// not read; the others are read and hashed, and sent when their digest differs.
    init(site: [BuiltSite.File], root: URL, manifest old: DeployManifest, settings: DeploySettings) {
        let rootPath = root.standardizedFileURL.path
        // One look at each file, on every core (at 100,000 files, 0.4 s on one).
        let looks = ParallelMap.map(site) { file -> (headers: DeployHeaders, entry: DeployManifest.Entry?, asSent: Bool) in
            let headers = DeployHeaders(file, gzip: settings.gzip)
            let entry = old.files[file.path]
            return (headers, entry, entry.map { $0.version == file.version && $0.headers.sendsLike(headers) } ?? false)
        }
        let suspects = site.indices.filter { !looks[$0].asSent }
        let reads = ParallelMap.map(suspects, width: .disk) { index -> DeployManifest.Entry? in
            let file = site[index]
            return FileBytes.read(rootPath + "/" + file.path, expectedSize: Int(file.size)).map { .init(bytes: $0, of: file, headers: looks[index].headers) }
        }
        var readOf = [DeployManifest.Entry?](repeating: nil, count: site.count)
        for (index, read) in zip(suspects, reads) { readOf[index] = read }
        var restamped = false
        manifest.files.reserveCapacity(site.count)
        for (index, file) in site.enumerated() {
            let (headers, entry, asSent) = looks[index]
            if let entry, asSent || (readOf[index]?.digest == entry.digest && entry.headers.sendsLike(headers)) {
                var kept = readOf[index] ?? entry
                kept.headers = headers
                restamped = restamped || kept != entry
                manifest.files[file.path] = kept
                unchanged += 1
            } else {
                send(file, replacing: entry != nil || old.retired[file.path] != nil)
            }
        }
        retire(old.files.keys, stillThere: looks.count { $0.entry != nil }, old: old, sentAs: old.files, folder: rootPath, settings: settings)
        sortByPath()
        unchangedManifest = !restamped && manifest.files.count == old.files.count && manifest.retired == old.retired
    }

    /// Against a listing of the target (a first deploy, `--verify`): every file is read, and sent when
    /// the MD5 of what would be sent differs from the stored object's.
    /// `last`: the last deploy's manifest, if any, which says the wave each file it sent is removed in.
    init(site: [BuiltSite.File], root: URL, listing: [String: String], last: DeployManifest?, settings: DeploySettings) {
        let rootPath = root.standardizedFileURL.path
        let reads = ParallelMap.map(site, width: .disk) { file -> (entry: DeployManifest.Entry, md5: String)? in
            guard let bytes = FileBytes.read(rootPath + "/" + file.path, expectedSize: Int(file.size)) else { return nil }
            let headers = DeployHeaders(file, gzip: settings.gzip)
            return (DeployManifest.Entry(bytes: bytes, of: file, headers: headers), storedTag(of: headers.contentEncoding == nil ? bytes : Gzip.compress(bytes)))
        }
        for (file, read) in zip(site, reads) {
            if let read, !settings.force, listing[file.path] == read.md5 {
                manifest.files[file.path] = read.entry
                unchanged += 1
            } else {
                send(file, replacing: listing[file.path] != nil)
            }
        }
        var old = DeployManifest()
        old.retired = last?.retired ?? [:]
        retire(listing.keys, stillThere: site.count { listing[$0.path] != nil }, old: old, sentAs: last?.files ?? [:], folder: rootPath,
               settings: settings)
        sortByPath()
    }

    /// The site's files come in no order (the build's record is a dictionary): the plan, its report
    /// and the CDN's list are sorted, so two runs print the same.
    private mutating func sortByPath() {
        for wave in uploads.indices { uploads[wave].sort { $0.path < $1.path } }
        changed.sort()
    }

    private mutating func send(_ file: BuiltSite.File, replacing: Bool) {
        uploads[file.delivery.wave.rawValue].append(file)
        if replacing { changed.append(file.path) }
    }

    /// Files the target holds and the site no longer has (neither kept nor sent): removed, or kept
    /// until `keepDeleted` has passed. `stillThere`: how many of `held` the site still has; with all
    /// of them, none is gone and nothing is looked up. A file still in the site's folder, though the
    /// build's record does not list it (added by hand, sent by `--verify`), stays.
    private mutating func retire(_ held: some Collection<String>, stillThere: Int, old: DeployManifest, sentAs: [String: DeployManifest.Entry],
                                 folder: String, settings: DeploySettings) {
        guard held.count > stillThere || !old.retired.isEmpty else { return }
        let kept = manifest.files, sent = Set(sending.map(\.path))
        let isGone = { (path: String) in kept[path] == nil && !sent.contains(path) }
        for path in Set(held.filter(isGone)).union(old.retired.keys.filter(isGone)).sorted() {
            if FileStamp.plainSize(at: folder + "/" + path) != nil {
                // Known again by a later deploy, so it goes once the folder no longer has it.
                manifest.files[path] = old.files[path] ?? .unknown
                continue
            }
            let since = min(old.retired[path] ?? settings.now, settings.now)
            if settings.now - since >= settings.keepDeleted {
                removals[(sentAs[path]?.headers.delivery ?? .unrecorded).wave.rawValue].append(path)
                changed.append(path)
            } else {
                manifest.retired[path] = since
            }
        }
    }

    /// The addresses a CDN knows the changed files by: `/a/b.css`, and a folder's page also as `/a/`.
    static func addresses(of paths: [String]) -> [String] {
        paths.flatMap { path -> [String] in
            guard path == "index.html" || path.hasSuffix("/index.html") else { return ["/" + path] }
            return ["/" + path.dropLast("index.html".count), "/" + path]
        }
    }
}
