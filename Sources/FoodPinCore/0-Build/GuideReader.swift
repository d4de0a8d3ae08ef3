import Foundation
import FoodPinBase
import FoodPinModel

/// The guide as one build read it: content, theme, the pictures folder's files, and the theme's
/// words (read while the store is synced and the model made).
struct GuideSources {
    var content: LoadedContent
    var theme: LoadedTheme
    /// Pictures under Content/images/, relative to Content/.
    var imageFiles: [String]
    var strings: Pending<ThemeWords>
    /// Whether only text (Markdown, city files, `site.yml`, templates) changed since this reader's
    /// last read, as far as it knows: then the pictures a restaurant finds on disk are as they were.
    var onlyTextChanged = false
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

/// Stage: reads the guide's content, theme and pictures folder. Remembers the parsed files (saved
/// for the next process by the build state) and, within a session, its scan of Content/, the
/// templates and the words, so a save reads only what changed.
struct GuideReader {
    let layout: GuideLayout
    let baseURL: BaseURL?
    let isSession: Bool
    /// The parsed content files, by path, with the stamps they were read at.
    let content = ContentCache()
    /// Whether the guide's content was read once: a session's later builds find it in the page cache.
    private var hasRead = false
    private var theme: LoadedTheme?
    private var words: (inputs: ThemeWords.Inputs, words: Pending<ThemeWords>)?
    /// A session's scan of Content/ and the content its last build made the model from.
    private var contentScan: FolderScan?
    private var lastContent: LoadedContent?
    /// The paths changed since the scan was last brought up to date, kept until a read takes
    /// them (a build that stops before it does leaves them to the next); nil: unknown, all is looked at.
    private var changedSinceScan: Set<String>?

    init(layout: GuideLayout, baseURL: BaseURL?, session: Bool) {
        self.layout = layout
        self.baseURL = baseURL
        isSession = session
    }

    /// `changed`: the paths, relative to the guide's folder, changed since the last build (nil: unknown).
    mutating func note(changed: Set<String>?) {
        changedSinceScan = changed.flatMap { changed in changedSinceScan.map { $0.union(changed) } }
    }

    /// A session's next read is made against the content its model was made from (`SitePatch`).
    mutating func keep(_ content: LoadedContent) {
        if isSession { lastContent = content }
    }

    /// The parsed content files as the last process saved them.
    func restore(_ entries: [String: ContentCache.Entry]) { content.replace(with: entries) }

    /// Reads content, theme and the pictures folder. `scan`: the build's walk of Content/; a
    /// session keeps its own, brought up to date from the paths changed since.
    mutating func read(_ scan: FolderScan?, log: inout DiagnosticLog) -> GuideSources {
        // A session's later rebuilds read folders and files its earlier builds read (`ContentLoader.load`).
        let readWidth: ParallelMap.Width = isSession && hasRead ? .cores : .disk
        // Read and parsed while the content is, on a thread of its own.
        let (keptTheme, templates, boundary) = (theme, layout.templates, GuideBoundary(layout))
        let pendingTheme = Pending { Self.loadTheme(templates, boundary: boundary, keeping: keptTheme) }
        let session = isSession ? sessionScan(changedSinceScan.take()) : nil
        changedSinceScan = []
        let scan = scan ?? session?.scan
        let content = ContentLoader.load(layout, baseURLOverride: baseURL, cache: self.content, scan: scan,
                                         width: readWidth, previous: lastContent.take(), edited: session?.edited)
        hasRead = true
        log.add(contentsOf: content.diagnostics)
        let theme = pendingTheme.value
        self.theme = theme
        log.add(contentsOf: theme.diagnostics)
        let imageListing = FileList.files(in: layout.images, withExtension: nil, recursive: true, boundary: GuideBoundary(layout),
                                          width: readWidth, scan: scan)
        log.add(contentsOf: imageListing.refused)
        return GuideSources(content: content, theme: theme, imageFiles: imageFolderFiles(imageListing),
                            strings: words(of: theme, config: content.config), onlyTextChanged: session?.onlyText ?? false)
    }

    /// The theme's words, read on a thread of their own; a session's as they were while their
    /// inputs are the same.
    private mutating func words(of theme: LoadedTheme, config: SiteConfig) -> Pending<ThemeWords> {
        let inputs = ThemeWords.Inputs(themeFiles: theme.files.filter { $0.key.hasPrefix(ThemeStrings.folder) },
                                       overridePaths: theme.overrides, language: config.language,
                                       custom: config.stringOverrides, languageLocation: config.languageLocation)
        if let words, words.inputs == inputs { return words.words }
        let pending = Pending { ThemeWords(inputs) }
        words = isSession ? (inputs, pending) : nil
        return pending
    }

    /// A session's scan of Content/: walked at its first build (or when the caller cannot say what
    /// changed), then brought up to date from the paths that changed, so a save costs no walk.
    /// `edited`: the files of Content/ edited in place, when that is all that changed.
    private mutating func sessionScan(_ changed: Set<String>?) -> (scan: FolderScan, edited: Set<String>?, onlyText: Bool) {
        let contentFolder = layout.content.standardizedFileURL.path
        guard let changed, var scan = contentScan.take() else {
            contentScan = FolderScan(contentFolder)
            return (contentScan!, nil, false)
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
        contentScan = scan
        return (scan, edited, changed.allSatisfy(Self.isText))
    }

    /// Whether a changed path is Markdown, a city file, `site.yml` or a template: a restaurant's
    /// pictures, looked for on disk when it is made, are none of these.
    private static func isText(_ path: String) -> Bool {
        path.hasPrefix("Templates/") || path == "Content/site.yml"
            || (path.hasSuffix(".md") && ["Content/restaurants/", "Content/reviews/", "Content/onboarding/"].contains { path.hasPrefix($0) })
            || (path.hasPrefix("Content/cities/") && path.hasSuffix(".json"))
    }

    /// The templates parsed, or `kept` (the last build's) while their files are the same.
    private static func loadTheme(_ templates: URL, boundary: GuideBoundary, keeping kept: LoadedTheme?) -> LoadedTheme {
        let (theme, loadDiagnostics) = Theme.load(templates: templates, boundary: boundary)
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
}
