import Foundation
import FoodPinBase

/// The site model as it is put together, with what each check finds: the store's restaurants,
/// then each Markdown restaurant file merged in or added, the reviews joined, the walkthrough's
/// steps numbered. `SiteModelBuilder.build` runs the steps in that order.
package struct SiteAssembly {
    package let stored: [RestaurantRecord]
    package let layout: GuideLayout
    package let memo: ModelMemo
    /// The restaurants before their Markdown files, reviews and folder pictures are added.
    package var made: RecordRestaurants
    /// By restaurant, as `made`: its Markdown file and its valid reviews.
    private var sources: [RestaurantSource?]
    private var reviews: [[ReviewSource]]
    package var diagnostics: [Diagnostic] = []
    /// The slugs and ids of drafts left out: a review of one is not an error.
    private var draftKeys: Set<String> = []
    /// Where each id a Markdown file enriches was first claimed.
    private var markdownIDs: [Int: SourceLocation] = [:]
    /// By Markdown file, the slug of the restaurant it went into: a restaurant's own file, or a
    /// valid review (kept by a session only).
    package private(set) var fileOwners: [String: String] = [:]

    package init(stored: [RestaurantRecord], layout: GuideLayout, memo: ModelMemo, made: RecordRestaurants) {
        self.stored = stored
        self.layout = layout
        self.memo = memo
        self.made = made
        sources = Array(repeating: nil, count: made.restaurants.count)
        reviews = Array(repeating: [], count: made.restaurants.count)
    }

    /// A Markdown restaurant file: it enriches the imported restaurant of its id, or stands as one.
    package mutating func add(_ source: RestaurantSource, includeDrafts: Bool) {
        if source.draft && !includeDrafts {
            draftKeys.insert(source.slug)
            if let id = source.id { draftKeys.insert(String(id)) }
            return
        }
        if let id = source.id {
            if let first = markdownIDs[id] {
                diagnostics.append(.error(at: source.location,
                    "another restaurant file already has id \(id) (\(first.path)); each id may be enriched by one file"))
                return
            }
            markdownIDs[id] = source.location
            if let index = made.indexByID[id] {
                sources[index] = source
                made.indexBySlug[source.slug] = made.indexBySlug[source.slug] ?? index
                if memo.remembers { fileOwners[source.location.path] = made.restaurants[index].slug }
                return
            }
            diagnostics.append(.warning(at: source.location,
                "no imported restaurant has id \(id); this file stands as a restaurant of its own"))
        }
        if let owner = made.slugOwner[source.slug] {
            diagnostics.append(.error(at: source.location,
                "the page address restaurants/\(source.slug)/ is already taken by \(describe(owner))", hint: "rename the file"))
            return
        }
        guard let name = source.name else {
            diagnostics.append(.error(at: source.nameLocation, "`name` is required: every restaurant needs a name"))
            return
        }
        made.slugOwner[source.slug] = .file(source.location.path)
        if memo.remembers { fileOwners[source.location.path] = source.slug }
        made.indexBySlug[source.slug] = made.restaurants.count
        if let id = source.id { made.indexByID[id] = made.restaurants.count }
        made.restaurants.append(Restaurant(id: source.id, slug: source.slug, name: name, facts: RestaurantFacts(), favorite: false,
                                           descriptionMarkdown: ""))
        sources.append(source)
        reviews.append([])
    }

    /// Each review joins its restaurant, found by id, file name or name.
    package mutating func join(_ reviewSources: [ReviewSource]) {
        for review in reviewSources {
            let reference = review.restaurant
            let owner = Int(reference).flatMap { made.indexByID[$0] } ?? made.indexBySlug[reference]
                ?? made.indexBySlug[memo.slug(reference)]
            guard let owner else {
                if draftKeys.contains(reference) { continue }
                diagnostics.append(.error(at: review.restaurantLocation, "review of an unknown restaurant \"\(reference)\"",
                    hint: unknownRestaurantHint(reference)))
                continue
            }
            guard review.isValid else { continue }
            reviews[owner].append(review)
            if memo.remembers { fileOwners[review.location.path] = made.restaurants[owner].slug }
        }
    }

    /// A restaurant of that very name (its file or id is what a review names), else the nearest slug.
    private func unknownRestaurantHint(_ reference: String) -> String {
        let wanted = reference.trimmingCharacters(in: .whitespaces).lowercased()
        let named = made.restaurants.filter { $0.name.lowercased() == wanted }.prefix(3)
        if !named.isEmpty {
            return "a review names its restaurant by id or file name: " + named.map { "`\($0.slug)`" }.joined(separator: " or ")
                + " is named \"\(named[named.startIndex].name)\""
        }
        return Suggestion.nearest(to: reference, in: Array(made.indexBySlug.keys)).map { "did you mean `\($0)`?" }
            ?? "use the restaurant's id or the name of its file without .md"
    }

    /// Each restaurant made from its inputs (again only where they changed, under `serve`), then
    /// all in name order.
    package mutating func finishRestaurants(folderPhotos: [String: [String]]) {
        let inputs = made.restaurants.indices.map { index in
            RestaurantInputs(base: made.restaurants[index], source: sources[index], reviews: reviews[index],
                             folderPhotos: folderPhotos[made.restaurants[index].slug] ?? [])
        }
        let layout = layout
        let assembled = memo.assemble(inputs) { $0.assemble(in: layout) }
        for found in assembled { diagnostics += found.diagnostics }
        // Each name folded once, not once per comparison; indices sorted, so each restaurant moves once.
        // One key each (name folded, NUL, slug) orders as the pair would, in one string comparison
        // (only a name that itself holds NUL could sort differently).
        let restaurants = assembled.map(\.restaurant)
        let sortKeys = restaurants.map { memo.sortKey($0.name) + "\u{0}" + $0.slug }
        made.restaurants = restaurants.indices.sorted { sortKeys[$0] < sortKeys[$1] }.map { restaurants[$0] }
    }

    /// The walkthrough's steps, by number; a number used twice is an error.
    package static func steps(_ sources: [StepSource], layout: GuideLayout, reporting diagnostics: inout [Diagnostic]) -> [Step] {
        var steps: [Step] = []
        var stepNumbers: [Int: String] = [:]
        for source in sources.sorted(by: { ($0.step, $0.location.path) < ($1.step, $1.location.path) }) {
            if let other = stepNumbers[source.step] {
                diagnostics.append(.error(at: source.location, "step \(source.step) is also used by \(other)",
                                          hint: "number the onboarding steps 1, 2, 3 …"))
                continue
            }
            stepNumbers[source.step] = source.location.path
            steps.append(Step(number: source.step, heading: source.heading, subheading: source.subheading,
                              image: source.image?.resolve(in: layout, reporting: &diagnostics), imageLocation: source.image?.location,
                              markdown: source.markdown))
        }
        return steps
    }

    /// The files under Content/ that pages show, sorted.
    package static func contentFiles(_ restaurants: [Restaurant], _ steps: [Step]) -> [String] {
        var files: Set<String> = []
        for restaurant in restaurants {
            if case .file(let path)? = restaurant.image?.place { files.insert(path) }
            for photo in restaurant.photos { if case .file(let path) = photo.image.place { files.insert(path) } }
        }
        for step in steps { if case .file(let path)? = step.image?.place { files.insert(path) } }
        return files.sorted()
    }

    private func describe(_ owner: RecordRestaurants.SlugOwner) -> String {
        switch owner {
        case .record(let index): "restaurant \(stored[index].id) from \(stored[index].source)"
        case .file(let path): path
        }
    }
}
