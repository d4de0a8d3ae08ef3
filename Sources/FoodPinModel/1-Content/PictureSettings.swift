import Foundation
import FoodPinBase

/// The published forms of a raster picture. JPEG is always made: it is what every browser shows.
public enum PictureFormat: String, Sendable, CaseIterable, Comparable {
    case avif, webp, jpeg

    package var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
    package var mimeType: String { "image/\(rawValue)" }

    public static func < (a: PictureFormat, b: PictureFormat) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// How raster pictures are processed: from site.yml, every field optional.
public struct PictureSettings: Sendable, Equatable {
    /// The widths published, never above a picture's own.
    public var widths = [320, 640, 960, 1280, 1920]
    /// In the order a `<picture>` offers them: the smallest files first, JPEG last.
    public var formats: [PictureFormat] = [.webp, .jpeg]
    /// Where `picture_formats` is written, for a warning when this machine cannot write one of them.
    public var formatsLocation: SourceLocation?
    public var quality = 75
    /// Whether EXIF, XMP and ICC data (GPS positions included) are kept; stripped by default.
    public var keepMetadata = false
    /// A picture with more pixels is refused from its header, before anything is decoded.
    public var maxPixels = 100_000_000
    /// Whether remote pictures are downloaded (once) and processed like local ones; `--fetch-images` too.
    public var fetchRemote = false
    /// Whether a remote picture may be fetched from this machine or a private network (a local
    /// setup); refused by default, as city files come from anyone.
    public var fetchPrivateAddresses = false

    public static let widthRange = 16...8192
    /// The longest side may be this many times the shortest, at most (docs/limits.md).
    public static let maxAspect = 10
    /// What a picture that cannot be decoded a strip at a time may hold at once (docs/pictures.md):
    /// two on two cores stay under 600 MB.
    public static let maxWholeDecode = 256 << 20
    /// Link previews (`og:image`) are this size, the one social networks show best.
    package static let previewSize = (width: 1200, height: 630)

    /// Reads the `picture_*` fields of site.yml.
    package mutating func read(_ fields: inout FieldReader) {
        if let list = fields.stringList("picture_widths") {
            var widths: [Int] = []
            for text in list {
                guard let width = Int(text), Self.widthRange.contains(width) else {
                    fields.error("picture_widths", "each of `picture_widths` must be a whole number of pixels from \(Self.widthRange.lowerBound) to \(Self.widthRange.upperBound); found \"\(text)\"")
                    continue
                }
                widths.append(width)
            }
            if !widths.isEmpty { self.widths = Array(Set(widths)).sorted() }
        }
        if let list = fields.stringList("picture_formats") {
            formatsLocation = fields.location("picture_formats")
            var formats: Set<PictureFormat> = [.jpeg]
            for text in list {
                guard let format = PictureFormat(rawValue: text.lowercased() == "jpg" ? "jpeg" : text.lowercased()) else {
                    fields.error("picture_formats", "`picture_formats` takes avif, webp and jpeg; found \"\(text)\"")
                    continue
                }
                formats.insert(format)
            }
            self.formats = formats.sorted()
        }
        if let quality = fields.int("picture_quality", in: 1...100) { self.quality = quality }
        if let keep = fields.bool("keep_metadata") { keepMetadata = keep }
        if let limit = fields.int("picture_max_pixels", in: 1...1_000_000_000) { maxPixels = limit }
        if let fetch = fields.bool("fetch_images") { fetchRemote = fetch }
        if let allow = fields.bool("fetch_private_addresses") { fetchPrivateAddresses = allow }
    }

    /// WebP's largest side.
    package static let webpMaxSide = 16_383

    /// The widths to make for a picture of this size: every setting below its width, and its own
    /// width (or the largest setting) unless that is within a tenth of the one before. A tall
    /// picture is published no taller than twice the largest setting (3,840 pixels by default), so
    /// its work is bounded by that: a 2,000 × 20,000 PNG took 15 s and 338 MB published 1,638 wide.
    package func widths(for width: Int, height: Int) -> [Int] {
        let tallest = min(Self.webpMaxSide, 2 * (widths.last ?? width))
        let fits = max(1, min(width, tallest * width / height))
        var result = widths.filter { $0 < fits }
        let largest = min(fits, widths.last ?? fits)
        if let last = result.last, Double(largest) < Double(last) * 1.1 {
            if last != largest { result[result.count - 1] = largest }
        } else {
            result.append(largest)
        }
        return Array(Set(result)).sorted()
    }
}
