import Foundation

/// What a builder remembers from one build to the next, as one value: read from the last
/// process's `BuildState` once, brought up to date by each build, and saved as that state again.
struct BuildMemory {
    /// The last successful build as saved; nil when unknown (then nothing is taken as unchanged).
    var last: BuildState?
    /// What the live output folder holds, by output path; nil when unknown (the disk is compared).
    var live: [String: WrittenState]?
    /// Whether `live` is what this builder wrote, in this process: a session then takes its pages
    /// to be as written without a `stat` each (a save must reach the page fast).
    var liveWrittenHere = false
    /// What the standby folder holds (the site before the last one); nil when unknown.
    var standby: [String: WrittenState]?
    /// By page path: the digest of what the page was last rendered from.
    var pageInputs: [String: ContentDigest] = [:]
    /// A session's theme words, with what they were made from.
    var words: (inputs: ThemeWords.Inputs, words: ThemeWords)?
    /// A session's parsed templates, kept while their files stay the same.
    var theme: LoadedTheme?
    /// What each restaurant's card and page are made from, as digests (remembered by a session).
    let restaurantDigests: RestaurantDigests
    /// The last build's full-text index, brought up to date by the next (`SiteBuilder.termIndex`).
    var terms: TermIndex?
    /// What the site model builder can reuse (a session's last site and restaurants).
    let model: ModelMemo
    /// What a session's last page plan was made from (`SiteBuilder.patchedPlan`).
    var lastPlan: PlanBasis?
    /// The files a session's last build changed: the standby folder (the site before) holds what
    /// the live one holds but these, while `standby` is known. Nil when unknown.
    var standbyLacks: Set<String>?
    /// The parsed content files, by path, with the stamps they were read at.
    let content = ContentCache()
    /// The state file as this builder last saw it: read, written or removed (nil: not there).
    var stateFileSeen: FileStamp?
    /// The store's records as last read (kept by a session only), with what they were read from.
    var storeRecords: StoreRecords?
    /// Whether the saved state was looked for, and whether its sources part was read.
    var summaryRestored = false
    var sourcesRestored = false
    /// Whether the guide's content was read once: a session's later builds find it in the page cache.
    var hasRead = false
    /// A session's scan of Content/ and its content as its last build read them (`SiteBuilder.sessionScan`).
    var contentScan: FolderScan?
    var lastContent: LoadedContent?
    /// The paths changed since the scan was last brought up to date, kept until a build reads
    /// them (one that stops before it does leaves them to the next); nil: unknown, all is looked at.
    var changedSinceScan: Set<String>?

    init(session: Bool) {
        restaurantDigests = RestaurantDigests(remembering: session)
        model = ModelMemo(remembering: session)
    }

    mutating func note(changed: Set<String>?) {
        changedSinceScan = changed.flatMap { changed in changedSinceScan.map { $0.union(changed) } }
    }

    struct StoreRecords {
        var stamp: FileStamp?
        var cityFiles: [String]
        var restaurants: [RestaurantRecord]
    }

    /// The small part of the saved state: enough to see that nothing changed.
    mutating func restoreSummary(from files: (state: URL, sources: URL), key: String, clean: Bool) {
        guard !summaryRestored else { return }
        summaryRestored = true
        stateFileSeen = FileStamp(path: files.state.path)
        guard !clean, let state = BuildState.load(from: files.state, key: key) else { return }
        last = state
        live = state.written
        standby = state.standby
    }

    /// The parsed sources and page inputs, read once something changed.
    mutating func restoreSources(from files: (state: URL, sources: URL), key: String) {
        guard !sourcesRestored else { return }
        sourcesRestored = true
        guard last != nil, let sources = BuildState.loadSources(from: files.sources, key: key) else { return }
        content.replace(with: sources.content)
        pageInputs = sources.pages
        terms = sources.terms
    }

    /// After a failed write nothing written is known for sure, and the standby may hold anything.
    mutating func forgetOutput() {
        live = nil
        liveWrittenHere = false
        pageInputs = [:]
        lastPlan = nil
        standbyLacks = nil
        standby = nil
    }

    /// Saves what is remembered for the next process, as `state` says the last build left it.
    mutating func save(_ state: BuildState, sources: ReplaceFile? = nil, to files: (state: URL, sources: URL), key: String,
                       durable: Bool) throws(FoodPinError) {
        var state = state
        state.standby = standby
        let sourcesFile: ReplaceFile
        if let sources {
            sourcesFile = sources
        } else {
            sourcesFile = try BuildState.writeSources(BuildState.Sources(content: content.snapshot, pages: pageInputs, terms: terms), to: files, key: key)
        }
        try state.save(sourcesFile, to: files, key: key, durable: durable)
        stateFileSeen = FileStamp(path: files.state.path)
        content.markSaved()
    }
}
