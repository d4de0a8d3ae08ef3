import Foundation
import GRDB

/// The guide as one build read it: content, theme, the pictures folder's files, and the theme's
/// words (read while the store is synced and the model made).
struct GuideSources {
    var content: LoadedContent
    var theme: LoadedTheme
    /// Pictures under Content/images/, relative to Content/.
    var imageFiles: [String]
    var strings: Pending<ThemeWords>
    var wordsInputs: ThemeWords.Inputs
}

/// The theme's words in the guide's language, with what was found reading them; a session takes
/// them as they were while their inputs stay the same (parsing them is 10 ms of a save at 10,000).
struct ThemeWords {
    struct Inputs: Equatable {
        var themeFiles: [String: String]
        var overridePaths: [String: String]
        var language: String
        var custom: FieldValue?
        var languageLocation: SourceLocation?
    }

    var strings: ThemeStrings
    var diagnostics: [Diagnostic]

    init(_ inputs: Inputs) {
        (strings, diagnostics) = ThemeStrings.load(themeFiles: inputs.themeFiles, overridePaths: inputs.overridePaths,
                                                   language: inputs.language, custom: inputs.custom,
                                                   languageLocation: inputs.languageLocation)
    }
}

/// The pictures one build publishes: processed rasters, and files published as they are.
struct BuildPictures {
    var processed: PicturePipeline.Outcome
    var cache: PictureCache
    /// SVGs (once checked), relative to Content/.
    var asIs: [String]
}

extension SiteBuilder {
    /// Stage: read content, theme and the pictures folder. `scan`: the build's walk of Content/;
    /// a session keeps its own, brought up to date from the paths changed since.
    func readGuide(_ scan: FolderScan?, log: inout DiagnosticLog) -> GuideSources {
        // A session's later rebuilds read folders and files its earlier builds read (`ContentLoader.load`).
        let readWidth: ParallelMap.Width = isSession && memory.hasRead ? .cores : .disk
        // Read and parsed while the content is, on a thread that leaves `memory` to this one.
        let keptTheme = memory.theme
        let pendingTheme = Pending { self.loadTheme(keeping: keptTheme) }
        let session = isSession ? sessionScan(memory.changedSinceScan.take()) : nil
        memory.changedSinceScan = []
        let scan = scan ?? session?.scan
        let content = ContentLoader.load(layout, baseURLOverride: options.baseURL, cache: memory.content, scan: scan,
                                         width: readWidth, previous: memory.lastContent.take(), edited: session?.edited)
        memory.hasRead = true
        log.add(contentsOf: content.diagnostics)
        let theme = pendingTheme.value
        memory.theme = theme
        log.add(contentsOf: theme.diagnostics)
        let config = content.config
        let wordsInputs = ThemeWords.Inputs(themeFiles: theme.files.filter { $0.key.hasPrefix(ThemeStrings.folder) },
                                            overridePaths: theme.overrides, language: config.language,
                                            custom: config.stringOverrides, languageLocation: config.languageLocation)
        let known = memory.words.flatMap { $0.inputs == wordsInputs ? $0.words : nil }
        let strings = Pending { known ?? ThemeWords(wordsInputs) }
        let imageListing = FileList.files(in: layout.images, withExtension: nil, recursive: true, boundary: GuideBoundary(layout),
                                          width: readWidth, scan: scan)
        log.add(contentsOf: imageListing.refused)
        return GuideSources(content: content, theme: theme, imageFiles: imageFolderFiles(imageListing), strings: strings,
                            wordsInputs: wordsInputs)
    }

    /// A session's scan of Content/: walked at its first build (or when the caller cannot say what
    /// changed), then brought up to date from the paths that changed, so a save costs no walk.
    /// `edited`: the files of Content/ edited in place, when that is all that changed.
    private func sessionScan(_ changed: Set<String>?) -> (scan: FolderScan, edited: Set<String>?) {
        let contentFolder = layout.content.standardizedFileURL.path
        guard let changed, var scan = memory.contentScan.take() else {
            memory.model.forgetRestaurants()
            memory.contentScan = FolderScan(contentFolder)
            return (memory.contentScan!, nil)
        }
        let guideFolder = layout.root.standardizedFileURL.path
        let paths = Set(changed.map { guideFolder + "/" + $0 })
        var edited: Set<String>? = paths.filter { $0.hasPrefix(contentFolder + "/") }
        if !scan.restamp(paths) {
            scan = scan.updating(paths)
            edited = nil
        }
        // A file behind a link changes without the link being named.
        edited?.formUnion(scan.restampLinks())
        if !changed.allSatisfy(isText) { memory.model.forgetRestaurants() }
        memory.contentScan = scan
        return (scan, edited)
    }

    /// Whether a changed path is Markdown, a city file, `site.yml` or a template: a restaurant's
    /// pictures, looked for on disk when it is made, are none of these.
    private func isText(_ path: String) -> Bool {
        path.hasPrefix("Templates/") || path == "Content/site.yml"
            || (path.hasSuffix(".md") && ["Content/restaurants/", "Content/reviews/", "Content/onboarding/"].contains { path.hasPrefix($0) })
            || (path.hasPrefix("Content/cities/") && path.hasSuffix(".json"))
    }

    /// Stage: the city files synced into the store, and the site model made from its records.
    func makeSite(_ guide: GuideSources, run: inout BuildRun) throws(FoodPinError) -> Site {
        // The output folder is checked with every other input, before the store is synced.
        if options.writes { try OutputWriter(destination: output).checkDestination(layout: layout) }
        let content = guide.content
        let store = try openStore()
        let brokenCityFiles = Set(content.cityFiles.filter(\.hasErrors).map(\.source))
        let cityKey = content.cityFiles.map { "\($0.source)#\($0.fingerprint)#\(brokenCityFiles.contains($0.source))" }
        var log = run.log
        defer {
            run.log = log
            run.storeStamp = FileStamp(path: layout.store.path)
        }
        func model(_ stored: [RestaurantRecord]) -> Site {
            let (site, modelDiagnostics) = SiteModelBuilder.build(
                stored: stored, content: content, layout: layout, includeDrafts: options.includeDrafts,
                folderPhotos: Self.folderPhotos(guide.imageFiles), memo: memory.model)
            log.add(contentsOf: modelDiagnostics)
            return site
        }
        if options.writes, let kept = memory.storeRecords, kept.cityFiles == cityKey, kept.stamp == FileStamp(path: layout.store.path) {
            // Neither the city files nor the store changed since the last build: no query needed.
            return model(kept.restaurants)
        }
        var kept: [RestaurantRecord]?
        var sync = ImportCounts()
        let site = try store.write { db in
            // A broken city file keeps its old records rather than losing them.
            sync = try CityImporter.sync(content.cityFiles.filter { !brokenCityFiles.contains($0.source) }, in: db)
            log.add(contentsOf: sync.conflicts)
            let fetched = try RestaurantRecord.order(Column("id")).fetchAll(db)
            // Kept for the next build of a `serve` session only: a one-off build frees the
            // records as soon as the model is made (at a million restaurants, hundreds of megabytes).
            if isSession && options.writes { kept = fetched }
            return (model(fetched), !log.hasErrors)
        }
        run.report.sync = sync
        memory.storeRecords = log.hasErrors ? nil : kept.map { .init(stamp: FileStamp(path: layout.store.path), cityFiles: cityKey, restaurants: $0) }
        return site
    }

    /// Stage: raster pictures processed (or taken from the cache), SVGs checked. Rasters are
    /// published in their processed forms only (never the original, with its GPS position); one
    /// that no page names is still processed, for links in Markdown.
    func processPictures(of site: Site, guide: GuideSources, run: inout BuildRun) throws(FoodPinError) -> BuildPictures {
        let referenced = Set(site.contentFiles)
        let unnamed = guide.imageFiles.filter { !referenced.contains($0) }
        var warnings: [Diagnostic] = []
        let uses = PicturePipeline.uses(of: site, imageFiles: guide.imageFiles, layout: layout,
                                        fetchRemote: options.fetchImages || site.config.pictures.fetchRemote, warnings: &warnings)
        run.log.add(contentsOf: warnings)
        // Folders FoodPin writes and cleans: through a link, cleaning would remove files anywhere.
        try OwnPath.requireRealFolders(layout.pictureCache.path, within: layout.root.path)
        try OwnPath.requireRealFolders(layout.remotePictureCache.path, within: layout.root.path)
        let cache = PictureCache(folder: layout.pictureCache.path, trusted: !options.clean)
        let remote = RemotePictures(folder: layout.remotePictureCache.path, reuse: !options.clean,
                                    allowsPrivateAddresses: site.config.pictures.fetchPrivateAddresses)
        let processed = PicturePipeline.run(uses, layout: layout, settings: site.config.pictures, cache: cache, remote: remote)
        run.log.add(contentsOf: processed.diagnostics)
        run.report.picturesProcessed = processed.processed
        run.report.picturesReused = processed.reused
        let asIs = (site.contentFiles + unnamed).filter { !ImageReference.isRaster($0) }
        run.log.add(contentsOf: SVGCheck.diagnostics(for: asIs, layout: layout))
        return BuildPictures(processed: processed, cache: cache, asIs: asIs)
    }

    /// The renderer of this build's pages, with the theme's words in the guide's language; and
    /// by restaurant, the digest of what its page is made from.
    func makeRenderer(_ site: Site, guide: GuideSources, pictures: BuildPictures,
                      log: inout DiagnosticLog) -> (renderer: SiteRenderer, restaurantPages: [ContentDigest]) {
        let words = guide.strings.value
        if isSession { memory.words = (guide.wordsInputs, words) }
        let strings = words.strings
        log.add(contentsOf: words.diagnostics)
        let digests = memory.restaurantDigests.digests(of: site.restaurants)
        let renderer = SiteRenderer(site: site, theme: guide.theme, strings: strings, pictures: pictures.processed.catalog,
                                    cardDigests: digests.cards, terms: termIndex(site.restaurants, pages: digests.pages))
        return (renderer, digests.pages)
    }

    /// The full-text index: the last build's brought up to date (`TermIndex.update`), or made whole.
    private func termIndex(_ restaurants: [Restaurant], pages: [ContentDigest]) -> TermIndex {
        guard var terms = memory.terms else {
            let made = TermIndex(restaurants, pages: pages)
            memory.terms = made
            return made
        }
        memory.terms = nil // the one reference left: brought up to date in place, not copied
        terms.update(restaurants, pages: pages)
        memory.terms = terms
        return terms
    }

    private func openStore() throws(FoodPinError) -> GuideStore {
        guard options.writes else { return try GuideStore(copyOf: layout.store) }
        if let store, FileManager.default.fileExists(atPath: layout.store.path) { return store }
        let opened = try GuideStore(url: layout.store)
        store = opened
        return opened
    }

    /// The templates parsed, or `kept` (the last build's) while their files are the same.
    private func loadTheme(keeping kept: LoadedTheme?) -> LoadedTheme {
        let (theme, loadDiagnostics) = Theme.load(templates: layout.templates, boundary: GuideBoundary(layout))
        if let kept, kept.files == theme.files, loadDiagnostics.isEmpty { return kept }
        var loaded = theme.prepared()
        loaded.diagnostics = loadDiagnostics + loaded.diagnostics
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
