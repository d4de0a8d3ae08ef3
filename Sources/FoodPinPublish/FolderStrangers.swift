import Foundation
import FoodPinBase

/// What a walk of a folder FoodPin keeps (the live site, the standby) found besides what the build
/// state says it holds: such folders are trusted only for what FoodPin put there.
public enum FolderStrangers: Equatable, Sendable {
    case none
    /// A file (or folder of files) the state does not list, added by hand, or one it lists gone.
    case files
    /// A link, a device or a pipe (the first found, under the folder): writing or linking through
    /// it could reach outside the site.
    case link(String)
}

extension OutputWriter {
    /// Walks the folder without following anything (readdir's types, `lstat` where the file system
    /// gives none; `FolderWalk`, a level at a time), for entries that `held` does not list. Dot
    /// entries at the top are the host's (`.git`, `.nojekyll`, `.well-known`), links included:
    /// FoodPin never writes into them, and carries them from site to site as they are. A folder
    /// that cannot be read is taken to hold files added by hand; fewer files than `held` lists,
    /// to have lost some (the next site would lack them).
    public func strangers(besides held: [String: WrittenState]?) -> FolderStrangers {
        let root = destination.path
        let found = FolderWalk.levels(from: root, width: .cores) { folder -> (found: (FolderStrangers, listed: Int), folders: [String]) in
            var found = FolderStrangers.none
            var (folders, listed) = ([String](), 0)
            let readable = FolderWalk.entries(of: folder) { name, type, _ in
                if case .link = found { return }
                if folder == root && name.hasPrefix(".") { return }
                let path = FolderWalk.path(folder, name)
                switch type {
                case Int32(DT_DIR): folders.append(path)
                case Int32(DT_REG):
                    guard let held else { return }
                    if held[String(path.dropFirst(root.count + 1))] == nil { found = .files } else { listed += 1 }
                default: found = .link(String(path.dropFirst(root.count + 1)))
                }
            }
            guard readable else { return ((folder == root ? .none : .files, 0), []) }
            if case .link = found { return ((found, listed), []) }
            return ((found, listed), folders)
        }
        if let link = found.first(where: { if case .link = $0.0 { true } else { false } }) { return link.0 }
        let lost = held.map { found.reduce(0) { $0 + $1.listed } < $0.count } ?? false
        return found.contains(where: { $0.0 == .files }) || lost ? .files : .none
    }

    /// Whether every folder on the way to `path` here is a real folder, not a link (a few `lstat`s:
    /// for the few files linked from the live site into the standby).
    package func hasRealFolders(_ path: String) -> Bool {
        var folder = destination.path
        for part in path.split(separator: "/").dropLast() {
            folder += "/" + part
            var info = stat()
            guard lstat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return false }
        }
        return true
    }
}
