/// The longest value a field keeps: one table for front matter, city files and site.yml (the
/// docs/limits.md lists it). Past it, text is cut with a warning at the value; a URL, which a cut would
/// send elsewhere, is refused instead. Lengths are in Unicode scalars, so a letter carrying a
/// thousand combining marks counts as a thousand.
public enum FieldLimit {
    /// Names and titles: a restaurant's, a cuisine's, a city's, a reviewer's, a review's or a step's.
    public static let nameCharacters = 200
    /// Any other value on one line: an address, a phone number, a picture's path, a description.
    public static let textCharacters = 1_000
    public static let urlCharacters = 2_000
    /// Different names in one list (`cuisines`).
    public static let listItems = 50
    /// One file's front matter; the Markdown after it is not limited.
    public static let frontMatterBytes = 64 * 1024
    /// A city-file value FoodPin has no field for, kept as JSON for export.
    public static let extraValueBytes = 10_000

    /// The list fields (`cuisines` and its aliases) hold names.
    private static let nameKeys: Set<String> = Set(["name", "title", "heading", "subheading", "city", "area", "state",
                                                    "country", "restaurant", "author"]
        + RestaurantField.all.filter(\.isList).flatMap { [$0.key] + $0.aliases })

    private static let urlKeys: Set<String> = Set(["base_url", "contribute_url", "map_tiles"]
        + RestaurantField.all.filter(\.isWebURL).flatMap { [$0.key] + $0.aliases })

    static func isURL(_ key: String) -> Bool { urlKeys.contains(key) }

    static func maximum(for key: String) -> Int {
        isURL(key) ? urlCharacters : nameKeys.contains(key) ? nameCharacters : textCharacters
    }

    /// What is wrong with `value` as `key`, and what to keep: nil when it fits.
    package static func check(_ value: String, key: String) -> (kept: String?, message: String)? {
        let maximum = maximum(for: key)
        // UTF-8 bytes are never fewer than scalars: most values are settled without counting.
        guard value.utf8.count > maximum else { return nil }
        let count = value.unicodeScalars.count
        guard count > maximum else { return nil }
        if isURL(key) { return (nil, "`\(key)` is \(count) characters long, over the limit of \(maximum) for a URL") }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: value.unicodeScalars.prefix(maximum))
        return (String(kept), "`\(key)` is \(count) characters long, over the limit of \(maximum); it was cut to the first \(maximum)")
    }

    /// A list of different names, its first `listItems` kept, and the warning when more were given.
    package static func capped(_ names: [String], key: String) -> (names: [String], message: String?) {
        guard names.count > listItems else { return (names, nil) }
        return (Array(names.prefix(listItems)),
                "`\(key)` lists \(names.count) different names, over the limit of \(listItems); the first \(listItems) are kept")
    }
}
