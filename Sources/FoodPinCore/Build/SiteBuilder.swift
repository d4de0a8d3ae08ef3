import Foundation
import GRDB
import Mustache

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
    public var files = 0
    public var changes = OutputWriter.Changes()
    /// Files written or removed by this build, relative to the output folder.
    public var changedPaths: [String] = []
    public var removedPaths: [String] = []
    public var seconds = 0.0
    public var output: URL?
    /// Seconds spent in each stage, in order, for `--verbose` and benchmarks.
    public var timings: [(stage: String, seconds: Double)] = []
    public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }
}

/// The pipeline: sources → store → site model → renderer → writer.
///
/// One builder can build many times (watch mode): it keeps parsed files, the parsed theme and
/// each page's inputs and bytes, so a rebuild re-reads only changed files, re-renders only pages
/// whose inputs changed and rewrites only files whose bytes changed. Its output always equals a
/// clean build's.
public final class SiteBuilder: @unchecked Sendable {
    public let options: BuildOptions
    private let layout: GuideLayout
    private let contentCache = ContentCache()
    private var store: GuideStore?
    private var themeCache: LoadedTheme?
    /// Settings every page depends on; when they change, every page renders again.
    private var renderedWith: (config: SiteConfig, themeFiles: [String: String])?
    private var rendered: [String: (inputs: SiteRenderer.PageInputs, data: Data)] = [:]
    /// What this builder last wrote at each path (pictures included), so unchanged files are
    /// skipped without reading the disk and files the site no longer has are removed.
    private var written: [String: WrittenState]?
    /// The store's records as last read, with what they were read from.
    private var storeSnapshot: (stamp: FileStamp?, cities: [String], restaurants: [RestaurantRecord])?

    public init(_ options: BuildOptions) {
        self.options = options
        self.layout = GuideLayout(root: options.root)
    }

    /// A one-off build (the `build` and `check` commands).
    public static func build(_ options: BuildOptions, progress: @Sendable (String) -> Void = { _ in }) throws(FoodPinError) -> BuildReport {
        try SiteBuilder(options).build(progress: progress)
    }

    public func build(progress: @Sendable (String) -> Void = { _ in }) throws(FoodPinError) -> BuildReport {
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

        progress("Reading content")
        let content = ContentLoader.load(layout, baseURLOverride: options.baseURL,
                                         cache: contentCache)
        log.add(contentsOf: content.diagnostics)
        let theme = loadTheme()
        log.add(contentsOf: theme.diagnostics)
        finished("read content and theme")

        progress("Syncing the store")
        let store = try openStore()
        let brokenCityFiles = Set(content.cityFiles.filter { $0.file.diagnostics.contains { $0.severity == .error } }.map(\.source))
        let cityKey = content.cityFiles.map { "\($0.source)#\($0.fingerprint)#\(brokenCityFiles.contains($0.source))" }
        func model(_ stored: [RestaurantRecord]) -> Site {
            let (site, modelDiagnostics) = SiteModelBuilder.build(
                stored: stored, content: content, layout: layout, includeDrafts: options.includeDrafts)
            log.add(contentsOf: modelDiagnostics)
            return site
        }
        let site: Site
        if options.writes, let snapshot = storeSnapshot, snapshot.cities == cityKey,
           snapshot.stamp == FileStamp(path: layout.store.path) {
            // Neither the city files nor the store changed since the last build: no query needed.
            site = model(snapshot.restaurants)
        } else {
            var fetched: [RestaurantRecord] = []
            site = try store.write { db in
                // A broken city file keeps its old records rather than losing them.
                let usable = content.cityFiles.filter { !brokenCityFiles.contains($0.source) }
                report.sync = try CityImporter.sync(usable, in: db)
                fetched = try RestaurantRecord.order(Column("id")).fetchAll(db)
                let site = model(fetched)
                return (site, !log.hasErrors)
            }
            storeSnapshot = log.hasErrors || !options.writes ? nil
                : (FileStamp(path: layout.store.path), cityKey, fetched)
        }
        finished("sync store and build model")
        report.restaurants = site.restaurants.count
        report.reviews = site.restaurants.reduce(0) { $0 + $1.reviews.count }

        let renderer = SiteRenderer(site: site, theme: theme)
        let pages = renderer.pages
        report.pages = pages.count
        report.diagnostics = log.sorted

        guard !log.hasErrors else {
            report.seconds = Date().timeIntervalSince(started)
            return report
        }
        guard options.writes else {
            // `check`: templates were parsed above; nothing is rendered or written.
            report.seconds = Date().timeIntervalSince(started)
            return report
        }

        let writer = OutputWriter(destination: options.output ?? layout.defaultOutput)
        try writer.checkDestination(layout: layout)
        report.output = writer.destination
        if !FileManager.default.fileExists(atPath: writer.destination.path) { written = nil }
        progress("Rendering \(pages.count) pages")
        let pictures = (site.contentFiles + imageFolderFiles(layout: layout, skipping: Set(site.contentFiles)))
            .map { OutputFile(path: $0, copyOf: layout.content.appending(path: $0)) }
        let files = renderPages(renderer, pages: pages, config: site.config, themeFiles: theme.files)
            + theme.assets.files.sorted(by: { $0.key < $1.key }).map { OutputFile(path: $0.key, data: $0.value) }
            + pictures
        finished("render pages")

        let previous = written
        try writer.prepare(paths: files.lazy.map(\.path).filter { previous?[$0] == nil })
        let results = ParallelMap.map(files) { file -> Result<(written: Bool, state: WrittenState), FoodPinError> in
            do throws(FoodPinError) { return .success(try writer.write(file, previous: previous?[file.path])) } catch {
                return .failure(error)
            }
        }
        var nowWritten: [String: WrittenState] = [:]
        nowWritten.reserveCapacity(files.count)
        for (file, result) in zip(files, results) {
            switch result {
            case .success(let outcome):
                if outcome.written {
                    report.changes.written += 1
                    report.changedPaths.append(file.path)
                } else {
                    report.changes.unchanged += 1
                }
                nowWritten[file.path] = outcome.state
            case .failure(let failure):
                written = nil
                throw failure
            }
        }
        // The first build looks for stale files on disk; later ones know what they wrote last.
        if let previous {
            let gone = Set(previous.keys).subtracting(nowWritten.keys)
            report.changes.removed = writer.remove(gone)
            report.removedPaths = gone.sorted()
        } else {
            report.changes.removed = writer.removeFiles(notIn: Set(nowWritten.keys))
        }
        written = nowWritten
        finished("write changed files")
        report.files = files.count
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    /// Renders pages on every core, reusing the bytes of pages whose inputs did not change.
    private func renderPages(_ renderer: SiteRenderer, pages: [SiteRenderer.Page], config: SiteConfig,
                             themeFiles: [String: String]) -> [OutputFile] {
        if let renderedWith, renderedWith.config != config || renderedWith.themeFiles != themeFiles { rendered = [:] }
        renderedWith = (config, themeFiles)
        let cache = rendered
        let results = ParallelMap.map(pages) { page -> (path: String, data: Data, inputs: SiteRenderer.PageInputs?) in
            let inputs = renderer.inputs(of: page)
            let path = renderer.path(of: page)
            if let inputs, let hit = cache[path], hit.inputs == inputs { return (path, hit.data, inputs) }
            return (path, renderer.render(page), inputs)
        }
        var next: [String: (inputs: SiteRenderer.PageInputs, data: Data)] = [:]
        for result in results {
            if let inputs = result.inputs { next[result.path] = (inputs, result.data) }
        }
        rendered = next
        return results.map { OutputFile(path: $0.path, data: $0.data) }
    }

    private func openStore() throws(FoodPinError) -> GuideStore {
        guard options.writes else { return try GuideStore(copyOf: layout.store) }
        if let store, FileManager.default.fileExists(atPath: layout.store.path) { return store }
        let opened = try GuideStore(url: layout.store)
        store = opened
        return opened
    }

    private func loadTheme() -> LoadedTheme {
        let (theme, loadDiagnostics) = Theme.load(templates: layout.templates)
        if let themeCache, themeCache.files == theme.files, loadDiagnostics.isEmpty { return themeCache }
        var loaded = theme.prepared()
        loaded.diagnostics = loadDiagnostics + loaded.diagnostics
        themeCache = loaded
        return loaded
    }

    /// Content/images/ is published whole (pictures only, nothing that leads outside Content/).
    private func imageFolderFiles(layout: GuideLayout, skipping: Set<String>) -> [String] {
        guard let walker = FileManager.default.enumerator(at: layout.images, includingPropertiesForKeys: nil,
                                                           options: [.skipsHiddenFiles]) else { return [] }
        var relatives: [String] = []
        for case let url as URL in walker {
            guard let relative = layout.contentRelativePath(url), !skipping.contains(relative),
                  ImageReference.extensions.contains(url.pathExtension.lowercased()),
                  case .success = layout.resolveContentPath(relative) else { continue }
            relatives.append(relative)
        }
        return relatives.sorted()
    }
}
