import Foundation

/// Merges the store's records with the Markdown content into one `Site`, checking every reference.
public enum SiteModelBuilder {
    /// `folderPhotos`: by folder name, the pictures in `Content/images/<slug>/` (relative to Content/).
    public static func build(
        stored: [RestaurantRecord], content: LoadedContent, layout: GuideLayout, includeDrafts: Bool,
        folderPhotos: [String: [String]] = [:]
    ) -> (Site, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var restaurants: [Restaurant] = []
        var indexByID: [Int: Int] = [:]
        var indexBySlug: [String: Int] = [:]
        var slugOwner: [String: String] = [:]
        // A city file's records share its location: made once per file, not once per record.
        var fileLocations: [String: SourceLocation] = [:]

        for record in stored {
            let imageLocation = fileLocations[record.source] ?? {
                let location = SourceLocation(path: GuideLayout.displayPath(layout.content.appending(path: record.source)))
                fileLocations[record.source] = location
                return location
            }()
            let slug = Slug.make(record.name) + "-\(record.id)"
            indexByID[record.id] = restaurants.count
            indexBySlug[slug] = restaurants.count
            slugOwner[slug] = "restaurant \(record.id) from \(record.source)"
            restaurants.append(Restaurant(
                id: record.id, slug: slug, name: record.name, facts: record.facts,
                image: record.facts.imageURL.map { .web($0) },
                imageLocation: imageLocation,
                favorite: record.favorite, verdict: nil, descriptionMarkdown: ""))
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
                    "the page address restaurants/\(source.slug)/ is already taken by \(owner)",
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
            slugOwner[source.slug] = source.location.path
            indexBySlug[source.slug] = restaurants.count
            if let id = source.id { indexByID[id] = restaurants.count }
            restaurants.append(restaurant)
        }

        for review in content.reviews {
            let reference = review.restaurant
            let index = Int(reference).flatMap { indexByID[$0] } ?? indexBySlug[reference] ?? indexBySlug[Slug.make(reference)]
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
            restaurants[index].reviews.sort(by: newestFirst)
            addFolderPhotos(folderPhotos[restaurants[index].slug] ?? [], to: &restaurants[index], layout: layout,
                            diagnostics: &diagnostics)
        }
        // Each name folded once, not once per comparison; indices sorted, so each restaurant moves once.
        let sortKeys = restaurants.map(\.sortKey)
        restaurants = restaurants.indices.sorted { (sortKeys[$0], restaurants[$0].slug) < (sortKeys[$1], restaurants[$1].slug) }
            .map { restaurants[$0] }

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
        for restaurant in restaurants {
            if case .file(let path)? = restaurant.image { files.insert(path) }
            for photo in restaurant.photos { if case .file(let path) = photo.image { files.insert(path) } }
        }
        for step in steps { if case .file(let path)? = step.image { files.insert(path) } }

        let site = Site(
            config: content.config, restaurants: restaurants, steps: steps,
            cities: groups(restaurants) { $0.city.map { [$0] } ?? [] },
            cuisines: groups(restaurants) { $0.cuisines },
            contentFiles: files.sorted())
        return (site, diagnostics)
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
    private static func groups(_ restaurants: [Restaurant], keys: (Restaurant) -> [String]) -> [BrowseGroup] {
        var bySlug: [String: BrowseGroup] = [:]
        // Thousands of restaurants share a few dozen names: each slugged once.
        var slugs: [String: String] = [:]
        for (index, restaurant) in restaurants.enumerated() {
            var seen: Set<String> = []
            for name in keys(restaurant) {
                let slug = slugs[name] ?? {
                    let slug = Slug.make(name)
                    slugs[name] = slug
                    return slug
                }()
                guard seen.insert(slug).inserted else { continue }
                bySlug[slug, default: BrowseGroup(name: name, slug: slug, members: [])].members.append(index)
            }
        }
        return bySlug.values.sorted { (Slug.fold($0.name), $0.slug) < (Slug.fold($1.name), $1.slug) }
    }
}
