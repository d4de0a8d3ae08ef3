import Foundation

/// A folder as a deploy target (`file:///srv/www`): each file written in `.foodpin-incoming/` and
/// renamed over its place, so a reader sees the old file or the new one, and a deploy stopped
/// mid-file leaves its half only there (the next deploy empties it); folders emptied by deletions go.
/// A deploy removes what the site no longer has, so it takes only a folder that is empty or that
/// FoodPin deployed to before (it holds `.foodpin-deployed`): never someone's home folder.
struct FolderDestination: DeployDestination {
    let root: String

    static let mark = ".foodpin-deployed"
    static let incoming = ".foodpin-incoming"


    var requestCount: Int { 0 }

    /// Listed when the target's manifest is missing (a first deploy, a new machine, `--verify`).
    func list() async throws(FoodPinError) -> [String: String] {
        var held: [String: String] = [:]
        let files = FileManager.default.fileExists(atPath: root) ? try BuiltSite.scan(URL(fileURLWithPath: root)).map(\.path) : []
        if !files.isEmpty, !FileManager.default.fileExists(atPath: root + "/" + Self.mark) {
            throw FoodPinError(.usage, at: root, "this folder holds files FoodPin did not deploy; a deploy would remove those the site does not have",
                               hint: "deploy into an empty folder (or one FoodPin deployed to, which holds \(Self.mark))")
        }
        try NewFile.makeFolders(root)
        try ReplaceFile.write(Data("This folder is deployed to by foodpin deploy.\n".utf8), to: URL(fileURLWithPath: root + "/" + Self.mark))
        for path in files {
            if let bytes = FileBytes.read(root + "/" + path, expectedSize: nil) {
                held[path] = storedTag(of: bytes)
            }
        }
        return held
    }

    func put(_ path: String, body: [UInt8], headers: DeployHeaders) async throws(FoodPinError) {
        let target = root + "/" + path, incoming = root + "/" + Self.incoming
        try NewFile.makeFolders((target as NSString).deletingLastPathComponent)
        try NewFile.makeFolders(incoming)
        let file = try ReplaceFile(URL(fileURLWithPath: incoming + "/" + UUID().uuidString))
        try file.append(body)
        try file.commit(durable: false)
        guard rename(file.path, target) == 0 else { throw .io("write a file of the target", path: target) }
    }

    /// Last of a deploy, every file sent: what a stopped deploy left in `.foodpin-incoming/` goes too.
    func delete(_ paths: [String]) async throws(FoodPinError) {
        try? FileManager.default.removeItem(atPath: root + "/" + Self.incoming)
        for path in paths {
            guard unlink(root + "/" + path) == 0 || errno == ENOENT else { throw .io("remove a file of the target", path: root + "/" + path) }
            var folder = (path as NSString).deletingLastPathComponent
            // rmdir fails on a folder that still holds something, which is where it should stop.
            while !folder.isEmpty, rmdir(root + "/" + folder) == 0 { folder = (folder as NSString).deletingLastPathComponent }
        }
    }

    func close() async {}
}
