import Foundation
import FoodPinBase

/// One file of the generated site: bytes made by the build, or a content file published as it is.
public struct OutputFile: Sendable {
    public enum Body: Sendable {
        case bytes(Data)
        case copy(of: URL)
    }

    public var path: String
    public var body: Body

    public init(path: String, data: Data) {
        self.path = path
        body = .bytes(data)
    }

    public init(path: String, copyOf source: URL) {
        self.path = path
        body = .copy(of: source)
    }
}

/// What a build last wrote at a path: enough to know, without reading the disk, that a file is
/// still what this build would write.
public enum WrittenState: Hashable, Sendable {
    case bytes(ContentDigest)
    /// A copied file, known by its source's stamp (size, modification and change times, inode).
    case copy(FileStamp)
}

/// Brings the output folder to the rendered site: folders made as needed, a file written only when
/// its bytes changed (through a temporary file and a rename, so no reader sees half a page), and
/// files no page produces any more removed. Runs only after every content and template error was
/// ruled out, so a failed build never touches the folder.
public struct OutputWriter: Sendable {
    public let destination: URL

    public init(destination: URL) {
        self.destination = destination.standardizedFileURL
    }

    /// What a build changed in the output folder.
    public struct Changes: Sendable, Equatable {
        public var written = 0
        public var unchanged = 0
        public var removed = 0

        package init() {}
    }

    /// Refuses destinations that would destroy the guide or someone's files.
    public func checkDestination(layout: GuideLayout) throws(FoodPinError) {
        let path = destination.path
        let place = GuideLayout.displayPath(destination)
        let guideFolders = [layout.content, layout.templates].map { $0.standardizedFileURL.path }
        let root = layout.root.standardizedFileURL.path
        // `/` ends in a slash already: "//" would be the prefix of nothing.
        let folderPrefix = path.hasSuffix("/") ? path : path + "/"
        if path == root || root.hasPrefix(folderPrefix)
            || guideFolders.contains(where: { path == $0 || path.hasPrefix($0 + "/") || $0.hasPrefix(folderPrefix) }) {
            throw .usage("the output folder cannot be or contain the guide, Content/ or Templates/", at: place,
                         hint: "choose a folder of its own with --output")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .usage("the output path is a file, not a folder", at: place, hint: "choose a folder with --output")
            }
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { !$0.hasPrefix(".") }
            if !(names.isEmpty || names.contains("index.html") || names.contains("404.html")) {
                throw .usage("the output folder holds files that FoodPin did not write; it will not replace them", at: place,
                             hint: "choose an empty folder with --output")
            }
        }
    }

    /// Makes every folder the files need, parents first, in a folder that may hold anything (a file
    /// where a folder must go is replaced). One thread: folders made side by side in one parent wait
    /// on that parent's lock (perf showed a quarter of a cold build spinning there). An empty folder
    /// has its folders made by the threads writing pages instead, each between two renders.
    public func prepare(paths: [String]) throws(FoodPinError) {
        var folders: Set<Substring> = []
        for path in paths {
            var end = path.lastIndex(of: "/")
            while let slash = end, folders.insert(path[..<slash]).inserted {
                end = path[..<slash].lastIndex(of: "/")
            }
        }
        try makeFolder(destination.path, followingLink: true)
        // Sorted, a folder comes after its parent.
        for folder in folders.sorted() { try makeFolder(destination.path + "/" + folder) }
    }

    /// Makes only the folder itself and its `sections` (the top folders, made once here rather than
    /// by every thread at once): deeper folders are made as files are written into them.
    public func makeDestination(sections: [String]) throws(FoodPinError) {
        try makeFolder(destination.path, followingLink: true)
        for section in sections { mkdir(destination.path + "/" + section, 0o755) }
    }

    /// The folders at the top of the site: the first part of every path that has more than one.
    package static func sections(of paths: [String]) -> [String] {
        var sections: Set<Substring> = []
        var last: Substring = ""
        for path in paths {
            guard let slash = path.utf8.firstIndex(of: UInt8(ascii: "/")), path[..<slash] != last else { continue }
            last = path[..<slash]
            sections.insert(last)
        }
        return sections.map(String.init).sorted()
    }

    /// A link inside the site is replaced by a folder; the output folder itself may be a link (to
    /// a web server's folder), followed.
    private func makeFolder(_ path: String, followingLink: Bool = false) throws(FoodPinError) {
        if mkdir(path, 0o755) == 0 { return }
        if errno == EEXIST {
            var info = stat()
            if (followingLink ? stat(path, &info) : lstat(path, &info)) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return }
            // A file where a folder must go (a stale page named like a new folder): replace it.
            guard unlink(path) == 0, mkdir(path, 0o755) == 0 else { throw .io("make the folder", path: path) }
            return
        }
        throw .io("make the folder", path: path)
    }

    /// Writes one file unless it already holds exactly what it should. Safe from many threads.
    /// `previous`: what this writer's builder wrote there last time, if it knows; saves a read.
    /// Returns whether the file was written, and what it now holds.
    /// `intoEmptyFolder`: the folder held nothing (but dot files) before this build's writes, and no
    /// path is written twice: nothing there to compare with, or to replace.
    public func write(_ file: OutputFile, previous: WrittenState?, intoEmptyFolder: Bool = false) throws(FoodPinError)
        -> (written: Bool, state: WrittenState) {
        let path = destination.path + "/" + file.path
        let state = try Self.state(of: file)
        if isCurrent(file.path, state: state, previous: previous) { return (false, state) }
        let data: Data
        switch file.body {
        case .bytes(let bytes):
            data = bytes
        case .copy(let source):
            guard let bytes = FileManager.default.contents(atPath: source.path) else {
                throw .io("read the picture", path: source.path)
            }
            data = bytes
        }
        let existing = intoEmptyFolder ? nil : FileManager.default.contents(atPath: path)
        if existing == data { return (false, state) }
        // A new file is written in place; one replaced, through a rename, so readers never see half of it.
        let temporary = existing == nil ? path : path + ".foodpin-\(getpid())-tmp"
        func folder() -> String { String(path[..<(path.utf8.lastIndex(of: UInt8(ascii: "/")) ?? path.endIndex)]) }
        // In a new folder, most pages have a folder of their own: made first rather than after a failed open.
        if intoEmptyFolder && file.path.contains("/") { mkdir(folder(), 0o755) }
        // Never through a link at the page's own place: one left there is replaced. (Links among
        // the folders on the way are found before writing: `strangers`.)
        let flags = O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW
        var descriptor = open(temporary, flags, 0o644)
        if descriptor < 0, errno == ELOOP, unlink(temporary) == 0 { descriptor = open(temporary, flags, 0o644) }
        if descriptor < 0, errno == ENOENT {
            // A folder made here (see `makeDestination`), or one removed since the last build.
            try Self.makeFolder(folder())
            descriptor = open(temporary, flags, 0o644)
        }
        guard descriptor >= 0 else { throw .io("write the file", path: temporary) }
        var written = 0
        let ok = data.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count <= 0 { return false }
                written += count
            }
            return true
        }
        let writeError = errno
        close(descriptor)
        guard ok, temporary == path || rename(temporary, path) == 0 else {
            let failure = FoodPinError.io("write the file", path: path, errno: ok ? errno : writeError)
            unlink(temporary)
            throw failure
        }
        return (true, state)
    }

    /// Makes `path` here the very file `path` is in `source` (a hard link: no byte copied), replacing
    /// what is here. Files are only ever replaced through renames, so the two never change together.
    package func link(_ path: String, from source: OutputWriter) throws(FoodPinError) {
        let original = source.destination.path + "/" + path
        let target = destination.path + "/" + path
        if Foundation.link(original, target) == 0 { return }
        if errno == ENOENT, access(original, F_OK) == 0 {
            try NewFile.makeFolders((target as NSString).deletingLastPathComponent)
            if Foundation.link(original, target) == 0 { return }
        }
        guard errno == EEXIST else { return try copy(original, to: target) }
        let temporary = target + ".foodpin-\(getpid())-link"
        unlink(temporary)
        guard Foundation.link(original, temporary) == 0 else { return try copy(original, to: target) }
        guard rename(temporary, target) == 0 else {
            let failure = FoodPinError.io("link the unchanged file", path: target)
            unlink(temporary)
            throw failure
        }
    }

    /// Links `path` of `source` here, into a folder filled as `source` is (a twin): its folder made
    /// first, as a new page's is. Whether it is here now.
    package func linkNew(_ path: String, from source: OutputWriter) -> Bool {
        let (original, target) = (source.destination.path + "/" + path, destination.path + "/" + path)
        if let slash = target.utf8.lastIndex(of: UInt8(ascii: "/")) { mkdir(String(target[..<slash]), 0o755) }
        if Foundation.link(original, target) == 0 { return true }
        guard errno == ENOENT, (try? NewFile.makeFolders((target as NSString).deletingLastPathComponent)) != nil else { return false }
        return Foundation.link(original, target) == 0
    }

    /// Makes a file's folder: one `mkdir` when its parent is there (most pages), else every folder
    /// on the way; a link standing there is replaced by a folder, never written through.
    private static func makeFolder(_ folder: String) throws(FoodPinError) {
        if mkdir(folder, 0o755) == 0 { return }
        var info = stat()
        if errno == EEXIST, lstat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK, unlink(folder) == 0, mkdir(folder, 0o755) == 0 {
            return
        }
        if errno != EEXIST { try NewFile.makeFolders(folder) }
    }

    /// When a file cannot be linked (immutable, too many links, another file system): its bytes
    /// copied, through a rename like every other write.
    private func copy(_ original: String, to target: String) throws(FoodPinError) {
        let code = errno
        guard code == EPERM || code == EMLINK || code == EXDEV || code == EACCES,
              let data = FileManager.default.contents(atPath: original) else {
            throw .io("link the unchanged file", path: target, errno: code)
        }
        let temporary = target + ".foodpin-\(getpid())-copy"
        do { try data.write(to: URL(fileURLWithPath: temporary)) } catch { throw .io("write the file", path: target) }
        guard rename(temporary, target) == 0 else {
            let failure = FoodPinError.io("write the file", path: target)
            unlink(temporary)
            throw failure
        }
    }

    /// Whether the folder holds exactly this file's bytes (read and compared: for when nothing is known of it).
    package func holds(_ file: OutputFile) -> Bool {
        guard let existing = FileManager.default.contents(atPath: destination.path + "/" + file.path) else { return false }
        switch file.body {
        case .bytes(let data): return existing == data
        case .copy(let source): return FileManager.default.contents(atPath: source.path) == existing
        }
    }

    /// What a file will hold, without its bytes.
    package static func state(of file: OutputFile) throws(FoodPinError) -> WrittenState {
        switch file.body {
        case .bytes(let bytes): return .bytes(ContentDigest(bytes))
        case .copy(let source):
            guard let stamp = FileStamp(path: source.path) else { throw .io("read the picture", path: source.path) }
            return .copy(stamp)
        }
    }

    /// Whether the file at `path` already holds `state`, going by what was written there last time:
    /// a plain file of the size written is taken to be what was written (one stat, no read), so one
    /// removed or edited by hand is written again.
    package func isCurrent(_ path: String, state: WrittenState, previous: WrittenState?) -> Bool {
        guard previous == state else { return false }
        switch state {
        case .bytes(let digest): return FileStamp.plainSize(at: destination.path + "/" + path) == digest.count
        case .copy(let stamp): return FileStamp.plainSize(at: destination.path + "/" + path) == Int(stamp.size)
        }
    }

    /// Deletes the given files and the folders they leave empty; returns how many were there.
    public func remove(_ paths: Set<String>) -> Int {
        var removed = 0
        for relative in paths.sorted() {
            if unlink(destination.path + "/" + relative) == 0 { removed += 1 }
            var folder = (relative as NSString).deletingLastPathComponent
            while !folder.isEmpty, rmdir(destination.path + "/" + folder) == 0 {
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
        return removed
    }

    /// Deletes every file the site no longer has, and folders left empty; dot files stay (they are
    /// the host's or the user's: `.git` of a gh-pages checkout, `.nojekyll`). One readdir walk,
    /// holding no list of the tree (`FolderWalk.entries`). Returns how many files went.
    public func removeFiles(notIn keep: Set<String>) -> Int {
        var removed = 0
        func walk(_ relative: String) {
            let folder = relative.isEmpty ? destination.path : destination.path + "/" + relative
            var folders: [String] = []
            FolderWalk.entries(of: folder) { name, type, _ in
                if name.hasPrefix(".") { return }
                let path = relative.isEmpty ? name : relative + "/" + name
                if type == Int32(DT_DIR) {
                    folders.append(path)
                } else if !keep.contains(path), unlink(destination.path + "/" + path) == 0 {
                    removed += 1
                }
            }
            for path in folders {
                walk(path)
                // Left alone when something is still in it.
                rmdir(destination.path + "/" + path)
            }
        }
        walk("")
        return removed
    }

    /// Whether the folder holds nothing but dot files (or is not there): then nothing in it is stale.
    public var isEmpty: Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: destination.path)) ?? []).allSatisfy { $0.hasPrefix(".") }
    }
}

extension WrittenState: BinaryCodable {
    package func encode(to writer: inout BinaryWriter) {
        switch self {
        case .bytes(let digest): writer.write(0); writer.write(digest)
        case .copy(let stamp): writer.write(1); writer.write(stamp)
        }
    }

    package static func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Self {
        switch try reader.readInt() {
        case 0: .bytes(try reader.read())
        case 1: .copy(try reader.read())
        default: throw BinaryReader.Malformed()
        }
    }
}
