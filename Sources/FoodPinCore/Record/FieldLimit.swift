/// The longest value a field keeps: one table for front matter, city files and site.yml (the
/// README lists it). Past it, text is cut at a character with a warning at the value; a URL, which
/// a cut would send elsewhere, is refused instead.
public enum FieldLimit {
    /// Names and titles: a restaurant's, a cuisine's, a city's, a reviewer's, a review's or a step's.
    public static let nameCharacters = 200
    /// Any other value on one line: an address, a phone number, a picture's path, a description.
    public static let textCharacters = 1_000
    public static let urlCharacters = 2_000
    /// Names in one list (`cuisines`).
    public static let listItems = 50
    /// One file's front matter; the Markdown after it is not limited.
    public static let frontMatterBytes = 64 * 1024

    private static let nameKeys: Set<String> = [
        "name", "title", "heading", "subheading", "cuisines", "cuisine", "type", "city", "area", "state", "country",
        "restaurant", "author",
    ]

    static func isURL(_ key: String) -> Bool { key.hasSuffix("_url") || key == "map_tiles" }

    static func maximum(for key: String) -> Int {
        isURL(key) ? urlCharacters : nameKeys.contains(key) ? nameCharacters : textCharacters
    }

    /// What is wrong with `value` as `key`, and what to keep: nil when it fits.
    static func check(_ value: String, key: String) -> (kept: String?, message: String)? {
        let maximum = maximum(for: key)
        // UTF-8 bytes are never fewer than characters: most values are settled without counting.
        guard value.utf8.count > maximum else { return nil }
        let count = value.count
        guard count > maximum else { return nil }
        if isURL(key) { return (nil, "`\(key)` is \(count) characters long, over the limit of \(maximum) for a URL") }
        let kept = String(value.prefix(maximum))
        return (kept, "`\(key)` is \(count) characters long, over the limit of \(maximum); it was cut to the first \(maximum)")
    }

    static func listMessage(key: String, count: Int) -> String {
        "`\(key)` lists \(count) names, over the limit of \(listItems); the first \(listItems) are kept"
    }
}
