import Foundation
import GRDB
import FoodPinBase

/// A restaurant record is a row of the store's `restaurant` table: `id`, `name`, one column per
/// `RestaurantField` (named by its key), `extra`, `favorite` and `source`.
extension RestaurantRecord: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "restaurant"

    public init(row: Row) throws {
        self.init(id: row["id"], name: row["name"], favorite: row["favorite"], source: row["source"])
        for field in RestaurantField.all {
            switch field.kind {
            case .text(let path), .webURL(let path), .date(let path): facts[keyPath: path] = row[field.key]
            case .coordinate(let path, _): facts[keyPath: path] = row[field.key]
            case .price(let path): facts[keyPath: path] = row[field.key]
            case .list(let path):
                let json: String? = row[field.key]
                facts[keyPath: path] = json.flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) }.flatMap(NameList.given)
            case .hours(let path):
                let lines: String? = row[field.key]
                facts[keyPath: path] = lines.flatMap(OpeningHours.init(lines:))
            }
        }
        let extraJSON: String = row["extra"]
        extra = (try? JSONDecoder().decode([String: String].self, from: Data(extraJSON.utf8))) ?? [:]
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["name"] = name
        for field in RestaurantField.all {
            switch field.kind {
            case .text(let path), .webURL(let path), .date(let path): container[field.key] = facts[keyPath: path]
            case .coordinate(let path, _): container[field.key] = facts[keyPath: path]
            case .price(let path): container[field.key] = facts[keyPath: path]
            case .list(let path): container[field.key] = Self.json(facts[keyPath: path] ?? [])
            case .hours(let path): container[field.key] = facts[keyPath: path]?.lines
            }
        }
        container["extra"] = Self.json(extra)
        container["favorite"] = favorite
        container["source"] = source
    }

    private static func json<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
    }

    /// The SQL type of a field's column.
    package static func columnType(of field: RestaurantField) -> Database.ColumnType {
        switch field.kind {
        case .text, .webURL, .date, .hours: .text
        case .coordinate: .double
        case .price: .integer
        case .list: .jsonText
        }
    }
}
