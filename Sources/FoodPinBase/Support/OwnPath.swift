import Foundation

/// Where FoodPin writes files of its own inside a folder it trusts (the guide: `.foodpin-cache/`,
/// `.github/`): only into real folders and over regular files. A link on the way could carry the
/// file outside the guide, and a pipe or a device where a file goes blocks or swallows it: each is
/// refused with its place, never written through.
public enum OwnPath {
    /// Makes the folders from `root` down to `folder` (which must lie under it), each checked with
    /// `lstat`: a link, a file or anything else where a folder goes is refused.
    public static func makeRealFolders(_ folder: String, within root: String) throws(FoodPinError) {
        try realFolders(folder, within: root, making: true)
    }

    /// The same check, making nothing: a missing folder ends it (`check`, a dry run).
    public static func requireRealFolders(_ folder: String, within root: String) throws(FoodPinError) {
        try realFolders(folder, within: root, making: false)
    }

    private static func realFolders(_ folder: String, within root: String, making: Bool) throws(FoodPinError) {
        let base = URL(fileURLWithPath: root).standardizedFileURL.path
        let whole = URL(fileURLWithPath: folder).standardizedFileURL.path
        guard whole == base || whole.hasPrefix(base == "/" ? "/" : base + "/") else {
            throw .usage("\(GuideLayout.displayPath(URL(fileURLWithPath: whole))) is outside \(GuideLayout.displayPath(URL(fileURLWithPath: base)))")
        }
        if making { try NewFile.makeFolders(base) }
        var path = base
        for part in whole.dropFirst(base.count).split(separator: "/") {
            path += (path.hasSuffix("/") ? "" : "/") + part
            var info = stat()
            if lstat(path, &info) != 0 {
                guard errno == ENOENT else { throw .io("look at the folder", path: path) }
                guard making else { return }
                if mkdir(path, 0o755) != 0 && errno != EEXIST { throw .io("make the folder", path: path) }
                guard lstat(path, &info) == 0 else { throw .io("make the folder", path: path) }
            }
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw refusal(path, info: info, wanted: "a folder") }
        }
    }

    /// Refuses `file` when something other than a regular file is there (nothing there is fine).
    public static func requireRegularFile(_ file: String) throws(FoodPinError) {
        var info = stat()
        guard lstat(file, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw refusal(file, info: info, wanted: "a file") }
    }

    /// Both: the folders of `file` real under `root` (made, if `making`), and `file` itself absent
    /// or a regular file.
    public static func prepare(_ file: URL, within root: URL, making: Bool = true) throws(FoodPinError) {
        let path = file.standardizedFileURL.path
        try realFolders((path as NSString).deletingLastPathComponent, within: root.standardizedFileURL.path, making: making)
        try requireRegularFile(path)
    }

    /// `wanted`: what FoodPin keeps there ("a folder", "a file"); nil inside a deploy target.
    package static func refusal(_ path: String, info: stat, wanted: String?) -> FoodPinError {
        let found = switch info.st_mode & S_IFMT {
        case S_IFLNK: "a link"
        case S_IFDIR: "a folder"
        case S_IFREG: "a file"
        case S_IFIFO: "a named pipe"
        default: "a device or socket"
        }
        let place = GuideLayout.displayPath(URL(fileURLWithPath: path))
        guard let wanted else {
            return FoodPinError(.usage, at: place, "\(found) stands in the deploy target; FoodPin never writes or removes anything through it",
                                hint: "remove it, then deploy again: the next deploy looks at every file of the target")
        }
        return FoodPinError(.usage, at: place, "\(found) stands where FoodPin keeps \(wanted) of its own; it is never written through",
                            hint: "remove \(found == "a link" ? "the link" : "it") (FoodPin makes \(wanted == "a folder" ? "the folder" : "the file") again)")
    }
}
