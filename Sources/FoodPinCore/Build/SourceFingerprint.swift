import Foundation
import ScratchFiles

/// One digest of every file a build reads: its path and stamp, for everything under Content/
/// (but the store, which the build itself writes) and Templates/. Equal to the last successful
/// build's, with the store and the output unchanged too, it means there is nothing to do, and the
/// build stops after one pass of `stat` over the guide.
enum SourceFingerprint {
    static func of(_ layout: GuideLayout) -> ContentDigest {
        var writer = BinaryWriter()
        for folder in [layout.content, layout.templates] {
            var entries: [(String, FileStamp)] = []
            walk(folder.standardizedFileURL.path, into: &entries)
            entries.sort { $0.0 < $1.0 }
            writer.write(folder.path)
            writer.write(entries.count)
            for (path, stamp) in entries {
                writer.write(path)
                writer.write(stamp)
            }
        }
        return ContentDigest(writer.bytes)
    }

    private static func walk(_ folder: String, into entries: inout [(String, FileStamp)]) {
        guard let stream = opendir(folder) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." || ScratchFile.isScratch(name) || name.hasPrefix("guide.sqlite") { continue }
            let path = folder + "/" + name
            if entry.pointee.d_type == UInt8(DT_DIR) {
                walk(path, into: &entries)
            } else if let stamp = FileStamp(path: path) {
                entries.append((path, stamp))
            }
        }
    }
}
