import Foundation
import FoodPinBase
import FoodPinModel

/// A raster picture after processing: what pages need to show it, and where its files are.
/// Its files live in the picture cache under `key` and are published under `pictures/<key>/`.
public struct ProcessedPicture: Sendable, Hashable {
    /// The digest of the source's bytes and the settings: a different picture or setting, a different key.
    public var key: String
    /// The source's file name, cleaned, so published names say what they show.
    public var stem: String
    /// The largest published size (upright): what `width` and `height` attributes say.
    public var width: Int
    public var height: Int
    public var widths: [Int]
    public var formats: [PictureFormat]
    /// The picture's average colour, `#rrggbb`: shown while it loads.
    public var color: String
    /// Whether a 1200 × 630 JPEG for link previews was made.
    public var hasPreview: Bool
    /// Each file's size in bytes, in `files` order: a cache entry cut short by a crash is not reused.
    public var sizes: [Int]
    /// The source's own pixel count: a cached picture over a limit lowered since is refused too.
    public var sourcePixels: Int

    static let previewFile = "preview.jpg"
    /// Where processed pictures are published, each in a folder named by its content (`key`).
    static let publishedFolder = "pictures"
    static func fileName(width: Int, format: PictureFormat) -> String { "\(width).\(format.fileExtension)" }

    /// The files in the cache folder, named `<width>.<ext>` and `preview.jpg`.
    public var files: [String] {
        var names = widths.flatMap { width in formats.map { Self.fileName(width: width, format: $0) } }
        if hasPreview { names.append(Self.previewFile) }
        return names
    }

    /// Where a cache file is published, relative to the site root: `pictures/<key>/<stem>-<width>w.<ext>`.
    public func publishedPath(of file: String) -> String {
        let name = file == Self.previewFile ? "\(stem)-preview.jpg" : "\(stem)-\(file.replacingOccurrences(of: ".", with: "w."))"
        return "\(Self.publishedFolder)/\(key)/\(name)"
    }

    public func publishedPath(width: Int, format: PictureFormat) -> String {
        publishedPath(of: Self.fileName(width: width, format: format))
    }

    /// The size of the file a phone keeps at about `width`: WebP where made, the widest not over
    /// `width` (else the narrowest), as the service worker chooses.
    func bytes(nearWidth width: Int) -> Int {
        let chosen = widths.last(where: { $0 <= width }) ?? widths[0]
        let format: PictureFormat = formats.contains(.webp) ? .webp : .jpeg
        return files.firstIndex(of: Self.fileName(width: chosen, format: format)).map { sizes[$0] } ?? 0
    }

    /// The largest JPEG: what a plain link, a Markdown link and `src` show.
    public var largestJPEG: String { publishedPath(width: widths.last!, format: .jpeg) }

    public var previewPath: String? { hasPreview ? publishedPath(of: Self.previewFile) : nil }

    public func height(atWidth published: Int) -> Int {
        max(1, Int((Double(height) * Double(published) / Double(width)).rounded()))
    }
}

extension PictureFormat: RawBinaryCodable {}

extension ProcessedPicture: PlainBinaryCodable {
    package static var blank: ProcessedPicture { ProcessedPicture(key: "", stem: "", width: 0, height: 0, widths: [], formats: [], color: "", hasPreview: false, sizes: [], sourcePixels: 0) }
    package mutating func binaryFields(_ fields: inout some BinaryFieldVisitor) throws(BinaryReader.Malformed) {
        try fields.field(&key)
        try fields.field(&stem)
        try fields.field(&width)
        try fields.field(&height)
        try fields.field(&widths)
        try fields.field(&formats)
        try fields.field(&color)
        try fields.field(&hasPreview)
        try fields.field(&sizes)
        try fields.field(&sourcePixels)
    }
}
