import Foundation

/// The full-text index: every word of every restaurant's name, cuisines, city, area, description,
/// searchable fields, review titles and review texts, with the best field it was found in. Its
/// terms, sorted, are cut into shards of about 8 kB gzipped (`search/terms/<name>.json`) that
/// `search/terms.json` lists by first term: a query fetches the few shards its words fall in.
/// The format is in docs/site.md.
struct TermIndex: Sendable {
    struct Shard: Sendable {
        /// Its first term: shard `i` holds the terms from its own first to the next shard's.
        let first: String
        /// The file's name, from its first term: an edit within the shard keeps the name.
        let name: String
        let json: Data
        let digest: ContentDigest
    }

    static let folder = "search/terms"
    static let manifestPath = "search/terms.json"
    let shards: [Shard]

    static func path(of shard: Shard) -> String { "\(folder)/\(shard.name).json" }

    init(_ site: Site, fields: [RestaurantField] = RestaurantField.all) {
        let searchable = fields.filter(\.searchable)
        let perRestaurant = ParallelMap.map(site.restaurants) { Self.terms(of: $0, searchable: searchable) }
        // Postings in restaurant order: each is `position * 8 + field`, so a term's list is sorted.
        var postings: [String: [UInt32]] = [:]
        for (position, terms) in perRestaurant.enumerated() {
            for (term, field) in terms { postings[term, default: []].append(UInt32(position) << 3 | UInt32(field.rawValue)) }
        }
        // In the order JavaScript compares strings (UTF-16 units), which the page searches them in.
        let sorted = postings.keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
        shards = Self.cut(sorted, postings: postings).map { range in
            let terms = sorted[range]
            let json = Self.encode(terms, postings: postings)
            return Shard(first: terms.first!, name: Fingerprint.hex(terms.first!.utf8, length: 10), json: json, digest: ContentDigest(json))
        }
    }

    /// One restaurant's terms, each with the most telling field it is in.
    static func terms(of restaurant: Restaurant, searchable: [RestaurantField]) -> [String: SearchField] {
        var found: [String: SearchField] = [:]
        func add(_ text: String?, _ field: SearchField) {
            guard let text else { return }
            for word in SearchWords.words(text) where (found[word]?.rawValue ?? Int.max) > field.rawValue { found[word] = field }
        }
        add(restaurant.name, .name)
        restaurant.cuisines.forEach { add($0, .cuisine) }
        add(restaurant.city, .city)
        add(restaurant.area, .area)
        add(restaurant.descriptionMarkdown, .description)
        for field in searchable { add(field.text(in: restaurant.facts), .description) }
        for review in restaurant.reviews {
            add(review.title, .reviewTitle)
            add(review.markdown, .reviewText)
        }
        return found
    }

    /// A shard ends once it holds `smallest` bytes, at the next term whose digest picks it (one in
    /// eight), or at `largest`. Chosen by the terms themselves, not by a count from the start, the
    /// cuts before and after an edit's words stay where they were: an edit re-writes a few shards.
    static let smallest = 16_000, largest = 64_000

    private static func cut(_ terms: [String], postings: [String: [UInt32]]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0, size = 0
        for (index, term) in terms.enumerated() {
            if index > start, size >= largest || (size >= smallest && ContentDigest(Array(term.utf8)).hash % 8 == 0) {
                ranges.append(start..<index)
                (start, size) = (index, 0)
            }
            // About what the term takes: its text and a few digits per posting.
            size += term.utf8.count + 4 + postings[term]!.count * 4
        }
        if start < terms.count { ranges.append(start..<terms.count) }
        return ranges
    }

    /// `{"terms":[...],"postings":[[...],...]}`, each posting list delta-coded (the first value as is).
    private static func encode(_ terms: ArraySlice<String>, postings: [String: [UInt32]]) -> Data {
        var out: [UInt8] = Array("{\"terms\":[".utf8)
        for (offset, term) in terms.enumerated() {
            if offset > 0 { out.append(UInt8(ascii: ",")) }
            JSONText.append(quoting: term, to: &out)
        }
        out += Array("],\n\"postings\":[".utf8)
        for (offset, term) in terms.enumerated() {
            out += Array((offset > 0 ? ",\n[" : "[").utf8)
            var last: UInt32 = 0
            for (index, value) in postings[term]!.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out += Array(String(value - last).utf8)
                last = value
            }
            out.append(UInt8(ascii: "]"))
        }
        out += Array("]}\n".utf8)
        return Data(out)
    }

    /// `search/terms.json`: each shard's first term and file, and the fields postings name.
    func manifest() -> Data {
        let fields = SearchField.allCases.map { "\"\($0)\"" }.joined(separator: ",")
        var out: [UInt8] = Array("{\"version\":1,\"fields\":[\(fields)],\n\"first\":[".utf8)
        for (index, shard) in shards.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONText.append(quoting: shard.first, to: &out)
        }
        out += Array("],\n\"files\":[".utf8)
        out += Array(shards.map { "\"\($0.name)\"" }.joined(separator: ",").utf8)
        out += Array("]}\n".utf8)
        return Data(out)
    }
}
