/// What the feeds list: the newest restaurants and the newest reviews, for the whole guide and for
/// each city, chosen once per build. Dates come from the content (a restaurant's `added`, else its
/// first review's; a review's `date`), never the clock, so a rebuild lists the same entries.
struct FeedEntries: Sendable {
    struct ReviewEntry: Sendable, Equatable {
        var restaurant: Int
        var review: Int
    }

    /// Scope 0 is the whole guide, scope 1 + i the city `site.cities[i]`: restaurants by index, newest first.
    let restaurants: [[Int]]
    let reviews: [[ReviewEntry]]
    /// By restaurant: the day of its entry, or nil when it has none (then it is in no feed).
    let restaurantDates: [String?]

    init(_ site: Site) {
        let size = site.config.feedSize
        let dates = site.restaurants.map { restaurant in
            restaurant.added ?? restaurant.reviews.lazy.compactMap(\.date).min()
        }
        func newerRestaurant(_ a: Int, _ b: Int) -> Bool {
            (dates[a]!, site.restaurants[b].slug) > (dates[b]!, site.restaurants[a].slug)
        }
        func newerReview(_ a: ReviewEntry, _ b: ReviewEntry) -> Bool {
            let first = site.restaurants[a.restaurant], second = site.restaurants[b.restaurant]
            return (first.reviews[a.review].date!, second.slug, second.reviews[b.review].source)
                > (second.reviews[b.review].date!, first.slug, first.reviews[a.review].source)
        }
        func datedReviews(of members: [Int]) -> some Sequence<ReviewEntry> {
            members.lazy.flatMap { index in
                site.restaurants[index].reviews.indices.lazy.filter { site.restaurants[index].reviews[$0].date != nil }
                    .map { ReviewEntry(restaurant: index, review: $0) }
            }
        }
        let scopes = [Array(site.restaurants.indices)] + site.cities.map(\.members)
        restaurants = scopes.map { Self.newest(size, of: $0.lazy.filter { dates[$0] != nil }, by: newerRestaurant) }
        reviews = scopes.map { Self.newest(size, of: datedReviews(of: $0), by: newerReview) }
        restaurantDates = dates
    }

    /// The first `count` items in `isBefore` order, in one pass: a short sorted list that an item
    /// enters only when it comes before the list's last (a million reviews are not all sorted).
    static func newest<Item>(_ count: Int, of items: some Sequence<Item>, by isBefore: (Item, Item) -> Bool) -> [Item] {
        var kept: [Item] = []
        kept.reserveCapacity(count + 1)
        for item in items {
            if kept.count == count, let last = kept.last, !isBefore(item, last) { continue }
            var position = kept.count
            while position > 0, isBefore(item, kept[position - 1]) { position -= 1 }
            kept.insert(item, at: position)
            if kept.count > count { kept.removeLast() }
        }
        return kept
    }
}
