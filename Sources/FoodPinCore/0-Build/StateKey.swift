import Foundation
import FoodPinBase
import FoodPinModel

/// What a build state is valid for, written first in each of its files, one line a field: this
/// format, this binary, these options, this output folder and (for a build not flushed to disk)
/// this boot. A state whose key differs is not read; a deploy reads the output folder's state
/// whatever the options (`BuildState.written`), and a state whose output folder is gone is removed.
struct StateKey: Equatable {
    var format = BuildState.formatVersion
    var executable: String
    /// Its size and change time: a new build of FoodPin is another binary.
    var executableStamp: String
    /// `RestaurantField.all`'s keys: a field added changes every record's form.
    var fields: String
    var output: String
    var baseURL: String
    var drafts: Bool
    /// Messages name files from the current folder, and reviews of one day sort by file.
    var workingFolder: String
    /// `durable`, or the boot: a power cut may lose pages the kernel had not written yet, which
    /// the state says are there.
    var durability: String

    static let header = "foodpin-build-state"

    init(for options: BuildOptions, output: URL, boot: String = BootSession.current) {
        executable = Bundle.main.executablePath ?? ""
        executableStamp = Bundle.main.executableURL.flatMap { FileStamp(path: $0.path) }.map { "\($0.size)-\($0.modified)" } ?? ""
        fields = RestaurantField.all.map(\.key).joined(separator: ",")
        self.output = output.standardizedFileURL.path
        baseURL = options.baseURL?.text ?? ""
        drafts = options.includeDrafts
        workingFolder = FileManager.default.currentDirectoryPath
        durability = options.durable ? "durable" : boot
    }

    var text: String {
        [Self.header, "\(format)", executable, executableStamp, fields, output, baseURL, "\(drafts)", workingFolder, durability]
            .joined(separator: "\n")
    }

    init?(text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count == 10, lines[0] == Self.header, let format = Int(lines[1]) else { return nil }
        self.format = format
        (executable, executableStamp, fields, output, baseURL) = (lines[2], lines[3], lines[4], lines[5], lines[6])
        drafts = lines[7] == "true"
        (workingFolder, durability) = (lines[8], lines[9])
    }

    /// Whether the disk holds what a state of this key says: flushed, or this boot's.
    var isOnDisk: Bool { durability == "durable" || durability == BootSession.current }
}

/// What a build counted, told again when nothing changed.
struct SiteCounts: Equatable, PlainBinaryCodable {
    var restaurants = 0
    var reviews = 0
    var pages = 0

    static var blank: SiteCounts { SiteCounts() }
    mutating func binaryFields(_ fields: inout some BinaryFieldVisitor) throws(BinaryReader.Malformed) {
        try fields.field(&restaurants)
        try fields.field(&reviews)
        try fields.field(&pages)
    }
}
