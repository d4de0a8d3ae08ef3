import Foundation
import Testing
@testable import FoodPinCore
import FoodPinBase

/// Content files are read with the size the fingerprint saw: a file that changed size since is still read whole.
final class FileBytesTests {
    private let folder = FileManager.default.temporaryDirectory.appending(path: "foodpin-bytes-\(UUID().uuidString)")

    init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: folder) }

    @Test func aFileIsReadWholeWhateverSizeWasExpected() throws {
        let bytes = (0..<10_000).map { UInt8($0 % 251) }
        let path = folder.appending(path: "a.md").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        for expected in [nil, 0, 1, 4095, 4096, 9_999, 10_000, 10_001, 50_000] {
            #expect(FileBytes.read(path, expectedSize: expected) == bytes, "expected \(String(describing: expected))")
        }
        let empty = folder.appending(path: "empty.md").path
        try Data().write(to: URL(fileURLWithPath: empty))
        #expect(FileBytes.read(empty, expectedSize: 0) == [])
        #expect(FileBytes.read(folder.appending(path: "missing.md").path, expectedSize: 10) == nil)
        #expect(FileBytes.read(folder.path, expectedSize: nil) == nil)
    }
}
