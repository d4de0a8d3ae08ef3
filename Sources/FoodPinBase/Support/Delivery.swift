/// How a file of the site reaches visitors: how long browsers and hosts may keep it, and in which
/// wave a deploy sends it, so that no visitor gets a page whose files are not there yet. The
/// file's owner says it when the file is planned; the build's record keeps it for the deploy.
public enum Delivery: UInt8, CaseIterable, Sendable, Hashable {
    // A file goes in a wave after every file it names that may not be there yet: whatever a
    // visitor reaches from a file already live then finds what it names.
    /// Named by its content (`assets/site.3f9a1c2e.css`, `pictures/<hash>/…`): kept a year, sent first.
    case fingerprinted
    /// A file under a fixed name that names no other (a common term's postings): sent first.
    case part
    /// A page, or a file that names parts and fingerprinted files (a search shard's cards, a term
    /// shard's common terms, the web app manifest's icon): sent after the parts.
    case page
    /// A door that names pages (the home page, the sitemaps, the feeds, `search.json`, the
    /// service worker's shell, `robots.txt`): sent last, once everything it leads to is there.
    case entrance

    /// How a file no owner described goes (one added to the output folder by hand, or a site
    /// without the build's record): briefly cached, with the pages.
    public static let unrecorded = Delivery.page

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
