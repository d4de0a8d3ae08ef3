import GRDB

/// An id the editor removed; imports and syncs leave it out from then on.
struct RemovedRestaurant: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "removed_restaurant"
    var id: Int
    var name: String
    var source: String
}

/// The fingerprint of a synced city file, so an unchanged file is not read again.
struct SyncedFile: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "synced_file"
    var path: String
    var fingerprint: String
}
