import Foundation
import Testing
@testable import FoodPinCore

/// Pictures of extreme shapes: a picture's memory and time are bounded by what is published, not
/// by its file (a 343-byte 1,000 × 1 PNG once took 1.6 GB). Past 10:1 the shape is refused (the
/// catalogue); within it, a tall picture is published no taller than twice the largest width.
@Suite struct PictureShapeTests {
    /// `foodpin` run as its own process: exit status and peak resident memory (kB), from the
    /// kernel's count for that child alone (`wait4`).
    func peakMemory(_ arguments: [String]) throws -> (status: Int32, kilobytes: Int) {
        var pid = pid_t()
        let argv = ([CommandLineTests.binary.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let spawned = posix_spawn(&pid, CommandLineTests.binary.path, &actions, nil, argv, environ)
        try #require(spawned == 0)
        var status: Int32 = 0, usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        return ((status >> 8) & 0xFF, usage.ru_maxrss)
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
}
