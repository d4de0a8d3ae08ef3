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
}
