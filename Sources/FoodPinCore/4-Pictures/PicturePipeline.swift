import Foundation
import FoodPinBase
import FoodPinModel

/// A raster picture content uses, and where it is named (errors about it point there).
struct PictureUse: Sendable {
    /// The path under Content/, or the URL of a remote picture (then `remote` is true), and its filter.
    var picture: ImageReference
    var relativePath: String { picture.place.text }
    var location: SourceLocation
    /// Whether a link-preview JPEG is wanted (a restaurant's main picture).
    var preview: Bool
    /// A picture no page names (only found in Content/images/): a problem with it is a warning.
    var unnamed = false
    /// A remote picture, fetched with `--fetch-images`: one that cannot be fetched is a warning.
    var remote = false
}

/// The processed pictures of a build, by picture (path or URL, and filter).
public struct PictureCatalog: Sendable {
    public var pictures: [ImageReference: ProcessedPicture] = [:]

    public init() {}

    public subscript(_ image: ImageReference?) -> ProcessedPicture? {
        image.flatMap { pictures[$0] }
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
    private static let version = "foodpin-pictures 4"

    /// Every raster picture to process: those pages name, and every file of Content/images/ as it
    /// is (for Markdown, which names no filter) unless a page already shows it unfiltered.
    /// `warnings` gets each filter that cannot apply (on a remote picture not fetched, which is
    /// shown from its host as it is).
    static func uses(of site: Site, imageFiles: [String], layout: GuideLayout, fetchRemote: Bool,
                     warnings: inout [Diagnostic]) -> [PictureUse] {
        var uses: [PictureUse] = []
        func add(_ image: ImageReference?, at location: SourceLocation?, preview: Bool) {
            guard let image else { return }
            switch image.place {
            case .file(let path) where ImageReference.isRaster(path):
                uses.append(PictureUse(picture: image, location: location ?? SourceLocation(path: displayPath(path, layout)),
                                       preview: preview))
            case .web(let url) where fetchRemote:
                uses.append(PictureUse(picture: image, location: location ?? SourceLocation(path: url), preview: preview,
                                       remote: true))
            case .web(let url) where image.filter != nil:
                warnings.append(.warning(at: location ?? SourceLocation(path: url),
                    "`filter: \(image.filter!.rawValue)` applies only to pictures FoodPin processes; \"\(url)\" is shown from its host as it is",
                    hint: "set `fetch_images: true` in site.yml to download it and apply the filter"))
            default: break
            }
        }
        for restaurant in site.restaurants {
            add(restaurant.image, at: restaurant.imageLocation, preview: true)
            for photo in restaurant.photos { add(photo.image, at: photo.location, preview: false) }
        }
        for step in site.steps { add(step.image, at: step.imageLocation, preview: false) }
        let shownUnfiltered = Set(uses.lazy.filter { $0.picture.filter == nil }.map(\.relativePath))
        for path in imageFiles where ImageReference.isRaster(path) && !shownUnfiltered.contains(path) {
            uses.append(PictureUse(picture: .file(relativePath: path), location: SourceLocation(path: displayPath(path, layout)),
                                   preview: false, unnamed: true))
        }
        return uses
    }

    private static func displayPath(_ path: String, _ layout: GuideLayout) -> String {
        GuideLayout.displayPath(layout.content.appending(path: path))
    }

    static func run(_ uses: [PictureUse], layout: GuideLayout, settings asked: PictureSettings, cache: PictureCache,
                    remote: RemotePictures) -> Outcome {
        // One job per picture and filter, whatever the number of places naming it.
        var grouped: [ImageReference: [PictureUse]] = [:]
        for use in uses { grouped[use.picture, default: []].append(use) }
        let usesByPicture = grouped
        let pictures = usesByPicture.keys.sorted()
        var outcome = Outcome()
        let settings = writable(asked, diagnostics: &outcome.diagnostics)
        let settingsDigest = digest(of: settings)

        /// Where a picture's bytes are: under Content/, or the fetched copy of a remote one.
        @Sendable func file(of path: String, remote isRemote: Bool) -> String {
            isRemote ? remote.path(for: path) : layout.content.appending(path: path).path
        }
        // Remote pictures are fetched first, a few side by side, while the cores wait.
        let fetched = remote.fetchAll(pictures.filter { usesByPicture[$0]![0].remote }.map(\.place.text))
        let results = ParallelMap.map(pictures) { picture -> (Result<ProcessedPicture, PictureProblem>, fresh: Bool) in
            let path = picture.place.text
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
            let preview = usesByPicture[picture]!.contains(where: \.preview)
            let stem = Self.stem(of: path)
            let key = Self.key(settings: settingsDigest, source: digest, preview: preview, stem: stem, filter: picture.filter)
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
                PictureProcessor.process(absolute, data: data, into: folder, key: key, stem: stem, settings: settings,
                                         preview: preview, filter: picture.filter)
            }, true)
        }

        for (picture, (result, fresh)) in zip(pictures, results) {
            let path = picture.place.text, usesOfPicture = usesByPicture[picture]!
            outcome.sourceFiles.insert(file(of: path, remote: usesOfPicture[0].remote))
            switch result {
            case .success(let processed):
                outcome.catalog.pictures[picture] = processed
                outcome.keys.insert(processed.key)
                if fresh { outcome.processed += 1 } else { outcome.reused += 1 }
            case .failure(let problem):
                outcome.diagnostics += diagnostics(problem, path: path, uses: usesOfPicture)
            }
        }
        return outcome
    }

    /// Where pages name a picture that failed, each place is an error; a picture only lying in
    /// Content/images/ gets a warning, and a remote one is shown from its host, as without fetching
    /// (a host that is down never fails a build).
    private static func diagnostics(_ problem: PictureProblem, path: String, uses: [PictureUse]) -> [Diagnostic] {
        let named = uses.filter { !$0.unnamed }
        if let use = named.first, use.remote {
            return [.warning(at: use.location, problem.message(for: path) + "; it is shown from its host")]
        }
        if named.isEmpty {
            return [.warning(at: uses[0].location, problem.message(for: path) + "; it is not published", hint: problem.hint)]
        }
        return named.map { .error(at: $0.location, problem.message(for: path), hint: problem.hint) }
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
    /// made, the stem (part of published names) and the filter.
    private static func key(settings: ContentDigest, source: ContentDigest, preview: Bool, stem: String,
                            filter: PhotoFilter?) -> String {
        var writer = BinaryWriter()
        writer.write(settings)
        writer.write(source)
        writer.write(preview)
        writer.write(stem)
        // Written only when set, so the pictures processed before filters existed keep their entries.
        if let filter { writer.write(filter) }
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
