import Foundation
import FoodPinBase

/// What the site model builder can reuse from one build to the next of a `serve` session: each
/// name's slug and sort key, the restaurants the store's records make while the records stay the
/// same, and each restaurant as made from its inputs. A one-off build remembers nothing.
package final class ModelMemo: @unchecked Sendable {
    package let remembers: Bool
    private var slugs: [String: String] = [:]
    private var sortKeys: [String: String] = [:]
    private var fromRecords: (records: [RestaurantRecord], made: RecordRestaurants)?
    /// By slug: each restaurant as last made, with what it was made from.
    package var assembled: [String: (inputs: RestaurantInputs, restaurant: Restaurant, diagnostics: [Diagnostic])] = [:]
    /// The site the last build made, for the next to patch (`SitePatch`).
    package var lastSite: SitePatch.LastSite?
    /// How many builds were patched (for tests).
    package var patchedBuilds = 0

    package init(remembering remembers: Bool) { self.remembers = remembers }

    package func slug(_ name: String) -> String { remembered(name, in: &slugs, Slug.make) }

    /// What restaurants are sorted by: the name folded (case and accents).
    package func sortKey(_ name: String) -> String { remembered(name, in: &sortKeys, Slug.fold) }

    /// The restaurants `records` make; the same as last time when they are the very records the
    /// session kept (the same storage: read again from the store, they are made again).
    package func restaurants(from records: [RestaurantRecord], _ make: () -> RecordRestaurants) -> RecordRestaurants {
        if madeFromSame(records), let fromRecords { return fromRecords.made }
        let made = make()
        if remembers { fromRecords = (records, made) }
        return made
    }

    /// Forgets the restaurants as made: making one looks for its pictures on disk, which a file
    /// other than the guide's text may have changed.
    package func forgetRestaurants() {
        assembled = [:]
        lastSite = nil
    }

    /// Whether these are the very records the restaurants were last made from.
    package func madeFromSame(_ records: [RestaurantRecord]) -> Bool {
        guard let fromRecords else { return false }
        return fromRecords.records.withUnsafeBufferPointer { a in
            records.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress && a.count == b.count }
        }
    }

    /// Each restaurant made from its inputs, on every core; one whose inputs equal those it was
    /// last made from (under `serve`) is taken as it was then, with its diagnostics.
    package func assemble(_ inputs: [RestaurantInputs], _ make: @escaping @Sendable (RestaurantInputs) -> (restaurant: Restaurant, diagnostics: [Diagnostic]))
        -> [(restaurant: Restaurant, diagnostics: [Diagnostic])] {
        // Read from every core, written after: no copy of the table is made.
        let made = ParallelMap.map(inputs) { [self] input -> (restaurant: Restaurant, diagnostics: [Diagnostic], new: Bool) in
            if let last = assembled[input.base.slug], last.inputs == input { return (last.restaurant, last.diagnostics, false) }
            let made = make(input)
            return (made.restaurant, made.diagnostics, true)
        }
        if remembers {
            for (input, result) in zip(inputs, made) where result.new {
                assembled[input.base.slug] = (input, result.restaurant, result.diagnostics)
            }
            // Slugs are unique: more entries than restaurants means some left the guide.
            if assembled.count != inputs.count {
                let slugs = Set(inputs.map(\.base.slug))
                assembled = assembled.filter { slugs.contains($0.key) }
            }
        }
        return made.map { ($0.restaurant, $0.diagnostics) }
    }

    /// Forgets every name when there are far more than the guide has (names edited away).
    package func trim(toAbout count: Int) {
        if slugs.count > 2 * count + 1024 { slugs = [:] }
        if sortKeys.count > 2 * count + 1024 { sortKeys = [:] }
    }

    private func remembered(_ name: String, in table: inout [String: String], _ make: (String) -> String) -> String {
        guard remembers else { return make(name) }
        if let known = table[name] { return known }
        let made = make(name)
        table[name] = made
        return made
    }
}

/// The restaurants the store's records make, before Markdown enriches them, and what finds them.
package struct RecordRestaurants {
    /// Who took a page address: an imported record (by its index) or a Markdown file.
    package enum SlugOwner {
        case record(Int)
        case file(String)
    }

    package var restaurants: [Restaurant] = []
    package var indexByID: [Int: Int] = [:]
    package var indexBySlug: [String: Int] = [:]
    package var slugOwner: [String: SlugOwner] = [:]
}
