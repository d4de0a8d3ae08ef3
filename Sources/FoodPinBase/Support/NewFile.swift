import Foundation

/// Writes files that must not exist yet (`foodpin init`, `foodpin new`): folders are made as
/// needed, an existing file is never replaced, and every failure names the path.
public enum NewFile {
    /// Refuses a file that is there already, before any work is done for it.
    public static func refuseExisting(_ url: URL) throws(FoodPinError) {
        if FileManager.default.fileExists(atPath: url.standardizedFileURL.path) { throw alreadyExists(url) }
    }

    private static func alreadyExists(_ url: URL) -> FoodPinError {
        .usage("the file already exists; nothing was changed", at: GuideLayout.displayPath(url))
    }

    public static func write(_ text: String, to url: URL) throws(FoodPinError) {
        let path = url.standardizedFileURL.path
        try makeFolders(url.deletingLastPathComponent().standardizedFileURL.path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        if descriptor < 0 {
            if errno == EEXIST { throw alreadyExists(url) }
            throw .io("write the file", path: path)
        }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress!, $0.count) }
            if count <= 0 {
                let failure = FoodPinError.io("write the file", path: path)
                close(descriptor)
                unlink(path)
                throw failure
            }
            written += count
        }
        close(descriptor)
    }

    public static func makeFolders(_ path: String) throws(FoodPinError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return }
            throw .usage("a file stands where a folder must go", at: GuideLayout.displayPath(URL(fileURLWithPath: path)))
        }
        try makeFolders((path as NSString).deletingLastPathComponent)
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw .io("make the folder", path: path) }
    }
}
