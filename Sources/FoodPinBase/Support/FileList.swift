import Foundation
import ScratchFiles

/// Lists source files under a folder, sorted, so builds do not depend on file-system order.
/// Straight readdir, folders side by side (`FolderWalk`): a guide of 60,000 files is listed on every build.
package enum FileList {
    package struct Listing {
        /// Absolute paths, sorted.
        package var paths: [String] = []
        /// Each path's stamp, when the files were taken from a scan (nil: asked for when needed).
        package var stamps: [FileStamp?]?
        /// Entries that are never read, each with why: links (or the folder itself) leading out of
        /// the guide, and what is not a regular file (a named pipe would block a read for ever).
        package var refused: [Diagnostic] = []

        package init(paths: [String] = [], stamps: [FileStamp?]? = nil, refused: [Diagnostic] = []) {
            (self.paths, self.stamps, self.refused) = (paths, stamps, refused)
        }

        /// The position of a path in the listing.
        package func index(of path: String) -> Int? {
            let index = paths.firstIndex(notBefore: path) { $0 }
            return index < paths.count && paths[index] == path ? index : nil
        }

        /// The stamp of the file at `index`: the scan's, or asked for now.
        package func stamp(_ index: Int) -> FileStamp? {
            if let stamps, let stamp = stamps[index] { return stamp }
            return FileStamp(path: paths[index])
        }
    }

    /// The files named `*.ext` (any file when `ext` is nil) under `directory`; hidden files and
    /// editors' scratch files are left out. Only links are resolved (plain entries of a folder
    /// inside the guide are inside it): a link to a folder is not followed, as it could loop.
    /// `width`: as `ContentLoader.load`'s. `scan`: a walk of a folder holding this one, taken
    /// instead of listing the folders again.
    package static func files(in directory: URL, withExtension ext: String?, recursive: Bool, boundary: GuideBoundary,
                      width: ParallelMap.Width = .disk, scan: FolderScan? = nil) -> Listing {
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
        if let scanned = scan?.entries(under: top) {
            var stamps: [FileStamp?] = []
            let depth = top.utf8.count + 1
            for entry in scanned {
                if !recursive, entry.path.utf8.dropFirst(depth).contains(UInt8(ascii: "/")) { continue }
                switch admit(entry.path, type: entry.type, suffix: suffix, boundary: boundary, display: display) {
                case .file: listing.paths.append(entry.path); stamps.append(entry.stamp)
                case .refused(let refusal): listing.refused.append(refusal)
                case .folder, .skipped: break
                }
            }
            listing.stamps = stamps
            listing.refused.sort { $0.location < $1.location }
            return listing
        }
        for folder in FolderWalk.levels(from: top, recursive: recursive, width: width, { readFolder($0, suffix: suffix, boundary: boundary, display: display) }) {
            listing.paths += folder.files
            listing.refused += folder.refused
        }
        listing.paths.sort()
        listing.refused.sort { $0.location < $1.location }
        return listing
    }

    /// One folder's files named `*suffix` (any file without a suffix), what is refused, and its folders.
    private static func readFolder(_ folder: String, suffix: String?, boundary: GuideBoundary, display: DisplayPaths)
        -> (found: (files: [String], refused: [Diagnostic]), folders: [String]) {
        var files: [String] = []
        var refused: [Diagnostic] = []
        var folders: [String] = []
        FolderWalk.entries(of: folder) { name, type, _ in
            if ScratchFile.isScratch(name) { return }
            // Most entries are told apart by name alone: no path made for them.
            if let suffix, type == DT_REG || type == DT_LNK, !hasSuffix(name, suffix) { return }
            let path = FolderWalk.path(folder, name)
            switch admit(path, type: Int(type), suffix: suffix, boundary: boundary, display: display) {
            case .file: files.append(path)
            case .folder: folders.append(path)
            case .refused(let refusal): refused.append(refusal)
            case .skipped: break
            }
        }
        return ((files, refused), folders)
    }

    private enum Admission {
        case file, folder, skipped
        case refused(Diagnostic)
    }

    /// What a listing makes of an entry of type `type` (as `FolderWalk.entries` gives it, whether
    /// read now or scanned before).
    private static func admit(_ path: String, type: Int, suffix: String?, boundary: GuideBoundary, display: DisplayPaths) -> Admission {
        var type = type
        if let suffix, type == DT_REG || type == DT_LNK, !hasSuffix(path, suffix) { return .skipped }
        if type == DT_LNK, let refusal = boundary.refusal(of: path, shownAs: display.name(of: path)) { return .refused(refusal) }
        if type == DT_LNK {
            var info = stat()
            guard stat(path, &info) == 0 else { return .skipped }
            let format = info.st_mode & S_IFMT
            if format == S_IFDIR && type == DT_LNK { return .skipped }
            type = format == S_IFDIR ? DT_DIR : format == S_IFREG ? DT_REG : DT_FIFO
        }
        if type == DT_DIR { return .folder }
        if type != DT_REG { return .refused(GuideBoundary.notARegularFile(display.name(of: path))) }
        // Checked above already for entries typed a file or a link; this is for those typed now.
        return suffix.map { hasSuffix(path, $0) } ?? true ? .file : .skipped
    }

    /// Whether `name` ends in `suffix` (ASCII, `.md`) ignoring case, and has more before it.
    private static func hasSuffix(_ name: String, _ suffix: String) -> Bool {
        let name = name.utf8, suffix = suffix.utf8
        guard name.count > suffix.count else { return false }
        func lowered(_ byte: UInt8) -> UInt8 { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte }
        return zip(name.suffix(suffix.count), suffix).allSatisfy { lowered($0) == lowered($1) }
    }
}
