import Foundation

/// Walks a folder tree a level at a time, the folders of a level read side by side: a guide's
/// reviews may sit in thousands of folders, and the tree is looked at on every build. Shared by
/// the build's fingerprint and the content listings.
enum FolderWalk {
    /// `read` lists one folder: what it found there, and the folders to read next. Results come in
    /// no particular order; callers sort what they keep.
    static func levels<Found: Sendable>(from root: String, recursive: Bool = true, width: ParallelMap.Width = .disk,
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

    /// `folder/name` in a string of just that size: `+` leaves room to grow, which at 600,000
    /// files held 60 MB of nothing.
    static func path(_ folder: String, _ name: String) -> String {
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
    static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
        withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }
}
