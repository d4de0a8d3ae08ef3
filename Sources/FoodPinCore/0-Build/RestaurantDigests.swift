import Foundation

/// Each restaurant's card digest, detail-page input digest and search terms. Under `serve` it
/// remembers the last build's restaurants: one equal to the last under its slug takes the same
/// again. Restaurants made from the same parsed files share their strings' and arrays' storage, so
/// comparing them costs a fraction of encoding them. A one-off build remembers nothing.
/// (Equal is Swift's equality: an edit that only changes a text's Unicode normalization, the
/// same characters in other code points, is seen at the next `foodpin build`, not by `serve`.)
final class RestaurantDigests: @unchecked Sendable {
    private struct Entry {
        let restaurant: Restaurant
        let card: ContentDigest
        let page: ContentDigest
        let terms: RestaurantTerms
    }

    struct Found {
        var cards: [ContentDigest]
        var pages: [ContentDigest]
        var terms: [RestaurantTerms]
        /// When every restaurant is where the last build had it: those that changed, with their
        /// last terms (`TermIndex.replace`). Nil otherwise.
        var changed: [(position: Int, old: RestaurantTerms)]?
    }

    private let remembers: Bool
    private var entries: [String: Entry] = [:]
    private var slugs: [String] = []
    private let lock = NSLock()

    init(remembering remembers: Bool) { self.remembers = remembers }

    /// By restaurant, in order: what its card shows and what its page is made from, as digests.
    func digests(of restaurants: [Restaurant]) -> Found {
        lock.lock()
        defer { lock.unlock() }
        // Read from every core, written after: no copy of the table is made.
        let found = ParallelMap.map(restaurants) { [self] restaurant -> (entry: Entry, lastTerms: RestaurantTerms?, new: Bool) in
            let last = entries[restaurant.slug]
            if let last, last.restaurant == restaurant { return (last, nil, false) }
            return (Entry(restaurant: restaurant, card: SiteRenderer.cardDigest(restaurant), page: SiteRenderer.inputs(of: restaurant).digest,
                          terms: SearchWords.terms(of: restaurant)), last?.terms, true)
        }
        let samePlaces = remembers && slugs.count == restaurants.count && zip(slugs, restaurants).allSatisfy { $0 == $1.slug }
        var changed: [(position: Int, old: RestaurantTerms)] = []
        for (position, result) in found.enumerated() where result.new {
            if let lastTerms = result.lastTerms { changed.append((position, lastTerms)) }
            if remembers { entries[result.entry.restaurant.slug] = result.entry }
        }
        if remembers {
            slugs = restaurants.map(\.slug)
            // Every slug is in by now (slugs are unique): more entries means some restaurants left.
            if entries.count != restaurants.count {
                let kept = Set(slugs)
                entries = entries.filter { kept.contains($0.key) }
            }
        }
        return Found(cards: found.map(\.entry.card), pages: found.map(\.entry.page), terms: found.map(\.entry.terms),
                     changed: samePlaces ? changed : nil)
    }
}
