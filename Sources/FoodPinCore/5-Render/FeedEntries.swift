import FoodPinBase
import FoodPinModel
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
        // By restaurant, its first and latest dated review's day: its reviews are newest first,
        // the undated last (`RestaurantInputs.assemble`).
        let reviewDays = site.restaurants.map { restaurant in
            (first: restaurant.reviews.last(where: { $0.date != nil })?.date, latest: restaurant.reviews.first?.date)
        }
        let dates = site.restaurants.indices.map { site.restaurants[$0].added ?? reviewDays[$0].first }
        // Newer day first; on a tie, the slug and file that sort first. Slugs are read only on a
        // tie: each is a restaurant's storage away, and most items are compared with the list's last.
        func newerRestaurant(_ a: Int, _ b: Int) -> Bool {
            if dates[a]! != dates[b]! { return dates[a]! > dates[b]! }
            return site.restaurants[a].slug < site.restaurants[b].slug
        }
        func newerReview(_ a: ReviewEntry, _ b: ReviewEntry) -> Bool {
            let first = site.restaurants[a.restaurant], second = site.restaurants[b.restaurant]
            let firstDay = first.reviews[a.review].date!, secondDay = second.reviews[b.review].date!
            if firstDay != secondDay { return firstDay > secondDay }
            return (first.slug, first.reviews[a.review].source) < (second.slug, second.reviews[b.review].source)
        }
        func newestReviews(of members: [Int]) -> [ReviewEntry] {
            // The `size` restaurants with the latest reviews hold `size` reviews of that day or
            // later: a restaurant whose latest review is older has none among the newest.
            let bound = Self.newest(size, of: members.lazy.filter { reviewDays[$0].latest != nil }) {
                reviewDays[$0].latest! > reviewDays[$1].latest!
            }
            let oldest = bound.count == size ? bound.last.flatMap { reviewDays[$0].latest } : nil
            let candidates = members.lazy.filter { index in reviewDays[index].latest.map { day in oldest.map { day >= $0 } ?? true } ?? false }
            return Self.newest(size, of: candidates.flatMap { index in
                site.restaurants[index].reviews.indices.lazy.filter { site.restaurants[index].reviews[$0].date != nil }
                    .map { ReviewEntry(restaurant: index, review: $0) }
            }, by: newerReview)
        }
        let scopes = [Array(site.restaurants.indices)] + site.cities.map(\.members)
        restaurants = scopes.map { Self.newest(size, of: $0.lazy.filter { dates[$0] != nil }, by: newerRestaurant) }
        reviews = scopes.map(newestReviews)
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
