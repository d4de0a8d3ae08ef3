import Foundation

/// Writes a whole file that may replace an older one (`foodpin export -o`): through a temporary file
/// beside it and a rename, so a reader sees the old file or the new one, never half; failures name the path.
public enum ReplaceFile {
    public static func write(_ data: Data, to url: URL) throws(FoodPinError) {
        let path = url.standardizedFileURL.path
        let temporary = path + ".foodpin-\(getpid())-tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw .io("write the file", path: path) }
        var written = 0
        let ok = data.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count <= 0 { return false }
                written += count
            }
            return fsync(descriptor) == 0
        }
        let failure = errno
        close(descriptor)
        guard ok, rename(temporary, path) == 0 else {
            let error = FoodPinError.io("write the file", path: path, errno: ok ? errno : failure)
            unlink(temporary)
            throw error
        }
    }
}
