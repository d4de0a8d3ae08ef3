import Foundation

/// The site model as it is put together, with what each check finds: the store's restaurants,
/// then each Markdown restaurant file merged in or added, the reviews joined, the walkthrough's
/// steps numbered. `SiteModelBuilder.build` runs the steps in that order.
struct SiteAssembly {
    let stored: [RestaurantRecord]
    let layout: GuideLayout
    let memo: ModelMemo
    var made: RecordRestaurants
    var diagnostics: [Diagnostic] = []
    /// The slugs and ids of drafts left out: a review of one is not an error.
    private var draftKeys: Set<String> = []
    /// Where each id a Markdown file enriches was first claimed.
    private var markdownIDs: [Int: SourceLocation] = [:]

    init(stored: [RestaurantRecord], layout: GuideLayout, memo: ModelMemo, made: RecordRestaurants) {
        self.stored = stored
        self.layout = layout
        self.memo = memo
        self.made = made
    }

    /// A Markdown restaurant file: it enriches the imported restaurant of its id, or stands as one.
    mutating func add(_ source: RestaurantSource, includeDrafts: Bool) {
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
                let (image, photos) = (resolve(source.image), photos(of: source))
                Self.apply(source, image: image, photos: photos, to: &made.restaurants[index])
                made.indexBySlug[source.slug] = made.indexBySlug[source.slug] ?? index
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
        var restaurant = Restaurant(id: source.id, slug: source.slug, name: name, facts: RestaurantFacts(), favorite: false,
                                    descriptionMarkdown: "")
        Self.apply(source, image: resolve(source.image), photos: photos(of: source), to: &restaurant)
        made.slugOwner[source.slug] = .file(source.location.path)
        made.indexBySlug[source.slug] = made.restaurants.count
        if let id = source.id { made.indexByID[id] = made.restaurants.count }
        made.restaurants.append(restaurant)
    }

    /// Each review joins its restaurant, found by id, file name or name.
    mutating func join(_ reviews: [ReviewSource]) {
        // Each review's restaurant found first, so that each list of reviews is made at its size
        // (grown one review at a time, half a million reviews left 28 MB unused).
        let owners = reviews.map { review in
            let reference = review.restaurant
            return Int(reference).flatMap { made.indexByID[$0] } ?? made.indexBySlug[reference] ?? made.indexBySlug[memo.slug(reference)]
        }
        var counts = [Int](repeating: 0, count: made.restaurants.count)
        for (review, owner) in zip(reviews, owners) where review.isValid {
            if let owner { counts[owner] += 1 }
        }
        for index in made.restaurants.indices where counts[index] > 0 {
            made.restaurants[index].reviews.reserveCapacity(made.restaurants[index].reviews.count + counts[index])
        }
        for (review, index) in zip(reviews, owners) {
            let reference = review.restaurant
            guard let index else {
                if draftKeys.contains(reference) { continue }
                let suggestion = Suggestion.nearest(to: reference, in: Array(made.indexBySlug.keys))
                diagnostics.append(.error(at: review.restaurantLocation, "review of an unknown restaurant \"\(reference)\"",
                    hint: suggestion.map { "did you mean `\($0)`?" } ?? "use the restaurant's id or the name of its file without .md"))
                continue
            }
            guard review.isValid else { continue }
            made.restaurants[index].reviews.append(Review(
                reviewer: review.reviewer, title: review.title, rating: review.rating, date: review.date,
                markdown: review.markdown, source: review.location.path))
        }
    }

    /// Reviews newest first, folder photos added, restaurants in name order.
    mutating func finishRestaurants(folderPhotos: [String: [String]]) {
        for index in made.restaurants.indices {
            // Not touched when there is nothing to sort: a restaurant a session reuses stays shared.
            if made.restaurants[index].reviews.count > 1 { made.restaurants[index].reviews.sort(by: Self.newestFirst) }
            addFolderPhotos(folderPhotos[made.restaurants[index].slug] ?? [], to: index)
        }
        // Each name folded once, not once per comparison; indices sorted, so each restaurant moves once.
        // One key each (name folded, NUL, slug) orders as the pair would, in one string comparison
        // (only a name that itself holds NUL could sort differently).
        let restaurants = made.restaurants
        let sortKeys = restaurants.map { memo.sortKey($0.name) + "\u{0}" + $0.slug }
        made.restaurants = restaurants.indices.sorted { sortKeys[$0] < sortKeys[$1] }.map { restaurants[$0] }
    }

    /// The walkthrough's steps, by number; a number used twice is an error.
    mutating func steps(_ sources: [StepSource]) -> [Step] {
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
                              image: resolve(source.image), imageLocation: source.image?.location, markdown: source.markdown))
        }
        return steps
    }

    /// The files under Content/ that pages show, sorted.
    static func contentFiles(_ restaurants: [Restaurant], _ steps: [Step]) -> [String] {
        var files: Set<String> = []
        for restaurant in restaurants {
            if case .file(let path)? = restaurant.image { files.insert(path) }
            for photo in restaurant.photos { if case .file(let path) = photo.image { files.insert(path) } }
        }
        for step in steps { if case .file(let path)? = step.image { files.insert(path) } }
        return files.sorted()
    }

    private func describe(_ owner: RecordRestaurants.SlugOwner) -> String {
        switch owner {
        case .record(let index): "restaurant \(stored[index].id) from \(stored[index].source)"
        case .file(let path): path
        }
    }

    private mutating func resolve(_ written: WrittenImage?) -> ImageReference? {
        switch written?.resolve(in: layout) {
        case .success(let image)?: return image
        case .failure(let diagnostic)?: diagnostics.append(diagnostic); return nil
        case nil: return nil
        }
    }

    private mutating func photos(of source: RestaurantSource) -> [GalleryPhoto] {
        source.photos.compactMap { written in
            if written.alt == nil {
                diagnostics.append(.warning(at: written.image.location, "gallery photo \"\(written.image.text)\" has no alt text",
                    hint: "write it as {src: \(written.image.text), alt: what the photo shows}"))
            }
            return resolve(written.image).map {
                GalleryPhoto(image: $0, alt: written.alt, caption: written.caption, location: written.image.location)
            }
        }
    }

    /// The Markdown file's fields win over the imported record's.
    private static func apply(_ source: RestaurantSource, image: ImageReference?, photos: [GalleryPhoto],
                              to restaurant: inout Restaurant) {
        if let name = source.name { restaurant.name = name }
        restaurant.facts.override(with: source.facts)
        if let image {
            restaurant.image = image
            restaurant.imageLocation = source.image?.location
        }
        restaurant.photos = photos
        if let favorite = source.favorite { restaurant.favorite = favorite }
        if let verdict = source.verdict { restaurant.verdict = verdict }
        restaurant.descriptionMarkdown = source.markdown
    }

    /// The pictures of `Content/images/<slug>/` not already in `photos:` join the gallery, by name.
    /// Alt text can only be written in `photos:`, so one without it is a warning.
    private mutating func addFolderPhotos(_ paths: [String], to index: Int) {
        guard !paths.isEmpty else { return }
        var restaurant = made.restaurants[index]
        defer { made.restaurants[index] = restaurant }
        // The main picture and those already in `photos:` are not repeated.
        var listed: Set<String> = []
        if case .file(let path)? = restaurant.image { listed.insert(path) }
        for photo in restaurant.photos { if case .file(let path) = photo.image { listed.insert(path) } }
        for path in paths where !listed.contains(path) {
            let location = SourceLocation(path: GuideLayout.displayPath(layout.content.appending(path: path)))
            restaurant.photos.append(GalleryPhoto(image: .file(relativePath: path), alt: nil, caption: nil, location: location))
            diagnostics.append(.warning(at: location, "gallery photo of \(restaurant.name) has no alt text",
                hint: "list it in the restaurant's `photos:` as {src: \(path), alt: what the photo shows}"))
        }
    }

    private static func newestFirst(_ a: Review, _ b: Review) -> Bool {
        let dateA = a.date ?? "", dateB = b.date ?? ""
        if dateA != dateB { return dateA > dateB }
        return a.source < b.source
    }
}
