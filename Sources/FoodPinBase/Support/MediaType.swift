/// A file's media type by its extension, as a server sends it in `Content-Type` (text in UTF-8,
/// said so): the preview server and deploys both ask here.
public enum MediaType {
    /// The site's feeds live in folders of this name (`feeds/`, `cities/<city>/feeds/`): their
    /// `.xml` is Atom and their `.json` JSON Feed, each sent with its own type for feed readers.
    public static let feedFolder = "feeds"

    public static func of(path: String) -> String {
        // Bytes, not characters: a deploy asks this of every file of the site.
        let utf8 = path.utf8
        let nameStart = utf8.lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
        let dot = utf8[nameStart...].lastIndex(of: UInt8(ascii: "."))
        let suffix = dot.map { path[utf8.index(after: $0)...].lowercased() } ?? ""
        let folder = path[..<nameStart]
        if suffix == "xml" || suffix == "json", folder == feedFolder + "/" || folder.hasSuffix("/" + feedFolder + "/") {
            return suffix == "xml" ? "application/atom+xml; charset=utf-8" : "application/feed+json; charset=utf-8"
        }
        return switch suffix {
        case "html", "htm": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "json": "application/json; charset=utf-8"
        case "webmanifest": "application/manifest+json; charset=utf-8"
        case "xml": "application/xml; charset=utf-8"
        case "atom": "application/atom+xml; charset=utf-8"
        case "txt": "text/plain; charset=utf-8"
        case "svg": "image/svg+xml; charset=utf-8"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "avif": "image/avif"
        case "ico": "image/x-icon"
        case "woff2": "font/woff2"
        case "woff": "font/woff"
        case "pdf": "application/pdf"
        default: "application/octet-stream"
        }
    }

    /// Text, which gzip shrinks; pictures and fonts are compressed already.
    public static func isText(_ type: String) -> Bool {
        type.hasSuffix("charset=utf-8")
    }
}
