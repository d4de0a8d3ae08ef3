import GRDB
import FoodPinBase

/// Whose store a SQLite file is. FoodPin marks its stores in the file's header
/// (`PRAGMA application_id`), so another program's database at `Content/guide.sqlite` is refused
/// before anything is written to it, and so is a store from a newer FoodPin, whose schema this
/// one does not know.
package enum StoreOwnership {
    /// "FdPn" in the header's application-id field.
    package static let applicationID: Int32 = 0x4664_506E

    /// Throws unless the database is empty, FoodPin's own (marked, or an older FoodPin's unmarked
    /// store holding its first migration), and of a schema this FoodPin knows.
    package static func check(_ db: Database, migrator: DatabaseMigrator, firstMigration: String, path: String) throws {
        let mark = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        if mark == 0 {
            if tables.isEmpty { return }
            let applied = tables.contains("grdb_migrations") ? try migrator.appliedIdentifiers(db) : []
            guard applied.contains(firstMigration) else { throw foreign(path, detail: "it holds tables FoodPin did not make (\(tables.prefix(3).joined(separator: ", ")))") }
        } else if mark != applicationID {
            throw foreign(path, detail: "another program marked it as its own (application id \(String(format: "0x%08X", UInt32(bitPattern: mark))))")
        }
        if try migrator.hasBeenSuperseded(db) {
            throw FoodPinError(.io, at: path, "the store was written by a newer FoodPin; this one does not know its schema and leaves it untouched",
                               hint: "run the newer foodpin, or update this one (the store is never downgraded)")
        }
    }

    /// Marks a store this FoodPin made or took over.
    package static func mark(_ db: Database) throws {
        if try Int32.fetchOne(db, sql: "PRAGMA application_id") != applicationID {
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
        }
    }

    private static func foreign(_ path: String, detail: String) -> FoodPinError {
        FoodPinError(.io, at: path, "this SQLite file is not a FoodPin store: \(detail); it is left untouched",
                     hint: "move it out of the way; the next build makes a new store from Content/cities/")
    }
}
