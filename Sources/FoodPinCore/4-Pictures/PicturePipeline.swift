import Foundation

/// A raster picture content uses, and where it is named (errors about it point there).
struct PictureUse: Sendable {
    /// The path under Content/, or the URL of a remote picture (then `remote` is true).
    var relativePath: String
    var location: SourceLocation
    /// Whether a link-preview JPEG is wanted (a restaurant's main picture).
    var preview: Bool
    /// A picture no page names (only found in Content/images/): a problem with it is a warning.
    var unnamed = false
    /// A remote picture, fetched with `--fetch-images`: one that cannot be fetched is a warning.
    var remote = false
}

/// The processed pictures of a build, by path under Content/.
public struct PictureCatalog: Sendable {
    public var pictures: [String: ProcessedPicture] = [:]

    public init() {}

    public subscript(_ image: ImageReference?) -> ProcessedPicture? {
        switch image {
        case .file(let path)?: pictures[path]
        case .web(let url)?: pictures[url]
        case nil: nil
        }
    }
}

/// Turns every raster picture content uses into its published sizes and formats, each picture
/// on its own core, reusing the cache for every one processed before.
enum PicturePipeline {
    struct Outcome {
        var catalog = PictureCatalog()
        var diagnostics: [Diagnostic] = []
        var processed = 0
        var reused = 0
        /// The cache entries this build uses; the others can go.
        var keys: Set<String> = []
        /// The files read (local pictures and fetched copies): the digest index keeps these.
        var sourceFiles: Set<String> = []
    }

    /// Bumped when processing changes, so old cache entries are not taken for new ones.
    private static let version = "foodpin-pictures 3"

    static func uses(of site: Site, extra rasters: [String], layout: GuideLayout, fetchRemote: Bool) -> [PictureUse] {
        var uses: [PictureUse] = []
        func add(_ image: ImageReference?, at location: SourceLocation?, preview: Bool) {
            switch image {
            case .file(let path)? where ImageReference.isRaster(path):
                uses.append(PictureUse(relativePath: path, location: location ?? SourceLocation(path: displayPath(path, layout)),
                                       preview: preview))
            case .web(let url)? where fetchRemote:
                uses.append(PictureUse(relativePath: url, location: location ?? SourceLocation(path: url), preview: preview,
                                       remote: true))
            default: break
            }
        }
        for restaurant in site.restaurants {
            add(restaurant.image, at: restaurant.imageLocation, preview: true)
            for photo in restaurant.photos { add(photo.image, at: photo.location, preview: false) }
        }
        for step in site.steps { add(step.image, at: step.imageLocation, preview: false) }
        for path in rasters where ImageReference.isRaster(path) {
            uses.append(PictureUse(relativePath: path, location: SourceLocation(path: displayPath(path, layout)),
                                   preview: false, unnamed: true))
        }
        return uses
    }

    private static func displayPath(_ path: String, _ layout: GuideLayout) -> String {
        GuideLayout.displayPath(layout.content.appending(path: path))
    }

    static func run(_ uses: [PictureUse], layout: GuideLayout, settings asked: PictureSettings, cache: PictureCache,
                    remote: RemotePictures) -> Outcome {
        // One job per file, whatever the number of places naming it.
        var grouped: [String: [PictureUse]] = [:]
        for use in uses { grouped[use.relativePath, default: []].append(use) }
        let usesByPath = grouped
        let paths = usesByPath.keys.sorted()
        var outcome = Outcome()
        let settings = writable(asked, diagnostics: &outcome.diagnostics)
        let settingsDigest = digest(of: settings)

        /// Where a picture's bytes are: under Content/, or the fetched copy of a remote one.
        @Sendable func file(of path: String, remote isRemote: Bool) -> String {
            isRemote ? remote.path(for: path) : layout.content.appending(path: path).path
        }
        // Remote pictures are fetched first, a few side by side, while the cores wait.
        let fetched = remote.fetchAll(paths.filter { usesByPath[$0]![0].remote })
        let results = ParallelMap.map(paths) { path -> (Result<ProcessedPicture, PictureProblem>, fresh: Bool) in
            let absolute: String
            if let download = fetched[path] {
                switch download {
                case .success(let file): absolute = file
                case .failure(let problem): return (.failure(.notFetched(problem.message(for: path))), false)
                }
            } else {
                absolute = file(of: path, remote: false)
            }
            guard access(absolute, F_OK) == 0 else { return (.failure(.missing), false) }
            // Mapped once, for the digest and the header check.
            var data: Data?
            func bytes() -> Data? {
                if data == nil { data = try? Data(contentsOf: URL(fileURLWithPath: absolute), options: .mappedIfSafe) }
                return data
            }
            guard let digest = cache.digest(of: absolute, reading: bytes) else { return (.failure(.unreadable), false) }
            let preview = usesByPath[path]!.contains(where: \.preview)
            let stem = Self.stem(of: path)
            let key = Self.key(settings: settingsDigest, source: digest, preview: preview, stem: stem)
            if cache.trusted, let cached = cache.entry(key) {
                guard PictureProcessor.allows(pixels: cached.sourcePixels, limit: settings.maxPixels) else {
                    // Processed under a higher limit: the header says by how much.
                    guard let data = bytes() else { return (.failure(.unreadable), false) }
                    return (data.withUnsafeBytes { PictureProcessor.probe($0, maxPixels: settings.maxPixels) }.map { _ in cached }, false)
                }
                return (.success(cached), false)
            }
            guard let data = bytes() else { return (.failure(.unreadable), false) }
            return (cache.store(key) { folder in
                PictureProcessor.process(absolute, data: data, into: folder, key: key, stem: stem, settings: settings, preview: preview)
            }, true)
        }

        for (path, (result, fresh)) in zip(paths, results) {
            outcome.sourceFiles.insert(file(of: path, remote: usesByPath[path]![0].remote))
            switch result {
            case .success(let picture):
                outcome.catalog.pictures[path] = picture
                outcome.keys.insert(picture.key)
                if fresh { outcome.processed += 1 } else { outcome.reused += 1 }
            case .failure(let problem):
                // Where pages name the picture, each place is an error; a picture only lying in
                // Content/images/ gets a warning.
                let named = usesByPath[path]!.filter { !$0.unnamed }
                if let use = named.first, use.remote {
                    // Shown from its host, as without fetching: a host that is down never fails a build.
                    outcome.diagnostics.append(.warning(at: use.location, problem.message(for: path) + "; it is shown from its host"))
                    continue
                }
                if named.isEmpty {
                    outcome.diagnostics.append(.warning(at: usesByPath[path]![0].location,
                        problem.message(for: path) + "; it is not published", hint: problem.hint))
                }
                for use in named {
                    outcome.diagnostics.append(.error(at: use.location, problem.message(for: path), hint: problem.hint))
                }
            }
        }
        return outcome
    }

    /// The settings without AVIF where this libvips cannot write it (with a warning saying so).
    private static func writable(_ asked: PictureSettings, diagnostics: inout [Diagnostic]) -> PictureSettings {
        var usable = asked
        if usable.formats.contains(.avif), PictureProcessor.isAvailable, !PictureProcessor.canWrite(.avif) {
            usable.formats.removeAll { $0 == .avif }
            diagnostics.append(.warning(at: usable.formatsLocation ?? SourceLocation(path: "site.yml"),
                "this libvips cannot write AVIF (libheif without an AV1 encoder); pictures are published in \(usable.formats.map(\.rawValue).joined(separator: " and ")) only"))
        }
        return usable
    }

    /// What of the settings changes a processed picture (and so names its cache entries).
    private static func digest(of settings: PictureSettings) -> ContentDigest {
        var writer = BinaryWriter()
        writer.write(version)
        writer.write(settings.widths)
        writer.write(settings.formats.map(\.rawValue))
        writer.write(settings.quality)
        writer.write(settings.keepMetadata)
        return ContentDigest(writer.bytes)
    }

    /// Names a cache entry: the processing, the settings, the source's bytes, whether a preview is
    /// made, and the stem (part of published names).
    private static func key(settings: ContentDigest, source: ContentDigest, preview: Bool, stem: String) -> String {
        var writer = BinaryWriter()
        writer.write(settings)
        writer.write(source)
        writer.write(preview)
        writer.write(stem)
        return Fingerprint.hex(writer.bytes, length: 16)
    }

    /// The file name without its extension, as a slug: `Grand Café.JPG` → `grand-cafe`.
    static func stem(of path: String) -> String {
        let name = (URL(string: path)?.path ?? path as String).split(separator: "/").last.map(String.init) ?? path
        let base = (name as NSString).deletingPathExtension
        let slug = Slug.make(base)
        return slug.isEmpty ? "picture" : String(slug.prefix(60))
    }
}
