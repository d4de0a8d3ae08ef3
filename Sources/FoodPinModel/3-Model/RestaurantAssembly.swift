import Foundation
import FoodPinBase

/// What one restaurant of the site is made from: the imported record's restaurant (or, for a
/// Markdown file alone, the file's name and slug), its Markdown file, its reviews and the pictures
/// of its folder. Equal inputs make an equal restaurant, so a `serve` session makes again only the
/// restaurants whose inputs changed (`ModelMemo.assemble`): parsed files are compared by identity,
/// as the content cache hands out the same object for a file that did not change.
package struct RestaurantInputs: Sendable, Equatable {
    package var base: Restaurant
    package var source: RestaurantSource?
    /// Valid reviews, in file order.
    package var reviews: [ReviewSource]
    /// Pictures of `Content/images/<slug>/`, relative to Content/.
    package var folderPhotos: [String]

    package static func == (a: RestaurantInputs, b: RestaurantInputs) -> Bool {
        a.source === b.source && a.folderPhotos == b.folderPhotos && a.base == b.base
            && a.reviews.count == b.reviews.count && zip(a.reviews, b.reviews).allSatisfy { $0 === $1 }
    }

    /// The restaurant, and the warnings and errors found making it.
    package func assemble(in layout: GuideLayout) -> (restaurant: Restaurant, diagnostics: [Diagnostic]) {
        var restaurant = base
        var diagnostics: [Diagnostic] = []
        if let source {
            let image = source.image?.resolve(in: layout, reporting: &diagnostics)
            apply(source, image: image, photos: Self.photos(of: source, in: layout, &diagnostics), to: &restaurant)
        }
        if !reviews.isEmpty {
            restaurant.reviews += reviews.map {
                Review(reviewer: $0.reviewer, title: $0.title, rating: $0.rating, date: $0.date, markdown: $0.markdown,
                       source: $0.location.path)
            }
            restaurant.reviews.sort(by: Self.newestFirst)
        }
        addFolderPhotos(to: &restaurant, in: layout, &diagnostics)
        return (restaurant, diagnostics)
    }

    /// The Markdown file's fields win over the imported record's.
    private func apply(_ source: RestaurantSource, image: ImageReference?, photos: [GalleryPhoto], to restaurant: inout Restaurant) {
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

    /// The pictures of the restaurant's folder not already in `photos:` join the gallery, by name.
    /// Alt text can only be written in `photos:`, so one without it is a warning.
    private func addFolderPhotos(to restaurant: inout Restaurant, in layout: GuideLayout, _ diagnostics: inout [Diagnostic]) {
        guard !folderPhotos.isEmpty else { return }
        // The main picture and those already in `photos:` are not repeated.
        var listed: Set<String> = []
        if case .file(let path)? = restaurant.image?.place { listed.insert(path) }
        for photo in restaurant.photos { if case .file(let path) = photo.image.place { listed.insert(path) } }
        for path in folderPhotos where !listed.contains(path) {
            let location = SourceLocation(path: GuideLayout.displayPath(layout.content.appending(path: path)))
            restaurant.photos.append(GalleryPhoto(image: .file(relativePath: path), alt: nil, caption: nil, location: location))
            diagnostics.append(.warning(at: location, "gallery photo of \(restaurant.name) has no alt text",
                hint: "list it in the restaurant's `photos:` as {src: \(path), alt: what the photo shows}"))
        }
    }

    private static func photos(of source: RestaurantSource, in layout: GuideLayout, _ diagnostics: inout [Diagnostic]) -> [GalleryPhoto] {
        source.photos.compactMap { written in
            if written.alt == nil {
                diagnostics.append(.warning(at: written.image.location, "gallery photo \"\(written.image.text)\" has no alt text",
                    hint: "write it as {src: \(written.image.text), alt: what the photo shows}"))
            }
            return written.image.resolve(in: layout, reporting: &diagnostics).map {
                GalleryPhoto(image: $0, alt: written.alt, caption: written.caption, location: written.image.location)
            }
        }
    }

    private static func newestFirst(_ a: Review, _ b: Review) -> Bool {
        let dateA = a.date ?? "", dateB = b.date ?? ""
        if dateA != dateB { return dateA > dateB }
        return a.source < b.source
    }
}
