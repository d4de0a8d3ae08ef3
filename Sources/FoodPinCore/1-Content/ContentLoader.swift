import Foundation

/// Everything read from a guide's Content/ folder, before it meets the store.
public struct LoadedContent: Sendable {
    public var config: SiteConfig
    public var restaurants: [RestaurantSource] = []
    public var reviews: [ReviewSource] = []
    public var steps: [StepSource] = []
    public var cityFiles: [LoadedCityFile] = []
    public var diagnostics: [Diagnostic] = []
}

/// A city file as this build knows it: by its fingerprint, and its records when it was read.
public struct LoadedCityFile: Sendable {
    public var url: URL
    /// Its path relative to Content/, as the store names its records' source.
    public var source: String
    public var fingerprint: String
    public var hasErrors: Bool
    /// Nil when the file is unchanged since the last build; `records()` reads it then.
    var file: CityFile?

    /// The file's records, reading it again if this build did not.
    func records() -> CityFile { file ?? CityFile.read(url, displayPath: GuideLayout.displayPath(url)) }
}

/// Reads every content file, in parallel, and reports every problem found.
public enum ContentLoader {
    /// `scan`: a walk of Content/ the caller made already (a build's fingerprint): files and their
    /// stamps are taken from it.
    /// `width`: `.disk` unless the files were just read (a watch session's rebuilds: one thread per
    /// core, as handing files in memory to the disk's threads costs more than it saves).
    public static func load(_ layout: GuideLayout, baseURLOverride: BaseURL? = nil, cache: ContentCache? = nil,
                            scan: FolderScan? = nil, width: ParallelMap.Width = .disk) -> LoadedContent {
        let boundary = GuideBoundary(layout)
        let (config, configDiagnostics) = SiteConfig.load(from: layout.siteFile, displayPath: GuideLayout.displayPath(layout.siteFile),
                                                          boundary: boundary)
        var content = LoadedContent(config: config)
        content.diagnostics += configDiagnostics
        if let baseURLOverride { content.config.baseURL = baseURLOverride }

        // Listed files are inside the guide: links leading out are reported here and never read.
        func list(_ folder: URL, _ ext: String, recursive: Bool) -> FileList.Listing {
            let listing = FileList.files(in: folder, withExtension: ext, recursive: recursive, boundary: boundary, width: width,
                                         scan: scan)
            content.diagnostics += listing.refused
            return listing
        }
        let restaurantFiles = list(layout.restaurants, "md", recursive: false)
        let reviewFiles = list(layout.reviews, "md", recursive: true)
        let stepFiles = list(layout.onboarding, "md", recursive: false)
        let cityFiles = list(layout.cities, "json", recursive: false)

        content.restaurants = parseAll(restaurantFiles, cache, width, &content.diagnostics,
                                       wrap: { .restaurant($0, $1) }, unwrap: { if case .restaurant(let s, let d) = $0 { (s, d) } else { nil } }) {
            RestaurantSource.parse($0, path: $1)
        }
        content.reviews = parseAll(reviewFiles, cache, width, &content.diagnostics,
                                   wrap: { .review($0, $1) }, unwrap: { if case .review(let s, let d) = $0 { (s, d) } else { nil } }) {
            document, _ in ReviewSource.parse(document)
        }
        content.steps = parseAll(stepFiles, cache, width, &content.diagnostics,
                                 wrap: { .step($0, $1) }, unwrap: { if case .step(let s, let d) = $0 { (s, d) } else { nil } }) {
            document, _ in StepSource.parse(document)
        }
        for (index, path) in cityFiles.paths.enumerated() {
            let url = URL(fileURLWithPath: path)
            let stamp = cityFiles.stamp(index)
            var loaded = LoadedCityFile(url: url, source: layout.contentRelativePath(url) ?? url.path, fingerprint: "",
                                        hasErrors: false, file: nil)
            if let stamp, case .city(let fingerprint, let diagnostics, let file)? = cache?.parsed(for: url.path, stamp: stamp) {
                loaded.fingerprint = fingerprint
                loaded.file = file
                loaded.hasErrors = diagnostics.contains { $0.severity == .error }
                content.diagnostics += diagnostics
            } else {
                // Read once: the fingerprint is of the very bytes parsed.
                let bytes = FileBytes.read(url.path, expectedSize: stamp.map { Int($0.size) })
                let file = bytes.map { CityFile.parse($0, displayPath: GuideLayout.displayPath(url)) }
                    ?? CityFile.read(url, displayPath: GuideLayout.displayPath(url))
                loaded.fingerprint = Fingerprint.hex(bytes ?? [])
                loaded.file = file
                loaded.hasErrors = file.diagnostics.contains { $0.severity == .error }
                content.diagnostics += file.diagnostics
                if let stamp {
                    cache?.store(.city(fingerprint: loaded.fingerprint, diagnostics: file.diagnostics, file: file), for: url.path, stamp: stamp)
                }
            }
            content.cityFiles.append(loaded)
        }
        cache?.keep(only: restaurantFiles.paths + reviewFiles.paths + stepFiles.paths + cityFiles.paths)
        return content
    }

    /// Reads and splits front matter side by side; results keep the files' sorted order.
    private static func parseAll<T: Sendable>(
        _ files: FileList.Listing, _ cache: ContentCache?, _ width: ParallelMap.Width,
        _ diagnostics: inout [Diagnostic],
        wrap: @escaping @Sendable (T?, [Diagnostic]) -> ContentCache.Parsed,
        unwrap: @escaping @Sendable (ContentCache.Parsed) -> (T?, [Diagnostic])?,
        _ parse: @escaping @Sendable (FrontMatterDocument, String) -> (T?, [Diagnostic])
    ) -> [T] {
        let display = DisplayPaths()
        typealias Result = (value: T?, found: [Diagnostic], parsedAnew: FileStamp?)
        // Looked up in a snapshot, without a lock per file; what was parsed anew is stored once the
        // snapshot is let go (stored while it is held, the cache's table would be copied whole).
        var results = { (known: [String: ContentCache.Entry]) in
            ParallelMap.map(Array(files.paths.indices), width: width) { index -> Result in
                let path = files.paths[index]
                guard let stamp = files.stamp(index) else {
                    let result = parseFile(path, size: nil, display, parse)
                    return (result.0, result.1, nil)
                }
                if let entry = known[path], entry.stamp == stamp, let cached = unwrap(entry.parsed) { return (cached.0, cached.1, nil) }
                let result = parseFile(path, size: Int(stamp.size), display, parse)
                return (result.0, result.1, stamp)
            }
        }(cache?.snapshot ?? [:])
        var values: [T] = []
        values.reserveCapacity(results.count)
        for index in results.indices {
            if let stamp = results[index].parsedAnew {
                cache?.store(wrap(results[index].value, results[index].found), for: files.paths[index], stamp: stamp)
            }
            diagnostics += results[index].found
            // Moved out, not copied: a copy retains every field of the source.
            if let value = results[index].value.take() { values.append(value) }
        }
        return values
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
