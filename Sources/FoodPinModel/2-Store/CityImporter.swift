import Foundation
import GRDB
import FoodPinBase

/// What an import or sync did, record by record.
public struct ImportCounts: Sendable, Equatable {
    public var added = 0
    public var updated = 0
    public var unchanged = 0
    public var rejected = 0
    /// Records whose id the editor removed with `foodpin remove`.
    public var keptRemoved = 0
    /// Records dropped because their synced city file no longer lists them.
    public var deleted = 0
    /// Ids that two city files both list, with different values: a warning at the one that won.
    public var conflicts: [Diagnostic] = []

    public init() {}

    public static func += (lhs: inout ImportCounts, rhs: ImportCounts) {
        lhs.added += rhs.added
        lhs.updated += rhs.updated
        lhs.unchanged += rhs.unchanged
        lhs.rejected += rhs.rejected
        lhs.keptRemoved += rhs.keptRemoved
        lhs.deleted += rhs.deleted
        lhs.conflicts += rhs.conflicts
    }

    public var summary: String {
        var text = "\(added) added, \(updated) updated, \(unchanged) unchanged, \(rejected) rejected"
        if keptRemoved > 0 { text += ", \(keptRemoved) left out (removed earlier)" }
        if deleted > 0 { text += ", \(deleted) deleted (no longer in their city file)" }
        return text
    }
}

/// Upserts city records into the store by id.
package enum CityImporter {
    /// Adds new ids, updates changed ones, leaves equal ones and removed ones alone. An id that
    /// another city file also lists with other values is a conflict: `foodpin import` (`syncing`
    /// false) overrides it, as asked; a sync keeps the values of the first file by name, whichever
    /// file changed last, so the site does not depend on the order of edits.
    package static func upsert(_ file: CityFile, source: String, syncing: Bool = false, in db: Database) throws -> ImportCounts {
        var counts = ImportCounts()
        counts.rejected = file.rejected
        let removed = Set(try Int.fetchAll(db, sql: "SELECT id FROM removed_restaurant"))
        // Prepared once: preparing a statement per record cost more than the rest of the import.
        let select = try db.cachedStatement(sql: "SELECT * FROM restaurant WHERE id = ?")
        let listing = try CityListing.Lookup(db)
        for entry in file.records {
            var record = entry.record
            if removed.contains(record.id) {
                counts.keptRemoved += 1
                continue
            }
            record.source = entry.statedSource ?? source
            if let existing = try RestaurantRecord.fetchOne(select, arguments: [record.id]) {
                record.favorite = entry.statedFavorite ?? existing.favorite
                if record == existing {
                    counts.unchanged += 1
                    continue
                }
                var withTheirSource = record
                withTheirSource.source = existing.source
                let other = existing.source
                if other != record.source, withTheirSource != existing, try listing.contains(other, record.id) {
                    let theirsKept = syncing && other < record.source
                    counts.conflicts.append(.warning(at: entry.location, theirsKept
                        ? "id \(record.id) is also listed by \(other), with other values; that file comes first by name, so its values are kept and these are not used"
                        : "id \(record.id) is also listed by \(other), with other values; the values here replace them",
                        hint: "give one of them another id, or keep the restaurant in one file"))
                    if theirsKept {
                        counts.unchanged += 1
                        continue
                    }
                }
                try record.update(db)
                counts.updated += 1
            } else {
                record.favorite = entry.statedFavorite ?? false
                try record.insert(db)
                counts.added += 1
            }
        }
        return counts
    }

    /// Makes the store match the city files in Content/cities/: upserts the records of new and
    /// changed files, and deletes a record only when no file lists it any more. A record a file
    /// lets go of (the file deleted or renamed, the record dropped from it) that another file still
    /// lists takes that file's values and keeps its favourite. Unchanged files are not read.
    package static func sync(_ files: [LoadedCityFile], in db: Database) throws -> ImportCounts {
        var counts = ImportCounts()
        let present = Dictionary(files.map { ($0.source, $0) }) { first, _ in first }
        // Ids some file stopped listing, and the files whose records the sync manages.
        var released = Set<Int>()
        var managed = Set<String>()
        for gone in try SyncedFile.fetchAll(db) where present[gone.path] == nil {
            released.formUnion(try CityListing.ids(of: gone.path, in: db))
            try CityListing.forget(gone.path, in: db)
            try gone.delete(db)
            managed.insert(gone.path)
        }
        var read = Set<String>()
        var changed: [(LoadedCityFile, CityFile)] = []
        // Who lists what is settled for every file first: a record two files give different values
        // is a conflict only if both still list it once the sync is done.
        for loaded in files {
            if let synced = try SyncedFile.fetchOne(db, key: loaded.source), synced.fingerprint == loaded.fingerprint { continue }
            let file = loaded.records()
            let listed = Set(file.records.map(\.record.id) + file.skippedIDs)
            let before = try CityListing.ids(of: loaded.source, in: db)
            released.formUnion(before.subtracting(listed))
            try CityListing.update(loaded.source, from: before, to: listed, in: db)
            changed.append((loaded, file))
        }
        for (loaded, file) in changed {
            counts += try upsert(file, source: loaded.source, syncing: true, in: db)
            try SyncedFile(path: loaded.source, fingerprint: loaded.fingerprint).save(db)
            read.insert(loaded.source)
            managed.insert(loaded.source)
        }
        guard !released.isEmpty else { return counts }
        let owners = try CityListing.owners(of: released, in: db)
        // Listed by a file not read this time: its values, read now, for those records only.
        for (path, ids) in Dictionary(grouping: owners.keys, by: { owners[$0]! }) where !read.contains(path) {
            guard let loaded = present[path] else { continue }
            var file = loaded.records()
            let taken = Set(ids)
            file.records = file.records.filter { taken.contains($0.record.id) }
            file.rejected = 0
            let moved = try upsert(file, source: path, syncing: true, in: db)
            counts.updated += moved.updated
        }
        // Listed nowhere any more: gone with their file.
        let delete = try db.cachedStatement(sql: "DELETE FROM restaurant WHERE id = ? AND source = ?")
        for id in released where owners[id] == nil {
            guard let source = try String.fetchOne(db, sql: "SELECT source FROM restaurant WHERE id = ?", arguments: [id]),
                  managed.contains(source) else { continue }
            try delete.execute(arguments: [id, source])
            counts.deleted += db.changesCount
        }
        return counts
    }
}
