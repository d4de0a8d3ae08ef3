import Foundation

/// Merges the store's records with the Markdown content into one `Site`, checking every reference.
public enum SiteModelBuilder {
    /// `folderPhotos`: by folder name, the pictures in `Content/images/<slug>/` (relative to Content/).
    public static func build(
        stored: [RestaurantRecord], content: LoadedContent, layout: GuideLayout, includeDrafts: Bool,
        folderPhotos: [String: [String]] = [:]
    ) -> (Site, [Diagnostic]) {
        build(stored: stored, content: content, layout: layout, includeDrafts: includeDrafts, folderPhotos: folderPhotos,
              memo: ModelMemo(remembering: false))
    }

    /// `memo`: what earlier builds of a `serve` session made and this one can reuse.
    static func build(
        stored: [RestaurantRecord], content: LoadedContent, layout: GuideLayout, includeDrafts: Bool,
        folderPhotos: [String: [String]], memo: ModelMemo
    ) -> (Site, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        memo.trim(toAbout: stored.count + content.restaurants.count)
        let made = memo.restaurants(from: stored) { fromRecords(stored, layout: layout, memo: memo) }
        var restaurants = made.restaurants
        var indexByID = made.indexByID
        var indexBySlug = made.indexBySlug
        var slugOwner = made.slugOwner
        func describe(_ owner: RecordRestaurants.SlugOwner) -> String {
            switch owner {
            case .record(let index): "restaurant \(stored[index].id) from \(stored[index].source)"
            case .file(let path): path
            }
        }

        func resolve(_ written: WrittenImage?) -> ImageReference? {
            switch written?.resolve(in: layout) {
            case .success(let image)?: return image
            case .failure(let diagnostic)?: diagnostics.append(diagnostic); return nil
            case nil: return nil
            }
        }

        func photos(of source: RestaurantSource) -> [GalleryPhoto] {
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

        var draftKeys: Set<String> = []
        var markdownIDs: [Int: SourceLocation] = [:]
        for source in content.restaurants {
            if source.draft && !includeDrafts {
                draftKeys.insert(source.slug)
                if let id = source.id { draftKeys.insert(String(id)) }
                continue
            }
            if let id = source.id {
                if let first = markdownIDs[id] {
                    diagnostics.append(.error(at: source.location,
                        "another restaurant file already has id \(id) (\(first.path)); each id may be enriched by one file"))
                    continue
                }
                markdownIDs[id] = source.location
                if let index = indexByID[id] {
                    apply(source, image: resolve(source.image), photos: photos(of: source), to: &restaurants[index])
                    indexBySlug[source.slug] = indexBySlug[source.slug] ?? index
                    continue
                }
                diagnostics.append(.warning(at: source.location,
                    "no imported restaurant has id \(id); this file stands as a restaurant of its own"))
            }
            if let owner = slugOwner[source.slug] {
                diagnostics.append(.error(at: source.location,
                    "the page address restaurants/\(source.slug)/ is already taken by \(describe(owner))",
                    hint: "rename the file"))
                continue
            }
            guard let name = source.name else {
                diagnostics.append(.error(at: source.nameLocation, "`name` is required: every restaurant needs a name"))
                continue
            }
            var restaurant = Restaurant(
                id: source.id, slug: source.slug, name: name, facts: RestaurantFacts(), favorite: false,
                descriptionMarkdown: "")
            apply(source, image: resolve(source.image), photos: photos(of: source), to: &restaurant)
            slugOwner[source.slug] = .file(source.location.path)
            indexBySlug[source.slug] = restaurants.count
            if let id = source.id { indexByID[id] = restaurants.count }
            restaurants.append(restaurant)
        }

        // Each review's restaurant found first, so that each list of reviews is made at its size
        // (grown one review at a time, half a million reviews left 28 MB unused).
        let reviewOwners = content.reviews.map { review in
            let reference = review.restaurant
            return Int(reference).flatMap { indexByID[$0] } ?? indexBySlug[reference] ?? indexBySlug[memo.slug(reference)]
        }
        var reviewCounts = [Int](repeating: 0, count: restaurants.count)
        for (review, owner) in zip(content.reviews, reviewOwners) where review.isValid {
            if let owner { reviewCounts[owner] += 1 }
        }
        for index in restaurants.indices where reviewCounts[index] > 0 {
            restaurants[index].reviews.reserveCapacity(restaurants[index].reviews.count + reviewCounts[index])
        }
        for (review, index) in zip(content.reviews, reviewOwners) {
            let reference = review.restaurant
            guard let index else {
                if draftKeys.contains(reference) { continue }
                let known = Array(indexBySlug.keys)
                let suggestion = Suggestion.nearest(to: reference, in: known)
                diagnostics.append(.error(at: review.restaurantLocation,
                    "review of an unknown restaurant \"\(reference)\"",
                    hint: suggestion.map { "did you mean `\($0)`?" } ?? "use the restaurant's id or the name of its file without .md"))
                continue
            }
            guard review.isValid else { continue }
            restaurants[index].reviews.append(Review(
                reviewer: review.reviewer, title: review.title, rating: review.rating, date: review.date,
                markdown: review.markdown, source: review.location.path))
        }
        for index in restaurants.indices {
            // Not touched when there is nothing to sort: a restaurant a session reuses stays shared.
            if restaurants[index].reviews.count > 1 { restaurants[index].reviews.sort(by: newestFirst) }
            addFolderPhotos(folderPhotos[restaurants[index].slug] ?? [], to: &restaurants[index], layout: layout,
                            diagnostics: &diagnostics)
        }
        // Each name folded once, not once per comparison; indices sorted, so each restaurant moves once.
        // One key each (name folded, NUL, slug) orders as the pair would, in one string comparison
        // (only a name that itself holds NUL could sort differently).
        let sortKeys = restaurants.map { memo.sortKey($0.name) + "\u{0}" + $0.slug }
        restaurants = restaurants.indices.sorted { sortKeys[$0] < sortKeys[$1] }.map { restaurants[$0] }

        var steps: [Step] = []
        var stepNumbers: [Int: String] = [:]
        for source in content.steps.sorted(by: { ($0.step, $0.location.path) < ($1.step, $1.location.path) }) {
            if let other = stepNumbers[source.step] {
                diagnostics.append(.error(at: source.location, "step \(source.step) is also used by \(other)",
                                          hint: "number the onboarding steps 1, 2, 3 …"))
                continue
            }
            stepNumbers[source.step] = source.location.path
            steps.append(Step(number: source.step, heading: source.heading, subheading: source.subheading,
                              image: resolve(source.image), imageLocation: source.image?.location, markdown: source.markdown))
        }

        var files: Set<String> = []
        for index in restaurants.indices {
            if case .file(let path)? = restaurants[index].image { files.insert(path) }
            for photo in restaurants[index].photos { if case .file(let path) = photo.image { files.insert(path) } }
        }
        for step in steps { if case .file(let path)? = step.image { files.insert(path) } }

        let site = Site(
            config: content.config, restaurants: restaurants, steps: steps,
            cities: groups(restaurants.map { $0.city.map { [$0] } ?? [] }, memo: memo),
            cuisines: groups(restaurants.map { $0.cuisines }, memo: memo),
            contentFiles: files.sorted())
        return (site, diagnostics)
    }

    /// The restaurants the store's records make, each with its page address.
    private static func fromRecords(_ stored: [RestaurantRecord], layout: GuideLayout, memo: ModelMemo) -> RecordRestaurants {
        var made = RecordRestaurants()
        made.restaurants.reserveCapacity(stored.count)
        made.indexByID.reserveCapacity(stored.count)
        made.indexBySlug.reserveCapacity(stored.count)
        made.slugOwner.reserveCapacity(stored.count)
        // A city file's records share its location: made once per file, not once per record.
        var fileLocations: [String: SourceLocation] = [:]
        for recordIndex in stored.indices {
            let record = stored[recordIndex]
            let imageLocation = fileLocations[record.source] ?? {
                let location = SourceLocation(path: GuideLayout.displayPath(layout.content.appending(path: record.source)))
                fileLocations[record.source] = location
                return location
            }()
            let slug = memo.slug(record.name) + "-\(record.id)"
            made.indexByID[record.id] = made.restaurants.count
            made.indexBySlug[slug] = made.restaurants.count
            made.slugOwner[slug] = .record(recordIndex)
            made.restaurants.append(Restaurant(
                id: record.id, slug: slug, name: record.name, facts: record.facts,
                image: record.facts.imageURL.map { .web($0) },
                imageLocation: imageLocation,
                favorite: record.favorite, verdict: nil, descriptionMarkdown: ""))
        }
        return made
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
    private static func addFolderPhotos(_ paths: [String], to restaurant: inout Restaurant, layout: GuideLayout,
                                        diagnostics: inout [Diagnostic]) {
        guard !paths.isEmpty else { return }
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

    /// Groups by the slug of a name, so "Café" and "Cafe" share a page; shows the first spelling met.
    /// `keys`: by restaurant, in the site's order, the names it is listed under.
    private static func groups(_ keys: [[String]], memo: ModelMemo) -> [BrowseGroup] {
        var groups: [BrowseGroup] = []
        var groupBySlug: [String: Int] = [:]
        // Thousands of restaurants share a few dozen names: each name is slugged once.
        var groupByName: [String: Int] = [:]
        for (index, names) in keys.enumerated() {
            for (position, name) in names.enumerated() {
                let group: Int
                if let known = groupByName[name] {
                    group = known
                } else {
                    let slug = memo.slug(name)
                    if let known = groupBySlug[slug] {
                        group = known
                    } else {
                        group = groups.count
                        groups.append(BrowseGroup(name: name, slug: slug, members: []))
                        groupBySlug[slug] = group
                    }
                    groupByName[name] = group
                }
                // Two spellings of one name list a restaurant once. Fifty names at most (the
                // cuisines cap): looking back costs less than a set per restaurant.
                if names[..<position].contains(where: { groupByName[$0] == group }) { continue }
                groups[group].members.append(index)
            }
        }
        return groups.map { (memo.sortKey($0.name), $0) }.sorted { ($0.0, $0.1.slug) < ($1.0, $1.1.slug) }.map(\.1)
    }
}
