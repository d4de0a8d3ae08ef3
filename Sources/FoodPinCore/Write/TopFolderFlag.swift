import Foundation

/// ext4's flag for the top of a folder hierarchy (`chattr +T`): the folders made in such a folder
/// are placed in block groups of their own. Read and set through Linux's inode-flag ioctls, whose
/// numbers are these on x86_64 and arm64; elsewhere the flag is never read or set.
enum TopFolderFlag {
    static let bit: Int32 = 0x0002_0000 // FS_TOPDIR_FL

    /// Whether `folder` has the flag; nil where its flags cannot be read (tmpfs, another system).
    static func isSet(_ folder: String) -> Bool? {
        withFlags(of: folder) { _, flags in flags & bit != 0 }
    }

    /// Sets the flag on `folder`; whether it has it now.
    static func mark(_ folder: String) -> Bool {
        withFlags(of: folder) { descriptor, flags in
            guard flags & bit == 0 else { return true }
            #if os(Linux) && (arch(x86_64) || arch(arm64))
            var marked = flags | bit
            return ioctl(descriptor, 0x4008_6602, &marked) == 0 // FS_IOC_SETFLAGS
            #else
            return false
            #endif
        } ?? false
    }

    private static func withFlags<Result>(of folder: String, _ body: (Int32, Int32) -> Result) -> Result? {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var flags: Int32 = 0 // the kernel reads and writes an int, whatever the ioctl's name says
        guard ioctl(descriptor, 0x8008_6601, &flags) == 0 else { return nil } // FS_IOC_GETFLAGS
        return body(descriptor, flags)
        #else
        return nil
        #endif
    }
}
