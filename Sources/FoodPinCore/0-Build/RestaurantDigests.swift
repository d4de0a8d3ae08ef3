import Foundation
import FoodPinBase
import FoodPinModel

/// Each restaurant's card digest and detail-page input digest. Under `serve` it remembers the
/// last build's restaurants: one equal to the last under its slug takes the same digests again.
/// Restaurants made from the same parsed files share their strings' and arrays' storage, so
/// comparing them costs a fraction of encoding them. A one-off build remembers nothing.
/// (Equal is Swift's equality: an edit that only changes a text's Unicode normalization, the
/// same characters in other code points, is seen at the next `foodpin build`, not by `serve`.)
final class RestaurantDigests: @unchecked Sendable {
    private struct Entry {
        let restaurant: Restaurant
        let card: ContentDigest
        let page: ContentDigest
    }

    private let remembers: Bool
    private var entries: [String: Entry] = [:]
    private let lock = NSLock()

    init(remembering remembers: Bool) { self.remembers = remembers }

    /// By restaurant, in order: what its card shows and what its page is made from, as digests.
    func digests(of restaurants: [Restaurant]) -> (cards: [ContentDigest], pages: [ContentDigest]) {
        lock.lock()
        defer { lock.unlock() }
        // Read from every core, written after: no copy of the table is made.
        let found = ParallelMap.map(restaurants) { [self] restaurant -> (card: ContentDigest, page: ContentDigest, new: Bool) in
            if let entry = entries[restaurant.slug], entry.restaurant == restaurant { return (entry.card, entry.page, false) }
            return (SiteRenderer.cardDigest(restaurant), restaurant.digest, true)
        }
        if remembers {
            for (restaurant, digests) in zip(restaurants, found) where digests.new {
                entries[restaurant.slug] = Entry(restaurant: restaurant, card: digests.card, page: digests.page)
            }
            // Every slug is in by now (slugs are unique): more entries means some restaurants left.
            if entries.count != restaurants.count {
                let slugs = Set(restaurants.map(\.slug))
                entries = entries.filter { slugs.contains($0.key) }
            }
        }
        return (found.map(\.card), found.map(\.page))
    }
}
