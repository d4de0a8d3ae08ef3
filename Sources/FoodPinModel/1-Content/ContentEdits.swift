import FoodPinBase
/// The Markdown files a `serve` rebuild read again because they were edited in place, each as it
/// was and as it is now (nil: unreadable or broken). `SitePatch` makes only their restaurants again.
package struct ContentEdits: Sendable {
    package var restaurants: [(old: RestaurantSource?, new: RestaurantSource?)] = []
    package var reviews: [(old: ReviewSource?, new: ReviewSource?)] = []
    /// How many step files were read again (steps are few: all are numbered again).
    package var steps = 0
    /// Whether no edited file had or has a message of its own (found reading it).
    package var quiet = true

    /// Each edited source swapped in place in `list`; false when one is not in it or is now broken
    /// (those before it are swapped all the same: the caller then makes its lists again).
    package static func swap<Source: AnyObject>(_ edits: [(old: Source?, new: Source?)], in list: inout [Source]) -> Bool {
        for (old, new) in edits {
            guard let old, let new, let index = list.firstIndex(where: { $0 === old }) else { return false }
            list[index] = new
        }
        return true
    }
}
