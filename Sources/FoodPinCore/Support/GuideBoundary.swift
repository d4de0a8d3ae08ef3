import Foundation

/// The one rule for what a build reads: a file, its links resolved, must lie inside the guide.
/// A guide built in CI from a contributor's pull request must not publish `/etc/passwd` through
/// a link named `site.css`.
public struct GuideBoundary: Sendable {
    /// The guide's folder, links resolved.
    let realRoot: String

    public init(_ layout: GuideLayout) {
        realRoot = Self.realPath(layout.root.path) ?? layout.root.path
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Where `path` really leads when that is outside the guide; nil when it stays inside (or does
    /// not exist: reading it then fails with its own message).
    func outsideTarget(of path: String) -> String? {
        guard let real = Self.realPath(path) else { return nil }
        return real == realRoot || real.hasPrefix(realRoot + "/") ? nil : real
    }

    /// The error for a link that leads out of the guide.
    static func linkOutside(_ displayPath: String, target: String) -> Diagnostic {
        .error(at: SourceLocation(path: displayPath),
               "this is a link to `\(target)`, outside the guide: FoodPin reads only files inside the guide's folder",
               hint: "copy the file into the guide instead of linking to it")
    }

    /// The error for a named pipe, socket or device among the sources: reading one could block for ever.
    static func notARegularFile(_ displayPath: String) -> Diagnostic {
        .error(at: SourceLocation(path: displayPath),
               "this is not a regular file (a named pipe, socket or device): FoodPin reads only regular files",
               hint: "remove it, or put the file itself here")
    }
}
