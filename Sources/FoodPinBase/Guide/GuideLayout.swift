import Foundation

/// Where things live in a guide folder, and how paths from content are kept inside it.
public struct GuideLayout: Sendable {
    public let root: URL

    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    public var content: URL { root.appending(path: "Content", directoryHint: .isDirectory) }
    public var siteFile: URL { content.appending(path: "site.yml") }
    public var restaurants: URL { content.appending(path: "restaurants", directoryHint: .isDirectory) }
    public var reviews: URL { content.appending(path: "reviews", directoryHint: .isDirectory) }
    public var onboarding: URL { content.appending(path: "onboarding", directoryHint: .isDirectory) }
    public var cities: URL { content.appending(path: "cities", directoryHint: .isDirectory) }
    public var images: URL { content.appending(path: "images", directoryHint: .isDirectory) }
    public var store: URL { content.appending(path: "guide.sqlite") }
    public var templates: URL { root.appending(path: "Templates", directoryHint: .isDirectory) }
    public var defaultOutput: URL { root.appending(path: "Output", directoryHint: .isDirectory) }
    /// What builds keep for the next one: the build state and processed pictures.
    public var cache: URL { root.appending(path: ".foodpin-cache", directoryHint: .isDirectory) }
    public var pictureCache: URL { cache.appending(path: "pictures", directoryHint: .isDirectory) }
    public var remotePictureCache: URL { cache.appending(path: "remote", directoryHint: .isDirectory) }

    /// How a file is named in messages: relative to the current folder when inside it.
    public static func displayPath(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        if path.hasPrefix(current + "/") { return String(path.dropFirst(current.count + 1)) }
        return path
    }

    /// Path of a file relative to Content/, as stored in provenance and used in URLs.
    public func contentRelativePath(_ url: URL) -> String? {
        let path = url.standardizedFileURL.path
        let base = content.path
        guard path.hasPrefix(base + "/") else { return nil }
        return String(path.dropFirst(base.count + 1))
    }

    public enum ContentPathProblem: Error, Equatable {
        case empty, escapes, missing, notAFile
    }

    /// Resolves a path written in content (relative to Content/, or starting with `/` for the same)
    /// and proves that, symlinks followed, it stays inside Content/.
    public func resolveContentPath(_ written: String) -> Result<(url: URL, relative: String), ContentPathProblem> {
        var relative = written.trimmingCharacters(in: .whitespaces)
        while relative.hasPrefix("/") { relative.removeFirst() }
        if relative.hasPrefix("Content/") { relative.removeFirst("Content/".count) }
        guard !relative.isEmpty else { return .failure(.empty) }
        var parts: [Substring] = []
        for part in relative.split(separator: "/") {
            if part == "." || part.isEmpty { continue }
            if part == ".." {
                guard !parts.isEmpty else { return .failure(.escapes) }
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        guard !parts.isEmpty else { return .failure(.empty) }
        let normalized = parts.joined(separator: "/")
        let url = content.appending(path: normalized)
        let resolved = url.resolvingSymlinksInPath().standardizedFileURL.path
        let contentResolved = content.resolvingSymlinksInPath().standardizedFileURL.path
        guard resolved.hasPrefix(contentResolved + "/") else { return .failure(.escapes) }
        var info = stat()
        guard stat(resolved, &info) == 0 else { return .failure(.missing) }
        // Not a folder, and not a named pipe or device either: reading one could block for ever.
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notAFile) }
        return .success((url, normalized))
    }
}

/// How files are named in messages, for many paths at once: relative to the current folder
/// when inside it (the folder is looked up once).
package struct DisplayPaths: Sendable {
    private let prefix = FileManager.default.currentDirectoryPath + "/"

    package init() {}

    package func name(of path: String) -> String { path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path }
}
