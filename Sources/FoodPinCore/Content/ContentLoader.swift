import Foundation

/// Everything read from a guide's Content/ folder, before it meets the store.
public struct LoadedContent: Sendable {
    public var config: SiteConfig
    public var restaurants: [RestaurantSource] = []
    public var reviews: [ReviewSource] = []
    public var steps: [StepSource] = []
    public var cityFiles: [(file: CityFile, source: String, fingerprint: String)] = []
    public var diagnostics: [Diagnostic] = []
}

/// Reads every content file, in parallel, and reports every problem found.
public enum ContentLoader {
    public static func load(_ layout: GuideLayout, baseURLOverride: BaseURL? = nil, cache: ContentCache? = nil) -> LoadedContent {
        let (config, configDiagnostics) = SiteConfig.load(from: layout.siteFile, displayPath: GuideLayout.displayPath(layout.siteFile))
        var content = LoadedContent(config: config)
        content.diagnostics += configDiagnostics
        if let baseURLOverride { content.config.baseURL = baseURLOverride }

        let restaurantFiles = FileList.files(in: layout.restaurants, withExtension: "md", recursive: false)
        let reviewFiles = FileList.files(in: layout.reviews, withExtension: "md", recursive: true)
        let stepFiles = FileList.files(in: layout.onboarding, withExtension: "md", recursive: false)
        let cityFiles = FileList.files(in: layout.cities, withExtension: "json", recursive: false)

        content.restaurants = parseAll(restaurantFiles, cache, &content.diagnostics) { document, url in
            RestaurantSource.parse(document, url: url)
        }
        content.reviews = parseAll(reviewFiles, cache, &content.diagnostics) { document, _ in ReviewSource.parse(document) }
        content.steps = parseAll(stepFiles, cache, &content.diagnostics) { document, url in
            StepSource.parse(document, url: url)
        }
        for url in cityFiles {
            let stamp = FileStamp(path: url.path)
            var entry: (file: CityFile, fingerprint: String)? = stamp.flatMap { cache?.value(for: url.path, stamp: $0) }
            if entry == nil {
                let bytes = FileManager.default.contents(atPath: url.path) ?? Data()
                entry = (CityFile.read(url, displayPath: GuideLayout.displayPath(url)), Fingerprint.hex(bytes))
                if let stamp, let entry { cache?.store(entry, for: url.path, stamp: stamp) }
            }
            content.diagnostics += entry!.file.diagnostics
            content.cityFiles.append((entry!.file, layout.contentRelativePath(url) ?? url.path, entry!.fingerprint))
        }
        cache?.keep(only: Set((restaurantFiles + reviewFiles + stepFiles + cityFiles).map(\.path)))
        return content
    }

    /// Reads and splits front matter on every core; results keep the files' sorted order.
    private static func parseAll<T: Sendable>(
        _ urls: [URL], _ cache: ContentCache?, _ diagnostics: inout [Diagnostic],
        _ parse: @escaping @Sendable (FrontMatterDocument, URL) -> (T?, [Diagnostic])
    ) -> [T] {
        let results = ParallelMap.map(urls) { url -> (T?, [Diagnostic]) in
            guard let cache, let stamp = FileStamp(path: url.path) else { return parseFile(url, parse) }
            if let cached: (T?, [Diagnostic]) = cache.value(for: url.path, stamp: stamp) { return cached }
            let result = parseFile(url, parse)
            cache.store(result, for: url.path, stamp: stamp)
            return result
        }
        var values: [T] = []
        for (value, found) in results {
            diagnostics += found
            if let value { values.append(value) }
        }
        return values
    }

    private static func parseFile<T: Sendable>(
        _ url: URL, _ parse: @Sendable (FrontMatterDocument, URL) -> (T?, [Diagnostic])
    ) -> (T?, [Diagnostic]) {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return (nil, [.error(at: SourceLocation(path: GuideLayout.displayPath(url)), "cannot read the file")])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return (nil, [.error(at: SourceLocation(path: GuideLayout.displayPath(url)), "the file is not UTF-8 text")])
        }
        switch FrontMatter.parse(text.replacingOccurrences(of: "\r\n", with: "\n"), path: GuideLayout.displayPath(url)) {
        case .failure(let diagnostic): return (nil, [diagnostic])
        case .success(let document): return parse(document, url)
        }
    }
}
