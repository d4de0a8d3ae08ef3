import Foundation

/// Brings the output folder to the rendered site: folders made as needed, a file written only when
/// its bytes changed (through a temporary file and a rename, so no reader sees half a page), and
/// files no page produces any more removed. Runs only after every content and template error was
/// ruled out, so a failed build never touches the folder.
public struct OutputWriter: Sendable {
    public let destination: URL

    public init(destination: URL) {
        self.destination = destination.standardizedFileURL
    }

    public struct Refusal: Error, CustomStringConvertible {
        public var description: String
    }

    /// What a build changed in the output folder.
    public struct Changes: Sendable, Equatable {
        public var written = 0
        public var unchanged = 0
        public var removed = 0
    }

    /// Refuses destinations that would destroy the guide or someone's files.
    public func checkDestination(layout: GuideLayout) throws(Refusal) {
        let path = destination.path
        let guideFolders = [layout.content, layout.templates].map { $0.standardizedFileURL.path }
        let root = layout.root.standardizedFileURL.path
        if path == root || root.hasPrefix(path + "/")
            || guideFolders.contains(where: { path == $0 || path.hasPrefix($0 + "/") || $0.hasPrefix(path + "/") }) {
            throw Refusal(description: "\(GuideLayout.displayPath(destination)): error: the output folder cannot be or contain the guide, Content/ or Templates/")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw Refusal(description: "\(GuideLayout.displayPath(destination)): error: the output path is a file, not a folder")
            }
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { !$0.hasPrefix(".") }
            if !(names.isEmpty || names.contains("index.html") || names.contains("404.html")) {
                throw Refusal(description: "\(GuideLayout.displayPath(destination)): error: the output folder holds files that FoodPin did not write; it will not replace them\n    hint: choose an empty folder with --output")
            }
        }
    }

    /// Makes every folder the files need; folders of one depth are made in parallel.
    public func prepare(paths: [String]) throws {
        var byDepth: [Int: Set<String>] = [:]
        for path in paths {
            var parts = path.split(separator: "/").dropLast()
            while !parts.isEmpty {
                byDepth[parts.count, default: []].insert(parts.joined(separator: "/"))
                parts = parts.dropLast()
            }
        }
        try makeFolder(destination.path)
        for depth in byDepth.keys.sorted() {
            let folders = byDepth[depth]!.sorted()
            let failures = ParallelMap.map(folders) { folder -> String? in
                do { try makeFolder(destination.path + "/" + folder); return nil } catch { return "\(error)" }
            }
            if let failure = failures.compactMap({ $0 }).first { throw OutputFailure(message: failure) }
        }
    }

    private func makeFolder(_ path: String) throws {
        if mkdir(path, 0o755) == 0 || errno == EEXIST {
            var info = stat()
            if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return }
            // A file where a folder must go (a stale page named like a new folder): replace it.
            guard unlink(path) == 0, mkdir(path, 0o755) == 0 else { throw OutputFailure(path: path) }
            return
        }
        throw OutputFailure(path: path)
    }

    /// Writes one file unless it already holds exactly these bytes. Safe from many threads.
    /// Returns true when the file was written.
    /// `previous`: what this writer's builder wrote there last time, if it knows; saves a read.
    @discardableResult
    public func write(_ file: RenderedFile, previous: Data? = nil) throws -> Bool {
        let path = destination.path + "/" + file.path
        if let previous, previous == file.data, access(path, F_OK) == 0 { return false }
        let existing = FileManager.default.contents(atPath: path)
        if existing == file.data { return false }
        // A new file is written in place; a changed one through a rename, so readers never see half of it.
        let temporary = existing == nil ? path : path + ".foodpin-\(getpid())-tmp"
        var descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if descriptor < 0, errno == ENOENT {
            // Someone removed the folder since the last build.
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        guard descriptor >= 0 else { throw OutputFailure(path: temporary) }
        var written = 0
        let ok = file.data.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count <= 0 { return false }
                written += count
            }
            return true
        }
        close(descriptor)
        guard ok, temporary == path || rename(temporary, path) == 0 else {
            let failure = OutputFailure(path: path)
            unlink(temporary)
            throw failure
        }
        return true
    }

    public func copy(from source: URL, to path: String) throws -> Bool {
        try write(RenderedFile(path: path, data: Data(contentsOf: source)))
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

    /// Deletes every file the site no longer has, and folders left empty; dot files stay. Returns how many files went.
    public func removeFiles(notIn keep: Set<String>) throws -> Int {
        let base = destination.path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return 0 }
        var stale: [String] = []
        var folders: [String] = []
        while let relative = walker.nextObject() as? String {
            // Dot files are the host's or the user's (.git of a gh-pages checkout, .nojekyll): never ours.
            if relative.hasPrefix(".") || relative.contains("/.") {
                if relative.split(separator: "/").count == 1 { walker.skipDescendants() }
                continue
            }
            var info = stat()
            guard lstat(base + "/" + relative, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                folders.append(relative)
            } else if !keep.contains(relative) {
                stale.append(relative)
            }
        }
        for relative in stale { unlink(base + "/" + relative) }
        // Deepest first, so a folder is empty by the time we reach it; rmdir leaves non-empty ones.
        for folder in folders.sorted(by: { $0.count > $1.count }) { rmdir(base + "/" + folder) }
        return stale.count
    }
}

struct OutputFailure: Error, CustomStringConvertible {
    var message: String

    init(message: String) { self.message = message }

    init(path: String) {
        message = "\(GuideLayout.displayPath(URL(fileURLWithPath: path))): \(String(cString: strerror(errno)))"
    }

    var description: String { "error: cannot write the site: \(message)" }
}
