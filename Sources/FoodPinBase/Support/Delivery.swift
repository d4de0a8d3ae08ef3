/// How a file of the site reaches visitors: how long browsers and hosts may keep it, and in which
/// wave a deploy sends it, so that no visitor gets a page whose files are not there yet. The
/// file's owner says it when the file is planned; the build's record keeps it for the deploy.
public enum Delivery: UInt8, CaseIterable, Sendable, Hashable {
    /// Named by its content (`assets/site.3f9a1c2e.css`, `pictures/<hash>/…`): kept a year, sent first.
    case fingerprinted
    /// A file under a fixed name that names no other (a common term's postings, the web app
    /// manifest): sent first.
    case part
    /// A page, or a file that names pages or parts (a search shard's cards, a term shard's
    /// common terms): sent after the parts.
    case page
    /// A door into the site (the home page, the sitemaps, `search.json`, the feeds): sent last,
    /// once everything it leads to is there.
    case entrance

    /// The order files go up in; removals go in the reverse order.
    public enum Wave: Int, CaseIterable, Sendable {
        case parts, pages, entrances
    }

    public var wave: Wave {
        switch self {
        case .fingerprinted, .part: .parts
        case .page: .pages
        case .entrance: .entrances
        }
    }

    /// Never changed under its name (a new content, a new name): a year, immutable.
    public static let forever = "public, max-age=31536000, immutable"
    /// Every other file keeps its name: five minutes, then asked again.
    public static let brief = "public, max-age=300"

    public var cacheControl: String { self == .fingerprinted ? Self.forever : Self.brief }
}

extension Delivery: BinaryCodable {
    package func encode(to writer: inout BinaryWriter) { writer.write(Int(rawValue)) }

    package static func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Self {
        let raw = try reader.readInt()
        guard let value = UInt8(exactly: raw).flatMap(Delivery.init(rawValue:)) else { throw BinaryReader.Malformed() }
        return value
    }
}
