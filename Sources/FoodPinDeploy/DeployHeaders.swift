import FoodPinBase
import FoodPinPublish
/// How each file of a site is sent: its headers, from its name's media type and its delivery as
/// the build recorded it (`FolderRecord.deliveries`), which also says the wave it goes in.
struct DeployHeaders: Hashable, Sendable {
    var contentType: String
    var cacheControl: String
    /// `gzip` when the bytes are sent compressed.
    var contentEncoding: String?
    var delivery: Delivery

    init(contentType: String, cacheControl: String, contentEncoding: String?, delivery: Delivery) {
        self.contentType = contentType
        self.cacheControl = cacheControl
        self.contentEncoding = contentEncoding
        self.delivery = delivery
    }

    /// `gzip`: text goes compressed (`Content-Encoding: gzip`).
    init(_ file: BuiltSite.File, gzip: Bool) {
        contentType = MediaType.of(path: file.path)
        cacheControl = file.delivery.cacheControl
        contentEncoding = gzip && MediaType.isText(contentType) ? "gzip" : nil
        delivery = file.delivery
    }

    /// Whether a file sent with `other` is stored as with these: the same HTTP headers (a file
    /// moved to another wave is not sent again).
    func sendsLike(_ other: DeployHeaders) -> Bool {
        contentType == other.contentType && cacheControl == other.cacheControl && contentEncoding == other.contentEncoding
    }

    /// The headers as the deploy manifest writes them: `type|cache|encoding|delivery`.
    var summary: String { [contentType, cacheControl, contentEncoding ?? "", String(delivery.rawValue)].joined(separator: "|") }

    init?(summary: some Collection<UInt8>) {
        let parts = summary.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard parts.count == 4, let raw = UInt8(parts[3]), let delivery = Delivery(rawValue: raw) else { return nil }
        self.init(contentType: parts[0], cacheControl: parts[1], contentEncoding: parts[2].isEmpty ? nil : parts[2], delivery: delivery)
    }
}
