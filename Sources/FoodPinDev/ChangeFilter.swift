import Foundation

/// Which changed paths should trigger a rebuild: sources only, never editors' scratch files,
/// the tool's own output or the store's own writes.
public struct ChangeFilter: Sendable {
    /// Paths relative to the guide root that are never sources (the output folder, for one).
    public var ignoredPrefixes: [String]

    public init(ignoredPrefixes: [String] = ["Output/"]) {
        self.ignoredPrefixes = ignoredPrefixes
    }

    public func isSource(_ relativePath: String) -> Bool {
        if ignoredPrefixes.contains(where: { relativePath.hasPrefix($0) || relativePath + "/" == $0 }) { return false }
        guard relativePath.hasPrefix("Content/") || relativePath.hasPrefix("Templates/")
            || relativePath == "Content" || relativePath == "Templates" else { return false }
        let name = (relativePath as NSString).lastPathComponent
        return !Self.isScratch(name) && !Self.isStore(name)
    }

    /// Editor temp, swap and backup files: vim (.swp, .swx, 4913, ~), emacs (.#x, #x#),
    /// JetBrains (___jb_tmp___, ___jb_old___), and other *.tmp or hidden files.
    static func isScratch(_ name: String) -> Bool {
        if name.hasPrefix(".") || name.hasPrefix("#") || name.hasSuffix("~") || name == "4913" { return true }
        let lower = name.lowercased()
        for suffix in [".swp", ".swx", ".swo", ".tmp", ".temp", ".bak", ".crdownload", ".part", ".kate-swp"] where lower.hasSuffix(suffix) {
            return true
        }
        // sed -i writes sedXXXXXX beside the file, then renames it over.
        if name.count == 9, name.hasPrefix("sed"), name.allSatisfy({ $0.isLetter || $0.isNumber }) { return true }
        return name.contains("___jb_") || name.contains(".sb-") || lower.hasSuffix("-journal") || lower.hasSuffix("-wal")
            || lower.hasSuffix("-shm")
    }

    /// The store and its SQLite side files change when FoodPin itself writes them.
    static func isStore(_ name: String) -> Bool { name.hasPrefix("guide.sqlite") }
}
