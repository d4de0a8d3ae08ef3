import Foundation
import FoodPinBase
import FoodPinModel

/// Processed pictures kept between builds in `.foodpin-cache/pictures/`: one folder per key (the
/// digest of the source's bytes, its name and the settings), so a picture is processed once for as
/// long as none of them changes. A folder appears whole (made under a temporary name, then
/// renamed) and its `meta` records its files' sizes, so an entry cut short by a crash is made again.
final class PictureCache: @unchecked Sendable {
    let folder: String
    /// Source digests by path, with the stamp they were taken at: an unchanged file is not read.
    private var digests: [String: (stamp: FileStamp, digest: ContentDigest)] = [:]
    private let lock = NSLock()
    /// Whether a digest was taken this build (the index is then saved).
    private(set) var changed = false
    /// 2: digests are SHA-256 (an index of the older digests would name pictures otherwise than a clean build).
    private static let indexVersion = "foodpin-picture-index 2"

    /// `trusted`: false (`--clean`) reads every source again and makes every entry anew, so a
    /// cached file damaged by hand without changing its size is never published again.
    init(folder: String, trusted: Bool = true) {
        self.folder = folder
        self.trusted = trusted
        if trusted { loadIndex() }
    }

    let trusted: Bool

    private var indexPath: String { folder + "/index" }

    private func loadIndex() {
        guard let data = FileManager.default.contents(atPath: indexPath) else { return }
        var reader = BinaryReader(data)
        do throws(BinaryReader.Malformed) {
            guard try reader.readString() == Self.indexVersion else { return }
            let count = try reader.readInt()
            for _ in 0..<count {
                let path = try reader.readString()
                let stamp: FileStamp = try reader.read()
                let digest: ContentDigest = try reader.read()
                digests[path] = (stamp, digest)
            }
        } catch {
            digests = [:]
        }
    }

    /// Keeps the digests of the given sources only.
    func saveIndex(keeping paths: Set<String>) {
        lock.lock()
        digests = digests.filter { paths.contains($0.key) }
        var writer = BinaryWriter()
        writer.write(Self.indexVersion)
        writer.write(digests.count)
        for (path, entry) in digests.sorted(by: { $0.key < $1.key }) {
            writer.write(path)
            writer.write(entry.stamp)
            writer.write(entry.digest)
        }
        lock.unlock()
        do throws(FoodPinError) {
            try NewFile.makeFolders(folder)
            let file = try ReplaceFile(URL(fileURLWithPath: indexPath))
            try file.append(writer.bytes)
            try file.commit()
        } catch {
            // Only a speed-up: the next build reads the pictures again.
        }
    }

    /// The digest of a source's bytes (from `read`), read only when its stamp changed.
    func digest(of path: String, reading read: () -> Data?) -> ContentDigest? {
        guard let stamp = FileStamp(path: path) else { return nil }
        lock.lock()
        if let known = digests[path], known.stamp == stamp {
            lock.unlock()
            return known.digest
        }
        lock.unlock()
        guard let data = read() else { return nil }
        let digest = ContentDigest(data)
        // A file changed while read is caught next time: its stamp will differ from this one.
        lock.lock()
        digests[path] = (stamp, digest)
        changed = true
        lock.unlock()
        return digest
    }

    func entryFolder(_ key: String) -> String { folder + "/" + key }

    /// A complete entry, or nil: its folder a real one and each file a regular file of the size
    /// recorded (a link put there is never published; the entry is made again).
    func entry(_ key: String) -> ProcessedPicture? {
        let entryFolder = entryFolder(key)
        var info = stat()
        guard lstat(entryFolder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR,
              FileStamp.plainSize(at: entryFolder + "/meta") != nil, let data = FileManager.default.contents(atPath: entryFolder + "/meta") else { return nil }
        var reader = BinaryReader(data)
        guard let picture = try? ProcessedPicture.read(from: &reader), picture.key == key,
              picture.sizes.count == picture.files.count else { return nil }
        for (file, size) in zip(picture.files, picture.sizes) where FileStamp.plainSize(at: entryFolder + "/" + file) != size {
            return nil
        }
        return picture
    }

    /// Runs `make` in a fresh temporary folder and moves the result into place as the entry for `key`.
    func store(_ key: String, make: (String) -> Result<ProcessedPicture, PictureProblem>) -> Result<ProcessedPicture, PictureProblem> {
        let entryFolder = entryFolder(key)
        do throws(FoodPinError) { try NewFile.makeFolders(folder) } catch {
            return .failure(.cannotWrite("the picture cache \(folder) cannot be made"))
        }
        // A folder of its own, even for two pictures with the same key.
        var template = Array((folder + "/.tmp-\(key)-\(getpid())-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { return .failure(.cannotWrite("cannot make a folder in \(folder)")) }
        let temporary = String(cString: made)
        let result = make(temporary)
        guard case .success(let picture) = result else {
            removeTree(temporary)
            return result
        }
        var writer = BinaryWriter()
        writer.write(picture)
        guard FileManager.default.createFile(atPath: temporary + "/meta", contents: Data(writer.bytes)) else {
            removeTree(temporary)
            return .failure(.cannotWrite("cannot write \(temporary)/meta"))
        }
        // An entry already there (another build, or one cut short) is replaced.
        removeTree(entryFolder)
        guard rename(temporary, entryFolder) == 0 else {
            removeTree(temporary)
            return entry(key).map { .success($0) } ?? .failure(.cannotWrite("cannot move \(temporary) into place"))
        }
        return result
    }

    /// Removes entries no build uses any more, and leftovers of builds that were stopped; nothing
    /// else (only names this cache makes are touched).
    @discardableResult
    func removeAll(except keys: Set<String>) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return 0 }
        var removed = 0
        for name in names where !keys.contains(name) {
            let parts = name.split(separator: "-")
            let isKey = name.utf8.count == 16 && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
            let isTemporary = name.hasPrefix(".tmp-") && parts.count == 4
            guard isKey || isTemporary else { continue }
            if isTemporary, let pid = Int32(parts[2]), pid != getpid(), kill(pid, 0) == 0 {
                continue // another running build's work in progress
            }
            removeTree(folder + "/" + name)
            removed += 1
        }
        return removed
    }

    private func removeTree(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}
