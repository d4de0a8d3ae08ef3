import Foundation

/// A whole file that may replace an older one (`foodpin export -o`, the build state): written
/// beside it under a temporary name, in as many pieces as needed, and renamed over it once
/// complete (and synced, when durable), so a reader sees the old file or the new one, never half;
/// failures name the path. Not committed, the temporary file is removed.
public final class ReplaceFile {
    package let path: String
    private let temporary: String
    private var descriptor: Int32
    private var done = false

    public init(_ url: URL) throws(FoodPinError) {
        path = url.standardizedFileURL.path
        temporary = path + ".foodpin-\(getpid())-tmp"
        // A link left under the temporary name is refused, never written through; a pipe there is
        // refused at once (no reader), not waited on.
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        guard descriptor >= 0 else { throw .io("write the file", path: path) }
    }

    deinit { discard() }

    /// Removes the temporary file now, unless committed (a second call does nothing).
    public func discard() {
        guard !done else { return }
        done = true
        close(descriptor)
        unlink(temporary)
    }

    public func append<Bytes: ContiguousBytes>(_ bytes: Bytes) throws(FoodPinError) {
        let ok = bytes.withUnsafeBytes { buffer -> Bool in
            var written = 0
            while written < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count <= 0 { return false }
                written += count
            }
            return true
        }
        guard ok else { throw .io("write the file", path: path) }
    }

    /// `durable`: synced to disk before it replaces the old file (a power cut leaves one or the
    /// other); otherwise the rename alone keeps every reader, and a crash of the process, from seeing half.
    public func commit(durable: Bool = true) throws(FoodPinError) {
        done = true
        let synced = !durable || fsync(descriptor) == 0
        let failure = errno
        close(descriptor)
        guard synced, rename(temporary, path) == 0 else {
            let error = FoodPinError.io("write the file", path: path, errno: synced ? errno : failure)
            unlink(temporary)
            throw error
        }
    }

    public static func write(_ data: Data, to url: URL) throws(FoodPinError) {
        let file = try ReplaceFile(url)
        try file.append(data)
        try file.commit()
    }
}
