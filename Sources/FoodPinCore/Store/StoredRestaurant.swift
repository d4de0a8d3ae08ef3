import Foundation
import GRDB

/// A row of the store's `restaurant` table: an imported record, its favourite flag and provenance.
public struct StoredRestaurant: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "restaurant"

    public var id: Int
    public var name: String
    public var address: String?
    public var city: String?
    public var state: String?
    public var area: String?
    public var postalCode: String?
    public var country: String?
    public var phone: String?
    public var lat: Double?
    public var long: Double?
    public var price: Int?
    public var cuisines: [String]
    public var reserveURL: String?
    public var mobileReserveURL: String?
    public var imageURL: String?
    public var extra: [String: String]
    public var favorite: Bool
    /// The city file this record came from: relative to Content/ for synced files, else the path given.
    public var source: String

    enum CodingKeys: String, CodingKey {
        case id, name, address, city, state, area, country, phone, lat, long, price, cuisines, extra, favorite, source
        case postalCode = "postal_code"
        case reserveURL = "reserve_url"
        case mobileReserveURL = "mobile_reserve_url"
        case imageURL = "image_url"
    }

    init(_ record: CityRecord, favorite: Bool, source: String) {
        id = record.id
        name = record.name
        address = record.address
        city = record.city
        state = record.state
        area = record.area
        postalCode = record.postalCode
        country = record.country
        phone = record.phone
        lat = record.lat
        long = record.long
        price = record.price
        cuisines = record.cuisines
        reserveURL = record.reserveURL
        mobileReserveURL = record.mobileReserveURL
        imageURL = record.imageURL
        extra = record.extra
        self.favorite = record.favorite ?? favorite
        self.source = record.source ?? source
    }
}

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
