import Foundation
import GRDB

/// What to build and how.
public struct BuildOptions: Sendable {
    public var root: URL
    public var output: URL?
    public var baseURL: String?
    public var includeDrafts = false
    /// False for `foodpin check`: everything is validated, nothing is written (not even the store).
    public var writes = true

    public init(root: URL, output: URL? = nil, baseURL: String? = nil, includeDrafts: Bool = false, writes: Bool = true) {
        self.root = root
        self.output = output
        self.baseURL = baseURL
        self.includeDrafts = includeDrafts
        self.writes = writes
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
    public var seconds = 0.0
    public var output: URL?
    /// Seconds spent in each stage, in order, for `--verbose` and benchmarks.
    public var timings: [(stage: String, seconds: Double)] = []
    public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }
}

/// The pipeline: sources → store → site model → renderer → writer.
public enum SiteBuilder {
    public static func build(_ options: BuildOptions, progress: @Sendable (String) -> Void = { _ in }) throws -> BuildReport {
        let started = Date()
        var report = BuildReport()
        var stageStart = started
        func finished(_ stage: String) {
            let now = Date()
            report.timings.append((stage, now.timeIntervalSince(stageStart)))
            stageStart = now
        }
        let layout = GuideLayout(root: options.root)
        var log = DiagnosticLog()

        guard FileManager.default.fileExists(atPath: layout.content.path) else {
            throw GuideNotFound(root: layout.root)
        }
        if let base = options.baseURL, SiteConfig.normalizeBaseURL(base) == nil {
            throw UsageError("--base-url must be an http(s) URL like https://example.org/guide/; found \"\(base)\"")
        }

        progress("Reading content")
        let content = ContentLoader.load(layout, baseURLOverride: options.baseURL.flatMap(SiteConfig.normalizeBaseURL))
        log.add(contentsOf: content.diagnostics)
        let (theme, themeDiagnostics) = Theme.load(templates: layout.templates)
        log.add(contentsOf: themeDiagnostics)
        let (library, templateDiagnostics) = theme.library()
        log.add(contentsOf: templateDiagnostics)
        finished("read content and theme")

        progress("Syncing the store")
        let store = options.writes ? try GuideStore(url: layout.store) : try GuideStore(copyOf: layout.store)
        let brokenCityFiles = Set(content.cityFiles.filter { $0.file.diagnostics.contains { $0.severity == .error } }.map(\.source))
        let site: Site = try store.write { db in
            // A broken city file keeps its old records rather than losing them.
            let usable = content.cityFiles.filter { !brokenCityFiles.contains($0.source) }
            report.sync = try CityImporter.sync(usable, in: db)
            let stored = try StoredRestaurant.order(Column("id")).fetchAll(db)
            let (site, modelDiagnostics) = SiteModelBuilder.build(
                stored: stored, content: content, layout: layout, includeDrafts: options.includeDrafts)
            log.add(contentsOf: modelDiagnostics)
            return (site, !log.hasErrors)
        }
        finished("sync store and build model")
        report.restaurants = site.restaurants.count
        report.reviews = site.restaurants.reduce(0) { $0 + $1.reviews.count }

        let renderer = SiteRenderer(site: site, library: library, assetNames: theme.fingerprintedAssets().names)
        let pages = renderer.pages
        report.pages = pages.count
        report.diagnostics = log.sorted

        guard !log.hasErrors else {
            report.seconds = Date().timeIntervalSince(started)
            return report
        }
        guard options.writes else {
            // `check` still renders, so template mistakes surface, but keeps nothing.
            _ = ParallelMap.map(Array(pages.prefix(64))) { renderer.render($0).data.count }
            report.seconds = Date().timeIntervalSince(started)
            return report
        }

        let writer = OutputWriter(destination: options.output ?? layout.defaultOutput)
        try writer.checkDestination(layout: layout)
        report.output = writer.destination
        progress("Rendering \(pages.count) pages")
        let assets = theme.fingerprintedAssets().files
        let pictures = site.contentFiles + imageFolderFiles(layout: layout, skipping: Set(site.contentFiles))
        let pagePaths = pages.map { renderer.path(of: $0) }
        let allPaths = pagePaths + assets.keys.sorted() + pictures
        try writer.prepare(paths: allPaths)
        finished("prepare output folders")
        let results = ParallelMap.map(pages) { page -> Result<Bool, OutputFailure> in
            do { return .success(try writer.write(renderer.render(page))) } catch {
                return .failure(error as? OutputFailure ?? OutputFailure(message: "\(error)"))
            }
        }
        for result in results {
            switch result {
            case .success(true): report.changes.written += 1
            case .success(false): report.changes.unchanged += 1
            case .failure(let failure): throw failure
            }
        }
        finished("render and write pages")
        for (path, data) in assets.sorted(by: { $0.key < $1.key }) {
            if try writer.write(RenderedFile(path: path, data: data)) { report.changes.written += 1 } else { report.changes.unchanged += 1 }
        }
        for relative in pictures {
            if try writer.copy(from: layout.content.appending(path: relative), to: relative) {
                report.changes.written += 1
            } else {
                report.changes.unchanged += 1
            }
        }
        report.changes.removed = try writer.removeFiles(notIn: Set(allPaths))
        finished("copy assets, remove stale files")
        report.files = allPaths.count
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    /// Content/images/ is published whole (pictures only, nothing that leads outside Content/).
    private static func imageFolderFiles(layout: GuideLayout, skipping: Set<String>) -> [String] {
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

public struct GuideNotFound: Error, CustomStringConvertible {
    public var root: URL
    public init(root: URL) { self.root = root }
    public var description: String {
        "\(GuideLayout.displayPath(root)): error: no guide here (there is no Content/ folder)\n    hint: run `foodpin init DIR` to start one, or pass --root DIR"
    }
}

public struct UsageError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

