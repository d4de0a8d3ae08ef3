import Foundation
import FoodPinBase
import FoodPinModel

/// libvips 8.14 writes an EXIF chunk (orientation, resolution) into every WebP it saves, even when
/// told to strip; FoodPin removes the metadata chunks itself, so no published WebP carries EXIF,
/// XMP or an ICC profile unless `keep_metadata` asks for them.
enum WebPMetadata {
    private static let dropped: Set<String> = ["EXIF", "XMP ", "ICCP"]
    /// The VP8X flags that announce those chunks: ICC 0x20, EXIF 0x08, XMP 0x04.
    private static let droppedFlags: UInt8 = 0x20 | 0x08 | 0x04

    /// Rewrites the WebP at `path` without its metadata chunks; false if it is not a WebP FoodPin can read.
    static func strip(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path), let stripped = stripped(Array(data)) else { return false }
        if stripped.count == data.count { return true }
        return FileManager.default.createFile(atPath: path, contents: Data(stripped))
    }

    /// The same WebP without EXIF, XMP and ICC chunks, or nil if the bytes are not a RIFF WebP.
    static func stripped(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) else { return nil }
        var chunks: [UInt8] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let name = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            let end = offset + 8 + size + (size & 1)
            guard end <= bytes.count else { return nil }
            if !dropped.contains(name) {
                var chunk = Array(bytes[offset..<end])
                if name == "VP8X", chunk.count > 8 { chunk[8] &= ~droppedFlags }
                chunks += chunk
            }
            offset = end
        }
        let size = UInt32(4 + chunks.count)
        return Array("RIFF".utf8) + withUnsafeBytes(of: size.littleEndian, Array.init) + Array("WEBP".utf8) + chunks
    }
}
