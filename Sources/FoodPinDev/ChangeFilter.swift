import Foundation
import ScratchFiles
import FoodPinBase

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
        return !ScratchFile.isScratch(name) && !Self.isStore(name)
    }

    /// The store and its SQLite side files change when FoodPin itself writes them.
    static func isStore(_ name: String) -> Bool {
        let lower = name.lowercased()
        return name.hasPrefix("guide.sqlite") || lower.hasSuffix("-journal") || lower.hasSuffix("-wal") || lower.hasSuffix("-shm")
    }
}
