import Foundation

/// The files of a built site, as a deploy sends them: every regular file under the folder but
/// dot files and dot folders (`.git`, `.nojekyll`: a checkout's, not the site's); links are not
/// followed, so nothing outside the folder is sent.
enum BuiltSite {
    struct File: Sendable {
        /// Relative to the site's folder, with `/`.
        var path: String
        var stamp: FileStamp
    }

    /// Sorted by path. A name holding a tab or a line break is refused: the manifest is one line per file.
    static func scan(_ folder: URL) throws(FoodPinError) -> [File] {
        let root = folder.standardizedFileURL.path
        var info = stat()
        guard stat(root, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw FoodPinError(.usage, at: GuideLayout.displayPath(folder), "there is no site here to deploy",
                               hint: "run `foodpin build` first, or name the site's folder with --output")
        }
        let found = FolderWalk.levels(from: root) { folder -> (found: [File], folders: [String]) in
            var files: [File] = [], folders: [String] = []
            FolderWalk.entries(of: folder) { name, type, descriptor in
                guard !name.hasPrefix(".") else { return }
                let path = FolderWalk.path(folder, name)
                if type == Int32(DT_DIR) {
                    folders.append(path)
                } else if type == Int32(DT_REG) {
                    var info = stat()
                    guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return }
                    files.append(File(path: String(path.dropFirst(root.count + 1)), stamp: FileStamp(info)))
                }
            }
            return (files, folders)
        }
        let files = found.flatMap { $0 }.sorted { $0.path < $1.path }
        if let odd = files.first(where: { $0.path.utf8.contains { $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } }) {
            throw FoodPinError(.usage, at: GuideLayout.displayPath(folder.appending(path: odd.path)),
                               "cannot deploy a file whose name holds a tab or a line break", hint: "rename or remove it")
        }
        return files
    }
}
