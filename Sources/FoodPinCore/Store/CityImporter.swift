import Foundation
import GRDB

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

    public init() {}

    public static func += (lhs: inout ImportCounts, rhs: ImportCounts) {
        lhs.added += rhs.added
        lhs.updated += rhs.updated
        lhs.unchanged += rhs.unchanged
        lhs.rejected += rhs.rejected
        lhs.keptRemoved += rhs.keptRemoved
        lhs.deleted += rhs.deleted
    }

    public var summary: String {
        var text = "\(added) added, \(updated) updated, \(unchanged) unchanged, \(rejected) rejected"
        if keptRemoved > 0 { text += ", \(keptRemoved) left out (removed earlier)" }
        if deleted > 0 { text += ", \(deleted) deleted (no longer in their city file)" }
        return text
    }
}

/// Upserts city records into the store by id.
enum CityImporter {
    /// Adds new ids, updates changed ones, leaves equal ones and removed ones alone.
    static func upsert(_ file: CityFile, source: String, in db: Database) throws -> ImportCounts {
        var counts = ImportCounts()
        counts.rejected = file.rejected
        let removed = Set(try Int.fetchAll(db, sql: "SELECT id FROM removed_restaurant"))
        // Prepared once: preparing a statement per record cost more than the rest of the import.
        let select = try db.cachedStatement(sql: "SELECT * FROM restaurant WHERE id = ?")
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
                } else {
                    try record.update(db)
                    counts.updated += 1
                }
            } else {
                record.favorite = entry.statedFavorite ?? false
                try record.insert(db)
                counts.added += 1
            }
        }
        return counts
    }

    /// Makes the store match the city files in Content/cities/: upserts every record, and deletes the
    /// records of a synced file that it no longer lists (or that is gone). Unchanged files are skipped.
    static func sync(_ files: [LoadedCityFile], in db: Database) throws -> ImportCounts {
        var counts = ImportCounts()
        let present = Set(files.map(\.source))
        for gone in try SyncedFile.fetchAll(db) where !present.contains(gone.path) {
            counts.deleted += try RestaurantRecord.filter(Column("source") == gone.path).deleteAll(db)
            try gone.delete(db)
        }
        for loaded in files {
            let (source, fingerprint) = (loaded.source, loaded.fingerprint)
            if let synced = try SyncedFile.fetchOne(db, key: source), synced.fingerprint == fingerprint { continue }
            let file = loaded.records()
            counts += try upsert(file, source: source, in: db)
            let listed = Set(file.records.map(\.record.id))
            let owned = try Int.fetchAll(db, sql: "SELECT id FROM restaurant WHERE source = ?", arguments: [source])
            for id in owned where !listed.contains(id) {
                try RestaurantRecord.deleteOne(db, key: id)
                counts.deleted += 1
            }
            try SyncedFile(path: source, fingerprint: fingerprint).save(db)
        }
        return counts
    }
}
