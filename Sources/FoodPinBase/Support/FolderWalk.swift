import Foundation

/// The one folder walker: `entries` is the one `readdir` loop (the fingerprint's scan, the content
/// listings, the walk for strangers and the removal of stale files all read folders through it),
/// and `levels` walks a tree a level at a time, the folders of a level read side by side: a
/// guide's reviews may sit in thousands of folders, and the tree is looked at on every build.
package enum FolderWalk {
    /// `read` lists one folder: what it found there, and the folders to read next. Results come in
    /// no particular order; callers sort what they keep.
    package static func levels<Found: Sendable>(from root: String, recursive: Bool = true, width: ParallelMap.Width = .disk,
                                        _ read: @Sendable (String) -> (found: Found, folders: [String])) -> [Found] {
        var found: [Found] = []
        var level = [root]
        while !level.isEmpty {
            let results = ParallelMap.map(level, width: width, read)
            level = []
            for result in results {
                found.append(result.found)
                if recursive { level += result.folders }
            }
        }
        return found
    }

    /// The one `readdir` loop: each entry of `folder` (but `.` and `..`) with its type, asked of the
    /// file system without following a link where `readdir` leaves it out (`DT_DIR`, `DT_REG`,
    /// `DT_LNK`, or `DT_FIFO` for anything else), and the folder's descriptor for `fstatat`. False
    /// when the folder cannot be read.
    @discardableResult
    package static func entries(of folder: String, _ body: (_ name: String, _ type: Int32, _ descriptor: Int32) -> Void) -> Bool {
        guard let stream = opendir(folder) else { return false }
        defer { closedir(stream) }
        let descriptor = dirfd(stream)
        while let entry = readdir(stream) {
            let name = name(of: entry)
            if name == "." || name == ".." { continue }
            var type = Int32(entry.pointee.d_type)
            if type == Int32(DT_UNKNOWN) {
                var info = stat()
                guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                type = entryType(info.st_mode)
            }
            body(name, type, descriptor)
        }
        return true
    }

    /// An entry's type as `readdir` names it, from `lstat`'s mode.
    static func entryType(_ mode: mode_t) -> Int32 {
        switch mode & S_IFMT {
        case S_IFDIR: Int32(DT_DIR)
        case S_IFLNK: Int32(DT_LNK)
        case S_IFREG: Int32(DT_REG)
        default: Int32(DT_FIFO)
        }
    }

    /// `folder/name` in a string of just that size: `+` leaves room to grow, which at 600,000
    /// files held 60 MB of nothing.
    package static func path(_ folder: String, _ name: String) -> String {
        var folder = folder, name = name
        let count = folder.utf8.count + 1 + name.utf8.count
        return String(unsafeUninitializedCapacity: count) { buffer in
            let slash = folder.withUTF8 { buffer.initialize(fromContentsOf: $0) }
            buffer[slash] = UInt8(ascii: "/")
            _ = name.withUTF8 { UnsafeMutableBufferPointer(rebasing: buffer[(slash + 1)...]).initialize(fromContentsOf: $0) }
            return count
        }
    }

    /// The name of a folder entry, `readdir`'s bytes as a string.
    package static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
        withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }
}
