import GRDB
import FoodPinBase

/// An id the editor removed; imports and syncs leave it out from then on.
package struct RemovedRestaurant: Codable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "removed_restaurant"
    package var id: Int
    package var name: String
    package var source: String
}

/// The fingerprint of a synced city file, so an unchanged file is not read again.
package struct SyncedFile: Codable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "synced_file"
    package var path: String
    package var fingerprint: String
}

/// Which ids each synced city file lists: a record belongs to every file that lists it, so it
/// outlives one of them going away (a copy deleted, a file renamed).
package enum CityListing {
    package static let table = "city_listing"

    package static func ids(of path: String, in db: Database) throws -> Set<Int> {
        Set(try Int.fetchAll(db, sql: "SELECT id FROM city_listing WHERE path = ?", arguments: [path]))
    }

    /// Makes the file list `ids`, given what it listed before: only the difference is written (a
    /// million-record file with one record changed costs one row, not two million).
    package static func update(_ path: String, from before: Set<Int>, to ids: Set<Int>, in db: Database) throws {
        let delete = try db.cachedStatement(sql: "DELETE FROM city_listing WHERE path = ? AND id = ?")
        for id in before.subtracting(ids) { try delete.execute(arguments: [path, id]) }
        let insert = try db.cachedStatement(sql: "INSERT INTO city_listing (path, id) VALUES (?, ?)")
        for id in ids.subtracting(before) { try insert.execute(arguments: [path, id]) }
    }

    package static func forget(_ path: String, in db: Database) throws {
        try db.execute(sql: "DELETE FROM city_listing WHERE path = ?", arguments: [path])
    }

    /// Whether a file lists an id, one prepared query for many questions.
    package struct Lookup {
        private let select: Statement

        package init(_ db: Database) throws { select = try db.cachedStatement(sql: "SELECT 1 FROM city_listing WHERE path = ? AND id = ?") }

        package func contains(_ path: String, _ id: Int) throws -> Bool { try Bool.fetchOne(select, arguments: [path, id]) != nil }
    }

    /// Of these ids, each one some file still lists, with the first such file by name.
    package static func owners(of ids: Set<Int>, in db: Database) throws -> [Int: String] {
        var owners: [Int: String] = [:]
        let select = try db.cachedStatement(sql: "SELECT MIN(path) FROM city_listing WHERE id = ?")
        for id in ids {
            if let path = try String.fetchOne(select, arguments: [id]) { owners[id] = path }
        }
        return owners
    }
}
