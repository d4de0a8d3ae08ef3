import Foundation
import GRDB

/// What to build and how.
public struct BuildOptions: Sendable {
    public var root: URL
    public var output: URL?
    /// Overrides site.yml's `base_url`.
    public var baseURL: BaseURL?
    public var includeDrafts = false
    /// False for `foodpin check`: everything is validated, nothing is written (not even the store).
    public var writes = true
    /// Ignore what earlier builds left and redo everything.
    public var clean = false
    /// Save the build state after each build for the next process (`serve` saves it when it stops).
    public var savesState = true
    /// Download remote pictures (once) and process them like local ones (`--fetch-images`).
    public var fetchImages = false
    /// Flush the new site to disk before publishing it (`--durable`), so that even a power cut
    /// leaves the old site or the new one. Otherwise the kernel writes it back in its own time,
    /// as it does Hugo's site, and the build state holds until the
    /// machine restarts only (a restart brings a full build, which rewrites what was lost).
    public var durable = false
    /// From this many pages, a first build links its files into a twin that becomes the standby
    /// (`Publication.twin`); below, the next build makes the standby while it reads (about 0.03 s at 1,000 restaurants).
    var twinFromPages = 5_000

    public init(root: URL, output: URL? = nil, baseURL: BaseURL? = nil, includeDrafts: Bool = false, writes: Bool = true,
                clean: Bool = false) {
        self.root = root
        self.output = output
        self.baseURL = baseURL
        self.includeDrafts = includeDrafts
        self.writes = writes
        self.clean = clean
    }
}

public struct BuildReport: Sendable {
    public var diagnostics: [Diagnostic] = []
    public var sync = ImportCounts()
    public var restaurants = 0
    public var reviews = 0
    public var pages = 0
    /// Pages rendered by this build (the others were unchanged since the last one).
    public var rendered = 0
    public var files = 0
    public var changes = OutputWriter.Changes()
    /// Files written or removed by this build, relative to the output folder.
    public var changedPaths: [String] = []
    public var removedPaths: [String] = []
    /// Files hard-linked into a new standby folder: by the first build in a new place, as it wrote
    /// them (see `Publication.twin`); or, when there was none after it, by the next build while it
    /// read the sources.
    public var standbyLinks = 0
    /// Pictures processed by this build, and those taken from the picture cache.
    public var picturesProcessed = 0
    public var picturesReused = 0
    public var seconds = 0.0
    public var output: URL?
    /// Seconds spent in each stage, in order, for `--verbose` and benchmarks.
    public var timings: [(stage: String, seconds: Double)] = []
    public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }
}

/// The pipeline: sources → store → site model → renderer → writer.
///
/// A builder keeps what a rebuild can reuse: parsed files with their stamps, the parsed theme,
/// a digest of each page's inputs and a digest of each written file. So a rebuild re-reads only
/// changed files, renders only pages whose inputs changed, and writes only files whose bytes
/// changed; `foodpin build` keeps the same between processes (`BuildState`). Nothing holds the
/// site's bytes: pages are rendered and written in batches. The output always equals a clean build's.
public final class SiteBuilder: @unchecked Sendable {
    public let options: BuildOptions
    private let layout: GuideLayout
    private let contentCache = ContentCache()
    private var store: GuideStore?
    private var themeCache: LoadedTheme?
    /// By page path: the digest of what the page was last rendered from.
    private var pageInputs: [String: ContentDigest] = [:]
    /// By output path: what this builder last wrote (pictures included), so unchanged files are
    /// skipped without reading the disk and files the site no longer has are removed. Nil when
    /// unknown: the disk is then compared and walked.
    private var written: [String: WrittenState]?
    /// Whether `written` is what this builder itself wrote, in this process (not read from a saved
    /// state, which the output folder may no longer match): within a session, pages are then taken
    /// to be as written without a `stat` each.
    private var writtenHere = false
    /// What the standby folder holds (the site before the last one), by output path; nil when unknown.
    private var standbyWritten: [String: WrittenState]?
    /// The last successful build, as `BuildState` keeps it (nil when unknown).
    private var last: BuildState?
    /// The state file as this builder last saw it: read, written, or removed (nil: not there).
    private var stateFileSeen: FileStamp?
    /// Whether the state of an earlier process was looked for, and its sources read.
    private var restored = false
    private var sourcesRestored = false
    /// The store's records as last read, with what they were read from.
    private var storeSnapshot: (stamp: FileStamp?, cities: [String], restaurants: [RestaurantRecord])?
    /// What each restaurant's card and page are made from, as digests (remembered under `serve`).
    private let restaurantDigests: RestaurantDigests
    /// What the site model builder can reuse (under `serve`).
    private let modelMemo: ModelMemo

    /// Pages rendered and written together: enough to keep both cores busy, few enough that
    /// memory does not grow with the site.
    static let batchSize = 256
    /// One build at a time, and no state saved in the middle of one.
    private let lock = NSLock()

    public init(_ options: BuildOptions) {
        self.options = options
        self.layout = GuideLayout(root: options.root)
        output = (options.output ?? layout.defaultOutput).standardizedFileURL
        outputPath = output.path
        isSession = !options.savesState
        restaurantDigests = RestaurantDigests(remembering: isSession)
        modelMemo = ModelMemo(remembering: isSession)
    }

    /// A one-off build (the `build` and `check` commands).
    public static func build(_ options: BuildOptions, progress: @Sendable (String) -> Void = { _ in }) throws(FoodPinError) -> BuildReport {
        let builder = SiteBuilder(options)
        // What it keeps (every parsed file) takes a while to free at scale: freed off the caller's
        // path, which for the command line is the path to the report and the exit.
        defer { DispatchQueue.global(qos: .utility).async { withExtendedLifetime(builder) {} } }
        return try builder.build(progress: progress)
    }

    /// Builds that follow one another in this process (`serve`, `watch`, which save the state only
    /// when they stop): the last build's restaurants are remembered, and between builds the output
    /// folder is taken to hold what this builder wrote there (a page deleted by hand during a
    /// session comes back when its inputs change, or at the next `foodpin build`).
    private let isSession: Bool
    /// Whether this builder has read the guide's content once.
    private var hasRead = false
    /// The output folder; its path is asked for once per page.
    private let output: URL
    private let outputPath: String
    private var stateFiles: (state: URL, sources: URL) { BuildState.files(in: layout, output: output) }
    private var stateKey: String { BuildState.key(for: options, output: output) }

    public func build(progress: @Sendable (String) -> Void = { _ in }) throws(FoodPinError) -> BuildReport {
        lock.lock()
        defer { lock.unlock() }
        let started = Date()
        var report = BuildReport()
        var stageStart = started
        func finished(_ stage: String) {
            let now = Date()
            report.timings.append((stage, now.timeIntervalSince(stageStart)))
            stageStart = now
        }
        var log = DiagnosticLog()

        guard FileManager.default.fileExists(atPath: layout.content.path) else { throw .guideNotFound(layout.root) }
        try BuildState.refuseLinkedFolder(in: layout)
        // One build writes an output folder at a time (a `build` beside a `serve`), and reads what
        // the last one left there only once it is its turn.
        var outputLock: Int32 = -1
        defer { Publication.unlock(outputLock) }
        let earlyPublication = options.writes ? Publication(output: output) : nil
        if let earlyPublication { outputLock = try earlyPublication.lock() }
        // Under `serve` the watcher says what changed: no need to look at every file first.
        var sources = options.writes && options.savesState ? SourceFingerprint.of(layout) : nil
        let fingerprint = sources?.digest
        finished("stat the guide")
        if options.writes && !restored {
            restored = true
            stateFileSeen = FileStamp(path: stateFiles.state.path)
            if !options.clean, let state = BuildState.load(from: stateFiles.state, key: stateKey) {
                last = state
                written = state.written
                standbyWritten = state.standby
            }
        }
        if let last, let fingerprint, let unchanged = unchangedReport(last, fingerprint: fingerprint) {
            report = unchanged
            report.seconds = Date().timeIntervalSince(started)
            return report
        }
        // After a cold build there is no standby, and the first edit would link every page into a
        // new one after rendering: it is made now instead, on a thread of its own, while the
        // sources are read and the model made.
        var pendingMirror: Pending<Set<String>?>?
        defer { _ = pendingMirror?.value }
        var standbyEntry = stat()
        if standbyWritten == nil, let held = written, FileManager.default.fileExists(atPath: outputPath),
           let standby = earlyPublication?.standby, lstat(standby.path, &standbyEntry) != 0,
           (try? OutputWriter(destination: output).checkDestination(layout: layout)) != nil {
            let (live, mirror) = (OutputWriter(destination: output), OutputWriter(destination: standby))
            pendingMirror = Pending(ownThread: true) {
                // Links in the live folder would be linked through: then no mirror, and the live files are unknown.
                if case .link = live.strangers(besides: nil) { return nil }
                do throws(FoodPinError) { return try mirror.mirror(held.keys.sorted(), from: live) } catch { return nil }
            }
        }
        // The standby is walked for links and files added by hand (`distrustStrangers`) on a thread
        // of its own while the sources are read: 0.1–0.15 s of system time at 10,000 restaurants,
        // which then adds nothing to a review edit's wall time (bench/HISTORY.md, issue 33).
        var pendingStrangers: Pending<FolderStrangers>?
        if options.writes, pendingMirror == nil, !(isSession && writtenHere), let standby = earlyPublication?.standby,
           lstat(standby.path, &standbyEntry) == 0, (standbyEntry.st_mode & S_IFMT) == S_IFDIR {
            let (folder, held) = (OutputWriter(destination: standby), standbyWritten)
            pendingStrangers = Pending(ownThread: true) { folder.strangers(besides: held) }
        }
        defer { _ = pendingStrangers?.value }
        /// What the standby made above holds (the live folder's files, where linked); one left half
        /// made by a failure is removed. A build that throws before it asks leaves the standby
        /// unrecorded: the next build takes it as unknown and brings it up to date.
        func mirrored() -> [String: WrittenState]? {
            guard let pendingMirror else { return nil }
            guard let linked = pendingMirror.value, let written else {
                try? earlyPublication?.discardStandby()
                return nil
            }
            return written.filter { linked.contains($0.key) }
        }
        if options.writes && !sourcesRestored {
            sourcesRestored = true
            if last != nil, let sources = BuildState.loadSources(from: stateFiles.sources, key: stateKey) {
                contentCache.replace(with: sources.content)
                pageInputs = sources.pages
            }
        }
        finished("read the last build's state")
        progress("Reading content")
        // A session's later rebuilds read folders and files its earlier builds read (`ContentLoader.load`).
        let readWidth: ParallelMap.Width = isSession && hasRead ? .cores : .disk
        // Read and parsed while the content is; taken (below) before anything else touches the theme cache.
        let pendingTheme = Pending { self.loadTheme() }
        let content = ContentLoader.load(layout, baseURLOverride: options.baseURL, cache: contentCache, scan: sources?.content,
                                         width: readWidth)
        hasRead = true
        log.add(contentsOf: content.diagnostics)
        let theme = pendingTheme.value
        log.add(contentsOf: theme.diagnostics)
        // The theme's words in the guide's language, read while the store is synced and the model made.
        let config = content.config
        let pendingStrings = Pending {
            ThemeStrings.load(themeFiles: theme.files, overridePaths: theme.overrides, language: config.language,
                              custom: config.stringOverrides, languageLocation: config.languageLocation)
        }
        finished("read content and theme")

        // Pictures and the output folder are checked with every other input, before the store is synced.
        let imageListing = FileList.files(in: layout.images, withExtension: nil, recursive: true, boundary: GuideBoundary(layout),
                                          width: readWidth, scan: sources.take()?.content)
        log.add(contentsOf: imageListing.refused)
        let imageFiles = imageFolderFiles(imageListing)
        let writer = OutputWriter(destination: output)
        if options.writes { try writer.checkDestination(layout: layout) }

        progress("Syncing the store")
        let store = try openStore()
        let brokenCityFiles = Set(content.cityFiles.filter(\.hasErrors).map(\.source))
        let cityKey = content.cityFiles.map { "\($0.source)#\($0.fingerprint)#\(brokenCityFiles.contains($0.source))" }
        func model(_ stored: [RestaurantRecord]) -> Site {
            let (site, modelDiagnostics) = SiteModelBuilder.build(
                stored: stored, content: content, layout: layout, includeDrafts: options.includeDrafts,
                folderPhotos: Self.folderPhotos(imageFiles), memo: modelMemo)
            log.add(contentsOf: modelDiagnostics)
            return site
        }
        let site: Site
        if options.writes, let snapshot = storeSnapshot, snapshot.cities == cityKey,
           snapshot.stamp == FileStamp(path: layout.store.path) {
            // Neither the city files nor the store changed since the last build: no query needed.
            site = model(snapshot.restaurants)
        } else {
            var kept: [RestaurantRecord]?
            site = try store.write { db in
                // A broken city file keeps its old records rather than losing them.
                let usable = content.cityFiles.filter { !brokenCityFiles.contains($0.source) }
                report.sync = try CityImporter.sync(usable, in: db)
                log.add(contentsOf: report.sync.conflicts)
                let fetched = try RestaurantRecord.order(Column("id")).fetchAll(db)
                // Kept for the next build of a `serve` session only: a one-off build frees the
                // records as soon as the model is made (at a million restaurants, hundreds of megabytes).
                if isSession && options.writes { kept = fetched }
                let site = model(fetched)
                return (site, !log.hasErrors)
            }
            storeSnapshot = log.hasErrors ? nil : kept.map { (FileStamp(path: layout.store.path), cityKey, $0) }
        }
        // The store as this build read it: a `foodpin favorite` during the build shows next time.
        let storeStamp = FileStamp(path: layout.store.path)
        finished("sync store and build model")
        report.restaurants = site.restaurants.count
        report.reviews = site.restaurants.reduce(0) { $0 + $1.reviews.count }

        // Raster pictures are published in their processed forms only (never the original, with its
        // GPS position); one that no page names is still processed, for links in Markdown.
        progress("Processing pictures")
        let referenced = Set(site.contentFiles)
        let pictureUses = PicturePipeline.uses(of: site, extra: imageFiles.filter { !referenced.contains($0) }, layout: layout,
                                               fetchRemote: options.fetchImages || site.config.pictures.fetchRemote)
        try BuildState.refuseLinkedFolder(layout.pictureCache.path, keeping: "processed pictures")
        try BuildState.refuseLinkedFolder(layout.remotePictureCache.path, keeping: "fetched pictures")
        let pictureCache = PictureCache(folder: layout.pictureCache.path, trusted: !options.clean)
        let processed = PicturePipeline.run(pictureUses, layout: layout, settings: site.config.pictures, cache: pictureCache,
                                            remote: RemotePictures(folder: layout.remotePictureCache.path, reuse: !options.clean,
                                                                   allowsPrivateAddresses: site.config.pictures.fetchPrivateAddresses))
        log.add(contentsOf: processed.diagnostics)
        report.picturesProcessed = processed.processed
        report.picturesReused = processed.reused
        finished("process pictures")
        // Published as they are (SVGs, once checked).
        let asIs = site.contentFiles.filter { !ImageReference.isRaster($0) }
            + imageFiles.filter { !referenced.contains($0) && !ImageReference.isRaster($0) }
        log.add(contentsOf: SVGCheck.diagnostics(for: asIs, layout: layout))

        let (strings, stringDiagnostics) = pendingStrings.value
        log.add(contentsOf: stringDiagnostics)
        let digests = restaurantDigests.digests(of: site.restaurants)
        let renderer = SiteRenderer(site: site, theme: theme, strings: strings, pictures: processed.catalog, cardDigests: digests.cards)
        let pages = renderer.pages
        report.pages = pages.count
        report.diagnostics = log.sorted

        guard !log.hasErrors, options.writes else {
            // A standby made for nothing is kept, and what it holds with it, for the next build.
            if let mirrored = mirrored() {
                standbyWritten = mirrored
                report.standbyLinks = mirrored.count
                if options.savesState { try? saveStateHoldingLock() }
            }
            // Errors: nothing is written. `check`: templates were parsed above; nothing is rendered.
            report.seconds = Date().timeIntervalSince(started)
            return report
        }

        report.output = writer.destination
        let liveExists = FileManager.default.fileExists(atPath: writer.destination.path)
        if !liveExists {
            written = nil
            writtenHere = false
        }
        // `--output a/b/site` with no `a/b` yet: made, as `mkdir -p` would (only now that the build writes).
        try NewFile.makeFolders(output.deletingLastPathComponent().path)
        // The new site is made in the standby folder and then exchanged with the live one; where
        // folders cannot be exchanged, files are replaced in place.
        // The one made before reading, unless the folder it is in was only made just now.
        let publication = earlyPublication.flatMap { $0.standby == nil ? nil : $0 } ?? Publication(output: output)
        if outputLock < 0 { outputLock = try publication.lock() }
        let mirroredHeld = mirrored()
        report.standbyLinks = mirroredHeld?.count ?? 0
        try publication.checkStandby()
        try publication.discardTwin()
        let target = publication.standby.map { OutputWriter(destination: $0) } ?? writer
        if publication.standby != nil, !FileManager.default.fileExists(atPath: target.destination.path) { standbyWritten = nil }

        // A page removed or edited by hand since the state was saved is written again, and links
        // or files added by hand in the folders are found. Within a session, once this builder has
        // written the folder, it is taken to hold what was written (a save must reach the page fast).
        let checksDisk = !(isSession && writtenHere)
        // A standby just made of links to the live folder holds only what the state says.
        if checksDisk, mirroredHeld == nil {
            try distrustStrangers(publication, live: writer, target: target, walked: pendingStrangers?.value)
        }

        progress("Rendering \(pages.count) pages")
        // What the live site holds: pages whose inputs are unchanged since it was built are not rendered.
        let previous = written
        var now: [String: WrittenState] = [:]
        now.reserveCapacity(pages.count + 64)
        let settings = settingsDigest(site.config, contentFiles: site.contentFiles, pictures: processed.catalog, theme: theme,
                                      strings: strings)
        let plan = ParallelMap.map(pages) {
            page -> (path: String, inputs: ContentDigest, lastInputs: ContentDigest?, render: Bool, changedByHand: Bool) in
            let path = renderer.path(of: page)
            var writer = BinaryWriter()
            writer.write(settings)
            if case .restaurant(let index) = page { writer.write(digests.pages[index]) } else { writer.write(renderer.inputs(of: page).digest) }
            let digest = ContentDigest(writer.bytes)
            let lastInputs = self.pageInputs[path]
            let holds = Self.stillHolds(previous?[path], at: self.outputPath + "/" + path, checkingDisk: checksDisk)
            return (path, digest, lastInputs, lastInputs != digest || !holds, previous?[path] != nil && !holds)
        }
        // Pages the live folder no longer holds as written: once it becomes the standby, what it
        // holds there is unknown.
        let changedByHand = plan.filter(\.changedByHand).map(\.path)
        // What the folder written to holds, as far as this builder knows.
        // A page changed by hand in the live folder, and so in a standby made of links to it, has
        // another size than the state says: it is written again.
        let targetHeld = mirroredHeld ?? (publication.standby == nil ? written : standbyWritten)
        // The same pages as last time (paths are distinct): only changed digests are replaced.
        let samePages = pageInputs.count == plan.count && plan.allSatisfy { $0.lastInputs != nil }
        var nextInputs: [String: ContentDigest] = [:]
        // Taken over rather than copied (a build that stops before the end renders every page next time).
        if samePages { swap(&nextInputs, &pageInputs) } else { nextInputs.reserveCapacity(pages.count) }
        var toRender: [Int] = []
        // Unchanged files the live site holds and the standby does not: hard-linked across.
        var toLink: [String] = []
        // Linked only through real folders: a link where a page's folder was leads anywhere. A page
        // made again for that is published even if the file the link leads to looks current.
        let linksFromLive = target.destination != writer.destination
        var liveHasLinks = false
        for (index, step) in plan.enumerated() {
            if step.inputs != step.lastInputs || !samePages { nextInputs[step.path] = step.inputs }
            let state = step.render ? nil : previous?[step.path]
            let link = linksFromLive && state != nil && targetHeld?[step.path] != state
            if let state, !link || writer.hasRealFolders(step.path) {
                now[step.path] = state
                report.changes.unchanged += 1
                if link { toLink.append(step.path) }
            } else if step.render || state != nil {
                toRender.append(index)
                if !step.render { liveHasLinks = true }
            }
        }
        report.rendered = toRender.count
        finished("plan pages")

        let assets = theme.assets.files.sorted(by: { $0.key < $1.key }).map { OutputFile(path: $0.key, data: $0.value) }
            + [OutputFile(path: ThemeStrings.scriptPath(strings.script), data: Data(strings.script.utf8)),
               OutputFile(path: renderer.reviewForm.path, data: Data(renderer.reviewForm.text.utf8))]
        let pictures = asIs.map { OutputFile(path: $0, copyOf: layout.content.appending(path: $0)) }
            // Two files with the same bytes and name are one picture, published once.
            + Dictionary(processed.catalog.pictures.values.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
                .values.sorted(by: { $0.key < $1.key }).flatMap { picture in
                picture.files.map { OutputFile(path: picture.publishedPath(of: $0),
                                               copyOf: URL(fileURLWithPath: pictureCache.entryFolder(picture.key) + "/" + $0)) }
            }
        var files: [OutputFile] = []
        for file in assets + pictures {
            let state = try OutputWriter.state(of: file)
            if target.isCurrent(file.path, state: state, previous: targetHeld?[file.path]) {
                now[file.path] = state
                report.changes.unchanged += 1
            } else if linksFromLive, writer.isCurrent(file.path, state: state, previous: previous?[file.path]),
                      writer.hasRealFolders(file.path) {
                now[file.path] = state
                report.changes.unchanged += 1
                toLink.append(file.path)
            } else {
                files.append(file)
            }
        }
        let paths = plan.map(\.path) + assets.map(\.path) + pictures.map(\.path)
        let gone = targetHeld.map { Self.stale($0, keeping: paths) }
        let writes = targetHeld == nil || !toRender.isEmpty || !files.isEmpty || !toLink.isEmpty || gone?.isEmpty == false
        let liveGone = previous.map { Self.stale($0, keeping: paths) } ?? []
        // Whether readers of the live folder will see a difference (then the new site is published).
        var liveChanged = previous == nil || !liveGone.isEmpty || liveHasLinks
        let inputsChanged = !samePages || plan.contains { $0.inputs != $0.lastInputs }
        let savesState = options.savesState && (writes || liveChanged || inputsChanged || contentCache.changed
            || last?.fingerprint != fingerprint || last?.storeStamp != storeStamp)
        // From the first write on, the kept state no longer describes the output folders: a build
        // stopped half-way must leave none, so the next build compares everything.
        if writes || liveChanged {
            BuildState.remove(stateFiles)
            stateFileSeen = nil
            last = nil
        }
        // The sources' part of the state is written while the pages are, and put in place at the end.
        let sourcesToSave = BuildState.Sources(content: contentCache.snapshot, pages: nextInputs)
        let (statePlace, key) = (stateFiles, stateKey)
        let pendingSources = savesState ? Pending {
            Result { () throws(FoodPinError) in try BuildState.writeSources(sourcesToSave, to: statePlace, key: key) }
        } : nil
        // A build that stops early waits for it and removes the unfinished file before it returns.
        defer { if case .success(let file)? = pendingSources?.value { file.discard() } }
        // A standby whose contents are unknown is brought up to date like any folder (files replaced
        // through renames, stale ones found by a walk): removing it and making it again costs more.
        // A new or empty folder has nothing stale to look for afterwards.
        target.removeSectionsInMaking()
        let startedEmpty = target.isEmpty
        var twin: OutputWriter?
        var twinWhole = true
        if startedEmpty {
            // Nothing stands where a folder must go: the sections are made first (spread over the
            // disk), and each page's folder by the thread that writes the page, while the other
            // renders (made first, one by one, they held up rendering).
            let sections = OutputWriter.sections(of: plan.map(\.path) + files.map(\.path))
            try target.makeDestination(sections: sections)
            // The first site in this place: nothing will be left as the standby once it is published,
            // and the next build would have to make one, a folder per page, while the user waits for
            // their first edit (about 0.1 s at 10,000 restaurants, more right after a large deletion).
            // A large site links each file into a twin as it is written instead (10 % of the cold
            // build), and the twin becomes the standby. Not for a durable build: links not flushed
            // to disk could be lost in a power cut that the state outlives. Made anew (one a stopped
            // build left was removed above): it must hold only what this build links.
            if !liveExists, !options.durable, plan.count >= options.twinFromPages, let folder = publication.twin,
               mkdir(folder.path, 0o755) == 0 {
                twin = OutputWriter(destination: folder)
                OutputWriter.spread(sections, in: folder.path)
            }
            // Links (when the standby could not be made while the sources were read) have no render
            // between them to spread folder making over: their folders are made first, on this
            // thread (made by every core at once, they wait on their parent's lock).
            if !toLink.isEmpty { try target.prepare(paths: toLink) }
        } else {
            try target.prepare(paths: (toRender.map { plan[$0].path } + files.map(\.path) + toLink).filter { targetHeld?[$0] == nil })
        }
        // Each file is made (a page rendered) and written on the same thread, on every core: no
        // barrier between rendering and writing, and only bookkeeping left for this thread.
        func write(_ count: Int, _ make: @Sendable (Int) -> OutputFile) throws(FoodPinError) {
            let twin = twin
            let results = ParallelMap.map(Array(0..<count), oneByOne: true) { index -> Result<(path: String, changed: Bool, state: WrittenState, twinned: Bool), FoodPinError> in
                let file = make(index)
                do throws(FoodPinError) {
                    let outcome = try target.write(file, previous: targetHeld?[file.path], intoEmptyFolder: startedEmpty)
                    let twinned = twin?.linkNew(file.path, from: target) ?? true
                    // Changed for whoever reads the site: against the live folder, wherever it was written.
                    let changed = if target.destination == writer.destination { outcome.written } else if previous != nil {
                        !writer.isCurrent(file.path, state: outcome.state, previous: previous?[file.path])
                    } else {
                        !liveExists || !writer.holds(file)
                    }
                    return .success((file.path, changed, outcome.state, twinned))
                } catch {
                    return .failure(error)
                }
            }
            for result in results {
                switch result {
                case .success(let outcome):
                    if outcome.changed {
                        liveChanged = true
                        report.changes.written += 1
                        report.changedPaths.append(outcome.path)
                    } else {
                        report.changes.unchanged += 1
                    }
                    now[outcome.path] = outcome.state
                    if !outcome.twinned { twinWhole = false }
                case .failure(let failure):
                    throw abandonWrites(failure, publication)
                }
            }
        }
        // A durable build's pages reach the disk while the rest is rendered: the standby is flushed
        // before it is published, and that flush then finds only the last batch (one batch: nothing to overlap).
        let writeBehind = options.durable && publication.standby != nil && toRender.count > Self.batchSize
            ? WriteBehind(folder: target.destination.path) : nil
        writeBehind?.nudge()
        for start in stride(from: 0, to: toRender.count, by: Self.batchSize) {
            let batch = Array(toRender[start..<min(start + Self.batchSize, toRender.count)])
            try write(batch.count) { OutputFile(path: plan[batch[$0]].path, data: renderer.render(pages[batch[$0]])) }
            renderer.forgetCards()
            if start + Self.batchSize < toRender.count { writeBehind?.nudge() }
        }
        let others = files
        try write(others.count) { others[$0] }
        let linked = ParallelMap.map(toLink) { path -> FoodPinError? in
            do throws(FoodPinError) { try target.link(path, from: writer); return nil } catch { return error }
        }
        if let failure = linked.compactMap({ $0 }).first { throw abandonWrites(failure, publication) }
        writeBehind?.finish()
        // Files replaced in place (no standby): on disk before a durable state says they are there.
        if options.durable, publication.standby == nil, writes { Durability.flush(writer.destination.path) }
        finished("render and write pages")

        // Without a record of what the folder held, the disk says what is stale.
        if let gone {
            report.changes.removed = target.remove(gone)
        } else if !startedEmpty {
            report.changes.removed = target.removeFiles(notIn: Set(now.keys))
        }
        report.removedPaths = liveGone.sorted()
        if target.destination != writer.destination {
            report.changes.removed = liveGone.count
            if liveChanged {
                standbyWritten = nil
                do throws(FoodPinError) {
                    standbyWritten = try publication.publish(durable: options.durable) ? previous.map { held in
                        var held = held
                        for path in changedByHand { held[path] = nil }
                        return held
                    } : nil
                } catch {
                    throw abandonWrites(error, publication)
                }
                if twin != nil {
                    if standbyWritten == nil, twinWhole, publication.promoteTwin() {
                        standbyWritten = now
                        report.standbyLinks = now.count
                    } else {
                        try? publication.discardTwin()
                    }
                }
            } else {
                // The new site is the live one: nothing to publish, and the standby now holds it too.
                standbyWritten = now
            }
        }
        // The site now published uses these pictures only: other cache entries are stale.
        if pictureCache.changed {
            pictureCache.saveIndex(keeping: processed.sourceFiles)
        }
        if writes || pictureCache.changed { pictureCache.removeAll(except: processed.keys) }
        // Freeing this build's model and plan, and the last build's state, takes a while at scale:
        // done off the caller's path.
        let retired = (site, content, renderer, plan, previous, samePages ? [:] : pageInputs)
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(retired) {} }
        written = now
        writtenHere = true
        pageInputs = nextInputs
        report.files = now.count
        let state = BuildState(fingerprint: fingerprint, storeStamp: storeStamp, diagnostics: report.diagnostics,
                               counts: [report.restaurants, report.reviews, report.pages], written: now, standby: standbyWritten)
        last = state
        if let pendingSources {
            try state.save(pendingSources.value.get(), to: stateFiles, key: stateKey, durable: options.durable)
            stateFileSeen = FileStamp(path: stateFiles.state.path)
            contentCache.markSaved()
            BuildState.forgetOutputsThatAreGone(in: layout)
        }
        finished("remove stale files and save the state")
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    /// The standby is trusted only for what the state says it holds: one with a link is removed
    /// (never followed) and made anew; one with files added by hand is brought up to date like an
    /// unknown folder, which removes them. (Files are linked from the live folder only through real
    /// folders: `hasRealFolders`.) Where files are replaced in place, a link inside the output
    /// folder is refused by name: it would be written through.
    /// `walked`: what a walk of the standby found, if one was made while the sources were read.
    private func distrustStrangers(_ publication: Publication, live: OutputWriter, target: OutputWriter,
                                   walked: FolderStrangers?) throws(FoodPinError) {
        guard let standby = publication.standby else {
            if case .link(let path) = live.strangers(besides: nil) {
                throw .usage("this is a link inside the output folder; FoodPin never writes through one",
                             at: GuideLayout.displayPath(live.destination.appending(path: path)), hint: "remove the link, then build again")
            }
            return
        }
        guard FileManager.default.fileExists(atPath: standby.path) else { return }
        switch walked ?? target.strangers(besides: standbyWritten) {
        case .link:
            try publication.discardStandby()
            standbyWritten = nil
        case .files: standbyWritten = nil
        case .none: break
        }
    }

    /// After a failed write nothing written is known for sure, and the standby may hold anything
    /// (what failed may fail again): the next build starts afresh.
    private func abandonWrites(_ failure: FoodPinError, _ publication: Publication) -> FoodPinError {
        written = nil
        writtenHere = false
        pageInputs = [:]
        standbyWritten = nil
        try? publication.discardStandby()
        try? publication.discardTwin()
        return publication.namingLiveFolder(failure)
    }

    /// Keeps what this builder knows for the next process. A session (`serve`) saves what it knows when it stops: under the output folder's lock, and
    /// only if no other build saved a state since this builder last read, wrote or removed it (a
    /// `foodpin build` run beside the session and after its last build: that state is the true one).
    public func saveState() throws(FoodPinError) {
        lock.lock()
        defer { lock.unlock() }
        let outputLock = try Publication(output: output).lock()
        defer { Publication.unlock(outputLock) }
        guard FileStamp(path: stateFiles.state.path) == stateFileSeen else { return }
        try saveStateHoldingLock()
    }

    private func saveStateHoldingLock() throws(FoodPinError) {
        guard var state = last else { return }
        state.standby = standbyWritten
        let sources = try BuildState.writeSources(BuildState.Sources(content: contentCache.snapshot, pages: pageInputs),
                                                  to: stateFiles, key: stateKey)
        try state.save(sources, to: stateFiles, key: stateKey, durable: options.durable)
        stateFileSeen = FileStamp(path: stateFiles.state.path)
        contentCache.markSaved()
    }

    /// The report of a build with nothing to do, when nothing changed since `last`: the same
    /// sources, the same store, and every output file still the size it was written.
    private func unchangedReport(_ last: BuildState, fingerprint: ContentDigest) -> BuildReport? {
        guard !options.clean, last.fingerprint == fingerprint, last.counts.count == 3,
              last.storeStamp == FileStamp(path: layout.store.path) else { return nil }
        let writer = OutputWriter(destination: output)
        let holding = ParallelMap.map(Array(last.written)) { writer.isCurrent($0.key, state: $0.value, previous: $0.value) }
        guard !holding.contains(false) else { return nil }
        var report = BuildReport()
        report.diagnostics = last.diagnostics
        (report.restaurants, report.reviews, report.pages) = (last.counts[0], last.counts[1], last.counts[2])
        report.output = output
        report.files = last.written.count
        report.changes.unchanged = last.written.count
        return report
    }

    /// The files `held` that are not among `paths` (which are distinct). Each path is looked up
    /// once; only when some file is left over is a set of every path made.
    private static func stale(_ held: [String: WrittenState], keeping paths: [String]) -> Set<String> {
        assert(Set(paths).count == paths.count, "a path is published twice")
        let kept = paths.reduce(0) { held[$1] == nil ? $0 : $0 + 1 }
        guard kept != held.count else { return [] }
        let wanted = Set(paths)
        return Set(held.keys.filter { !wanted.contains($0) })
    }

    /// Whether the file at `path` is still what was written there: present, and of the same size
    /// (a file removed or edited by hand is written again). Without `checkingDisk`, whether a page was written.
    private static func stillHolds(_ state: WrittenState?, at path: String, checkingDisk: Bool) -> Bool {
        guard case .bytes(let digest)? = state else { return false }
        return !checkingDisk || OutputWriter.size(at: path) == digest.count
    }

    /// What every page depends on besides its own inputs: the settings and the whole theme.
    private func settingsDigest(_ config: SiteConfig, contentFiles: [String], pictures: PictureCatalog,
                                theme: LoadedTheme, strings: ThemeStrings) -> ContentDigest {
        var writer = BinaryWriter()
        writer.write(config)
        // The words in use: site.yml's overrides and the language's file, resolved.
        writer.write(strings.script)
        writer.write(strings.templateDigestText)
        // Pictures show on lists, detail pages and in Markdown anywhere: a changed one renders every
        // page again (rare next to text edits, which stay incremental).
        for (path, picture) in pictures.pictures.sorted(by: { $0.key < $1.key }) {
            writer.write(path)
            writer.write(picture)
        }
        // Links in Markdown to pictures that pages use are rewritten to the published copies.
        writer.write(contentFiles)
        for (name, text) in theme.files.sorted(by: { $0.key < $1.key }) {
            writer.write(name)
            writer.write(text)
        }
        return ContentDigest(writer.bytes)
    }

    private func openStore() throws(FoodPinError) -> GuideStore {
        guard options.writes else { return try GuideStore(copyOf: layout.store) }
        if let store, FileManager.default.fileExists(atPath: layout.store.path) { return store }
        let opened = try GuideStore(url: layout.store)
        store = opened
        return opened
    }

    private func loadTheme() -> LoadedTheme {
        let (theme, loadDiagnostics) = Theme.load(templates: layout.templates, boundary: GuideBoundary(layout))
        if let themeCache, themeCache.files == theme.files, loadDiagnostics.isEmpty { return themeCache }
        var loaded = theme.prepared()
        loaded.diagnostics = loadDiagnostics + loaded.diagnostics
        themeCache = loaded
        return loaded
    }

    /// The pictures under Content/images/, relative to Content/ (the listing already refused what leads out).
    private func imageFolderFiles(_ listing: FileList.Listing) -> [String] {
        listing.paths.compactMap { path -> String? in
            let url = URL(fileURLWithPath: path)
            guard let relative = layout.contentRelativePath(url),
                  ImageReference.extensions.contains(url.pathExtension.lowercased()) else { return nil }
            return relative
        }.sorted()
    }

    /// `Content/images/<slug>/…` by slug: a restaurant's gallery folder.
    static func folderPhotos(_ files: [String]) -> [String: [String]] {
        var bySlug: [String: [String]] = [:]
        for path in files {
            let parts = path.split(separator: "/")
            guard parts.count >= 3, parts[0] == "images" else { continue }
            bySlug[String(parts[1]), default: []].append(path)
        }
        return bySlug
    }
}
