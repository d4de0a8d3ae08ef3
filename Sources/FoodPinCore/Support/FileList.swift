import Foundation
import ScratchFiles

/// Lists content files under a folder, sorted, so builds do not depend on file-system order.
/// Straight readdir: a guide of 60,000 files is listed on every build.
enum FileList {
    /// Absolute paths of the files with extension `ext` (no hidden files or folders, no editors'
    /// scratch files), in sorted order.
    static func files(in directory: URL, withExtension ext: String, recursive: Bool) -> [String] {
        var paths: [String] = []
        let suffix = "." + ext
        func walk(_ folder: String) {
            guard let stream = opendir(folder) else { return }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name == "." || name == ".." || ScratchFile.isScratch(name) { continue }
                let path = folder + "/" + name
                var type = entry.pointee.d_type
                if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) {
                    var info = stat()
                    guard stat(path, &info) == 0 else { continue }
                    // A link to a folder is not followed: it could loop, or lead out of the guide.
                    if (info.st_mode & S_IFMT) == S_IFDIR && type == UInt8(DT_LNK) { continue }
                    type = (info.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : UInt8(DT_REG)
                }
                if type == UInt8(DT_DIR) {
                    if recursive { walk(path) }
                } else if name.count > suffix.count, name.lowercased().hasSuffix(suffix) {
                    paths.append(path)
                }
            }
        }
        walk(directory.standardizedFileURL.path)
        return paths.sorted()
    }
}
