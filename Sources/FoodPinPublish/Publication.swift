import Foundation
import FoodPinBase

/// How a build publishes: the new site is made in a standby folder beside the output folder
/// (unchanged files hard-linked from the live site, changed ones written), made durable, then the
/// two folders are exchanged in one step. Whatever stops a build, the output folder holds one
/// whole site: the old one until the exchange, the new one after. The standby keeps the previous
/// site, so the next build only brings it up to date.
///
/// Where folders cannot be exchanged (no `renameat2`; the output folder a link, a mount point, or
/// in a folder FoodPin may not write), files are replaced one by one in place, each through a rename.
package struct Publication: Sendable {
    package let live: URL
    /// Nil when publishing in place.
    package let standby: URL?
    /// Where a first site's twin is made (`Publisher.prepare`); nil when publishing in place.
    package let twin: URL?

    package init(output: URL) {
        live = output.standardizedFileURL
        let parent = live.deletingLastPathComponent()
        let candidate = parent.appending(path: Self.names(besides: live.lastPathComponent).standby, directoryHint: .isDirectory)
        let exchanges = FolderExchange.isAvailable && Self.canExchange(live, in: parent)
        standby = exchanges ? candidate : nil
        twin = exchanges ? parent.appending(path: Self.names(besides: live.lastPathComponent).twin, directoryHint: .isDirectory) : nil
    }

    /// What a build keeps beside the output folder `name` (`Output`): the standby
    /// (`.Output.foodpin-next`), a first site's twin (`.Output.foodpin-twin`) and the lock
    /// (`.Output.foodpin-lock`); hidden, and named so that they are clearly FoodPin's.
    package static func names(besides name: String) -> (standby: String, twin: String, lock: String) {
        (".\(name).foodpin-next", ".\(name).foodpin-twin", ".\(name).foodpin-lock")
    }

    /// What a guide's `.gitignore` leaves out for the output folder `name`: it, and what a build
    /// keeps beside it.
    package static func ignored(_ name: String) -> [String] {
        let beside = names(besides: name)
        return ["\(name)/", "\(beside.standby)/", "\(beside.twin)/", beside.lock]
    }

    /// The output folder must be a plain folder (a link would be replaced, not followed), not a
    /// mount point, in a folder FoodPin may write.
    private static func canExchange(_ folder: URL, in parent: URL) -> Bool {
        var folderInfo = stat(), parentInfo = stat()
        guard stat(parent.path, &parentInfo) == 0, access(parent.path, W_OK) == 0 else { return false }
        if lstat(folder.path, &folderInfo) != 0 { return true } // not there yet: made on the parent's device
        return (folderInfo.st_mode & S_IFMT) == S_IFDIR && !MountPoints.isMountPoint(folder.path, info: folderInfo, parent: parentInfo)
    }

    /// Makes sure the standby, if there, is FoodPin's own folder: a link there (committed by someone)
    /// is removed, never followed, so nothing is written or deleted through it.
    package func checkStandby() throws(FoodPinError) {
        guard let standby else { return }
        var info = stat()
        guard lstat(standby.path, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) != S_IFDIR, unlink(standby.path) != 0 {
            throw .io("remove what stands where the standby folder goes", path: standby.path)
        }
    }

    /// The error as the user should read it: about the output folder's file, not the standby's,
    /// which is gone by the time they read it.
    package func namingLiveFolder(_ failure: FoodPinError) -> FoodPinError {
        guard let standby, let place = failure.place else { return failure }
        let standbyPlace = GuideLayout.displayPath(standby)
        guard place == standbyPlace || place.hasPrefix(standbyPlace + "/") else { return failure }
        var named = failure
        named.place = GuideLayout.displayPath(live) + place.dropFirst(standbyPlace.count)
        return named
    }

    /// Removes a standby whose contents are unknown, first giving back any dot file of the live site
    /// that a stopped publish left in it.
    package func discardStandby() throws(FoodPinError) {
        guard let standby, FileManager.default.fileExists(atPath: standby.path) else { return }
        moveDotFiles(from: standby, to: live)
        do { try FileManager.default.removeItem(at: standby) } catch { throw .io("remove the unfinished standby folder", path: standby.path) }
    }

    /// Removes a twin, never followed: one a stopped build left, or one not whole.
    package func discardTwin() {
        guard let twin else { return }
        var info = stat()
        guard lstat(twin.path, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) == S_IFDIR { try? FileManager.default.removeItem(at: twin) } else { unlink(twin.path) }
    }

    /// Makes a first site's whole twin the standby, once the site is published: the next build
    /// then goes as any later one.
    package func adoptTwin() -> Bool {
        guard let twin, let standby else { return false }
        return rename(twin.path, standby.path) == 0
    }

    /// Puts the standby in the live folder's place in one step, carrying over the live folder's dot
    /// files (`.git`, `.nojekyll`: the host's, not the site's). `durable`: only once the new site is
    /// on disk, so that a power cut cannot leave empty pages behind a finished exchange. Returns
    /// whether an old site is now the standby.
    package func publish(durable: Bool) throws(FoodPinError) -> Bool {
        guard let standby else { return true }
        if durable { Durability.flush(standby.path) }
        guard access(live.path, F_OK) == 0 else {
            guard rename(standby.path, live.path) == 0 else { throw .io("publish the site", path: live.path) }
            return false
        }
        moveDotFiles(from: live, to: standby)
        let status = FolderExchange.exchange(standby.path, live.path)
        guard status == 0 else {
            moveDotFiles(from: standby, to: live)
            throw .io("publish the site", path: live.path, errno: status)
        }
        return true
    }

    private func moveDotFiles(from source: URL, to target: URL) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: source.path)) ?? [] where name.hasPrefix(".") {
            let destination = target.path + "/" + name
            if access(destination, F_OK) != 0 { rename(source.path + "/" + name, destination) }
        }
    }

    /// One build writes an output folder at a time (a `build` beside a `serve`): the next waits.
    /// The lock is a file beside the output folder, held until the process lets it go.
    package func lock() throws(FoodPinError) -> Int32 {
        let path = live.deletingLastPathComponent().path + "/" + Self.names(besides: live.lastPathComponent).lock
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return -1 } // a folder FoodPin may not write: nothing to share it with
        guard flock(descriptor, LOCK_EX) == 0 else {
            close(descriptor)
            throw .io("wait for the other build of this output folder", path: path)
        }
        return descriptor
    }

    package static func unlock(_ descriptor: Int32) {
        if descriptor >= 0 { close(descriptor) }
    }
}

/// Flushes the standby's file system on a thread of its own while a durable build still writes
/// pages, so the flush that must come before the exchange finds little left to do. `syncfs` flushes the
/// whole file system: whatever another program wrote just before (Hugo's site, in a benchmark that
/// alternates the two) made a 1,000-restaurant build's final flush take 60–450 ms, not 7.
package final class WriteBehind: @unchecked Sendable {
    private let folder: String
    private let lock = NSLock()
    private var flushing = false
    private let idle = DispatchGroup()

    package init(folder: String) { self.folder = folder }

    /// Starts a flush unless one is running.
    package func nudge() {
        lock.lock()
        defer { lock.unlock() }
        guard !flushing else { return }
        flushing = true
        idle.enter()
        Thread.detachNewThread { [self] in
            // A build stopped by an error may have removed the folder already: nothing to flush then.
            if access(folder, F_OK) == 0 { Durability.flush(folder) }
            lock.lock()
            flushing = false
            lock.unlock()
            idle.leave()
        }
    }

    /// Waits for the running flush, if any (a nudge while one runs is dropped: the next nudge, or
    /// the flush before publishing, covers what came since).
    package func finish() { idle.wait() }
}

/// `syncfs` (Linux): every file written to the folder's file system reaches the disk. Looked up at
/// run time, as Swift's Glibc module does not declare it; elsewhere, `sync`.
package enum Durability {
    private typealias SyncFS = @convention(c) (Int32) -> Int32
    private static let syncfs: SyncFS? = dlsym(dlopen(nil, RTLD_NOW), "syncfs").map { unsafeBitCast($0, to: SyncFS.self) }

    package static func flush(_ folder: String) {
        guard let syncfs else { return sync() }
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return sync() }
        _ = syncfs(descriptor)
        close(descriptor)
    }
}

/// `renameat2(RENAME_EXCHANGE)` on Linux, looked up at run time (Swift's Glibc module does not
/// declare it); `renamex_np(RENAME_SWAP)` on macOS.
package enum FolderExchange {
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private typealias RenameX = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UInt32) -> Int32

    private static let renameat2: RenameAt2? = dlsym(dlopen(nil, RTLD_NOW), "renameat2").map { unsafeBitCast($0, to: RenameAt2.self) }
    private static let renamex: RenameX? = dlsym(dlopen(nil, RTLD_NOW), "renamex_np").map { unsafeBitCast($0, to: RenameX.self) }

    package static var isAvailable: Bool { renameat2 != nil || renamex != nil }

    /// 0, or the errno of the failure.
    package static func exchange(_ first: String, _ second: String) -> Int32 {
        // RENAME_EXCHANGE (Linux) and RENAME_SWAP (macOS) are both 2.
        let result = if let renameat2 { renameat2(AT_FDCWD, first, AT_FDCWD, second, 2) } else if let renamex { renamex(first, second, 2) } else { Int32(-1) }
        return result == 0 ? 0 : (errno == 0 ? ENOSYS : errno)
    }
}

/// The system's mount points (Linux's `/proc/self/mountinfo`): a bind mount shares its device
/// number with its parent, so the device alone does not tell one.
package enum MountPoints {
    /// On a device other than its parent's, or listed: a bind mount shares its parent's device.
    package static func isMountPoint(_ path: String, info: stat, parent: stat) -> Bool {
        info.st_dev != parent.st_dev || contains(path)
    }

    package static func contains(_ path: String) -> Bool {
        guard let text = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8) else { return false }
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count > 4 else { continue }
            if unescape(fields[4]) == path { return true }
        }
        return false
    }

    /// Spaces and other special characters are written as octal escapes (`\040`).
    private static func unescape(_ field: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(field.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == 92, utf8.count >= 3, let value = UInt8(String(decoding: utf8.prefix(3), as: UTF8.self), radix: 8) {
                bytes.append(value)
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

public enum OutputFolders {
    /// Said before a build starts: an output folder that is a mount point cannot be exchanged with
    /// its standby, so its files are replaced one by one, and a build stopped halfway (a full disk,
    /// `kill -9`) can leave it mixed (docs/publishing.md).
    public static func mountPointWarning(for output: URL) -> Diagnostic? {
        let live = output.standardizedFileURL
        var folder = stat(), parent = stat()
        guard lstat(live.path, &folder) == 0, (folder.st_mode & S_IFMT) == S_IFDIR else { return nil }
        guard stat(live.deletingLastPathComponent().path, &parent) == 0, MountPoints.isMountPoint(live.path, info: folder, parent: parent) else { return nil }
        return .warning(at: SourceLocation(path: GuideLayout.displayPath(live)),
                        "this folder is a mount point: its files are replaced one by one, so a build stopped halfway (a full disk, kill -9) can leave a mixed site",
                        hint: "build into a folder inside it (--output \(GuideLayout.displayPath(live.appending(path: "site")))), which is published in one step")
    }
}
