import Foundation
import ScratchFiles

/// Lists source files under a folder, sorted, so builds do not depend on file-system order.
/// Straight readdir: a guide of 60,000 files is listed on every build.
enum FileList {
    struct Listing {
        /// Absolute paths, sorted.
        var paths: [String] = []
        /// Entries that are never read, each with why: links (or the folder itself) leading out of
        /// the guide, and what is not a regular file (a named pipe would block a read for ever).
        var refused: [Diagnostic] = []
    }

    /// The files named `*.ext` (any file when `ext` is nil) under `directory`; hidden files and
    /// editors' scratch files are left out. Only links are resolved (plain entries of a folder
    /// inside the guide are inside it): a link to a folder is not followed, as it could loop.
    static func files(in directory: URL, withExtension ext: String?, recursive: Bool, boundary: GuideBoundary) -> Listing {
        var listing = Listing()
        let display = DisplayPaths()
        let suffix = ext.map { "." + $0 }
        let top = directory.standardizedFileURL.path
        if let refusal = boundary.refusal(of: top, shownAs: display.name(of: top)) {
            listing.refused.append(refusal)
            return listing
        }
        var topInfo = stat()
        if stat(top, &topInfo) == 0, (topInfo.st_mode & S_IFMT) != S_IFDIR {
            listing.refused.append(.error(at: SourceLocation(path: display.name(of: top)),
                                          "this is a file, not a folder: FoodPin reads the files inside a folder of this name",
                                          hint: "move the file aside and make a folder here"))
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
                if type == UInt8(DT_UNKNOWN) {
                    // Some file systems leave the type out: asked without following a link.
                    var info = stat()
                    guard lstat(path, &info) == 0 else { continue }
                    if (info.st_mode & S_IFMT) == S_IFLNK { type = UInt8(DT_LNK) }
                }
                if type == UInt8(DT_LNK), let refusal = boundary.refusal(of: path, shownAs: display.name(of: path)) {
                    listing.refused.append(refusal)
                    continue
                }
                if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) {
                    var info = stat()
                    guard stat(path, &info) == 0 else { continue }
                    let format = info.st_mode & S_IFMT
                    if format == S_IFDIR && type == UInt8(DT_LNK) { continue }
                    type = format == S_IFDIR ? UInt8(DT_DIR) : format == S_IFREG ? UInt8(DT_REG) : UInt8(DT_FIFO)
                }
                if type != UInt8(DT_DIR) && type != UInt8(DT_REG) {
                    listing.refused.append(GuideBoundary.notARegularFile(display.name(of: path)))
                    continue
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
        listing.refused.sort { $0.location < $1.location }
        return listing
    }
}
