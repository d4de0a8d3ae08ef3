import Foundation

/// The full-text index: every word of every restaurant's name, cuisines, city, area, description,
/// searchable fields, review titles and review texts, with the best field it was found in. Its
/// terms, sorted, are cut into shards of about 4 kB gzipped (`search/terms/<name>.json`) that
/// `search/terms.json` lists by first term: a query fetches the few shards its words fall in.
/// A session keeps the index and patches it with the restaurants an edit changed.
struct TermIndex: Sendable {
    struct Shard: Sendable {
        /// Shard `i` holds the terms from its own first to the next shard's.
        let first: String
        let last: String
        let count: Int
        /// The file's name, from its first term: an edit within the shard keeps the name.
        let name: String
        let json: Data
        let digest: ContentDigest
    }

    struct Entry: Sendable {
        /// `position * 8 + field` for each restaurant with the term, in restaurant order.
        var postings: [UInt32]
        /// Whether a shard may end before this term (`cut`), from its digest: worked out once.
        let cutsBefore: Bool
    }

    private(set) var shards: [Shard] = []
    /// In the order JavaScript compares strings (UTF-16 units), which the page searches them in.
    private var terms: [String]
    private var entries: [String: Entry] = [:]

    init(_ site: Site, searchable: [RestaurantField] = SearchWords.searchableFields) {
        self.init(terms: ParallelMap.map(site.restaurants) { SearchWords.terms(of: $0, searchable: searchable) })
    }

    init(terms byRestaurant: [RestaurantTerms]) {
        var postings: [String: [UInt32]] = [:]
        for (position, terms) in byRestaurant.enumerated() {
            for (term, field) in terms { postings[term, default: []].append(Self.posting(position, field)) }
        }
        entries.reserveCapacity(postings.count)
        for (term, list) in postings { entries[term] = Entry(postings: list, cutsBefore: Self.cutsBefore(term)) }
        terms = postings.keys.sorted(by: Self.precedes)
        shards = makeShards(reusing: [:], changed: [])
    }

    /// The index with these restaurants' terms replaced, when every restaurant kept its position:
    /// only the shards holding a changed term are encoded again.
    mutating func replace(_ changes: [(position: Int, old: RestaurantTerms, new: RestaurantTerms)]) {
        var changed: Set<String> = []
        // A review's rating edited: the same words, nothing to encode again.
        for change in changes where Dictionary(uniqueKeysWithValues: change.old) != Dictionary(uniqueKeysWithValues: change.new) {
            for (term, _) in change.old {
                changed.insert(term)
                entries[term]!.postings.removeAll { Int($0 >> 3) == change.position }
                if entries[term]!.postings.isEmpty {
                    entries[term] = nil
                    terms.remove(at: terms.firstIndex(notBefore: term, by: { $0 }, precedes: Self.precedes))
                }
            }
            for (term, field) in change.new {
                changed.insert(term)
                let posting = Self.posting(change.position, field)
                if entries[term] == nil {
                    entries[term] = Entry(postings: [], cutsBefore: Self.cutsBefore(term))
                    terms.insert(term, at: terms.firstIndex(notBefore: term, by: { $0 }, precedes: Self.precedes))
                }
                let list = entries[term]!.postings
                entries[term]!.postings.insert(posting, at: list.firstIndex(notBefore: posting, by: { $0 }, precedes: <))
            }
        }
        let kept = Dictionary(shards.map { ($0.first, $0) }, uniquingKeysWith: { first, _ in first })
        shards = makeShards(reusing: kept, changed: changed)
    }

    private static func posting(_ position: Int, _ field: SearchField) -> UInt32 { UInt32(position) << 3 | UInt32(field.rawValue) }

    static func precedes(_ a: String, _ b: String) -> Bool { a.utf16.lexicographicallyPrecedes(b.utf16) }

    /// A shard ends once it holds `smallest` bytes, at the next term whose digest picks it (one in
    /// eight), or at `largest`. Chosen by the terms themselves, not by a count from the start, the
    /// cuts before and after an edit's words stay where they were: an edit re-writes a few shards.
    static let smallest = 16_000, largest = 64_000

    private static func cutsBefore(_ term: String) -> Bool { ContentDigest(Array(term.utf8)).hash % 8 == 0 }

    private func makeShards(reusing kept: [String: Shard], changed: Set<String>) -> [Shard] {
        var ranges: [Range<Int>] = []
        var start = 0, size = 0
        for (index, term) in terms.enumerated() {
            let entry = entries[term]!
            if index > start, size >= Self.largest || (size >= Self.smallest && entry.cutsBefore) {
                ranges.append(start..<index)
                (start, size) = (index, 0)
            }
            // About what the term takes: its text and a few digits per posting.
            size += term.utf8.count + 4 + entry.postings.count * 4
        }
        if start < terms.count { ranges.append(start..<terms.count) }
        // The shards a changed term falls in: the last whose first term is not after it.
        let firsts = ranges.map { terms[$0.lowerBound] }
        let touched = Set(changed.map { term in
            let index = firsts.firstIndex(notBefore: term, by: { $0 }, precedes: Self.precedes)
            return index < firsts.count && firsts[index] == term ? index : index - 1
        })
        return ranges.enumerated().map { number, range in
            let slice = terms[range]
            if let shard = kept[slice.first!], shard.last == slice.last!, shard.count == slice.count,
               !touched.contains(number) { return shard }
            let json = Self.encode(slice, entries: entries)
            return Shard(first: slice.first!, last: slice.last!, count: slice.count,
                         name: Fingerprint.hex(slice.first!.utf8, length: 10), json: json, digest: ContentDigest(json))
        }
    }
}
