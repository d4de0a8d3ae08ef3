/// One field of `RestaurantFacts`: its name in every format (city files, store columns, front
/// matter, export, templates) and the kind of value it holds. The kind decides how each stage
/// reads, checks and writes it, in that stage's own folder.
///
/// To add a field: a property in `RestaurantFacts`, a line in `all`, and its place in a template.
public struct RestaurantField: Sendable {
    public enum Kind: Sendable {
        /// Free text, trimmed.
        case text(WritableKeyPath<RestaurantFacts, String?> & Sendable)
        /// An http(s) URL; anything else is refused.
        case webURL(WritableKeyPath<RestaurantFacts, String?> & Sendable)
        /// Degrees within ±limit.
        case coordinate(WritableKeyPath<RestaurantFacts, Double?> & Sendable, limit: Double)
        /// 1 to 4, written as a number or as `$` signs.
        case price(WritableKeyPath<RestaurantFacts, Int?> & Sendable)
        /// A list of names, or one comma-separated string.
        case list(WritableKeyPath<RestaurantFacts, [String]?> & Sendable)
        /// A day, written YYYY-MM-DD.
        case date(WritableKeyPath<RestaurantFacts, String?> & Sendable)
        /// Opening hours: a mapping of days to times.
        case hours(WritableKeyPath<RestaurantFacts, OpeningHours?> & Sendable)
    }

    /// The name in city files, front matter, the store and export (snake_case, like the LetsEat format).
    public let key: String
    /// Other names accepted when reading (`type` for cuisines, `location` for address).
    public let aliases: [String]
    public let kind: Kind
    /// Whether the search box matches it (name, cuisines, city and area always are, ranked first).
    public let searchable: Bool
    /// Whether front matter may set it (a Markdown file names its picture with `image`, not `image_url`).
    public let inFrontMatter: Bool

    package init(_ key: String, _ kind: Kind, aliases: [String] = [], searchable: Bool = false, inFrontMatter: Bool = true) {
        self.key = key
        self.kind = kind
        self.aliases = aliases
        self.searchable = searchable
        self.inFrontMatter = inFrontMatter
    }

    /// Every field, in the order exports and the store list them.
    public static let all: [RestaurantField] = [
        RestaurantField("address", .text(\.address), aliases: ["location"]),
        RestaurantField("city", .text(\.city)),
        RestaurantField("state", .text(\.state)),
        RestaurantField("area", .text(\.area)),
        RestaurantField("postal_code", .text(\.postalCode)),
        RestaurantField("country", .text(\.country)),
        RestaurantField("phone", .text(\.phone)),
        RestaurantField("lat", .coordinate(\.lat, limit: 90)),
        RestaurantField("long", .coordinate(\.long, limit: 180)),
        RestaurantField("price", .price(\.price)),
        RestaurantField("cuisines", .list(\.cuisines), aliases: ["type", "cuisine"]),
        RestaurantField("reserve_url", .webURL(\.reserveURL)),
        RestaurantField("mobile_reserve_url", .webURL(\.mobileReserveURL)),
        RestaurantField("image_url", .webURL(\.imageURL), inFrontMatter: false),
        // The day the restaurant joined the guide: the date of its entry in the feeds.
        RestaurantField("added", .date(\.added)),
        RestaurantField("hours", .hours(\.hours)),
    ]

    var isWebURL: Bool { if case .webURL = kind { true } else { false } }
    var isList: Bool { if case .list = kind { true } else { false } }

    /// Every name a source may use for some field.
    public static let allNames: Set<String> = Set(all.flatMap { [$0.key] + $0.aliases })

    /// Copies this field from `source` when `source` gives it.
    func copy(from source: RestaurantFacts, to target: inout RestaurantFacts) {
        switch kind {
        case .text(let path), .webURL(let path), .date(let path): if let value = source[keyPath: path] { target[keyPath: path] = value }
        case .coordinate(let path, _): if let value = source[keyPath: path] { target[keyPath: path] = value }
        case .price(let path): if let value = source[keyPath: path] { target[keyPath: path] = value }
        case .list(let path): if let value = source[keyPath: path] { target[keyPath: path] = value }
        case .hours(let path): if let value = source[keyPath: path] { target[keyPath: path] = value }
        }
    }

    /// The field as text a person reads (and the search box matches): lists joined by commas.
    public func text(in facts: RestaurantFacts) -> String? {
        switch kind {
        case .text(let path), .webURL(let path), .date(let path): facts[keyPath: path]
        case .coordinate(let path, _): facts[keyPath: path].map { "\($0)" }
        case .price(let path): facts[keyPath: path].map { String(repeating: "$", count: $0) }
        case .list(let path): facts[keyPath: path].flatMap { $0.isEmpty ? nil : $0.joined(separator: ", ") }
        case .hours(let path): facts[keyPath: path].map { $0.pairs.map { "\($0.key) \($0.value)" }.joined(separator: "; ") }
        }
    }
}
