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
            var paths: [String] = []
            walk(folder.standardizedFileURL.path, into: &paths)
            paths.sort()
            let found = ParallelMap.map(paths) { FileStamp(path: $0) }
            writer.write(folder.path)
            writer.write(paths.count)
            for (path, stamp) in zip(paths, found) {
                writer.write(path)
                writer.write(stamp)
                stamps[path] = stamp
            }
        }
        return (ContentDigest(writer.bytes), stamps)
    }

    /// File paths under `folder`, from the directory entries alone (the stamps come after, in parallel).
    private static func walk(_ folder: String, into paths: inout [String]) {
        guard let stream = opendir(folder) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." || ScratchFile.isScratch(name) || name.hasPrefix("guide.sqlite") { continue }
            let path = folder + "/" + name
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) {
                // Some file systems leave the type out: ask (a link to a folder is not followed, as
                // the content loader does not follow it either).
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                type = (info.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : UInt8(DT_REG)
            }
            if type == UInt8(DT_DIR) {
                walk(path, into: &paths)
            } else {
                paths.append(path)
            }
        }
    }
}
