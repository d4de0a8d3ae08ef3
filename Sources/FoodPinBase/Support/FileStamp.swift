import Foundation

/// What tells that a file changed without reading it: size, modification and change times, and
/// inode. The change time moves on every write or rename and cannot be set back, so a file
/// replaced by another of the same size and modification time (`cp -p`) still counts as changed.
public struct FileStamp: Hashable, Sendable {
    public var size: Int64
    public var modified: Int
    public var changed: Int
    public var inode: UInt64

    package init(size: Int64, modified: Int, changed: Int, inode: UInt64) {
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
    }

    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The stamp of a file already asked about.
    package init(_ info: stat) {
        size = Int64(info.st_size)
        inode = UInt64(info.st_ino)
        #if os(Linux)
        modified = Int(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int(info.st_mtim.tv_nsec)
        changed = Int(info.st_ctim.tv_sec) &* 1_000_000_000 &+ Int(info.st_ctim.tv_nsec)
        #else
        modified = Int(info.st_mtimespec.tv_sec) &* 1_000_000_000 &+ Int(info.st_mtimespec.tv_nsec)
        changed = Int(info.st_ctimespec.tv_sec) &* 1_000_000_000 &+ Int(info.st_ctimespec.tv_nsec)
        #endif
    }
}

extension FileStamp: PlainBinaryCodable {
    package static var blank: FileStamp { FileStamp(size: 0, modified: 0, changed: 0, inode: 0) }
    package mutating func binaryFields(_ fields: inout some BinaryFieldVisitor) throws(BinaryReader.Malformed) {
        try fields.field(&size)
        try fields.field(&modified)
        try fields.field(&changed)
        try fields.field(&inode)
    }
}

extension FileStamp {
    /// The size of the plain file at `path`, or nil: none there, or not a plain file (a link is
    /// never what a build wrote, whatever the size of what it points to). One `lstat`.
    package static func plainSize(at path: String) -> Int? {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
    }
}
