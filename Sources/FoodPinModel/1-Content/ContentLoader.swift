import Foundation
import FoodPinBase

/// Everything read from a guide's Content/ folder, before it meets the store.
public struct LoadedContent: Sendable {
    public var config: SiteConfig
    public var restaurants: [RestaurantSource] = []
    public var reviews: [ReviewSource] = []
    public var steps: [StepSource] = []
    public var cityFiles: [LoadedCityFile] = []
    public var diagnostics: [Diagnostic] = []
    /// Each Markdown folder file by file, as read: a session's next build reads again only the
    /// files edited since (`ContentLoader.load`'s `edited`).
    package var restaurantFiles = ReadFolder<RestaurantSource>()
    package var reviewFiles = ReadFolder<ReviewSource>()
    package var stepFiles = ReadFolder<StepSource>()
    /// What a session's rebuild read again; nil when any other file may have changed (a file
    /// added or removed, `site.yml`, a city file), or when everything was read.
    package var edits: ContentEdits?
}

/// A folder's files and what each was read as (nil: unreadable or broken), in the listing's order.
package struct ReadFolder<T: Sendable>: Sendable {
    package var listing = FileList.Listing()
    package var results: [(value: T?, found: [Diagnostic])] = []

    /// Its diagnostics, those of the listing first, and the files read well.
    package func collect(into diagnostics: inout [Diagnostic]) -> [T] {
        diagnostics += listing.refused
        var values: [T] = []
        values.reserveCapacity(results.count)
        for result in results {
            diagnostics += result.found
            if let value = result.value { values.append(value) }
        }
        return values
    }
}

/// A city file as this build knows it: by its fingerprint, and its records when it was read.
public struct LoadedCityFile: Sendable {
    public var url: URL
    /// Its path relative to Content/, as the store names its records' source.
    public var source: String
    public var fingerprint: String
    public var hasErrors: Bool
    /// Nil when the file is unchanged since the last build; `records()` reads it then.
    package var file: CityFile?

    /// The file's records, reading it again if this build did not.
    package func records() -> CityFile { file ?? CityFile.read(url, displayPath: GuideLayout.displayPath(url)) }
}

/// Reads every content file, in parallel, and reports every problem found.
public enum ContentLoader {
    /// `scan`: a walk of Content/ the caller made already (a build's fingerprint): files and their
    /// stamps are taken from it.
    /// `width`: `.disk` unless the files were just read (a watch session's rebuilds: one thread per
    /// core, as handing files in memory to the disk's threads costs more than it saves).
    /// `previous` and `edited`: this guide's content as last loaded and the files edited since, with
    /// no file added or removed (`FolderScan.restamp`): only those are read again.
    public static func load(_ layout: GuideLayout, baseURLOverride: BaseURL? = nil, cache: ContentCache? = nil,
                            scan: FolderScan? = nil, width: ParallelMap.Width = .disk,
                            previous: consuming LoadedContent? = nil, edited: Set<String>? = nil) -> LoadedContent {
        let boundary = GuideBoundary(layout)
        let (config, configDiagnostics) = SiteConfig.load(from: layout.siteFile, displayPath: GuideLayout.displayPath(layout.siteFile),
                                                          boundary: boundary)
        var content = LoadedContent(config: config)
        content.diagnostics += configDiagnostics
        if let baseURLOverride { content.config.baseURL = baseURLOverride }

        // Listed files are inside the guide: links leading out are reported here and never read.
        func list(_ folder: URL, _ ext: String, recursive: Bool) -> FileList.Listing {
            FileList.files(in: folder, withExtension: ext, recursive: recursive, boundary: boundary, width: width, scan: scan)
        }
        let rereads = edited != nil && scan != nil && previous != nil
        if let edited, let scan, var last = previous.take() {
            // Taken, not copied: each folder's files are replaced in place.
            var quiet = true
            let edits = ContentEdits(restaurants: reread(&last.restaurantFiles, edited, scan, cache, parseRestaurant, quiet: &quiet),
                                     reviews: reread(&last.reviewFiles, edited, scan, cache, parseReview, quiet: &quiet),
                                     steps: reread(&last.stepFiles, edited, scan, cache, parseStep, quiet: &quiet).count, quiet: quiet)
            (content.restaurantFiles, content.reviewFiles, content.stepFiles) = (last.restaurantFiles, last.reviewFiles, last.stepFiles)
            // Every edited file is one of these Markdown files, or something else changed too.
            if edits.restaurants.count + edits.reviews.count + edits.steps == edited.count { content.edits = edits }
            // Restaurants and reviews edited, no message gained or lost (most saves): the lists are
            // the last ones with the edited sources swapped in, and the messages and city files as
            // they were, without a pass over the guide (10,000 restaurants: read content 22 ms → 1.5–5 ms).
            if edits.quiet, edits.steps == 0, content.edits != nil, ContentEdits.swap(edits.restaurants, in: &last.restaurants),
               ContentEdits.swap(edits.reviews, in: &last.reviews) {
                (content.restaurants, content.reviews, content.steps) = (last.restaurants, last.reviews, last.steps)
                (content.diagnostics, content.cityFiles) = (last.diagnostics, last.cityFiles)
                return content
            }
        } else {
            content.restaurantFiles = parseAll(list(layout.restaurants, "md", recursive: false), cache, width, parseRestaurant)
            content.reviewFiles = parseAll(list(layout.reviews, "md", recursive: true), cache, width, parseReview)
            content.stepFiles = parseAll(list(layout.onboarding, "md", recursive: false), cache, width, parseStep)
        }
        content.restaurants = content.restaurantFiles.collect(into: &content.diagnostics)
        content.reviews = content.reviewFiles.collect(into: &content.diagnostics)
        content.steps = content.stepFiles.collect(into: &content.diagnostics)
        let cityFiles = list(layout.cities, "json", recursive: false)
        content.diagnostics += cityFiles.refused
        content.cityFiles = loadCityFiles(cityFiles, layout: layout, cache: cache, diagnostics: &content.diagnostics)
        if !rereads {
            cache?.keep(only: content.restaurantFiles.listing.paths + content.reviewFiles.listing.paths
                        + content.stepFiles.listing.paths + cityFiles.paths)
        }
        return content
    }

    /// How each kind of Markdown file is parsed, and kept in the cache.
    private typealias FileKind<T> = (wrap: @Sendable (T?, [Diagnostic]) -> ContentCache.Parsed,
                                     unwrap: @Sendable (ContentCache.Parsed) -> (T?, [Diagnostic])?,
                                     parse: @Sendable (FrontMatterDocument, String) -> (T?, [Diagnostic]))

    private static let parseRestaurant: FileKind<RestaurantSource> = (
        { .restaurant($0, $1) }, { if case .restaurant(let s, let d) = $0 { (s, d) } else { nil } },
        { RestaurantSource.parse($0, path: $1) })
    private static let parseReview: FileKind<ReviewSource> = (
        { .review($0, $1) }, { if case .review(let s, let d) = $0 { (s, d) } else { nil } }, { document, _ in ReviewSource.parse(document) })
    private static let parseStep: FileKind<StepSource> = (
        { .step($0, $1) }, { if case .step(let s, let d) = $0 { (s, d) } else { nil } }, { document, _ in StepSource.parse(document) })

    /// The city files, each read again only when its stamp changed.
    private static func loadCityFiles(_ listing: FileList.Listing, layout: GuideLayout, cache: ContentCache?,
                                      diagnostics: inout [Diagnostic]) -> [LoadedCityFile] {
        var loadedFiles: [LoadedCityFile] = []
        for (index, path) in listing.paths.enumerated() {
            let url = URL(fileURLWithPath: path)
            let stamp = listing.stamp(index)
            var loaded = LoadedCityFile(url: url, source: layout.contentRelativePath(url) ?? url.path, fingerprint: "",
                                        hasErrors: false, file: nil)
            if let stamp, case .city(let fingerprint, let found, let file)? = cache?.parsed(for: url.path, stamp: stamp) {
                loaded.fingerprint = fingerprint
                loaded.file = file
                loaded.hasErrors = found.contains { $0.severity == .error }
                diagnostics += found
            } else {
                // Read once: the fingerprint is of the very bytes parsed.
                let bytes = FileBytes.read(url.path, expectedSize: stamp.map { Int($0.size) })
                let file = bytes.map { CityFile.parse($0, displayPath: GuideLayout.displayPath(url)) }
                    ?? CityFile.read(url, displayPath: GuideLayout.displayPath(url))
                loaded.fingerprint = Fingerprint.hex(bytes ?? [])
                loaded.file = file
                loaded.hasErrors = file.diagnostics.contains { $0.severity == .error }
                diagnostics += file.diagnostics
                if let stamp {
                    cache?.store(.city(fingerprint: loaded.fingerprint, diagnostics: file.diagnostics, file: file), for: url.path, stamp: stamp)
                }
            }
            loadedFiles.append(loaded)
        }
        return loadedFiles
    }

    /// The folder as last read, with the edited files in it read again at the scan's stamps; each
    /// file read again as it was and as it is.
    private static func reread<T: Sendable>(_ folder: inout ReadFolder<T>, _ edited: Set<String>, _ scan: FolderScan,
                                            _ cache: ContentCache?, _ kind: FileKind<T>, quiet: inout Bool) -> [(old: T?, new: T?)] {
        let display = DisplayPaths()
        var edits: [(old: T?, new: T?)] = []
        for path in edited {
            guard let index = folder.listing.index(of: path), let stamp = scan.entry(at: path)?.stamp else { continue }
            let result = parseFile(path, size: Int(stamp.size), display, kind.parse)
            cache?.store(kind.wrap(result.0, result.1), for: path, stamp: stamp)
            edits.append((folder.results[index].value, result.0))
            quiet = quiet && folder.results[index].found.isEmpty && result.1.isEmpty
            folder.results[index] = (result.0, result.1)
            folder.listing.stamps?[index] = stamp
        }
        return edits
    }

    /// Reads and splits front matter side by side; results keep the files' sorted order.
    private static func parseAll<T: Sendable>(_ files: FileList.Listing, _ cache: ContentCache?, _ width: ParallelMap.Width,
                                              _ kind: FileKind<T>) -> ReadFolder<T> {
        let display = DisplayPaths()
        typealias Result = (value: T?, found: [Diagnostic], parsedAnew: FileStamp?)
        // Looked up in a snapshot, without a lock per file; what was parsed anew is stored once the
        // snapshot is let go (stored while it is held, the cache's table would be copied whole).
        let results = { (known: [String: ContentCache.Entry]) in
            ParallelMap.map(Array(files.paths.indices), width: width) { index -> Result in
                let path = files.paths[index]
                guard let stamp = files.stamp(index) else {
                    let result = parseFile(path, size: nil, display, kind.parse)
                    return (result.0, result.1, nil)
                }
                if let entry = known[path], entry.stamp == stamp, let cached = kind.unwrap(entry.parsed) { return (cached.0, cached.1, nil) }
                let result = parseFile(path, size: Int(stamp.size), display, kind.parse)
                return (result.0, result.1, stamp)
            }
        }(cache?.snapshot ?? [:])
        for (index, result) in results.enumerated() {
            if let stamp = result.parsedAnew { cache?.store(kind.wrap(result.value, result.found), for: files.paths[index], stamp: stamp) }
        }
        return ReadFolder(listing: files, results: results.map { ($0.value, $0.found) })
    }

    private static func utf8Text(_ bytes: ArraySlice<UInt8>) -> String? {
        if #available(macOS 15, *) { String(validating: bytes, as: UTF8.self) } else { String(bytes: bytes, encoding: .utf8) }
    }

    private static func parseFile<T: Sendable>(
        _ path: String, size: Int?, _ display: DisplayPaths, _ parse: @Sendable (FrontMatterDocument, String) -> (T?, [Diagnostic])
    ) -> (T?, [Diagnostic]) {
        let shown = display.name(of: path)
        guard let bytes = FileBytes.read(path, expectedSize: size) else {
            // Removed since it was listed (a checkout during the build): the next build sees it gone.
            // Cached as nothing under the listed stamp, which no file put back there can have (its
            // change time and inode differ).
            if access(path, F_OK) != 0 && errno == ENOENT { return (nil, []) }
            return (nil, [.error(at: SourceLocation(path: shown), "cannot read the file")])
        }
        // A byte-order mark is not part of the text (as Foundation's decoding had it).
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        guard let text = utf8Text(bytes.starts(with: byteOrderMark) ? bytes[3...] : bytes[...]) else {
            return (nil, [.error(at: SourceLocation(path: shown), "the file is not UTF-8 text")])
        }
        switch FrontMatter.parse(text, path: shown) {
        case .failure(let diagnostic): return (nil, [diagnostic])
        case .success(let document): return parse(document, path)
        }
    }
}
