import CVips
import Foundation
import FoodPinBase
import FoodPinModel

/// Why a picture cannot be published, said of the file the content names.
public enum PictureProblem: Error, Equatable, Sendable {
    case missing
    case unreadable
    case notAPicture
    /// A picture format FoodPin does not publish (a TIFF, a PDF …), by libvips's name for it.
    case unsupported(String)
    case tooLarge(width: Int, height: Int, limit: Int)
    /// One side more than `PictureSettings.maxAspect` times the other.
    case tooThin(width: Int, height: Int)
    /// Interlaced or progressive, it would be held whole: this many bytes, over `maxWholeDecode`.
    case decodedWhole(bytes: Int)
    /// Decoding failed part-way: a truncated or damaged file; libvips's words.
    case damaged(String)
    case cannotWrite(String)
    /// A remote picture that could not be downloaded: the whole message.
    case notFetched(String)

    func message(for written: String) -> String {
        switch self {
        case .notFetched(let message): message
        case .missing: "picture \"\(written)\" does not exist"
        case .unreadable: "picture \"\(written)\" cannot be read (permissions?)"
        case .notAPicture: "\"\(written)\" is not a picture: its bytes are not JPEG, PNG, WebP, GIF or AVIF"
        case .unsupported(let kind): "picture \"\(written)\" is a \(kind) file; use JPEG, PNG, WebP, GIF or AVIF"
        case .tooLarge(let width, let height, let limit):
            "picture \"\(written)\" is \(width) × \(height) pixels, over the limit of \(limit) pixels; it was not decoded"
        case .tooThin(let width, let height):
            "picture \"\(written)\" is \(width) × \(height) pixels: one side is more than \(PictureSettings.maxAspect) times the other, a shape FoodPin does not publish"
        case .decodedWhole(let bytes):
            "picture \"\(written)\" is interlaced (or progressive): decoding it would hold \(String(format: "%.1f", Double(bytes) / 1_048_576)) MB at once, over the limit of \(PictureSettings.maxWholeDecode >> 20) MB"
        case .damaged(let detail): "picture \"\(written)\" is damaged or cut short: \(detail)"
        case .cannotWrite(let detail): "picture \"\(written)\" could not be processed: \(detail)"
        }
    }

    var hint: String? {
        switch self {
        case .tooLarge: "shrink the picture, or raise `picture_max_pixels` in site.yml"
        case .decodedWhole: "save it again not interlaced (PNG) or as baseline (JPEG), which is decoded a strip at a time"
        case .tooThin: "crop it to at most \(PictureSettings.maxAspect):1; cards, pages and link previews show a picture near 4:3 or 1.9:1"
        case .damaged: "export the picture again from the camera or editor"
        default: nil
        }
    }
}

/// Reads, resizes and encodes pictures with libvips: shrink-on-load (a 4000-pixel JPEG is decoded
/// at the size needed), one decode per picture for all its widths, metadata stripped.
enum PictureProcessor {
    /// libvips starts once per process, at the first picture; nil when it did, else why it cannot.
    private static let startProblem: String? = foodpin_vips_start(Int32(ProcessInfo.processInfo.activeProcessorCount))
        .map { String(cString: $0) }

    /// Whether libvips could be opened and started.
    static var isAvailable: Bool { startProblem == nil }

    /// The loaders FoodPin accepts, by libvips's class name prefix: the formats `PictureProblem` names.
    private static let acceptedLoaders = ["VipsForeignLoadJpeg", "VipsForeignLoadPng", "VipsForeignLoadWebp",
                                          "VipsForeignLoadGif", "VipsForeignLoadNsgif", "VipsForeignLoadHeif"]

    /// Whether libvips here can write a format (AVIF needs libheif with an AV1 encoder).
    static func canWrite(_ format: PictureFormat) -> Bool {
        isAvailable && foodpin_can_save(".\(format.fileExtension)") != 0
    }

    /// Whether a picture of this many pixels may be decoded under the limit.
    static func allows(pixels: Int, limit: Int) -> Bool { pixels <= limit }

    /// The picture's upright size from its header, checked against the pixel limit; nothing decoded.
    static func probe(_ bytes: UnsafeRawBufferPointer, maxPixels: Int) -> Result<(width: Int, height: Int), PictureProblem> {
        if let startProblem { return .failure(.cannotWrite(startProblem)) }
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return .failure(.notAPicture) }
        guard let loaderName = foodpin_loader(base, bytes.count) else {
            takeError()
            return .failure(.notAPicture)
        }
        let loader = String(cString: loaderName)
        // libheif reads HEIC as well as AVIF: the bytes tell them apart.
        let isHEIF = loader.hasPrefix("VipsForeignLoadHeif")
            && PictureBytes.kind(of: Array(UnsafeRawBufferPointer(rebasing: bytes.prefix(64)))) != .avif
        guard acceptedLoaders.contains(where: { loader.hasPrefix($0) }), !isHEIF else {
            if isHEIF { return .failure(.unsupported("HEIC")) }
            let kind = loader.replacingOccurrences(of: "VipsForeignLoad", with: "")
                .replacingOccurrences(of: "Buffer", with: "").replacingOccurrences(of: "Source", with: "")
            return .failure(.unsupported(kind.uppercased()))
        }
        guard let header = foodpin_open_header(base, bytes.count) else { return .failure(.damaged(takeError())) }
        defer { foodpin_unref(header) }
        var width = Int(foodpin_width(header)), height = Int(foodpin_height(header))
        if foodpin_orientation_swap(header) != 0 { swap(&width, &height) }
        guard width > 0, height > 0 else { return .failure(.damaged("it has no pixels")) }
        guard allows(pixels: width * height, limit: maxPixels) else { return .failure(.tooLarge(width: width, height: height, limit: maxPixels)) }
        // A link preview fills 1200 × 630 from any shape: a 1000 × 1 strip was enlarged to 630,000 × 630
        // (1.6 GB, 17 s) before its crop. Within this shape, the work is bounded by the published sizes.
        guard max(width, height) <= PictureSettings.maxAspect * min(width, height) else { return .failure(.tooThin(width: width, height: height)) }
        if let whole = PictureBytes.wholeDecodeBytes(of: bytes), whole > PictureSettings.maxWholeDecode { return .failure(.decodedWhole(bytes: whole)) }
        return .success((width, height))
    }

    /// Makes every file of a picture in `folder` (which exists and is empty): checked from its
    /// bytes (`data`), decoded from its file.
    static func process(_ path: String, data: Data, into folder: String, key: String, stem: String,
                        settings: PictureSettings, preview: Bool, filter: PhotoFilter?) -> Result<ProcessedPicture, PictureProblem> {
        let size: (width: Int, height: Int)
        switch data.withUnsafeBytes({ probe($0, maxPixels: settings.maxPixels) }) {
        case .success(let found): size = found
        case .failure(let problem): return .failure(problem)
        }
        let widths = settings.widths(for: size.width, height: size.height)
        let largest = widths.last!
        // One decode, shrunk on load to the largest width; the smaller ones are made from it in memory.
        var loaded: UnsafeMutablePointer<VipsImage>?
        // A JPEG's damaged data is only a warning to libjpeg (grey or shifted blocks): refused too.
        let failOn = PictureBytes.kind(of: [UInt8](data.prefix(64))) == .jpeg ? VIPS_FAIL_ON_WARNING : VIPS_FAIL_ON_TRUNCATED
        guard foodpin_thumbnail(path, &loaded, Int32(largest), failOn) == 0, let loaded else {
            return .failure(.damaged(takeError()))
        }
        defer { foodpin_unref(loaded) }
        guard let srgb = eightBitSRGB(loaded) else { return .failure(.damaged(takeError())) }
        defer { foodpin_unref(srgb) }
        guard let upright = filtered(srgb, by: filter) else { return .failure(.cannotWrite(takeError())) }
        defer { foodpin_unref(upright) }
        // Decoding happens here: a truncated file fails now, before any file is written.
        guard let inMemory = foodpin_copy_memory(upright) else { return .failure(.damaged(takeError())) }
        defer { foodpin_unref(inMemory) }
        var bare: UnsafeMutablePointer<VipsImage>?
        if !settings.keepMetadata {
            guard foodpin_without_metadata(inMemory, &bare) == 0 else { return .failure(.cannotWrite(takeError())) }
        }
        defer { foodpin_unref(bare) }
        let decoded = bare ?? inMemory
        guard let opaque = flattened(decoded) else { return .failure(.cannotWrite(takeError())) }
        defer { foodpin_unref(opaque) }

        let strip: Int32 = settings.keepMetadata ? 0 : 1
        let quality = Int32(settings.quality)
        var picture = ProcessedPicture(
            key: key, stem: stem, width: Int(foodpin_width(decoded)), height: Int(foodpin_height(decoded)),
            widths: widths, formats: settings.formats, color: "#808080", hasPreview: preview, sizes: [],
            sourcePixels: size.width * size.height)
        for width in widths {
            var scaled: UnsafeMutablePointer<VipsImage>?, scaledOpaque: UnsafeMutablePointer<VipsImage>?
            if width == largest {
                scaled = decoded
                scaledOpaque = opaque
                foodpin_ref(decoded)
                foodpin_ref(opaque)
            } else {
                guard foodpin_shrink(decoded, &scaled, Int32(width)) == 0,
                      foodpin_shrink(opaque, &scaledOpaque, Int32(width)) == 0 else {
                    foodpin_unref(scaled)
                    return .failure(.cannotWrite(takeError()))
                }
            }
            defer { foodpin_unref(scaled); foodpin_unref(scaledOpaque) }
            for format in settings.formats {
                let file = folder + "/" + ProcessedPicture.fileName(width: width, format: format)
                let result: Int32 = switch format {
                case .webp: foodpin_save_webp(scaled, file, quality, strip)
                case .jpeg: foodpin_save_jpeg(scaledOpaque, file, quality, strip)
                case .avif: foodpin_save_avif(scaled, file, quality, strip)
                }
                guard result == 0 else { return .failure(.cannotWrite(takeError())) }
                if format == .webp, !settings.keepMetadata, !WebPMetadata.strip(file) {
                    return .failure(.cannotWrite("its WebP could not be stripped of metadata"))
                }
            }
        }
        picture.color = averageColor(opaque) ?? picture.color
        if preview, !savePreview(opaque, into: folder, quality: quality, strip: strip) { return .failure(.cannotWrite(takeError())) }
        picture.sizes = picture.files.map { FileStamp.plainSize(at: folder + "/" + $0) ?? -1 }
        return .success(picture)
    }

    /// The 1200 × 630 link preview, cropped to fill.
    private static func savePreview(_ opaque: UnsafeMutablePointer<VipsImage>, into folder: String, quality: Int32, strip: Int32) -> Bool {
        let (width, height) = PictureSettings.previewSize
        var cover: UnsafeMutablePointer<VipsImage>?
        guard foodpin_cover(opaque, &cover, Int32(width), Int32(height)) == 0, let cover else { return false }
        defer { foodpin_unref(cover) }
        return foodpin_save_jpeg(cover, folder + "/" + ProcessedPicture.previewFile, quality, strip) == 0
    }

    /// 16-bit, CMYK or grey-with-a-profile pictures as 8-bit sRGB (grey stays grey).
    private static func eightBitSRGB(_ image: UnsafeMutablePointer<VipsImage>) -> UnsafeMutablePointer<VipsImage>? {
        let interpretation = foodpin_interpretation(image)
        let keep = interpretation == VIPS_INTERPRETATION_sRGB || interpretation == VIPS_INTERPRETATION_B_W
        var converted: UnsafeMutablePointer<VipsImage>? = image
        foodpin_ref(image)
        if !keep {
            var next: UnsafeMutablePointer<VipsImage>?
            let colour = interpretation == VIPS_INTERPRETATION_GREY16 ? foodpin_colourspace_grey(converted, &next)
                : foodpin_colourspace_srgb(converted, &next)
            foodpin_unref(converted)
            guard colour == 0 else { return nil }
            converted = next
        }
        if foodpin_format(converted) != VIPS_FORMAT_UCHAR {
            var next: UnsafeMutablePointer<VipsImage>?
            let cast = foodpin_cast_uchar(converted, &next)
            foodpin_unref(converted)
            guard cast == 0 else { return nil }
            converted = next
        }
        return converted
    }

    /// The picture through its filter (a new reference to the same picture without one).
    private static func filtered(_ image: UnsafeMutablePointer<VipsImage>, by filter: PhotoFilter?) -> UnsafeMutablePointer<VipsImage>? {
        guard let filter else {
            foodpin_ref(image)
            return image
        }
        var result: UnsafeMutablePointer<VipsImage>?
        guard let change = filter.colourChange else {
            return foodpin_colourspace_grey(image, &result) == 0 ? result : nil
        }
        return foodpin_colour_filter(image, &result, change.mix, change.scale, change.offset) == 0 ? result : nil
    }

    /// The picture on white, for JPEG (which has no transparency); the same image when opaque.
    private static func flattened(_ image: UnsafeMutablePointer<VipsImage>) -> UnsafeMutablePointer<VipsImage>? {
        guard foodpin_has_alpha(image) != 0 else {
            foodpin_ref(image)
            return image
        }
        var flat: UnsafeMutablePointer<VipsImage>?
        guard foodpin_flatten(image, &flat, 255, 255, 255) == 0 else { return nil }
        return flat
    }

    private static func averageColor(_ image: UnsafeMutablePointer<VipsImage>) -> String? {
        var pixel: UnsafeMutablePointer<VipsImage>?
        guard foodpin_resize_exact(image, &pixel, 1, 1) == 0, let pixel else { return nil }
        defer { foodpin_unref(pixel) }
        var values: UnsafeMutablePointer<Double>?
        var count: Int32 = 0
        guard foodpin_getpoint(pixel, &values, &count, 0, 0) == 0, let values, count > 0 else { return nil }
        defer { foodpin_free(values) }
        let channels = (0..<3).map { values[min(Int($0), Int(count) - 1)] }
        return "#" + channels.map { String(format: "%02x", Int(max(0, min(255, $0.rounded())))) }.joined()
    }

    /// libvips's last error, cleared, as one line. libvips keeps one error text for the process, so
    /// with pictures processed side by side the detail is best-effort; the failure itself is not.
    @discardableResult
    private static func takeError() -> String {
        guard let copy = foodpin_error_copy() else { return "libvips gave no reason" }
        let text = String(cString: copy)
        foodpin_free(copy)
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return lines.last ?? "libvips gave no reason"
    }
}
