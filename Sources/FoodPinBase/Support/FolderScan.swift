import Foundation
import ScratchFiles

/// Every entry under a folder but its folders, as `readdir` saw it, with its stamp, sorted by path:
/// one walk that the build's fingerprint digests and the content listings then take their files
/// from (`FileList`), instead of listing the folders a second time. Editors' scratch files and
/// hidden entries are left out, as they are from every listing.
public struct FolderScan: Sendable {
    package struct Entry: Sendable {
        package let path: String
        /// `readdir`'s type (`DT_REG`, `DT_LNK`, …; never `DT_DIR` or `DT_UNKNOWN`): a link is not
        /// followed here, a listing decides what it may lead to.
        package let type: Int
        /// Nil when `stat` (through a link) failed.
        package let stamp: FileStamp?
    }

    package let root: String
    package private(set) var entries: [Entry]

    package init(_ root: String) {
        self.root = root
        var entries = FolderWalk.levels(from: root, Self.readFolder).flatMap { $0 }
        entries.sort { $0.path < $1.path }
        self.entries = entries
    }

    /// The entries under `folder` (an absolute path below the root, or the root), or nil when the
    /// scan cannot say: the folder is not a real folder under the root (a link to one is read by
    /// listing it, as the scan does not follow links).
    func entries(under folder: String) -> ArraySlice<Entry>? {
        guard folder == root || folder.hasPrefix(root + "/") else { return nil }
        var info = stat()
        guard lstat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        // Sorted by path, the entries under a folder are one run: from the first at or after
        // "folder/" to the first at or after "folder0" ("0" follows "/").
        let start = firstIndex(notBefore: folder + "/")
        let end = firstIndex(notBefore: folder + "0")
        return entries[start..<max(start, end)]
    }

    /// The positions of the entries whose path starts with `prefix` (one run, as they are sorted).
    package func run(withPrefix prefix: String) -> Range<Int> {
        let start = firstIndex(notBefore: prefix)
        var end = start
        while end < entries.count, entries[end].path.hasPrefix(prefix) { end += 1 }
        return start..<end
    }

    /// The entry of a file the scan holds.
    package func entry(at path: String) -> Entry? {
        let index = firstIndex(notBefore: path)
        return index < entries.count && entries[index].path == path ? entries[index] : nil
    }

    /// Brought up to date in place when every changed path under the root is a regular file the
    /// scan holds and still one (an editor's save): its stamp is taken again. False, and nothing
    /// changed, when anything else did (a file added or removed, a link, a folder): see `updating`.
    package mutating func restamp(_ changed: Set<String>) -> Bool {
        var stamps: [(index: Int, stamp: FileStamp)] = []
        for path in changed where path.hasPrefix(root + "/") || path == root {
            let index = firstIndex(notBefore: path)
            var info = stat()
            guard index < entries.count, entries[index].path == path, entries[index].type == DT_REG,
                  lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
            stamps.append((index, FileStamp(info)))
        }
        for (index, stamp) in stamps {
            entries[index] = Entry(path: entries[index].path, type: entries[index].type, stamp: stamp)
        }
        return true
    }

    /// Takes again the stamp of each link (through it): a watcher names the file a link leads to,
    /// never the link. Returns the links whose stamp changed.
    package mutating func restampLinks() -> [String] {
        var changed: [String] = []
        for index in entries.indices where entries[index].type == DT_LNK {
            var info = stat()
            let stamp = stat(entries[index].path, &info) == 0 ? FileStamp(info) : nil
            guard stamp != entries[index].stamp else { continue }
            entries[index] = Entry(path: entries[index].path, type: entries[index].type, stamp: stamp)
            changed.append(entries[index].path)
        }
        return changed
    }

    /// The scan brought up to date for paths known to have changed since it was made (a watcher's):
    /// each is looked at again, a folder walked again with all it holds, a path gone removed with
    /// all it held; the other entries are taken as they were, with no `stat`.
    package func updating(_ changed: Set<String>) -> FolderScan {
        var dropped = IndexSet()
        var fresh: [Entry] = []
        for path in changed where path.hasPrefix(root + "/") || path == root {
            if path == root { return FolderScan(root) }
            let components = path.dropFirst(root.count + 1).split(separator: "/")
            if components.contains(where: { ScratchFile.isScratch(String($0)) }) { continue }
            let at = firstIndex(notBefore: path)
            if at < entries.count, entries[at].path == path { dropped.insert(at) }
            dropped.insert(integersIn: run(withPrefix: path + "/"))
            var info = stat()
            // A walk does not follow a link to a folder: nothing under one is in the scan.
            guard foldersLeadingTo(path), lstat(path, &info) == 0 else { continue }
            let type = FolderWalk.entryType(info.st_mode)
            if type == DT_DIR {
                fresh += FolderScan(path).entries
            } else {
                // Links are followed for the stamp, as in a walk.
                let followed = type == DT_LNK ? (stat(path, &info) == 0 ? FileStamp(info) : nil) : FileStamp(info)
                fresh.append(Entry(path: path, type: Int(type), stamp: followed))
            }
        }
        let kept = entries.indices.lazy.filter { !dropped.contains($0) }.map { entries[$0] }
        return FolderScan(root: root, sorted: Self.merge(Array(kept), fresh.sorted { $0.path < $1.path }))
    }

    /// Whether each folder between the root and `path` is a real folder, not a link.
    private func foldersLeadingTo(_ path: String) -> Bool {
        var folder = (path as NSString).deletingLastPathComponent
        while folder.count > root.count {
            var info = stat()
            guard lstat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return false }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return true
    }

    private init(root: String, sorted entries: [Entry]) {
        self.root = root
        self.entries = entries
    }

    /// Two lists sorted by path as one; a path in both, or twice in `fresh` (a file named with its
    /// folder), once, as `fresh` has it (on a tie the kept entry goes first and is replaced).
    private static func merge(_ kept: [Entry], _ fresh: [Entry]) -> [Entry] {
        var merged: [Entry] = []
        merged.reserveCapacity(kept.count + fresh.count)
        var i = 0, j = 0
        while i < kept.count || j < fresh.count {
            let takeKept = j == fresh.count || (i < kept.count && kept[i].path <= fresh[j].path)
            let entry = takeKept ? kept[i] : fresh[j]
            if takeKept { i += 1 } else { j += 1 }
            if merged.last?.path == entry.path { merged[merged.count - 1] = entry } else { merged.append(entry) }
        }
        return merged
    }

    private func firstIndex(notBefore path: String) -> Int { entries.firstIndex(notBefore: path) { $0.path } }

    private static func readFolder(_ folder: String) -> (found: [Entry], folders: [String]) {
        var found: [Entry] = []
        var folders: [String] = []
        FolderWalk.entries(of: folder) { name, type, descriptor in
            if ScratchFile.isScratch(name) { return }
            let path = FolderWalk.path(folder, name)
            if type == DT_DIR {
                folders.append(path)
                return
            }
            // Links are followed for the stamp, as reading the file follows them.
            var info = stat()
            let stamp = fstatat(descriptor, name, &info, 0) == 0 ? FileStamp(info) : nil
            found.append(Entry(path: path, type: Int(type), stamp: stamp))
        }
        return (found, folders)
    }
}
