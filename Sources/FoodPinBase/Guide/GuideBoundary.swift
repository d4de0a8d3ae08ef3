import Foundation

/// The one rule for what a build reads: a regular file whose real path (links resolved) lies inside
/// the guide and outside its hidden folders. A guide built in CI from a contributor's pull request
/// must not publish `/etc/passwd`, or the token in `.git/config`, through a link named `site.css`.
public struct GuideBoundary: Sendable {
    /// The guide's folder, links resolved.
    let realRoot: String

    public init(_ layout: GuideLayout) {
        realRoot = Self.realPath(layout.root.path) ?? layout.root.path
    }

    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Why `path` must not be read, or nil when it may (or does not exist: reading it then fails
    /// with its own message). A link that leads nowhere or loops is refused: a source meant to be
    /// there is not.
    package func refusal(of path: String, shownAs displayPath: String) -> Diagnostic? {
        guard let real = Self.realPath(path) else {
            let looping = errno == ELOOP
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return nil }
            return Self.brokenLink(path, looping: looping, shownAs: displayPath)
        }
        guard real == realRoot || real.hasPrefix(realRoot + "/") else {
            return .error(at: SourceLocation(path: displayPath),
                          "this is a link to `\(real)`, outside the guide: FoodPin reads only files inside the guide's folder",
                          hint: "copy the file into the guide instead of linking to it")
        }
        let inside = real.dropFirst(realRoot.count).split(separator: "/")
        if inside.contains(where: { $0.hasPrefix(".") }) {
            return .error(at: SourceLocation(path: displayPath),
                          "this is a link to `\(inside.joined(separator: "/"))`, a hidden file of the guide (such as .git): FoodPin does not read those",
                          hint: "copy the file into the guide instead of linking to it")
        }
        var info = stat()
        if stat(real, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG, (info.st_mode & S_IFMT) != S_IFDIR {
            return Self.notARegularFile(displayPath)
        }
        return nil
    }

    /// The error for a link that leads to nothing, or round in a loop: a source that was meant to
    /// be there and is not.
    static func brokenLink(_ path: String, looping: Bool, shownAs displayPath: String) -> Diagnostic {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        let target = count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
        return .error(at: SourceLocation(path: displayPath),
                      looping ? "this is a link to `\(target)`, which leads round in a loop of links"
                              : "this is a link to `\(target)`, which does not exist",
                      hint: "remove the link, or put the file itself here")
    }

    /// The error for a named pipe, socket or device among the sources: reading one could block for ever.
    package static func notARegularFile(_ displayPath: String) -> Diagnostic {
        .error(at: SourceLocation(path: displayPath),
               "this is not a regular file (a named pipe, socket or device): FoodPin reads only regular files",
               hint: "remove it, or put the file itself here")
    }
}
