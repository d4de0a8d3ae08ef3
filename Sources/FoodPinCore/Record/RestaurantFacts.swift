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
