import FoodPinBase
import FoodPinModel
/// What a picture is by its first bytes, whatever its name says or a server calls it.
enum PictureBytes {
    enum Kind: Equatable {
        case jpeg, png, gif, webp, avif
        /// HEIC and other HEIF pictures (an iPhone's own format): the same container as AVIF,
        /// which browsers other than Safari cannot show.
        case heif
        case other
    }

    /// The kinds FoodPin publishes.
    static let accepted: [Kind] = [.jpeg, .png, .gif, .webp, .avif]

    static func kind(of bytes: [UInt8]) -> Kind {
        guard bytes.count >= 12 else { return .other }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        if bytes.starts(with: Array("GIF8".utf8)) { return .gif }
        if bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return .webp }
        guard Array(bytes[4..<8]) == Array("ftyp".utf8) else { return .other }
        // An ISO file-type box: its major brand, a version, then its compatible brands.
        let boxEnd = min(bytes.count, Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3]))
        var brands = [Array(bytes[8..<12])]
        var offset = 16
        while offset + 4 <= boxEnd {
            brands.append(Array(bytes[offset..<offset + 4]))
            offset += 4
        }
        // The major brand says what the file is; a general one (mif1, msf1) leaves it to the others.
        let avif = [Array("avif".utf8), Array("avis".utf8)]
        if avif.contains(brands[0]) { return .avif }
        let general = [Array("mif1".utf8), Array("msf1".utf8)]
        return general.contains(brands[0]) && brands.contains(where: avif.contains) ? .avif : .heif
    }
    /// The bytes a picture needs held at once when it cannot be decoded a strip at a time, read
    /// from its header; nil when it can. An interlaced PNG is decoded whole (every sample); a
    /// progressive JPEG keeps every component's coefficients (two bytes each) whatever size it is
    /// shrunk to. A 9,999 × 9,999 interlaced 16-bit RGBA PNG of 813 kB took 1.05 GB.
    static func wholeDecodeBytes(of bytes: UnsafeRawBufferPointer) -> Int? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), bytes.count >= 29, bytes[28] == 1 {
            let width = bigEndian(bytes, at: 16, count: 4), height = bigEndian(bytes, at: 20, count: 4)
            let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(bytes[25])] ?? 4
            return width * height * channels * max(1, Int(bytes[24]) / 8)
        }
        guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
        // The segments before the first frame header; SOF2 is a progressive frame.
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1], length = bigEndian(bytes, at: offset + 2, count: 2)
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                guard marker == 0xC2 || marker == 0xC6 || marker == 0xCA || marker == 0xCE, offset + 10 <= bytes.count else { return nil }
                let height = bigEndian(bytes, at: offset + 5, count: 2), width = bigEndian(bytes, at: offset + 7, count: 2)
                let components = Int(bytes[offset + 9])
                guard offset + 10 + components * 3 <= bytes.count else { return nil }
                let sampling = (0..<components).map { (h: Int(bytes[offset + 11 + $0 * 3]) >> 4, v: Int(bytes[offset + 11 + $0 * 3]) & 15) }
                let (most, tallest) = (max(1, sampling.map(\.h).max() ?? 1), max(1, sampling.map(\.v).max() ?? 1))
                return sampling.reduce(0) { $0 + (width * $1.h + most - 1) / most * ((height * $1.v + tallest - 1) / tallest) * 2 }
            }
            offset += 2 + length
        }
        return nil
    }

    private static func bigEndian(_ bytes: UnsafeRawBufferPointer, at offset: Int, count: Int) -> Int {
        (offset..<offset + count).reduce(0) { $0 << 8 | Int(bytes[$1]) }
    }
}
