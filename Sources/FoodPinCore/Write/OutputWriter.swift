import Foundation

/// Writes a whole site into a fresh folder beside the destination, then swaps it into place,
/// so a failed build leaves the previous output exactly as it was.
public struct OutputWriter: Sendable {
    public let destination: URL
    let staging: URL

    public init(destination: URL) {
        self.destination = destination.standardizedFileURL
        let parent = self.destination.deletingLastPathComponent()
        staging = parent.appending(path: ".\(self.destination.lastPathComponent).building-\(ProcessInfo.processInfo.processIdentifier)")
    }

    public struct Refusal: Error, CustomStringConvertible {
        public var description: String
    }

    /// Refuses destinations that would destroy the guide or someone's files.
    public func checkDestination(layout: GuideLayout) throws(Refusal) {
        let path = destination.path
        let protected = [layout.root, layout.content, layout.templates].map { $0.standardizedFileURL.path }
        for folder in protected where path == folder || folder.hasPrefix(path + "/") || path.hasPrefix(folder + "/") && folder != layout.root.path {
            throw Refusal(description: "\(GuideLayout.displayPath(destination)): error: the output folder cannot be or contain the guide, Content/ or Templates/")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw Refusal(description: "\(GuideLayout.displayPath(destination)): error: the output path is a file, not a folder")
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            let looksBuilt = names.isEmpty || names.contains("index.html") || names.contains("404.html")
            if !looksBuilt {
                throw Refusal(description: "\(GuideLayout.displayPath(destination)): error: the output folder holds files that FoodPin did not write; it will not replace them\n    hint: choose an empty folder with --output")
            }
        }
    }

    /// Creates the staging folder and the folders every file needs.
    public func prepare(paths: [String]) throws {
        try? FileManager.default.removeItem(at: staging)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        var folders: Set<String> = []
        for path in paths {
            var parts = path.split(separator: "/").dropLast()
            while !parts.isEmpty {
                folders.insert(parts.joined(separator: "/"))
                parts = parts.dropLast()
            }
        }
        for folder in folders.sorted() {
            try FileManager.default.createDirectory(at: staging.appending(path: folder), withIntermediateDirectories: true)
        }
    }

    /// Safe from many threads once `prepare` made the folders.
    public func write(_ file: RenderedFile) throws {
        try file.data.write(to: staging.appending(path: file.path))
    }

    public func copy(from source: URL, to path: String) throws {
        let target = staging.appending(path: path)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.copyItem(at: source, to: target)
    }

    /// Puts the staged site in place of the old one.
    public func commit() throws {
        let manager = FileManager.default
        let previous = destination.deletingLastPathComponent()
            .appending(path: ".\(destination.lastPathComponent).previous-\(ProcessInfo.processInfo.processIdentifier)")
        try? manager.removeItem(at: previous)
        if manager.fileExists(atPath: destination.path) {
            try manager.moveItem(at: destination, to: previous)
        }
        do {
            try manager.moveItem(at: staging, to: destination)
        } catch {
            try? manager.moveItem(at: previous, to: destination)
            throw error
        }
        try? manager.removeItem(at: previous)
    }

    public func discard() {
        try? FileManager.default.removeItem(at: staging)
    }
}
