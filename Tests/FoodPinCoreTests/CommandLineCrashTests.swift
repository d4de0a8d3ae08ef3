import Foundation
import Testing
@testable import FoodPinCore
import FoodPinBase

/// A build stopped half-way (`kill -9`, a full disk): the old site stays whole.
extension CommandLineTests {
    /// Every file under `folder` with its bytes (dot files left out: they are the host's); a folder
    /// that is not there is an empty tree.
    static func tree(_ folder: URL) throws -> [String: Data] {
        guard FileManager.default.fileExists(atPath: folder.path) else { return [:] }
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) where !path.hasPrefix(".") {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: folder.appending(path: path).path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { files[path] = FileManager.default.contents(atPath: folder.appending(path: path).path) }
        }
        return files
    }

    /// `kill -9` in the middle of a build, then a build: the same site as a clean build.
    @Test func aBuildKilledHalfWayLeavesTheOldSiteWholeAndIsFinishedByTheNext() throws {
        let guide = try TestGuide(siteYAML: "title: Killed\npage_size: 10\n")
        for index in 0..<1500 {
            try guide.write("Content/restaurants/r\(index).md",
                            "---\nname: Place \(index)\ncity: Town \(index % 7)\ncuisines: [Dish \(index % 11)]\n---\nAbout place \(index).\n")
        }
        #expect(try foodpin(["build", "-q"], in: guide.root).status == 0)
        try guide.write("Output/.nojekyll", "")
        let old = try Self.tree(guide.output)
        // Every page changes: the next build rewrites them all, and is killed while it does.
        try guide.write("Content/site.yml", "title: Killed again\npage_size: 10\n")
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["build", "-q"]
        process.currentDirectoryURL = guide.root
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        // Killed as soon as it begins to write (its state goes just before), long before it can have
        // written 1,500 pages and published them.
        while FileManager.default.fileExists(atPath: guide.root.appending(path: ".foodpin-cache/build-state").path),
              Date() < deadline { usleep(500) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        // The old site, whole: the new one was being made in the standby.
        #expect(try Self.tree(guide.output) == old)
        #expect(try foodpin(["build", "-q", "--clean", "--output", "Clean"], in: guide.root).status == 0)
        let clean = try Self.tree(guide.root.appending(path: "Clean"))
        #expect(try foodpin(["build", "-q"], in: guide.root).status == 0)
        #expect(try Self.tree(guide.output) == clean)
        #expect(FileManager.default.fileExists(atPath: guide.output.appending(path: ".nojekyll").path))
    }

    /// A 4 MB file system of its own (tmpfs), mounted for one test; nil where mounting is not
    /// allowed (a container without the capability), and the test says it was skipped.
    static func smallDisk() -> URL? {
        let folder = FileManager.default.temporaryDirectory.appending(path: "foodpin-small-disk-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=4m", "tmpfs", folder.path]
        mount.standardError = FileHandle.nullDevice
        let started = (try? mount.run()) != nil
        if started { mount.waitUntilExit() }
        guard started, mount.terminationStatus == 0 else {
            try? FileManager.default.removeItem(at: folder)
            return nil
        }
        return folder
    }

    static let canMountASmallDisk: Bool = {
        guard let disk = smallDisk() else { return false }
        unmount(disk)
        return true
    }()

    static func unmount(_ disk: URL) {
        let umount = Process()
        umount.executableURL = URL(fileURLWithPath: "/bin/umount")
        umount.arguments = [disk.path]
        try? umount.run()
        umount.waitUntilExit()
        try? FileManager.default.removeItem(at: disk)
    }

    @Test(.enabled(if: canMountASmallDisk, "needs to mount a tmpfs"))
    func aFullDiskLeavesTheOldSiteWhole() throws {
        let disk = try #require(Self.smallDisk())
        defer { Self.unmount(disk) }
        let guide = try TestGuide()
        try guide.write("Content/restaurants/kept.md", "---\nname: Kept\n---\nGood.\n")
        let site = disk.appending(path: "site")
        #expect(try foodpin(["build", "-q", "--output", site.path], in: guide.root).status == 0)
        let old = try Self.tree(site)
        #expect(old["restaurants/kept/index.html"] != nil)
        // About 2 MB of pages more than the disk holds.
        let text = String(repeating: "Delicious. ", count: 600)
        for index in 0..<400 { try guide.write("Content/restaurants/p\(index).md", "---\nname: Place \(index)\n---\n\(text)\n") }
        let full = try foodpin(["build", "-q", "--output", site.path], in: guide.root)
        #expect(full.status == 1)
        // Named in the output folder (the standby it was being written in is gone).
        let line = try #require(full.stderr.split(separator: "\n").first)
        #expect(line.hasPrefix(site.path + "/"))
        #expect(line.hasSuffix(": error: cannot write the file: No space left on device"))
        #expect(full.stderr.contains("\n    hint: free some disk space and build again\n"))
        #expect(try Self.tree(site) == old)
        // The half-made standby is gone: the space is free again.
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted() == [".site.foodpin-lock", "site"])
    }
    /// At the very mount point the folders cannot be exchanged: FoodPin says so before it starts.
    @Test(.enabled(if: canMountASmallDisk, "needs to mount a tmpfs"))
    func anOutputFolderAtAMountPointIsSaidToBePublishedFileByFile() throws {
        let disk = try #require(Self.smallDisk())
        defer { Self.unmount(disk) }
        let guide = try TestGuide()
        try guide.write("Content/restaurants/kept.md", "---\nname: Kept\n---\nGood.\n")
        let run = try foodpin(["build", "--output", disk.path], in: guide.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").prefix(2) == [
            "\(disk.path):1:1: warning: this folder is a mount point: its files are replaced one by one, so a build stopped halfway (a full disk, kill -9) can leave a mixed site",
            "    hint: build into a folder inside it (--output \(disk.path)/site), which is published in one step",
        ])
        #expect(try Self.tree(disk)["restaurants/kept/index.html"] != nil)
        let inside = try foodpin(["build", "--output", disk.appending(path: "site").path], in: guide.root)
        #expect(inside.status == 0 && !inside.stderr.contains("warning"), "\(inside.stderr)")
    }
}
