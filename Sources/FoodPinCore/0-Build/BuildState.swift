import Foundation
import FoodPinBase
import FoodPinSearch
import FoodPinModel
import FoodPinPublish

/// What a build leaves for the next one, so that `foodpin build` in a new process re-reads only
/// changed files, renders only pages whose inputs changed and writes only changed files.
///
/// Kept in `.foodpin-cache/` inside the guide as two files: `build-state`, small (the sources'
/// fingerprint, the report, the publisher's record of what the output folders hold), enough to see that
/// nothing changed; and `build-sources` (the parsed sources with their stamps, each page's input
/// digest), read only when something did, and written while the pages are. Both start with a key
/// naming the format, the FoodPin binary, the build options and (for a build not flushed to disk)
/// the boot: a missing, foreign, stale or damaged file is ignored, and the build is then a full one.
/// (A deploy reads what the small file says the output folder holds, whatever the options: `written`.)
/// The state is removed before a build writes its first file and saved after a successful build,
/// so a build stopped half-way leaves none.
package struct BuildState {
    static let formatVersion = 12

    /// The sources as last built (`SourceFingerprint`), and the store after that build.
    var fingerprint: ContentDigest?
    var storeStamp: FileStamp?
    /// What that build reported, told again when nothing changed.
    var diagnostics: [Diagnostic] = []
    var counts = SiteCounts()
    /// What the output folders hold, as the publisher records it.
    var folders = FolderRecord()
    /// By output path: what the output folder's file holds.
    var written: [String: WrittenState] { folders.live ?? [:] }

    /// The parsed sources, by page path the digest of everything the page was rendered from, and
    /// the full-text index.
    struct Sources {
        var content: [String: ContentCache.Entry] = [:]
        var pages: [String: ContentDigest] = [:]
        var terms: TermIndex?
    }

    /// One pair of files per output folder: building into another folder (a clean copy to compare,
    /// a preview) leaves the state of the usual one alone.
    static func files(in layout: GuideLayout, output: URL) -> (state: URL, sources: URL) {
        let folder = layout.cache
        let defaultOutput = output.standardizedFileURL.path == layout.defaultOutput.standardizedFileURL.path
        let suffix = defaultOutput ? "" : "-" + Fingerprint.hex(Array(output.standardizedFileURL.path.utf8), length: 8)
        return (folder.appending(path: "build-state" + suffix), folder.appending(path: "build-sources" + suffix))
    }

    /// The state lives only in a real folder of the guide: through a link it would be written anywhere.
    static func refuseLinkedFolder(in layout: GuideLayout) throws(FoodPinError) {
        try OwnPath.requireRealFolders(layout.cache.path, within: layout.root.path)
    }

    static func load(from url: URL, key: String) -> BuildState? {
        load(from: url) { $0 == key }
    }

    /// What the last build wrote into `output`, whatever options it was built with, and how each
    /// file is delivered, for a deploy to send what changed without walking the folder. Nil when no
    /// build of this guide into this folder finished since. The files only when the state describes
    /// the disk (else, not flushed and a restart since, the folder is walked); their deliveries
    /// whatever happened to the bytes (a path's delivery is its owner's, build after build).
    package static func written(into output: URL, in layout: GuideLayout) -> FolderRecord? {
        let folder = output.standardizedFileURL.path
        var onDisk = false
        let state = load(from: files(in: layout, output: output).state, wholeRecord: false) { text in
            guard let key = StateKey(text: text), key.format == formatVersion, key.output == folder else { return false }
            onDisk = key.isOnDisk
            return true
        }
        return state.map { FolderRecord(live: onDisk ? $0.written : nil, deliveries: $0.folders.deliveries) }
    }

    /// `wholeRecord`: false for a reader of the live folder's files only (`FolderRecord.read`).
    private static func load(from url: URL, wholeRecord: Bool = true, accepting: (String) -> Bool) -> BuildState? {
        read(url, accepting: accepting) { reader throws(BinaryReader.Malformed) in
            BuildState(fingerprint: try reader.readOptional(), storeStamp: try reader.readOptional(), diagnostics: try reader.readArray(),
                       counts: try reader.read(), folders: try FolderRecord.read(&reader, whole: wholeRecord))
        }
    }

    static func loadSources(from url: URL, key: String) -> Sources? {
        read(url, accepting: { $0 == key }) { reader throws(BinaryReader.Malformed) in
            Sources(content: try contentEntries(&reader), pages: try reader.readDictionary(), terms: try reader.readOptional())
        }
    }

    /// The sources' file, written whole under a temporary name: what `save` then puts in place.
    /// A build writes it while it renders (at scale, encoding it takes as long as a fifth of the pages).
    static func writeSources(_ sources: Sources, to files: (state: URL, sources: URL), key: String) throws(FoodPinError) -> ReplaceFile {
        try NewFile.makeFolders(files.state.deletingLastPathComponent().path)
        let detail = try ReplaceFile(files.sources)
        var writer = BinaryWriter()
        writer.write(key)
        try writer.write(sources.content, flushingTo: detail)
        try writer.write(sources.pages, flushingTo: detail)
        writer.write(sources.terms != nil)
        try sources.terms?.encode(to: &writer, flushingTo: detail)
        try detail.append(writer.drain())
        return detail
    }

    /// Puts the sources' file in place, then writes the small file, which says the state is whole.
    /// `durable`: each synced first (a state kept across restarts must not say more than the disk holds).
    func save(_ sources: ReplaceFile, to files: (state: URL, sources: URL), key: String, durable: Bool) throws(FoodPinError) {
        try sources.commit(durable: durable)
        let summary = try ReplaceFile(files.state)
        var writer = BinaryWriter()
        writer.write(key)
        writer.write(fingerprint)
        writer.write(storeStamp)
        writer.write(diagnostics)
        writer.write(counts)
        try folders.write(with: &writer, to: summary)
        try summary.append(writer.drain())
        try summary.commit(durable: durable)
    }

    /// Removes the state kept for output folders that are gone (a clean copy built to compare, a
    /// preview): each is as large as the guide's parsed text, and a build into a folder that is no
    /// longer there is a full one anyway. The output folder is a line of each state's key.
    static func forgetOutputsThatAreGone(in layout: GuideLayout) {
        let folder = layout.cache.path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix("build-state-") {
            guard var reader = BinaryReader(mapping: folder + "/" + name), let text = try? reader.readString(),
                  let key = StateKey(text: text) else { continue }
            // Only a folder that is not there: one that cannot be looked at now (a drive not mounted) may come back.
            guard access(key.output, F_OK) != 0, errno == ENOENT else { continue }
            unlink(folder + "/" + name)
            unlink(folder + "/build-sources-" + name.dropFirst("build-state-".count))
        }
    }

    static func remove(_ files: (state: URL, sources: URL)) {
        unlink(files.state.path)
        unlink(files.sources.path)
    }

    private static func read<T>(_ url: URL, accepting: (String) -> Bool, _ body: (inout BinaryReader) throws(BinaryReader.Malformed) -> T) -> T? {
        guard var reader = BinaryReader(mapping: url.path) else { return nil }
        do {
            guard accepting(try reader.readString()) else { return nil }
            let value = try body(&reader)
            return reader.isAtEnd ? value : nil
        } catch {
            return nil
        }
    }

    /// The parsed sources, each with its bytes: those of files unchanged by the next build are saved again as they are.
    private static func contentEntries(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> [String: ContentCache.Entry] {
        let count = try reader.readInt()
        guard count >= 0, count <= reader.remaining else { throw BinaryReader.Malformed() }
        var result: [String: ContentCache.Entry] = [:]
        result.reserveCapacity(count)
        for _ in 0..<count {
            let key = try reader.readString()
            var (entry, form) = try reader.readKeepingForm(ContentCache.Entry.self)
            entry.form = form
            result[key] = entry
        }
        return result
    }
}
