import Foundation
import GRDB
import FoodPinBase

/// The SQLite store (`Content/guide.sqlite`): imported city data, favourites, removals.
public final class GuideStore: Sendable {
    package let database: any DatabaseWriter
    public let displayPath: String

    /// Opens (creating if needed) the store and brings its schema up to date.
    public init(url: URL) throws(FoodPinError) {
        displayPath = GuideLayout.displayPath(url)
        try Self.refuseLink(url)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            database = try DatabaseQueue(path: url.path, configuration: configuration)
            try Self.migrate(database, path: displayPath)
        } catch {
            throw Self.failure(error, path: displayPath)
        }
    }

    /// An in-memory copy of the store at `url` (empty if none), for commands that must write nothing.
    public init(copyOf url: URL) throws(FoodPinError) {
        displayPath = GuideLayout.displayPath(url)
        try Self.refuseLink(url)
        do {
            let memory = try DatabaseQueue()
            if FileManager.default.fileExists(atPath: url.path) {
                var configuration = Configuration()
                configuration.readonly = true
                do {
                    try DatabaseQueue(path: url.path, configuration: configuration).backup(to: memory)
                } catch where FileManager.default.fileExists(atPath: url.path + "-journal") {
                    // A command stopped mid-write (kill -9, power loss) leaves a hot journal that only a
                    // writer may roll back: opened for writing, SQLite restores the last committed store.
                    configuration.readonly = false
                    configuration.busyMode = .timeout(5)
                    try DatabaseQueue(path: url.path, configuration: configuration).backup(to: memory)
                }
            }
            try Self.migrate(memory, path: displayPath)
            database = memory
        } catch {
            throw Self.failure(error, path: displayPath)
        }
    }

    /// The store is opened only as a real file: through a link, a committed link could make FoodPin
    /// create or change a database anywhere.
    private static func refuseLink(_ url: URL) throws(FoodPinError) {
        var info = stat()
        if lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
            throw .usage("the store is a link; FoodPin opens only a real file here", at: GuideLayout.displayPath(url),
                         hint: "replace the link with the store file itself, or remove it (the next build makes a new store)")
        }
    }

    /// The frozen migrations, then a column for every field added to `RestaurantField.all` since;
    /// first of all, a file that is not FoodPin's store (or is a newer FoodPin's) is refused.
    package static func migrate(_ database: any DatabaseWriter, path: String) throws {
        let migrator = migrator
        try database.read { db in
            try StoreOwnership.check(db, migrator: migrator, firstMigration: firstMigration, path: path)
        }
        try migrator.migrate(database)
        try database.write { db in
            try StoreOwnership.mark(db)
            let existing = Set(try db.columns(in: RestaurantRecord.databaseTableName).map(\.name))
            let added = RestaurantField.all.filter { !existing.contains($0.key) }
            guard !added.isEmpty else { return }
            try db.alter(table: RestaurantRecord.databaseTableName) { table in
                for field in added { table.add(column: field.key, RestaurantRecord.columnType(of: field)) }
            }
            // Until now such a field was unknown and kept in `extra`: move it into its column.
            var records = try RestaurantRecord.fetchAll(db)
            var decoder = CityRecordDecoder(lines: LineIndex(Data()), path: "")
            for index in records.indices {
                var moved = false
                for field in added {
                    for name in [field.key] + field.aliases {
                        guard let text = records[index].extra[name],
                              let node = try? LocatedJSONParser.parse(Data(text.utf8)) else { continue }
                        var facts = records[index].facts
                        decoder.decode(field, from: node, into: &facts)
                        // A value the field refuses stays where it was, so nothing is lost.
                        guard facts != records[index].facts else { continue }
                        records[index].facts = facts
                        records[index].extra[name] = nil
                        moved = true
                        break
                    }
                }
                if moved { try records[index].update(db) }
            }
        }
    }

    package static let firstMigration = "v1: restaurants, removals, synced files"

    /// The store's schema history. Never edit a registered migration: add a new one.
    package static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(firstMigration) { db in
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
        migrator.registerMigration("v2: which ids each city file lists") { db in
            try db.create(table: CityListing.table, options: .withoutRowID) { t in
                t.column("path", .text).notNull()
                t.column("id", .integer).notNull().indexed()
                t.primaryKey(["path", "id"])
            }
            // What each synced file listed, as far as an older store knew: the records it owned.
            try db.execute(sql: """
                INSERT INTO city_listing (path, id) SELECT source, id FROM restaurant WHERE source IN (SELECT path FROM synced_file)
                """)
        }
        return migrator
    }

    public func read<T>(_ body: (Database) throws -> T) throws(FoodPinError) -> T {
        do { return try database.read(body) } catch { throw Self.failure(error, path: displayPath) }
    }

    /// Runs `body` in one transaction; it commits only if `body` returns true, so bad input changes nothing.
    public func write<T>(_ body: (Database) throws -> (T, commit: Bool)) throws(FoodPinError) -> T {
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
            throw Self.failure(error, path: displayPath)
        }
    }

    /// In one transaction: the city files synced into the store, then every restaurant read, by id;
    /// `use` says what to make of them and whether the transaction commits.
    package func sync<T>(_ cityFiles: [LoadedCityFile], then use: (ImportCounts, [RestaurantRecord]) -> (T, commit: Bool)) throws(FoodPinError) -> T {
        try write { db in
            let counts = try CityImporter.sync(cityFiles, in: db)
            return use(counts, try RestaurantRecord.order(Column("id")).fetchAll(db))
        }
    }

    public func allRestaurants() throws(FoodPinError) -> [RestaurantRecord] {
        try read { db in try RestaurantRecord.order(Column("id")).fetchAll(db) }
    }

    /// Deletes a restaurant and remembers its id so a later import or sync keeps it out.
    public func remove(id: Int) throws(FoodPinError) -> RestaurantRecord? {
        try write { db in
            guard let stored = try RestaurantRecord.fetchOne(db, key: id) else { return (nil, false) }
            try stored.delete(db)
            try RemovedRestaurant(id: id, name: stored.name, source: stored.source).save(db)
            return (stored, true)
        }
    }

    public func setFavorite(id: Int, _ favorite: Bool) throws(FoodPinError) -> RestaurantRecord? {
        try write { db in
            guard var stored = try RestaurantRecord.fetchOne(db, key: id) else { return (nil, false) }
            stored.favorite = favorite
            try stored.update(db)
            return (stored, true)
        }
    }
}

extension GuideStore {
    /// A database failure as the user reads it: which store, and what to do.
    package static func failure(_ error: any Error, path: String) -> FoodPinError {
        if let error = error as? FoodPinError { return error }
        guard let error = error as? DatabaseError else { return FoodPinError(.io, at: path, "store failure: \(error)") }
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return FoodPinError(.io, at: path, "the store is not a FoodPin SQLite database (\(error.message ?? "unreadable"))",
                                hint: "move it aside; the next build makes a new store from Content/cities/")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return FoodPinError(.io, at: path, "the store is busy; another foodpin may be writing it",
                                hint: "wait for the other command to finish, then run this one again")
        case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM:
            return FoodPinError(.io, at: path, "cannot write the store: \(error.message ?? "\(error)")",
                                hint: "check the permissions of the store and of Content/")
        default:
            return FoodPinError(.io, at: path, "store failure: \(error.message ?? "\(error)")")
        }
    }
}
