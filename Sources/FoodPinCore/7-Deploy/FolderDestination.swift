import Foundation

/// A folder as a deploy target (`file:///srv/www`): each file written beside its place and
/// renamed over it, so a reader sees the old file or the new one; folders emptied by deletions go.
struct FolderDestination: DeployDestination {
    let root: String

    var requestCount: Int { 0 }

    func list() async throws(FoodPinError) -> [String: String] {
        var held: [String: String] = [:]
        guard FileManager.default.fileExists(atPath: root) else { return held }
        for path in try BuiltSite.scan(URL(fileURLWithPath: root)).map(\.path) {
            if let bytes = FileBytes.read(root + "/" + path, expectedSize: nil) {
                held[path] = storedTag(of: bytes)
            }
        }
        return held
    }

    func put(_ path: String, body: [UInt8], headers: DeployHeaders) async throws(FoodPinError) {
        let url = URL(fileURLWithPath: root + "/" + path)
        try NewFile.makeFolders(url.deletingLastPathComponent().path)
        let file = try ReplaceFile(url)
        try file.append(body)
        try file.commit(durable: false)
    }

    func delete(_ paths: [String]) async throws(FoodPinError) {
        for path in paths {
            guard unlink(root + "/" + path) == 0 || errno == ENOENT else { throw .io("remove a file of the target", path: root + "/" + path) }
            var folder = (path as NSString).deletingLastPathComponent
            // rmdir fails on a folder that still holds something, which is where it should stop.
            while !folder.isEmpty, rmdir(root + "/" + folder) == 0 { folder = (folder as NSString).deletingLastPathComponent }
        }
    }

    func close() async {}
}
