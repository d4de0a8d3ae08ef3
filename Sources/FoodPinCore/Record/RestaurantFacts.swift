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

    public init() {}

    /// Every field that `other` gives replaces this one's (a Markdown file enriching an imported record).
    public mutating func override(with other: RestaurantFacts) {
        for field in RestaurantField.all { field.copy(from: other, to: &self) }
    }
}

/// A restaurant as imported and stored: its id and name, its facts, the favourite mark and
/// where it came from.
public struct RestaurantRecord: Sendable, Equatable {
    public var id: Int
    public var name: String
    public var facts: RestaurantFacts
    /// Fields that no FoodPin format names, kept as JSON text so an export loses nothing.
    public var extra: [String: String]
    public var favorite: Bool
    /// The city file the record came from: relative to Content/ for synced files, else the path given.
    public var source: String

    public init(id: Int, name: String, facts: RestaurantFacts = RestaurantFacts(), extra: [String: String] = [:],
                favorite: Bool = false, source: String = "") {
        self.id = id
        self.name = name
        self.facts = facts
        self.extra = extra
        self.favorite = favorite
        self.source = source
    }
}
