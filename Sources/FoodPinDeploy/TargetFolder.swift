import Foundation
import FoodPinBase

/// A folder target's files, reached from its root one folder at a time, each opened from the one
/// above with `O_NOFOLLOW` and files written, renamed and removed relative to those descriptors
/// (`openat`, `renameat`, `unlinkat`): a link inside the target, found beforehand or made while the
/// deploy runs, is refused with its place and never followed. The root itself is the user's word.
struct TargetFolder {
    let root: String

    init(_ root: String) { self.root = root }

    /// An open folder of the target: its descriptor, and its path under the root for messages.
    struct Folder {
        let descriptor: Int32
        let path: String
    }

    /// Every file under the root but dot entries and names no site has (`DeployManifest.isSitePath`,
    /// as a bucket's listing: never removed), walked without following; a link refused.
    static func files(in root: String) throws(FoodPinError) -> [String] {
        let found = FolderWalk.levels(from: root) { folder -> (found: (files: [String], link: String?), folders: [String]) in
            var files: [String] = [], folders: [String] = [], link: String?
            FolderWalk.entries(of: folder) { name, type, _ in
                guard !name.hasPrefix(".") else { return }
                let path = FolderWalk.path(folder, name)
                switch type {
                case Int32(DT_DIR): folders.append(path)
                case Int32(DT_REG):
                    let relative = String(path.dropFirst(root.count + 1))
                    if DeployManifest.isSitePath(relative) { files.append(relative) }
                default: link = link ?? path
                }
            }
            return ((files, link), folders)
        }
        if let link = found.compactMap(\.link).min() {
            var info = stat()
            lstat(link, &info)
            throw OwnPath.refusal(link, info: info, wanted: nil)
        }
        return found.flatMap(\.files)
    }

    /// The folders from the root down to `path`'s parts, each opened from the one before; nil when
    /// one is missing and `making` is false. The caller closes every descriptor, the root's too.
    private func folders(_ parts: [Substring], making: Bool) throws(FoodPinError) -> [Folder]? {
        var top = Foundation.open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if top < 0, errno == ENOENT, making {
            try NewFile.makeFolders(root)
            top = Foundation.open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        guard top >= 0 else { throw .io("open the target folder", path: root) }
        var opened = [Folder(descriptor: top, path: root)]
        for part in parts {
            let above = opened.last!, path = above.path + "/" + part
            var descriptor = openat(above.descriptor, String(part), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if descriptor < 0, errno == ENOENT, making, mkdirat(above.descriptor, String(part), 0o755) == 0 || errno == EEXIST {
                descriptor = openat(above.descriptor, String(part), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            if descriptor < 0 {
                let failure = errno
                var info = stat()
                let there = fstatat(above.descriptor, String(part), &info, AT_SYMLINK_NOFOLLOW) == 0
                opened.forEach { Foundation.close($0.descriptor) }
                if !there && failure == ENOENT { return nil }
                if there && (info.st_mode & S_IFMT) == S_IFREG {
                    throw FoodPinError(.usage, at: GuideLayout.displayPath(URL(fileURLWithPath: path)),
                                       "a file stands in the deploy target where the site now has a folder", hint: "remove it, then deploy again: the next deploy looks at every file of the target")
                }
                if there && (info.st_mode & S_IFMT) != S_IFDIR { throw OwnPath.refusal(path, info: info, wanted: nil) }
                throw .io("open a folder of the target", path: path, errno: failure)
            }
            opened.append(Folder(descriptor: descriptor, path: path))
        }
        return opened
    }

    /// The folder at `path` (under the root), made if `making`; the caller closes it.
    func open(_ path: String, making: Bool) throws(FoodPinError) -> Folder {
        guard let opened = try folders(path.split(separator: "/"), making: making) else { throw .io("open a folder of the target", path: root + "/" + path, errno: ENOENT) }
        opened.dropLast().forEach { Foundation.close($0.descriptor) }
        return opened.last!
    }

    /// The folder `path` is in, and its name there.
    func parent(of path: String, making: Bool) throws(FoodPinError) -> (Folder, String) {
        let parts = path.split(separator: "/")
        return (try open(parts.dropLast().joined(separator: "/"), making: making), String(parts.last!))
    }

    /// A new file `name` in `folder` holding `bytes` (never an existing one, never through a link).
    func write(_ bytes: [UInt8], named name: String, in folder: Folder) throws(FoodPinError) {
        let descriptor = openat(folder.descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .io("write a file of the target", path: folder.path + "/" + name) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress!, $0.count) }
            if count <= 0 {
                let failure = FoodPinError.io("write a file of the target", path: folder.path + "/" + name)
                Foundation.close(descriptor)
                unlinkat(folder.descriptor, name, 0)
                throw failure
            }
            written += count
        }
        Foundation.close(descriptor)
    }

    /// Throws when `name` in `folder` is something other than a regular file (nothing is fine).
    func requireFileOrNothing(_ name: String, in folder: Folder) throws(FoodPinError) {
        var info = stat()
        guard fstatat(folder.descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw OwnPath.refusal(folder.path + "/" + name, info: info, wanted: nil) }
    }

    /// The bytes of the regular file at `path`; nil when it is missing or unreadable.
    func read(_ path: String) throws(FoodPinError) -> [UInt8]? {
        let (folder, name) = try parent(of: path, making: false)
        defer { Foundation.close(folder.descriptor) }
        try requireFileOrNothing(name, in: folder)
        let descriptor = openat(folder.descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { Foundation.close(descriptor) }
        return FileBytes.read(descriptor: descriptor, expectedSize: nil)
    }

    /// Removes the file at `path`, then each folder it leaves empty, up to the root.
    func remove(_ path: String) throws(FoodPinError) {
        let parts = path.split(separator: "/")
        guard let opened = try folders(Array(parts.dropLast()), making: false) else { return }
        defer { opened.forEach { Foundation.close($0.descriptor) } }
        let folder = opened.last!, name = String(parts.last!)
        try requireFileOrNothing(name, in: folder)
        guard unlinkat(folder.descriptor, name, 0) == 0 || errno == ENOENT else { throw .io("remove a file of the target", path: folder.path + "/" + name) }
        // Fails on a folder that still holds something, which is where it should stop.
        var level = opened.count - 1
        while level > 0, unlinkat(opened[level - 1].descriptor, String(parts[level - 1]), AT_REMOVEDIR) == 0 { level -= 1 }
    }

    /// Removes the files directly in the folder `name` (links as links), then the folder if empty.
    func empty(_ name: String) throws(FoodPinError) {
        guard let opened = try folders([Substring(name)], making: false) else { return }
        defer { opened.forEach { Foundation.close($0.descriptor) } }
        guard let stream = fdopendir(dup(opened[1].descriptor)) else { return }
        var names: [String] = []
        while let entry = readdir(stream) {
            let entryName = FolderWalk.name(of: entry)
            if entryName != "." && entryName != ".." { names.append(entryName) }
        }
        closedir(stream)
        for entryName in names { unlinkat(opened[1].descriptor, entryName, 0) }
        unlinkat(opened[0].descriptor, name, AT_REMOVEDIR)
    }
}
