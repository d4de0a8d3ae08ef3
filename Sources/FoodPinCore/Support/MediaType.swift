/// A file's media type by its extension, as a server sends it in `Content-Type` (text in UTF-8,
/// said so): the preview server and deploys both ask here.
public enum MediaType {
    public static func of(path: String) -> String {
        let name = path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...]
        let dot = name.lastIndex(of: ".")
        let suffix = dot.map { name[name.index(after: $0)...].lowercased() } ?? ""
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
