import Foundation
import FoodPinBase

/// Publishing a new site, in a few words: take the output folder's `Turn`, make a `Publisher` (it
/// finds where the new site is made), `put` each changed file and `keep` the unchanged ones, then
/// `commit` (the new site becomes the live one in one step) or `abandon` (nothing published, and
/// nothing kept that is unsure).
///
/// Underneath (`Publication`): the new site is made in the standby folder, which holds the site
/// before the last one, so only what changed since is written, and unchanged files are hard links
/// to the live ones; then the two folders are exchanged. Where they cannot be, files are replaced
/// in place, each through a rename.
package final class Publisher: @unchecked Sendable {
    /// The live folder, as readers see it.
    package let live: OutputWriter
    /// Where the new site is made: the standby, or the live folder itself.
    package let target: OutputWriter
    /// What the live folder and the target hold, as far as the builder knows (nil: unknown).
    package let liveHeld: [String: WrittenState]?
    package let targetHeld: [String: WrittenState]?
    package let liveExists: Bool
    /// The target held nothing but dot files: nothing in it to compare with, or to find stale.
    package private(set) var startedEmpty = false
    /// Whether pages are checked on disk (one `stat` each) and the standby walked for strangers:
    /// always but within a session that wrote the live folder itself.
    package let checksDisk: Bool
    /// Within a session that wrote the live folder itself: the files its last build changed or
    /// removed. The target holds every other file as the live folder does. Nil when unknown.
    package let lastChanges: Set<String>?
    private let publication: Publication
    /// A first site's twin: each file linked into it as it is written, so that once the site is
    /// published the twin becomes the standby, and the next build need not make a folder per page
    /// (the first edit after a cold build and the cold build's cost: `bench/HISTORY.md`, "The twin
    /// again"). Adopted only if every file the site holds was linked into it; else removed.
    private var twin: OutputWriter?
    private var twinWhole = true
    private var twinLinks = 0
    private let twinLock = NSLock()
    /// A durable build's pages reach the disk while the rest is rendered: the target is flushed
    /// before it is published, and that flush then finds only the last batch.
    private var writeBehind: WriteBehind?

    /// One build writes an output folder at a time (a `build` beside a `serve`): the next waits
    /// here, and reads what the last one left there only once it is its turn. Let go by `end`.
    package static func takeTurn(_ output: URL) throws(FoodPinError) -> Turn { try Turn(output) }

    package final class Turn: @unchecked Sendable {
        private let output: URL
        private var descriptor: Int32

        fileprivate init(_ output: URL) throws(FoodPinError) {
            self.output = output
            descriptor = try Publication(output: output).lock()
        }

        /// Taken again where it could not be (the folder the lock goes in did not exist yet).
        fileprivate func holdOnceFolderExists() throws(FoodPinError) {
            if descriptor < 0 { descriptor = try Publication(output: output).lock() }
        }

        package func end() {
            Publication.unlock(descriptor)
            descriptor = -1
        }
    }

    /// The standby walked for links, files added by hand and files gone (`distrustStrangers`), on a thread of
    /// its own while the sources are read: 0.1–0.15 s of system time at 10,000 restaurants, which
    /// then adds nothing to a review edit's wall time (bench/HISTORY.md, issue 33). Nil when there
    /// is no standby folder, or none to walk (a session's that it wrote itself).
    package static func startWalk(of output: URL, record: FolderRecord, session: Bool) -> Pending<FolderStrangers>? {
        guard !(session && record.liveWrittenHere), let standby = Publication(output: output).standby else { return nil }
        var entry = stat()
        guard lstat(standby.path, &entry) == 0, (entry.st_mode & S_IFMT) == S_IFDIR else { return nil }
        let folder = OutputWriter(destination: standby)
        let held = record.standby
        return Pending(ownThread: true) { folder.strangers(besides: held) }
    }

    /// The `record` of the folders is corrected where the disk says otherwise; the standby is
    /// checked for links and files added by hand (`walked`: as a walk made already found it).
    package init(output: URL, turn: Turn, record: inout FolderRecord, session: Bool, walked: FolderStrangers?) throws(FoodPinError) {
        live = OutputWriter(destination: output)
        liveExists = FileManager.default.fileExists(atPath: live.destination.path)
        if !liveExists {
            record.live = nil
            record.liveWrittenHere = false
        }
        // `--output a/b/site` with no `a/b` yet: made, as `mkdir -p` would (only now that the build writes).
        try NewFile.makeFolders(output.deletingLastPathComponent().path)
        try turn.holdOnceFolderExists()
        checksDisk = !(session && record.liveWrittenHere)
        lastChanges = checksDisk ? nil : record.lastChanges
        publication = Publication(output: output)
        try publication.checkStandby()
        publication.discardTwin()
        target = publication.standby.map { OutputWriter(destination: $0) } ?? live
        if publication.standby != nil, !FileManager.default.fileExists(atPath: target.destination.path) { record.standby = nil }
        if checksDisk { try Self.distrustStrangers(publication, live: live, target: target, walked: walked, record: &record) }
        liveHeld = record.live
        targetHeld = publication.standby == nil ? record.live : record.standby
    }

    /// Whether unchanged files must be linked from the live folder into the target.
    package var linksFromLive: Bool { target.destination != live.destination }

    /// What becomes of a file the new site keeps unchanged.
    package enum Keeping {
        /// The target holds it already.
        case held
        /// Linked from the live folder into the target.
        case linked
        /// Written again all the same.
        case written
    }

    /// Whether `path`, unchanged as `state`, can stay as the live folder holds it. A link is made
    /// only through real folders: a link where a page's folder was leads anywhere.
    package func keeping(_ path: String, as state: WrittenState) -> Keeping {
        if target.isCurrent(path, state: state, previous: targetHeld?[path]) { return .held }
        guard linksFromLive, live.isCurrent(path, state: state, previous: liveHeld?[path]), live.hasRealFolders(path) else { return .written }
        return .linked
    }

    /// Whether a page the live folder holds as `state`, its inputs unchanged, can stay: rendered
    /// and written again after all where a link stands in place of its folder.
    package func keepingPage(_ path: String, as state: WrittenState) -> Keeping {
        guard linksFromLive && targetHeld?[path] != state else { return .held }
        return live.hasRealFolders(path) ? .linked : .written
    }

    /// Makes the target ready for `paths` to be written or linked: a new folder gets its top
    /// folders; a folder that held files, the folders of those it did not hold. `flushingBatches`:
    /// a durable build with many pages, whose target is flushed batch by batch (`wroteBatch`).
    package func prepare(writing paths: [String], linking links: [String], flushingBatches: Bool = false) throws(FoodPinError) {
        startedEmpty = target.isEmpty
        if startedEmpty {
            let sections = OutputWriter.sections(of: paths + links)
            try target.makeDestination(sections: sections)
            // With no live folder, every file of the site is `put`: the twin gets each.
            if !liveExists, links.isEmpty, linksFromLive, let folder = publication.twin, mkdir(folder.path, 0o755) == 0 {
                let twin = OutputWriter(destination: folder)
                try twin.makeDestination(sections: sections)
                twinLock.withLock { self.twin = twin }
            }
            // Links have no render between them to spread folder making over: theirs are made first.
            if !links.isEmpty { try target.prepare(paths: links) }
        } else {
            try target.prepare(paths: (paths + links).filter { targetHeld?[$0] == nil })
        }
        // Once the target exists: the first flush also takes what other programs left unwritten.
        if flushingBatches, linksFromLive {
            writeBehind = WriteBehind(folder: target.destination.path)
            writeBehind?.nudge()
        }
    }

    /// Writes one file into the target; whether readers of the live site will see a change, and
    /// what the file holds. Safe from many threads.
    package func put(_ file: OutputFile) throws(FoodPinError) -> (changed: Bool, state: WrittenState) {
        let outcome = try target.write(file, previous: targetHeld?[file.path], intoEmptyFolder: startedEmpty)
        if let twin = twinLock.withLock({ twinWhole ? twin : nil }) {
            let linked = twin.linkNew(file.path, from: target)
            twinLock.withLock { if linked { twinLinks += 1 } else { twinWhole = false } }
        }
        let changed = if !linksFromLive { outcome.written } else if liveHeld != nil {
            !live.isCurrent(file.path, state: outcome.state, previous: liveHeld?[file.path])
        } else {
            !liveExists || !live.holds(file)
        }
        return (changed, outcome.state)
    }

    /// A batch of pages is written: a durable build's flush is started, unless one runs.
    package func wroteBatch() { writeBehind?.nudge() }

    /// Every file is written or linked. Files replaced in place (`wrote`) are on disk before a
    /// `durable` state says they are there.
    package func finishWriting(wrote: Bool, durable: Bool) {
        writeBehind?.finish()
        if durable, !linksFromLive, wrote { Durability.flush(live.destination.path) }
    }

    /// Puts the live folder's unchanged files into the target, as hard links.
    package func keep(_ paths: [String]) throws(FoodPinError) {
        let failures = ParallelMap.map(paths) { [target, live] path -> FoodPinError? in
            do throws(FoodPinError) { try target.link(path, from: live); return nil } catch { return error }
        }
        if let failure = failures.compactMap({ $0 }).first { throw failure }
    }

    /// Removes from the target what the new site does not have: `gone` when what it held is
    /// known, else every file not `kept` (a walk). How many files went.
    package func removeStale(_ gone: Set<String>?, keeping kept: [String: WrittenState]) -> Int {
        if let gone { return target.remove(gone) }
        return startedEmpty ? 0 : target.removeFiles(notIn: Set(kept.keys))
    }

    /// Makes the new site, which holds `files` to be delivered as `deliveries` says, the live one
    /// where readers will see a `changed` site; the `record` then says so, and what the standby
    /// holds: the old live site, less the pages `changedByHand` there (written in place, the site
    /// is live already). `changes`, within a session: the paths this build changed or removed.
    package func commit(_ files: [String: WrittenState], deliveries: [String: Delivery], changes: Set<String>?, changed: Bool,
                        changedByHand: [String], durable: Bool, record: inout FolderRecord) throws(FoodPinError) {
        try exchange(files, changed: changed, changedByHand: changedByHand, durable: durable, record: &record)
        // The last build's table takes a while to free at scale: done off the caller's path.
        let retired = record.live
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(retired) {} }
        record.wrote(files, deliveries: deliveries, changes: changes)
    }

    private func exchange(_ files: [String: WrittenState], changed: Bool, changedByHand: [String], durable: Bool,
                          record: inout FolderRecord) throws(FoodPinError) {
        guard linksFromLive else { return }
        guard changed else {
            // The new site is the live one: nothing to publish, and the standby now holds it too.
            record.standby = files
            return
        }
        record.standby = nil
        let exchanged = try publication.publish(durable: durable)
        if twinLock.withLock({ twin }) != nil {
            // A first site's whole twin holds it all.
            if !exchanged, twinLock.withLock({ twinWhole && twinLinks == files.count }), publication.adoptTwin() {
                record.standby = files
                return
            }
            publication.discardTwin()
        }
        guard exchanged, var held = liveHeld else { return }
        for path in changedByHand { held[path] = nil }
        record.standby = held
    }

    /// After a failed write the standby may hold anything (what failed may fail again): removed.
    /// The error names the live folder's file, which is the one the user knows.
    package func abandon(_ failure: FoodPinError) -> FoodPinError {
        try? publication.discardStandby()
        publication.discardTwin()
        return publication.namingLiveFolder(failure)
    }

    /// The standby is trusted only for what the state says it holds: one with a link is removed
    /// (never followed) and made anew; one with files added by hand, or without some it should
    /// hold, is brought up to date like an unknown folder, which removes or links them. Where files are replaced in place, a link inside the
    /// output folder is refused by name: it would be written through.
    private static func distrustStrangers(_ publication: Publication, live: OutputWriter, target: OutputWriter,
                                          walked: FolderStrangers?, record: inout FolderRecord) throws(FoodPinError) {
        guard let standby = publication.standby else {
            if case .link(let path) = live.strangers(besides: nil) {
                throw .usage("this is a link inside the output folder; FoodPin never writes through one",
                             at: GuideLayout.displayPath(live.destination.appending(path: path)), hint: "remove the link, then build again")
            }
            return
        }
        guard FileManager.default.fileExists(atPath: standby.path) else { return }
        switch walked ?? target.strangers(besides: record.standby) {
        case .link:
            try publication.discardStandby()
            record.standby = nil
        case .files: record.standby = nil
        case .none: break
        }
    }
}
