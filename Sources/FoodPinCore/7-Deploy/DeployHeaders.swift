import FoodPinBase
/// How each file of a site is sent: its headers, and the wave it goes in, so that a visitor never
/// gets a page whose assets are not there yet.
struct DeployHeaders: Hashable, Sendable {
    var contentType: String
    var cacheControl: String
    /// `gzip` when the bytes are sent compressed.
    var contentEncoding: String?

    /// Assets and pictures never change under their names (a new content, a new name): a year, immutable.
    static let forever = "public, max-age=31536000, immutable"
    /// Pages, the search index and every other file keep their names: five minutes, then asked again.
    static let brief = "public, max-age=300"

    init(contentType: String, cacheControl: String, contentEncoding: String?) {
        self.contentType = contentType
        self.cacheControl = cacheControl
        self.contentEncoding = contentEncoding
    }

    /// `gzip`: text goes compressed (`Content-Encoding: gzip`).
    init(path: String, gzip: Bool) {
        contentType = MediaType.of(path: path)
        cacheControl = Self.isFingerprinted(path) ? Self.forever : Self.brief
        contentEncoding = gzip && MediaType.isText(contentType) ? "gzip" : nil
    }

    /// Theme assets carry a hash of their bytes (`assets/site.3f9a1c2e.css`); processed pictures
    /// sit in a folder named by theirs (`pictures/<16 hex digits>/…`).
    static func isFingerprinted(_ path: String) -> Bool {
        // A quick no for the pages, nine files in ten.
        guard path.hasPrefix("assets/") || path.hasPrefix(ProcessedPicture.publishedFolder + "/") else { return false }
        let parts = path.split(separator: "/")
        if parts.count == 3, parts[0] == ProcessedPicture.publishedFolder { return isHex(parts[1], atLeast: 16) }
        guard parts.count >= 2, parts[0] == "assets" else { return false }
        let pieces = parts.last!.split(separator: ".")
        return pieces.count >= 3 && pieces.dropFirst().dropLast().contains { isHex($0, atLeast: 8) }
    }

    private static func isHex(_ text: Substring, atLeast count: Int) -> Bool {
        text.count >= count && text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    /// The order files go up in: what pages refer to, then pages, then the doors into the site.
    enum Wave: Int, CaseIterable, Sendable {
        /// Assets, pictures, common words' parts (before the term shards that list them), every file that links to no page.
        case parts
        /// Pages, and the search shards whose cards link to them.
        case pages
        /// The home page, the sitemaps, `search.json` and the term shards' list: once they change,
        /// every new page and shard is reachable.
        case entrances
    }

    static func wave(of path: String) -> Wave {
        if path == "index.html" || path == "search.json" || path == TermIndex.manifestPath || (path.hasPrefix("sitemap") && path.hasSuffix(".xml") && !path.contains("/")) {
            return .entrances
        }
        if path.hasPrefix(TermIndex.partFolder + "/") { return .parts }
        return path.hasSuffix(".html") || path.hasPrefix(SearchIndex.shardFolder + "/") ? .pages : .parts
    }

    /// The headers as the deploy manifest writes them: `type|cache|encoding`.
    var summary: String { [contentType, cacheControl, contentEncoding ?? ""].joined(separator: "|") }

    init?(summary: some Collection<UInt8>) {
        let parts = summary.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard parts.count == 3 else { return nil }
        self.init(contentType: parts[0], cacheControl: parts[1], contentEncoding: parts[2].isEmpty ? nil : parts[2])
    }
}
