import FoodPinCore
import Foundation
import FoodPinBase

/// Maps a request path to a file inside the output folder, and never to anything outside it:
/// `..` (plain or percent-encoded) is refused, and symlinks must resolve inside the folder.
struct StaticFiles: Sendable {
    let folder: URL
    private let realFolder: String

    init(folder: URL) {
        self.folder = folder.standardizedFileURL
        realFolder = self.folder.resolvingSymlinksInPath().path
    }

    enum Lookup: Equatable {
        case file(URL)
        /// A folder asked for without its final slash: relative links need it.
        case redirect(String)
        case notFound
        case forbidden
    }

    func lookup(_ rawPath: String) -> Lookup {
        let pathOnly = rawPath.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? "/"
        guard let decoded = pathOnly.removingPercentEncoding, !decoded.contains("\0"), !decoded.contains("\\") else {
            return .forbidden
        }
        var parts: [Substring] = []
        for part in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            if part == ".." { return .forbidden }
            if part == "." { continue }
            parts.append(part)
        }
        let relative = parts.joined(separator: "/")
        var url = relative.isEmpty ? folder : folder.appending(path: relative)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return .notFound }
        if isDirectory.boolValue {
            // Rebuilt from the parts: `//cities` must not send the browser to a host named "cities".
            if !decoded.hasSuffix("/") && !relative.isEmpty {
                return .redirect("/" + (relative.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? relative) + "/")
            }
            url = url.appending(path: "index.html")
            guard FileManager.default.fileExists(atPath: url.path) else { return .notFound }
        }
        let real = url.resolvingSymlinksInPath().path
        guard real.hasPrefix(realFolder + "/") else { return .forbidden }
        return .file(url)
    }

    /// A file's type by its path inside the site (a feed is known by its folder there, not by the
    /// folder the site is served from).
    func contentType(for url: URL) -> String {
        let path = url.standardizedFileURL.path
        return MediaType.of(path: path.hasPrefix(folder.path + "/") ? String(path.dropFirst(folder.path.count + 1)) : path)
    }
}
