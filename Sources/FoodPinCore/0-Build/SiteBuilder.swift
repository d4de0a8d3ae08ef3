import Foundation
import FoodPinBase
import FoodPinModel
import FoodPinPublish

/// The pipeline: sources → store → site model → pictures → page plan → renderer and writer →
/// publisher, with what the last build left remembered in between (`BuildMemory`).
///
/// So a rebuild re-reads only changed files, renders only pages whose inputs changed and writes
/// only files whose bytes changed; `foodpin build` keeps the same between processes (`BuildState`).
/// Nothing holds the site's bytes: pages are rendered and written in batches. The output always
/// equals a clean build's.
public final class SiteBuilder: @unchecked Sendable {
    public let options: BuildOptions
    let layout: GuideLayout
    /// The output folder; its path is asked for once per page.
    let output: URL
    let outputPath: String
    /// Builds that follow one another in this process (`serve`, `watch`, which save the state only
    /// when they stop): the last build's restaurants are remembered, and between builds the output
    /// folder is taken to hold what this builder wrote there (a page deleted by hand during a
    /// session comes back when its inputs change, or at the next `foodpin build`).
    let isSession: Bool
    /// Built once and let go (the `build` and `check` commands): what a next build compares with
    /// is saved for the next process, not kept in this one.
    let buildsOnce: Bool
    var memory: BuildMemory
    var store: GuideStore?
    /// One build at a time, and no state saved in the middle of one.
    private let lock = NSLock()

    public convenience init(_ options: BuildOptions) { self.init(options, once: false) }

    init(_ options: BuildOptions, once: Bool) {
        buildsOnce = once
        self.options = options
        self.layout = GuideLayout(root: options.root)
        output = (options.output ?? layout.defaultOutput).standardizedFileURL
        outputPath = output.path
        isSession = !options.savesState
        memory = BuildMemory(layout: layout, options: options, outputPath: outputPath, session: isSession)
    }

    /// A one-off build (the `build` and `check` commands).
    public static func build(_ options: BuildOptions, progress: @Sendable (String) -> Void = { _ in }) throws(FoodPinError) -> BuildReport {
        let builder = SiteBuilder(options, once: true)
        // What it keeps (every parsed file) takes a while to free at scale: freed off the caller's
        // path, which for the command line is the path to the report and the exit.
        defer { DispatchQueue.global(qos: .utility).async { withExtendedLifetime(builder) {} } }
        return try builder.build(progress: progress)
    }

    var stateFiles: (state: URL, sources: URL) { BuildState.files(in: layout, output: output) }
    var stateKey: String { StateKey(for: options, output: output).text }

    /// `changed`: the paths, relative to the guide's folder, that changed since this builder's last
    /// build, when the caller knows them (a session's watcher); nil: every file is looked at.
    public func build(changed: Set<String>? = nil, progress: @Sendable (String) -> Void = { _ in }) throws(FoodPinError) -> BuildReport {
        lock.lock()
        defer { lock.unlock() }
        memory.reader.note(changed: changed)
        var run = BuildRun()
        guard FileManager.default.fileExists(atPath: layout.content.path) else { throw .guideNotFound(layout.root) }
        try BuildState.refuseLinkedFolder(in: layout)
        let turn = options.writes ? try Publisher.takeTurn(output) : nil
        defer { turn?.end() }
        // Under `serve` the watcher says what changed: no need to look at every file first.
        var scan = options.writes && options.savesState ? SourceFingerprint.of(layout) : nil
        run.fingerprint = scan?.digest
        run.finished("stat the guide")
        if options.writes { memory.restoreSummary(from: stateFiles, key: stateKey, clean: options.clean) }
        if let unchanged = unchangedReport(fingerprint: run.fingerprint) { return run.report(unchanged) }
        let folderWalk = options.writes ? Publisher.startWalk(of: output, record: memory.folders, session: isSession) : nil
        defer { _ = folderWalk?.value }
        if options.writes { memory.restoreSources(from: stateFiles, key: stateKey) }
        run.finished("read the last build's state")
        progress("Reading content")
        let guide = memory.reader.read(scan.take()?.content, log: &run.log)
        run.finished("read content and theme")
        progress("Syncing the store")
        let site = try memory.maker.makeSite(guide, output: output, run: &run)
        memory.reader.keep(guide.content)
        run.finished("sync store and build model")
        progress("Processing pictures")
        let pictures = try processPictures(of: site, guide: guide, run: &run)
        run.finished("process pictures")
        let files = memory.maker.makeFiles(site, guide: guide, pictures: pictures, log: &run.log)
        run.counted(site, pages: files.count)
        // Errors: nothing is written. `check`: templates were parsed above; nothing is rendered.
        guard !run.log.hasErrors, options.writes else { return run.report() }
        progress("Rendering \(files.count) pages")
        let publisher = try Publisher(output: output, turn: turn!, record: &memory.folders, session: isSession, walked: folderWalk?.value)
        var plan = try memory.planner.plan(files, pictures: pictures, guide: guide, publisher: publisher)
        run.finished("plan pages")
        let written = try writeSite(&plan, files: files, publisher: publisher, run: &run)
        run.finished("render and write pages")
        try publish(written, plan: plan, pictures: pictures, publisher: publisher, run: &run)
        try remember(written, plan: plan, run: &run)
        // Freeing this build's model and plan takes a while at scale: done off the caller's path.
        // A session's content is its memory's too: let go now, so the next save changes it in place.
        let retired = (site, isSession ? nil : guide, files, plan, publisher)
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(retired) {} }
        run.finished("remove stale files and save the state")
        return run.report()
    }

    /// Keeps what this builder knows for the next process. A session (`serve`) saves what it knows
    /// when it stops: under the output folder's turn, and only if no other build saved a state
    /// since this builder last read, wrote or removed it (a `foodpin build` run beside the session
    /// and after its last build: that state is the true one).
    public func saveState() throws(FoodPinError) {
        lock.lock()
        defer { lock.unlock() }
        let turn = try Publisher.takeTurn(output)
        defer { turn.end() }
        guard FileStamp(path: stateFiles.state.path) == memory.stateFileSeen, let last = memory.last else { return }
        try memory.save(last, to: stateFiles, key: stateKey, durable: options.durable)
    }
}

/// One build's report as it is made: what it found, its diagnostics, and how long each stage took.
struct BuildRun {
    var report = BuildReport()
    var log = DiagnosticLog()
    /// The sources as this build found them (`SourceFingerprint`; nil under `serve`), and the store
    /// as it read it (a `foodpin favorite` during the build shows next time).
    var fingerprint: ContentDigest?
    var storeStamp: FileStamp?
    private let started = Date()
    private var stageStart = Date()

    mutating func finished(_ stage: String) {
        let now = Date()
        report.timings.append((stage, now.timeIntervalSince(stageStart)))
        stageStart = now
    }

    mutating func counted(_ site: Site, pages: Int) {
        report.restaurants = site.restaurants.count
        report.reviews = site.restaurants.reduce(0) { $0 + $1.reviews.count }
        report.pages = pages
        report.diagnostics = log.sorted
    }

    func report(_ other: BuildReport? = nil) -> BuildReport {
        var finished = other ?? report
        finished.seconds = Date().timeIntervalSince(started)
        return finished
    }
}
