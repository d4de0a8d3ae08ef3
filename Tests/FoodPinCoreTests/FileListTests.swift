import Foundation
import Testing
@testable import FoodPinCore
@testable import FoodPinModel
import FoodPinBase

/// A build lists its content from the scan its fingerprint made (`FolderScan`); a `serve` session
/// lists the folders themselves. Both must see the same files and refuse the same entries.
@Suite struct FileListTests {
    /// A Content/ folder with what listings must tell apart: sibling folders whose names start like
    /// `reviews` (and sort just before and after its files), nested folders, hidden and scratch
    /// files, other extensions, links inside and outside the guide, a link to a folder, a named pipe.
    /// Returns the guide and the file outside it that a link leads to.
    private func nastyGuide() throws -> (TestGuide, URL) {
        let guide = try TestGuide()
        for path in ["Content/restaurants/r.md", "Content/reviews/a/1.md", "Content/reviews/a/2.MD", "Content/reviews/a/.hidden.md",
                     "Content/reviews/a/3.md~", "Content/reviews/b/sub/4.md", "Content/reviews/top.md", "Content/reviews/notes.txt",
                     "Content/reviews-extra/q.md", "Content/reviews.d/q.md", "Content/reviews0/q.md", "Content/reviews/.git/x.md"] {
            try guide.write(path, "---\nname: X\n---\n")
        }
        let secret = try guide.makeOutsideFolder("outside").appending(path: "secret.md")
        try Data("secret".utf8).write(to: secret)
        let links = ["Content/reviews/inside.md": "../restaurants/r.md", "Content/reviews/outside.md": secret.path,
                     "Content/reviews/folder": "../restaurants"]
        for (path, target) in links {
            try FileManager.default.createSymbolicLink(atPath: guide.root.appending(path: path).path, withDestinationPath: target)
        }
        #expect(mkfifo(guide.root.appending(path: "Content/reviews/a/pipe.md").path, 0o644) == 0)
        return (guide, secret)
    }

    /// The listing of the disk, and the one taken from a scan of Content/.
    private func listings(_ guide: TestGuide, _ folder: String, _ ext: String?, recursive: Bool)
        -> (disk: FileList.Listing, scanned: FileList.Listing) {
        let boundary = GuideBoundary(guide.layout)
        let url = guide.root.appending(path: folder)
        let scan = FolderScan(guide.layout.content.standardizedFileURL.path)
        return (FileList.files(in: url, withExtension: ext, recursive: recursive, boundary: boundary),
                FileList.files(in: url, withExtension: ext, recursive: recursive, boundary: boundary, scan: scan))
    }

    private func relative(_ guide: TestGuide, _ paths: [String]) -> [String] {
        paths.map { String($0.dropFirst(guide.root.standardizedFileURL.path.count + 1)) }
    }

    @Test func aScannedListingIsTheListingOfTheDisk() throws {
        let (guide, secret) = try nastyGuide()
        let (disk, scanned) = listings(guide, "Content/reviews", "md", recursive: true)
        #expect(relative(guide, disk.paths) == ["Content/reviews/a/1.md", "Content/reviews/a/2.MD", "Content/reviews/b/sub/4.md",
                                                "Content/reviews/inside.md", "Content/reviews/top.md"])
        #expect(disk.refused.map(\.description) == [
            "\(guide.root.path)/Content/reviews/a/pipe.md:1:1: error: this is not a regular file (a named pipe, socket or device): FoodPin reads only regular files\n    hint: remove it, or put the file itself here",
            "\(guide.root.path)/Content/reviews/outside.md:1:1: error: this is a link to `\(secret.path)`, outside the guide: FoodPin reads only files inside the guide's folder\n    hint: copy the file into the guide instead of linking to it",
        ])
        #expect(scanned.paths == disk.paths)
        #expect(scanned.refused.map(\.description) == disk.refused.map(\.description))
        // A scanned listing brings each file's stamp (a link's: its target's).
        #expect(disk.stamps == nil)
        #expect(scanned.stamps == scanned.paths.map { FileStamp(path: $0) })
    }

    @Test func aScannedListingOfOneFolderLevelIsTheListingOfTheDisk() throws {
        let (guide, _) = try nastyGuide()
        let (disk, scanned) = listings(guide, "Content/reviews", nil, recursive: false)
        #expect(relative(guide, disk.paths) == ["Content/reviews/inside.md", "Content/reviews/notes.txt", "Content/reviews/top.md"])
        #expect(disk.refused.count == 1)
        #expect(scanned.paths == disk.paths)
        #expect(scanned.refused.map(\.description) == disk.refused.map(\.description))
    }

    /// A folder that is a link is listed through the link, as the scan does not follow it.
    @Test func aLinkedFolderIsListedFromTheDisk() throws {
        let (guide, _) = try nastyGuide()
        try FileManager.default.createSymbolicLink(atPath: guide.root.appending(path: "Content/onboarding").path,
                                                   withDestinationPath: "reviews/b")
        let (disk, scanned) = listings(guide, "Content/onboarding", "md", recursive: true)
        #expect(relative(guide, disk.paths) == ["Content/onboarding/sub/4.md"])
        #expect(scanned.paths == disk.paths)
    }

    /// A file removed between the scan and its read (a checkout during the build) is left out,
    /// not reported: the next build's scan no longer has it.
    @Test func aFileRemovedAfterTheScanIsLeftOut() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/kept.md", "---\nname: Kept\n---\n")
        try guide.write("Content/restaurants/gone.md", "---\nname: Gone\n---\n")
        let scan = FolderScan(guide.layout.content.standardizedFileURL.path)
        try guide.remove("Content/restaurants/gone.md")
        // The listing still has it: the loader reads what the scan saw.
        let listing = FileList.files(in: guide.layout.restaurants, withExtension: "md", recursive: false,
                                     boundary: GuideBoundary(guide.layout), scan: scan)
        #expect(relative(guide, listing.paths) == ["Content/restaurants/gone.md", "Content/restaurants/kept.md"])
        let content = ContentLoader.load(guide.layout, scan: scan)
        #expect(content.diagnostics.isEmpty)
        #expect(content.restaurants.map(\.name) == ["Kept"])
    }

    /// A `serve` session's scan is brought up to date from the paths its watcher names: it must
    /// equal a fresh walk after files are added, edited, removed, turned into links, and folders
    /// added and removed, hidden ones included (which stay out).
    @Test func aScanBroughtUpToDateFromChangedPathsIsAFreshScan() throws {
        let (guide, _) = try nastyGuide()
        let root = guide.layout.content.standardizedFileURL.path
        let scan = FolderScan(root)
        try guide.write("Content/restaurants/new.md", "---\nname: New\n---\n")
        try guide.write("Content/restaurants/r.md", "---\nname: Longer than before\n---\n")
        try guide.remove("Content/reviews/top.md")
        try guide.remove("Content/reviews/b")
        try guide.write("Content/reviews/c/d/5.md", "---\nname: X\n---\n")
        try guide.write("Content/reviews/.cache/6.md", "---\nname: X\n---\n")
        try guide.remove("Content/reviews/inside.md")
        try FileManager.default.createSymbolicLink(atPath: guide.root.appending(path: "Content/reviews/inside.md").path,
                                                   withDestinationPath: "../restaurants/new.md")
        let changed = ["restaurants/new.md", "restaurants/r.md", "reviews/top.md", "reviews/b", "reviews/c",
                       "reviews/.cache", "reviews/.cache/6.md", "reviews/inside.md", "reviews/gone-before.md"]
        let updated = scan.updating(Set(changed.map { root + "/" + $0 } + [guide.root.path + "/Templates/x.mustache"]))
        // A link to a folder has its target's stamp, which changes with the folder's files; the
        // folder is listed through the link (`aLinkedFolderIsListedFromTheDisk`), never by that stamp.
        func described(_ scan: FolderScan) -> [String] {
            scan.entries.map { "\($0.path) \($0.type) " + ($0.path.hasSuffix("/folder") ? "" : String(describing: $0.stamp)) }
        }
        #expect(described(updated) == described(FolderScan(root)))
        #expect(updated.entries.contains { $0.path == root + "/reviews/c/d/5.md" })
        #expect(!updated.entries.contains { $0.path.hasPrefix(root + "/reviews/b/") })
        // The root itself named: walked afresh.
        #expect(described(scan.updating([root])) == described(FolderScan(root)))
    }
}
