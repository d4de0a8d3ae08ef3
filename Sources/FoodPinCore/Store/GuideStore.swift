import Foundation
import GRDB

/// The SQLite store (`Content/guide.sqlite`): imported city data, favourites, removals.
public final class GuideStore: Sendable {
    let database: any DatabaseWriter
    public let displayPath: String

    /// Opens (creating if needed) the store and brings its schema up to date.
    public init(url: URL) throws(StoreError) {
        displayPath = GuideLayout.displayPath(url)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            database = try DatabaseQueue(path: url.path, configuration: configuration)
            try Self.migrator.migrate(database)
        } catch {
            throw StoreError(path: displayPath, underlying: error)
        }
    }

    /// An in-memory copy of the store at `url` (empty if none), for commands that must write nothing.
    public init(copyOf url: URL) throws(StoreError) {
        displayPath = GuideLayout.displayPath(url)
        do {
            let memory = try DatabaseQueue()
            if FileManager.default.fileExists(atPath: url.path) {
                var configuration = Configuration()
                configuration.readonly = true
                let file = try DatabaseQueue(path: url.path, configuration: configuration)
                try file.backup(to: memory)
            }
            try Self.migrator.migrate(memory)
            database = memory
        } catch {
            throw StoreError(path: displayPath, underlying: error)
        }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: restaurants, removals, synced files") { db in
            try db.create(table: "restaurant") { t in
                t.primaryKey("id", .integer)
                t.column("name", .text).notNull()
                t.column("address", .text)
                t.column("city", .text)
                t.column("state", .text)
                t.column("area", .text)
                t.column("postal_code", .text)
                t.column("country", .text)
                t.column("phone", .text)
                t.column("lat", .double)
                t.column("long", .double)
                t.column("price", .integer)
                t.column("cuisines", .jsonText).notNull().defaults(to: "[]")
                t.column("reserve_url", .text)
                t.column("mobile_reserve_url", .text)
                t.column("image_url", .text)
                t.column("extra", .jsonText).notNull().defaults(to: "{}")
                t.column("favorite", .boolean).notNull().defaults(to: false)
                t.column("source", .text).notNull().indexed()
            }
            try db.create(table: "removed_restaurant") { t in
                t.primaryKey("id", .integer)
                t.column("name", .text).notNull()
                t.column("source", .text).notNull()
            }
            try db.create(table: "synced_file") { t in
                t.primaryKey("path", .text)
                t.column("fingerprint", .text).notNull()
            }
        }
        return migrator
    }

    public func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try database.read(body) } catch { throw StoreError(path: displayPath, underlying: error) }
    }

    /// Runs `body` in one transaction; it commits only if `body` returns true, so bad input changes nothing.
    public func write<T>(_ body: (Database) throws -> (T, commit: Bool)) throws(StoreError) -> T {
        do {
            return try database.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction {
                    let (value, commit) = try body(db)
                    result = value
                    return commit ? .commit : .rollback
                }
                return result!
            }
        } catch {
            throw StoreError(path: displayPath, underlying: error)
        }
    }

    public func allRestaurants() throws(StoreError) -> [StoredRestaurant] {
        try read { db in try StoredRestaurant.order(Column("id")).fetchAll(db) }
    }

    /// Deletes a restaurant and remembers its id so a later import or sync keeps it out.
    public func remove(id: Int) throws(StoreError) -> StoredRestaurant? {
        try write { db in
            guard let stored = try StoredRestaurant.fetchOne(db, key: id) else { return (nil, false) }
            try stored.delete(db)
            try RemovedRestaurant(id: id, name: stored.name, source: stored.source).save(db)
            return (stored, true)
        }
    }

    public func setFavorite(id: Int, _ favorite: Bool) throws(StoreError) -> StoredRestaurant? {
        try write { db in
            guard var stored = try StoredRestaurant.fetchOne(db, key: id) else { return (nil, false) }
            stored.favorite = favorite
            try stored.update(db)
            return (stored, true)
        }
    }
}

public struct StoreError: Error, CustomStringConvertible {
    public var path: String
    public var underlying: any Error

    public var description: String {
        if let error = underlying as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT:
                return "\(path): error: the store is not a FoodPin SQLite database (\(error.message ?? "unreadable"))"
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                return "\(path): error: the store is busy; another foodpin may be writing it"
            default:
                return "\(path): error: store failure: \(error.message ?? "\(error)")"
            }
        }
        return "\(path): error: store failure: \(underlying)"
    }
}
