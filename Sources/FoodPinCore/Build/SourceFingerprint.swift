import Foundation
import ScratchFiles

/// One digest of every file a build reads: its path and stamp, for everything under Content/
/// (but the store, which the build itself writes) and Templates/. Equal to the last successful
/// build's, with the store and the output unchanged too, it means there is nothing to do, and the
/// build stops after one pass of `stat` over the guide.
enum SourceFingerprint {
    /// The digest, and the stamp of each file by path (the content loader takes them from here).
    static func of(_ layout: GuideLayout) -> (digest: ContentDigest, stamps: [String: FileStamp]) {
        var writer = BinaryWriter()
        var stamps: [String: FileStamp] = [:]
        for folder in [layout.content, layout.templates] {
            let files = walk(folder.standardizedFileURL.path)
            stamps.reserveCapacity(stamps.count + files.count)
            writer.write(folder.path)
            writer.write(files.count)
            for (path, stamp) in files {
                writer.write(path)
                writer.write(stamp)
                stamps[path] = stamp
            }
        }
        return (ContentDigest(writer.bytes), stamps)
    }

    /// Every file under `root` with its stamp, sorted by path; each file is asked about relative to
    /// its folder.
    private static func walk(_ root: String) -> [(path: String, stamp: FileStamp?)] {
        var files = FolderWalk.levels(from: root, readFolder).flatMap { $0 }
        files.sort { $0.path < $1.path }
        return files
    }

    private static func readFolder(_ folder: String) -> (found: [(path: String, stamp: FileStamp?)], folders: [String]) {
        var files: [(path: String, stamp: FileStamp?)] = []
        var folders: [String] = []
        guard let stream = opendir(folder) else { return (files, folders) }
        defer { closedir(stream) }
        let descriptor = dirfd(stream)
        while let entry = readdir(stream) {
            let name = FolderWalk.name(of: entry)
            if name == "." || name == ".." || ScratchFile.isScratch(name) || name.hasPrefix("guide.sqlite") { continue }
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) {
                // Some file systems leave the type out: ask (a link to a folder is not followed, as
                // the content loader does not follow it either).
                var info = stat()
                guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                type = (info.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : UInt8(DT_REG)
            }
            let path = FolderWalk.path(folder, name)
            if type == UInt8(DT_DIR) {
                folders.append(path)
            } else {
                // Links are followed, as reading the file follows them.
                var info = stat()
                files.append((path, fstatat(descriptor, name, &info, 0) == 0 ? FileStamp(info) : nil))
            }
        }
        return (files, folders)
    }
}
