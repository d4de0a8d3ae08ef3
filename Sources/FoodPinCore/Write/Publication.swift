import Foundation

/// How a build publishes: the new site is made in a standby folder beside the output folder
/// (unchanged files hard-linked from the live site, changed ones written), then the two folders
/// are exchanged in one step. Whatever stops a build, the output folder holds one whole site:
/// the old one until the exchange, the new one after. The standby keeps the previous site, so the
/// next build only brings it up to date.
///
/// Where the system cannot exchange folders (no `renameat2`, or the output folder is a mount
/// point), files are replaced one by one in place, each through a rename.
struct Publication: Sendable {
    let live: URL
    /// Nil when publishing in place.
    let standby: URL?

    init(output: URL) {
        live = output.standardizedFileURL
        let parent = live.deletingLastPathComponent()
        let candidate = parent.appending(path: Self.standbyName(for: live.lastPathComponent), directoryHint: .isDirectory)
        standby = FolderExchange.isAvailable && Self.sameDevice(live, parent) ? candidate : nil
    }

    /// `.Output.foodpin-next` beside `Output/`: hidden, and named so that it is clearly FoodPin's.
    static func standbyName(for name: String) -> String { ".\(name).foodpin-next" }

    /// False when the output folder is a mount point: a folder on another device cannot be exchanged.
    private static func sameDevice(_ folder: URL, _ parent: URL) -> Bool {
        var folderInfo = stat(), parentInfo = stat()
        guard stat(parent.path, &parentInfo) == 0 else { return false }
        if stat(folder.path, &folderInfo) != 0 { return true } // not there yet: made on the parent's device
        return folderInfo.st_dev == parentInfo.st_dev
    }

    /// Removes a standby whose contents are unknown (a build stopped while filling it).
    func discardStandby() throws(FoodPinError) {
        guard let standby, FileManager.default.fileExists(atPath: standby.path) else { return }
        do { try FileManager.default.removeItem(at: standby) } catch { throw .io("remove the unfinished standby folder", path: standby.path) }
    }

    /// Puts the standby in the live folder's place in one step, carrying over the live folder's
    /// dot files (`.git`, `.nojekyll`: the host's, not the site's). Returns whether an old site is
    /// now the standby.
    func publish() throws(FoodPinError) -> Bool {
        guard let standby else { return true }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: live.path, isDirectory: &isDirectory) else {
            guard rename(standby.path, live.path) == 0 else { throw .io("publish the site", path: live.path) }
            return false
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: live.path)) ?? [] where name.hasPrefix(".") {
            let target = standby.path + "/" + name
            if access(target, F_OK) != 0 { rename(live.path + "/" + name, target) }
        }
        let status = FolderExchange.exchange(standby.path, live.path)
        if status == EINVAL || status == ENOSYS || status == ENOTSUP {
            // A file system that cannot exchange: two renames; for a moment there is no site, never a mixed one.
            let old = standby.path + ".old"
            guard rename(live.path, old) == 0 else { throw .io("publish the site", path: live.path) }
            guard rename(standby.path, live.path) == 0 else { throw .io("publish the site", path: live.path) }
            guard rename(old, standby.path) == 0 else { throw .io("keep the previous site as the standby", path: standby.path) }
            return true
        }
        guard status == 0 else { throw .io("publish the site", path: live.path, errno: status) }
        return true
    }
}

/// `renameat2(RENAME_EXCHANGE)` on Linux, looked up at run time (Swift's Glibc module does not
/// declare it); `renamex_np(RENAME_SWAP)` on macOS.
enum FolderExchange {
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private typealias RenameX = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UInt32) -> Int32

    private static let renameat2: RenameAt2? = dlsym(dlopen(nil, RTLD_NOW), "renameat2").map { unsafeBitCast($0, to: RenameAt2.self) }
    private static let renamex: RenameX? = dlsym(dlopen(nil, RTLD_NOW), "renamex_np").map { unsafeBitCast($0, to: RenameX.self) }

    static var isAvailable: Bool { renameat2 != nil || renamex != nil }

    /// 0, or the errno of the failure.
    static func exchange(_ first: String, _ second: String) -> Int32 {
        // RENAME_EXCHANGE (Linux) and RENAME_SWAP (macOS) are both 2.
        let result = if let renameat2 { renameat2(AT_FDCWD, first, AT_FDCWD, second, 2) } else if let renamex { renamex(first, second, 2) } else { Int32(-1) }
        return result == 0 ? 0 : (errno == 0 ? ENOSYS : errno)
    }
}
