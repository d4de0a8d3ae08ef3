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
