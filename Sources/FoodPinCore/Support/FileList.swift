import Foundation
import ScratchFiles

/// Lists source files under a folder, sorted, so builds do not depend on file-system order.
/// Straight readdir: a guide of 60,000 files is listed on every build.
enum FileList {
    struct Listing {
        /// Absolute paths, sorted.
        var paths: [String] = []
        /// Links (or the folder itself) that lead out of the guide: reported, never read.
        var outside: [(path: String, target: String)] = []

        func outsideErrors(_ display: DisplayPaths = DisplayPaths()) -> [Diagnostic] {
            outside.map { GuideBoundary.linkOutside(display.name(of: $0.path), target: $0.target) }
        }
    }

    /// The files named `*.ext` (any file when `ext` is nil) under `directory`; hidden files and
    /// editors' scratch files are left out. Only links are resolved (plain entries of a folder
    /// inside the guide are inside it): a link to a folder is not followed, as it could loop.
    static func files(in directory: URL, withExtension ext: String?, recursive: Bool, boundary: GuideBoundary) -> Listing {
        var listing = Listing()
        let suffix = ext.map { "." + $0 }
        let top = directory.standardizedFileURL.path
        if let target = boundary.outsideTarget(of: top) {
            listing.outside.append((top, target))
            return listing
        }
        func walk(_ folder: String) {
            guard let stream = opendir(folder) else { return }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name == "." || name == ".." || ScratchFile.isScratch(name) { continue }
                let kind = entry.pointee.d_type
                if let suffix, kind == UInt8(DT_REG) || kind == UInt8(DT_LNK),
                   !(name.count > suffix.count && name.lowercased().hasSuffix(suffix)) {
                    continue
                }
                let path = folder + "/" + name
                var type = entry.pointee.d_type
                if type == UInt8(DT_LNK), let target = boundary.outsideTarget(of: path) {
                    listing.outside.append((path, target))
                    continue
                }
                if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) {
                    var info = stat()
                    guard stat(path, &info) == 0 else { continue }
                    if (info.st_mode & S_IFMT) == S_IFDIR && type == UInt8(DT_LNK) { continue }
                    type = (info.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : UInt8(DT_REG)
                }
                if type == UInt8(DT_DIR) {
                    if recursive { walk(path) }
                } else if suffix == nil || name.count > suffix!.count && name.lowercased().hasSuffix(suffix!) {
                    listing.paths.append(path)
                }
            }
        }
        walk(top)
        listing.paths.sort()
        listing.outside.sort { $0.path < $1.path }
        return listing
    }
}
