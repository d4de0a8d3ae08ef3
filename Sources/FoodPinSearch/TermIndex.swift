import Foundation
import FoodPinBase
import FoodPinModel

/// The full-text index: every word of every restaurant's name, cuisines, city, area, description,
/// searchable fields, review titles and review texts, with the best field it was found in. Its
/// terms, sorted, are cut into shards (4 kB gzipped at the median for the hand-written 10,000) that
/// `search/terms.json` lists by their bounds: a query fetches the few shards its words fall in.
/// The next build (in a session, or in a new process from the build state) takes the last index and replaces the terms of the restaurants that changed: one review
/// edited at 10,000 restaurants took 1.03–1.07 s in a new process when the index was made whole,
/// 0.72 s so (`bench/incremental.py`).
package struct TermIndex: Sendable {
    package struct Shard: Sendable, Equatable {
        /// Its terms, by place in the sorted list: the first to the next shard's first.
        package var terms: Range<Int>
        /// What a term must sort at or after to be in it (`TermIndex.bound(after:first:)`); it names the file.
        package let bound: String
        package let digest: ContentDigest
        /// Those of its terms' parts (`TermParts`), in their order.
        package let parts: [Part]
    }

    package struct Entry: Sendable, Equatable {
        /// One `Posting` for each restaurant with the term, in restaurant order.
        package var postings: [UInt32]
        /// Whether a shard may end before this term (`makeShards`), from its digest: worked out once.
        package let cutsBefore: Bool
    }

    package private(set) var shards: [Shard] = []
    /// Every part of the shards' split terms, in their order.
    package private(set) var parts: [Part] = []
    /// In the order JavaScript compares strings (UTF-16 units), which the page searches them in.
    package private(set) var terms: [String] = []
    package private(set) var entries: [String: Entry] = [:]
    /// What it was made from, by restaurant: its slug and the digest of its page's inputs.
    package private(set) var slugs: [String] = []
    package private(set) var madeFrom: [ContentDigest] = []

    /// Made whole from the site (tests, and a renderer given none).
    package init(_ site: Site) {
        self.init(site.restaurants, pages: site.restaurants.map(\.digest))
    }

    /// `pages`: by restaurant, the digest of its page's inputs, which every word it has changes.
    package init(_ restaurants: [Restaurant], pages: [ContentDigest]) {
        // Each thread's run of restaurants gives a table of postings; joined in order, each list
        // stays in restaurant order. (A table per restaurant, merged after, cost a cold build at
        // 10,000 restaurants 0.1 s more.)
        let size = max(500, restaurants.count / (ProcessInfo.processInfo.activeProcessorCount * 4))
        let runs = stride(from: 0, to: restaurants.count, by: size).map { $0..<min($0 + size, restaurants.count) }
        let tables = ParallelMap.map(runs, oneByOne: true) { run in
            var table: [String: [UInt32]] = [:], slugs: [String: String] = [:]
            func slug(_ name: String) -> String {
                if let known = slugs[name] { return known }
                let made = Slug.make(name)
                slugs[name] = made
                return made
            }
            for position in run {
                SearchWords.forEachWord(of: restaurants[position], slug: slug) { word, field in
                    let posting = Posting.make(position: position, field: field)
                    // The word's first field in this restaurant is its best.
                    table[word, default: []].append(unlessSameRestaurant: posting)
                }
            }
            return table
        }
        var postings = tables.first ?? [:]
        for table in tables.dropFirst() {
            for (term, list) in table { postings[term, default: []] += list }
        }
        entries.reserveCapacity(postings.count)
        for (term, list) in postings { entries[term] = Entry(postings: list, cutsBefore: Self.cutsBefore(term)) }
        terms = postings.keys.sorted(by: Self.precedes)
        (slugs, madeFrom) = (restaurants.map(\.slug), pages)
        cut(reusing: [], changed: [])
    }

    package init(shards: [Shard], terms: [String], entries: [String: Entry], slugs: [String], madeFrom: [ContentDigest]) {
        (self.terms, self.entries, self.slugs, self.madeFrom) = (terms, entries, slugs, madeFrom)
        (self.shards, parts) = (shards, shards.flatMap(\.parts))
    }

    /// Brought up to date with `restaurants`: when each is where it was, only those whose page
    /// digest changed have their terms replaced and only their shards are encoded again; else the
    /// index is made whole.
    package mutating func update(_ restaurants: [Restaurant], pages: [ContentDigest]) {
        guard slugs.count == restaurants.count, zip(slugs, restaurants).allSatisfy({ $0 == $1.slug }) else {
            self = TermIndex(restaurants, pages: pages)
            return
        }
        let changed = pages.indices.filter { pages[$0] != madeFrom[$0] }
        guard !changed.isEmpty else { return }
        // Replacing costs a pass over the index and a sorted insert per new word: past an eighth
        // of the guide, making it whole is as quick.
        guard changed.count * 8 <= restaurants.count else {
            self = TermIndex(restaurants, pages: pages)
            return
        }
        replace(changed.map { ($0, SearchWords.terms(of: restaurants[$0])) })
        madeFrom = pages
    }

    private mutating func replace(_ changes: [(position: Int, terms: RestaurantTerms)]) {
        let positions = Set(changes.map(\.position))
        // One pass over every term: a restaurant's old words are not kept apart from the index.
        // Found first, changed after: a table changed while read would be copied whole.
        var touched = Set(entries.filter { $0.value.postings.contains { positions.contains(Posting.position($0)) } }.keys)
        for term in touched { entries[term]!.postings.removeAll { positions.contains(Posting.position($0)) } }
        let before = terms
        for (position, terms) in changes {
            for (term, field) in terms {
                touched.insert(term)
                let posting = Posting.make(position: position, field: field)
                if entries[term] == nil {
                    entries[term] = Entry(postings: [], cutsBefore: Self.cutsBefore(term))
                    self.terms.insert(term, at: self.terms.firstIndex(notBefore: term, by: { $0 }, precedes: Self.precedes))
                }
                let at = entries[term]!.postings.firstIndex(notBefore: posting, by: { $0 }, precedes: <)
                entries[term]!.postings.insert(posting, at: at)
            }
        }
        for term in touched where entries[term]!.postings.isEmpty {
            entries[term] = nil
            terms.remove(at: terms.firstIndex(notBefore: term, by: { $0 }, precedes: Self.precedes))
        }
        cut(reusing: shards.map { ($0, before[$0.terms]) }, changed: touched)
    }

    package static func precedes(_ a: String, _ b: String) -> Bool { a.utf16.lexicographicallyPrecedes(b.utf16) }

    /// A shard ends once it holds `smallest` bytes, at the next term whose digest picks it (one in
    /// eight), or at `largest`. Chosen by the terms themselves, not by a count from the start, the
    /// cuts before and after an edit's words stay where they were: an edit re-writes a few shards.
    /// Small, since a query reads a shard per word: at 10,000 restaurants a three-word query read
    /// 22 kB of shards cut at 16,000–64,000 and reads 12 at these; a million restaurants' term list
    /// grows from 5 to 15 kB gzipped for it (1,400 shards to 4,450).
    package static let smallest = 4_000, largest = 16_000

    /// A word being typed reads at most this many shards, up to 500 kB of terms (`largest` each);
    /// a shorter beginning, in more, rules nothing out. In `search/terms.json` for the page.
    package static let prefixShards = 32

    package static func cutsBefore(_ term: String) -> Bool { ContentDigest(Array(term.utf8)).hash % 8 == 0 }

    /// A shard's file is named by its bound in hex, so a shard is cut only where its bound has at
    /// most 100 bytes: a word has at most 40 characters, 160 bytes in scripts of four-byte letters,
    /// and two such words sharing a long beginning would need more than a file name holds (255).
    package static let longestBound = 100

    /// `kept`: the last shards with their terms, each taken again if it holds the same terms and
    /// none of them `changed`.
    private mutating func cut(reusing kept: [(shard: Shard, terms: ArraySlice<String>)], changed: Set<String>) {
        shards = makeShards(reusing: kept, changed: changed)
        parts = shards.flatMap(\.parts)
    }

    private func makeShards(reusing kept: [(shard: Shard, terms: ArraySlice<String>)], changed: Set<String>) -> [Shard] {
        var ranges: [Range<Int>] = []
        var start = 0, size = 0
        for (index, term) in terms.enumerated() {
            let entry = entries[term]!
            if index > start, size >= Self.largest || (size >= Self.smallest && entry.cutsBefore),
               Self.bound(after: terms[index - 1], first: term).utf8.count <= Self.longestBound {
                ranges.append(start..<index)
                (start, size) = (index, 0)
            }
            // About what the term takes: its text and a few digits per posting. A common term's
            // postings count though they are in parts: counted as listed, shards at 10,000
            // restaurants were 36 instead of 46 (cut at 16,000–64,000), and queries read 1–11 kB more.
            size += term.utf8.count + 4 + entry.postings.count * 4
        }
        if start < terms.count { ranges.append(start..<terms.count) }
        let byFirst = Dictionary(kept.map { ($0.terms.first!, $0) }, uniquingKeysWith: { first, _ in first })
        return ranges.map { range in
            let slice = terms[range], bound = Self.bound(after: range.lowerBound > 0 ? terms[range.lowerBound - 1] : nil, first: slice.first!)
            if let last = byFirst[slice.first!], last.terms.elementsEqual(slice), !slice.contains(where: changed.contains) {
                return Shard(terms: range, bound: bound, digest: last.shard.digest, parts: last.shard.parts)
            }
            let parts = slice.filter { Self.isSplit($0, entries[$0]!) }.flatMap(parts(of:))
            return Shard(terms: range, bound: bound, digest: ContentDigest(encode(slice, parts: parts)), parts: parts)
        }
    }

    /// The shortest beginning of a shard's first term that sorts after the term before it (the
    /// first shard's: one character). A term is in the last shard whose bound it does not sort
    /// before, as by first terms, and the page needs no other name: the list of 46 shards at 10,000
    /// restaurants was 0.3 kB gzipped, by first terms and names 0.7 (of 124 shards, it is 0.6 kB; a
    /// million restaurants have 4,450). An edit inside a shard keeps its bound.
    package static func bound(after previous: String?, first: String) -> String {
        let characters = first.unicodeScalars
        var length = 1
        while length < characters.count, let previous, !precedes(previous, String(characters.prefix(length))) { length += 1 }
        return String(characters.prefix(length))
    }

    /// Shard `number`'s file.
    package func json(_ number: Int) -> Data { encode(terms[shards[number].terms], parts: shards[number].parts) }
}

private extension Array where Element == UInt32 {
    mutating func append(unlessSameRestaurant posting: UInt32) {
        if let last, Posting.position(last) == Posting.position(posting) { return }
        append(posting)
    }
}
