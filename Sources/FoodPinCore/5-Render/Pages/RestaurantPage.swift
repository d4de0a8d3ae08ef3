import Foundation
import FoodPinBase
import FoodPinModel

/// Each restaurant's detail page.
struct RestaurantPages: FileKind {
    let renderer: SiteRenderer
    /// By restaurant: its digest, made with its card's (`RestaurantDigests`).
    let digests: [ContentDigest]

    var count: Int { digests.count }
    var templates: [String] { ["restaurant", "review-form", "picture"] }
    var isListed: Bool { true }
    var inputsAhead: [ContentDigest]? { digests }
    func delivery(_ item: Int) -> Delivery { .page }
    func path(_ item: Int) -> String { renderer.site.restaurants[item].path + "index.html" }
    /// A page shows its restaurant and nothing else but the settings.
    func inputs(_ item: Int) -> ContentDigest { digests[item] }

    func bytes(_ item: Int) -> Data { renderer.html(path(item)) { renderer.renderRestaurant(renderer.site.restaurants[item], links: $0) } }
}

extension SiteRenderer {
    func renderRestaurant(_ restaurant: Restaurant, links: PageLinks) -> String {
        let reviewHTML = restaurant.reviews.map { localize(markdown.html($0.markdown), links) }
        let anchors = restaurant.reviewAnchors
        let reviews: [[String: TemplateValue]] = restaurant.reviews.indices.map { index in
            let review = restaurant.reviews[index], html = reviewHTML[index], anchor = anchors[index]
            return present([
                "rating": review.rating, "starHalves": Formatting.starHalves(Double(review.rating)),
                "ratingLabel": strings.text("rating.label", ["rating": strings.number(review.rating)]), "html": html,
                "reviewer": review.reviewer, "title": review.title,
                "date": review.date, "dateLabel": review.date.map(strings.date), "anchor": anchor,
            ])
        }
        var context = card(restaurant, links: links)
        let pagePath = restaurant.path
        let descriptionHTML = localize(markdown.html(restaurant.descriptionMarkdown), links)
        context["description"] = .string(descriptionHTML)
        context["reviews"] = reviews.templateValue
        context["hasReviews"] = .bool(!reviews.isEmpty)
        context.set("address", Formatting.fullAddress(restaurant))
        if let lat = restaurant.lat, let long = restaurant.long { context["geoURL"] = .string("geo:\(lat),\(long)") }
        if let count = context["reviewCountLabel"], case .string(let label) = count {
            context["reviewsFrom"] = .string(strings.text("rating.from", ["reviews": label]))
        }
        context["aboutLabel"] = .string(strings.text("restaurant.about", ["name": restaurant.name]))
        context["contribute"] = .object(contribute.merging(
            ["intro": .string(strings.text("contribute.intro", ["path": "Content/reviews/\(restaurant.slug)/"]))]) { _, new in new })
        context.set("mapURL", Formatting.mapURL(name: restaurant.name, address: Formatting.fullAddress(restaurant),
                                                lat: restaurant.lat, long: restaurant.long))
        if let phone = restaurant.phone {
            context["phone"] = .string(Formatting.phone(phone, country: restaurant.country))
            context.set("telURL", Formatting.telephoneURL(phone))
        }
        context.set("reserveURL", restaurant.reserveURL)
        context.set("hours", restaurant.hours.map { HoursPresentation.value($0, strings: strings) })
        // Every field by its key (`{{fields.website}}`), so a new field needs only its template line.
        var fields: [String: String] = [:]
        for field in RestaurantField.all { if let text = field.text(in: restaurant.facts) { fields[field.key] = text } }
        context["fields"] = fields.templateValue
        context.set("verdict", restaurant.verdict.map { strings.text("verdict.\($0.rawValue)") })
        context["cuisineLinks"] = restaurant.cuisines.map { ["name": $0, "url": links.link("cuisines/\(Slug.make($0))/")] }.templateValue
        if let city = restaurant.city { context["cityLink"] = ["name": .string(city), "url": .string(links.link("cities/\(Slug.make(city))/"))] }
        context.set("area", restaurant.area)
        context["shareText"] = .string(strings.text("restaurant.share_text", ["name": restaurant.name]))
        context.set("pageURL", links.absolute(pagePath))
        let absoluteImage = pictures.previewURL(restaurant.image, links: links)
        context["hero"] = pictures.value(restaurant.image, alt: photoAlt(restaurant), links: links,
                                         fallbackSize: (960, 540))?.templateValue
        let photos: [TemplateValue] = restaurant.photos.enumerated().compactMap { index, photo in
            let alt = photo.alt ?? strings.text("restaurant.photo_alt", ["number": strings.number(index + 1), "name": restaurant.name])
            guard var value = pictures.value(photo.image, alt: alt, links: links, fallbackSize: (480, 360)) else { return nil }
            value["position"] = .int(index + 1)
            if let caption = photo.caption { value["caption"] = .string(caption) }
            return .object(value)
        }
        context["photos"] = .list(photos)
        context["hasPhotos"] = .bool(!photos.isEmpty)
        context["photoCount"] = .int(photos.count)
        context["jsonLD"] = .string(StructuredData.restaurant(restaurant, pageURL: links.absolute(pagePath), imageURL: absoluteImage,
                                                      reviewHTML: reviewHTML))
        let summary = [restaurant.cuisines.joined(separator: ", "), restaurant.city].compactMap { $0 }.filter { !$0.isEmpty }
        let description = MarkdownRenderer.plainText(fromHTML: descriptionHTML, limit: 160)
        return page("restaurant", links: links, title: strings.text("title.section", ["name": restaurant.name, "title": site.config.title]),
                    description: description.isEmpty ? summary.joined(separator: " · ") : description,
                    canonicalPath: pagePath, image: absoluteImage,
                    extra: ["restaurant": .object(context), "scripts": scriptList(root: links.root, reviewForm: true)])
    }
}
