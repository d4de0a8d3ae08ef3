import Foundation
import FoodPinBase

/// What the publisher knows of the folders it writes, from one build to the next: what the live
/// output folder holds and what its standby holds (the site before the last one; after a first
/// site, the same site). The builder
/// keeps it and saves it in the build state; the publisher changes it, and a deploy reads its live
/// part (the files and their deliveries).
package struct FolderRecord {
    /// What the live folder holds, by output path; nil when unknown (the disk is compared).
    package var live: [String: WrittenState]?
    /// How the live folder's files reach visitors, for each the build did not make as a page
    /// (`Delivery.page` is how any file not listed is sent): the deploy's word on each file's
    /// cache and wave, as the file's owner gave it (`FileKind.delivery`).
    package var deliveries: [String: Delivery] = [:]
    /// Whether `live` is what this builder wrote, in this process: a session then takes its pages
    /// to be as written without a `stat` each (a save must reach the page fast).
    package var liveWrittenHere = false
    /// What the standby folder holds; nil when unknown.
    package var standby: [String: WrittenState]?
    /// Within a session: the files its last build changed or removed. The standby holds what the
    /// live folder holds but these, while `standby` is known. Nil when unknown.
    package var lastChanges: Set<String>?

    /// As the last process saved it: nothing known to be written by this one.
    package init(live: [String: WrittenState]? = nil, deliveries: [String: Delivery] = [:], standby: [String: WrittenState]? = nil) {
        self.live = live
        self.deliveries = deliveries
        self.standby = standby
    }

    /// After a failed write nothing written is known for sure, and the standby may hold anything.
    package mutating func forget() {
        self = FolderRecord()
    }

    /// A build wrote `files` into the live folder, to be delivered as `deliveries` says; `changes`,
    /// within a session, the paths it changed or removed.
    package mutating func wrote(_ files: [String: WrittenState], deliveries: [String: Delivery], changes: Set<String>?) {
        live = files
        self.deliveries = deliveries
        liveWrittenHere = true
        lastChanges = changes
    }

    /// What a state keeps of the record: not what only this process knows.
    package var saved: FolderRecord { FolderRecord(live: live, deliveries: deliveries, standby: standby) }

    /// The record a state saved now keeps: `saved`'s live folder, as it was built, and what the
    /// standby holds now (a session publishes nothing after its last build, but knows more).
    package func saving(over saved: FolderRecord) -> FolderRecord {
        FolderRecord(live: saved.live, deliveries: saved.deliveries, standby: standby)
    }
}

/// The record's binary form, inside the build state: the live folder's files and their
/// deliveries, then the standby's files as their differences from the live folder's (the standby
/// mostly holds what the live folder does).
extension FolderRecord {
    package func write(with writer: inout BinaryWriter, to file: ReplaceFile) throws(FoodPinError) {
        let live = self.live ?? [:]
        try writer.write(live, flushingTo: file)
        try writer.write(deliveries, flushingTo: file)
        writer.write(standby != nil)
        if let standby {
            try writer.write(standby.filter { live[$0.key] != $0.value }, flushingTo: file)
            writer.write(live.keys.filter { standby[$0] == nil })
        }
    }

    /// `whole`: false for a reader that needs only the live folder (a deploy), which then does not
    /// make the standby's table whole.
    package static func read(_ reader: inout BinaryReader, whole: Bool) throws(BinaryReader.Malformed) -> FolderRecord {
        var record = FolderRecord(live: try reader.readDictionary(), deliveries: try reader.readDictionary())
        guard try reader.read(Bool.self) else { return record }
        let differing: [String: WrittenState] = try reader.readDictionary()
        let missing: [String] = try reader.readArray()
        guard whole, var standby = record.live else { return record }
        for path in missing { standby[path] = nil }
        standby.merge(differing) { _, other in other }
        record.standby = standby
        return record
    }
}
