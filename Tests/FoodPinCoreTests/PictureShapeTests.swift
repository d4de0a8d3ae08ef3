import Foundation
import Testing
@testable import FoodPinCore
@testable import FoodPinModel
import FoodPinBase

/// Pictures of extreme shapes: a picture's memory and time are bounded by what is published, not
/// by its file (a 343-byte 1,000 × 1 PNG once took 1.6 GB). Past 10:1 the shape is refused (the
/// catalogue); within it, a tall picture is published no taller than twice the largest width.
@Suite struct PictureShapeTests {
    /// `foodpin` run as its own process under GNU time: exit status and peak resident memory (kB).
    /// (Not `wait4` on a child spawned from here: Linux carries the spawning process's peak across
    /// `exec`, so the child reported the test runner's 290 MB.)
    func peakMemory(_ arguments: [String]) throws -> (status: Int32, kilobytes: Int) {
        let report = FileManager.default.temporaryDirectory.appending(path: "foodpin-time-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: report) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M", "-o", report.path, CommandLineTests.binary.path] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let written = try String(contentsOf: report, encoding: .utf8)
        return (process.terminationStatus, try #require(Int(written.split(separator: "\n").last ?? "")))
    }

    @Test func aTallPictureIsPublishedNoTallerThanTwiceTheLargestWidthInBoundedMemory() throws {
        let guide = try PictureTests().guide("image: images/tower.png\n", pictures: ["tower.png": "tower-2000x20000.png"])
        let run = try peakMemory(["build", "-q", "--root", guide.root.path])
        #expect(run.status == 0)
        #expect(try PictureTests().published(guide, stem: "tower") == [
            "tower-320w.jpg", "tower-320w.webp", "tower-384w.jpg", "tower-384w.webp", "tower-preview.jpg",
        ])
        // 129 MB measured (a debug build); published 1,638 wide it took 338 MB and 15 s.
        #expect(run.kilobytes < 200_000, "\(run.kilobytes) kB")
    }

    @Test func widthsKeepEveryPictureWithinTwiceTheLargestWidthAndWebPsSide() {
        let settings = PictureSettings()
        #expect(settings.widths(for: 4000, height: 3000) == [320, 640, 960, 1280, 1920])
        #expect(settings.widths(for: 3024, height: 4032) == [320, 640, 960, 1280, 1920])
        #expect(settings.widths(for: 2000, height: 20000) == [320, 384])
        #expect(settings.widths(for: 10, height: 100) == [10])
        var wide = PictureSettings()
        wide.widths = [8192]
        #expect(wide.widths(for: 8192, height: 20000) == [6710])
    }
    /// What a picture holds at once when it cannot be decoded a strip at a time, from its header.
    @Test func picturesDecodedWholeAreWeighedFromTheirHeaders() throws {
        func whole(_ fixture: String) throws -> Int? {
            try Data(contentsOf: PictureTests.fixtures.appending(path: fixture)).withUnsafeBytes { PictureBytes.wholeDecodeBytes(of: $0) }
        }
        #expect(try whole("interlaced-5800.png") == 5800 * 5800 * 4 * 2)
        #expect(try whole("progressive.jpg") == 64 * 48 * 2 + 2 * (32 * 24 * 2))
        #expect(try whole("alpha.png") == nil)
        #expect(try whole("small.jpg") == nil)
        #expect(try whole("wide.jpg") == nil)
    }
}
