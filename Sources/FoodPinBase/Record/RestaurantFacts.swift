/// What a restaurant is, as its sources state it: every field a city file, the store, front
/// matter and export share. `RestaurantField.all` lists them once, with how each is read and
/// written; every stage walks that list instead of naming fields. A nil field was not given.
public struct RestaurantFacts: Sendable, Equatable, Hashable {
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
    public var cuisines: [String]?
    public var reserveURL: String?
    public var mobileReserveURL: String?
    public var imageURL: String?
    public var added: String?
    public var hours: OpeningHours?

    public init() {}

    /// Every field that `other` gives replaces this one's (a Markdown file enriching an imported record).
    public mutating func override(with other: RestaurantFacts) {
        for field in RestaurantField.all { field.copy(from: other, to: &self) }
    }
}

// Field by field as `RestaurantField.all` lists them: a field added there is kept with no change here.
extension RestaurantFacts: BinaryCodable {
    package func encode(to writer: inout BinaryWriter) {
        for field in RestaurantField.all {
            switch field.kind {
            case .text(let path), .webURL(let path), .date(let path): writer.write(self[keyPath: path])
            case .coordinate(let path, _): writer.write(self[keyPath: path])
            case .price(let path): writer.write(self[keyPath: path])
            case .list(let path): writer.write(self[keyPath: path])
            case .hours(let path): writer.write(self[keyPath: path]?.lines)
            }
        }
    }

    package static func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Self {
        var facts = Self()
        for field in RestaurantField.all {
            switch field.kind {
            case .text(let path), .webURL(let path), .date(let path): facts[keyPath: path] = try reader.readOptional(String.self)
            case .coordinate(let path, _): facts[keyPath: path] = try reader.readOptional(Double.self)
            case .price(let path): facts[keyPath: path] = try reader.readOptional(Int.self)
            case .list(let path):
                facts[keyPath: path] = try reader.readBool() ? try reader.readArray(String.self) : nil
            case .hours(let path):
                guard let lines = try reader.readOptional(String.self) else { continue }
                guard let hours = OpeningHours(lines: lines) else { throw BinaryReader.Malformed() }
                facts[keyPath: path] = hours
            }
        }
        return facts
    }
}
