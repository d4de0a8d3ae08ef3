/// The Markdown files a `serve` rebuild read again because they were edited in place, each as it
/// was and as it is now (nil: unreadable or broken). `SitePatch` makes only their restaurants again.
struct ContentEdits: Sendable {
    var restaurants: [(old: RestaurantSource?, new: RestaurantSource?)] = []
    var reviews: [(old: ReviewSource?, new: ReviewSource?)] = []
    var steps: [(old: StepSource?, new: StepSource?)] = []
}
