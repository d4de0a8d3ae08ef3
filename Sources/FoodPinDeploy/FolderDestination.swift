import Foundation
import FoodPinBase

/// A folder as a deploy target (`file:///srv/www`): each file written in `.foodpin-incoming/` and
/// renamed over its place, so a reader sees the old file or the new one, and a deploy stopped
/// mid-file leaves its half only there (the next deploy empties it); folders emptied by deletions go.
/// A deploy removes what the site no longer has, so it takes only a folder that is empty or that
/// FoodPin deployed to before (it holds `.foodpin-deployed`): never someone's home folder.
/// Inside the target nothing is followed: every folder is opened from the one above it with
/// `O_NOFOLLOW`, so a link there (to a folder, or where a file goes) is reported and never written
/// or removed through, even one made while the deploy runs.
struct FolderDestination: DeployDestination {
    let root: String

    static let mark = ".foodpin-deployed"
    static let incoming = ".foodpin-incoming"

    var requestCount: Int { 0 }

    /// Listed when the target's manifest is missing (a first deploy, a new machine, `--verify`).
    func list() async throws(FoodPinError) -> [String: String] {
        var info = stat()
        let exists = stat(root, &info) == 0
        let found = exists ? try TargetFolder.files(in: root) : []
        if !found.isEmpty, !FileManager.default.fileExists(atPath: root + "/" + Self.mark) {
            throw FoodPinError(.usage, at: root, "this folder holds files FoodPin did not deploy; a deploy would remove those the site does not have",
                               hint: "deploy into an empty folder (or one FoodPin deployed to, which holds \(Self.mark))")
        }
        try NewFile.makeFolders(root)
        try write(Self.mark, Array("This folder is deployed to by foodpin deploy.\n".utf8))
        var held: [String: String] = [:]
        for path in found {
            if let bytes = try TargetFolder(root).read(path) { held[path] = storedTag(of: bytes) }
        }
        return held
    }

    func put(_ path: String, body: [UInt8], headers: DeployHeaders) async throws(FoodPinError) {
        try write(path, body)
    }

    /// Written in `.foodpin-incoming/`, then renamed over its place (checked first: a link there
    /// is refused before any byte is written).
    private func write(_ path: String, _ body: [UInt8]) throws(FoodPinError) {
        let target = TargetFolder(root)
        let (parent, name) = try target.parent(of: path, making: true)
        defer { Foundation.close(parent.descriptor) }
        try target.requireFileOrNothing(name, in: parent)
        let incoming = try target.open(Self.incoming, making: true)
        defer { Foundation.close(incoming.descriptor) }
        let temporary = UUID().uuidString
        try target.write(body, named: temporary, in: incoming)
        guard renameat(incoming.descriptor, temporary, parent.descriptor, name) == 0 else {
            let failure = FoodPinError.io("write a file of the target", path: root + "/" + path)
            unlinkat(incoming.descriptor, temporary, 0)
            throw failure
        }
    }

    /// Last of a deploy, every file sent: what a stopped deploy left in `.foodpin-incoming/` goes too.
    func delete(_ paths: [String]) async throws(FoodPinError) {
        let target = TargetFolder(root)
        try target.empty(Self.incoming)
        for path in paths { try target.remove(path) }
    }

    func close() async {}
}
