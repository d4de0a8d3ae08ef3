import Foundation

/// A whole file's bytes through `open` and `read`. The size is usually known already (the guide's
/// fingerprint asked every file), so a file of that size is read in one call and no `fstat`.
package enum FileBytes {
    package static func read(_ path: String, expectedSize: Int?) -> [UInt8]? {
        // O_NONBLOCK: a named pipe put where a file was is never waited on (read as empty, or not read).
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return read(descriptor: descriptor, expectedSize: expectedSize)
    }

    /// The rest of an open file (a deploy target's, opened without following links).
    package static func read(descriptor: Int32, expectedSize: Int?) -> [UInt8]? {
        // One byte more than expected: a shorter read is the end of a regular file.
        var bytes = [UInt8](repeating: 0, count: max(expectedSize ?? 0, 4096 - 1) + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: bytes.count) }
            let wanted = bytes.count - count
            let got = bytes.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress! + count, wanted) }
            if got < 0 {
                if errno == EINTR { continue }
                return nil
            }
            count += got
            // Short of what was asked and exactly the size the stat saw: the end of the file. Any other
            // short read (a file that changed, a network file system) reads on to the end.
            if got == 0 || got < wanted && count == expectedSize { break }
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }
}
