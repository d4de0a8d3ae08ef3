import Foundation
import FoodPinBase
import FoodPinPublish

/// The files of a built site, as a deploy sends them: every regular file under the folder but
/// dot files and dot folders (`.git`, `.nojekyll`: a checkout's, not the site's); links are not
/// followed, so nothing outside the folder is sent.
enum BuiltSite {
    struct File: Sendable {
        /// Relative to the site's folder, with `/`.
        var path: String
        var size: Int64
        /// From the build's record of what it wrote, or for a file the record does not list, its stamp.
        var version: FileVersion
        /// As the build's record says; a file it does not list goes as a page (brief, with the pages).
        var delivery: Delivery = .unrecorded
    }

    /// The files the last build wrote, from its record: nothing to walk. At 100,000 restaurants the
    /// walk of `Output/` (100,000 folders) was 45 % of a deploy with nothing to send.
    static func recorded(_ record: FolderRecord, in folder: URL) throws(FoodPinError) -> [File] {
        try requireFolder(folder)
        let files = (record.live ?? [:]).compactMap { path, state -> File? in
            guard !isHidden(path) else { return nil }
            let delivery = record.deliveries[path] ?? .unrecorded
            return switch state {
            case .bytes(let digest): File(path: path, size: Int64(digest.count), version: .written(digest), delivery: delivery)
            case .copy(let stamp): File(path: path, size: stamp.size, version: .copied(stamp), delivery: delivery)
            }
        }
        try refuseOddNames(files, at: folder)
        return files
    }

    /// Walks the folder, for a site the build has no record of (or `--verify`, or a record of the
    /// deliveries only); files `record` lists keep the build's version, so the next deploy from the
    /// record sends nothing again, and each file its recorded delivery.
    static func scan(_ folder: URL, record: FolderRecord? = nil) throws(FoodPinError) -> [File] {
        try requireFolder(folder)
        let root = folder.standardizedFileURL.path
        let known = try record.map { written throws(FoodPinError) in Dictionary(uniqueKeysWithValues: try recorded(written, in: folder).map { ($0.path, $0) }) }
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
                    let relative = String(path.dropFirst(root.count + 1)), stamp = FileStamp(info)
                    // A recorded file of another size was changed by hand: its own stamp names it.
                    if let file = known?[relative], file.size == stamp.size {
                        files.append(file)
                    } else {
                        files.append(File(path: relative, size: stamp.size, version: FileVersion(found: stamp),
                                          delivery: record?.deliveries[relative] ?? .unrecorded))
                    }
                }
            }
            return (files, folders)
        }
        let files = found.flatMap { $0 }
        try refuseOddNames(files, at: folder)
        return files
    }

    /// A dot file or a file in a dot folder, at any depth.
    static func isHidden(_ path: String) -> Bool {
        var afterSlash = true
        for byte in path.utf8 {
            if afterSlash && byte == UInt8(ascii: ".") { return true }
            afterSlash = byte == UInt8(ascii: "/")
        }
        return false
    }

    /// A record of a folder since removed is no site: nothing would be sent, and the target kept as it is.
    private static func requireFolder(_ folder: URL) throws(FoodPinError) {
        var info = stat()
        guard stat(folder.standardizedFileURL.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw FoodPinError(.usage, at: GuideLayout.displayPath(folder), "there is no site here to deploy",
                               hint: "run `foodpin build` first, or name the site's folder with --output")
        }
    }

    /// A name holding a control character or a noncharacter is refused, as the manifest and a listing refuse it
    /// (`DeployManifest.isSitePath`, the one rule both ways): sent, it could never be removed.
    private static func refuseOddNames(_ files: [File], at folder: URL) throws(FoodPinError) {
        guard let odd = files.first(where: { !DeployManifest.isSitePath($0.path) }) else { return }
        let shown = odd.path.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
        throw FoodPinError(.usage, at: GuideLayout.displayPath(folder.appending(path: shown)),
                           "cannot deploy a file whose name holds a control character or a noncharacter (a tab, a line break, U+FFFF…)", hint: "rename or remove it")
    }
}
