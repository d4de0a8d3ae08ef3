import Foundation
import FoodPinBase
import FoodPinModel

/// A restaurant's card: on lists, browse pages and as a search result.
extension SiteRenderer {
    /// The digest of what a restaurant's card shows (cards, the search index, browse pages).
    static func cardDigest(_ restaurant: Restaurant) -> ContentDigest { CardKey(restaurant).digest }

    /// A list item: the card's fields plus the card rendered by the `card` template (also what
    /// a search result shows).
    func listEntry(_ index: Int, links: PageLinks) -> [String: TemplateValue] {
        var entry = card(site.restaurants[index], links: links)
        entry["card"] = .string(cards.html(for: index, root: links.root) {
            library.render("card", .object(entry)) ?? ""
        })
        return entry
    }

    func card(_ restaurant: Restaurant, links: PageLinks) -> [String: TemplateValue] {
        var card = present([
            "name": restaurant.name,
            "url": links.link(restaurant.path),
            "image": imageURL(restaurant.image, links: links),
            "imageAlt": photoAlt(restaurant),
            "picture": pictures.value(restaurant.image, alt: photoAlt(restaurant), links: links, fallbackSize: (480, 320)),
            "cuisines": restaurant.cuisines.joined(separator: " · "),
            "favorite": restaurant.favorite,
            "reviewCount": restaurant.reviews.count,
        ])
        card.set("place", restaurant.city ?? restaurant.address ?? restaurant.area)
        if let level = restaurant.price, (1...4).contains(level) {
            card["price"] = .string(String(repeating: strings.text("price.symbol"), count: level))
            card["priceLabel"] = .string(strings.text("price.\(level)"))
            card["priceSpoken"] = .string(strings.text("price.label", ["label": strings.text("price.\(level)")]))
        }
        if let average = restaurant.averageRating, let tenths = restaurant.ratingTenths {
            let rating = strings.decimal(tenths: tenths)
            card["rating"] = .string(rating)
            card["starHalves"] = Formatting.starHalves(average).templateValue
            // The number of reviews is shown beside the stars; the label need not repeat it.
            card["ratingLabel"] = .string(strings.text("rating.label", ["rating": rating]))
            card["reviewCountLabel"] = .string(strings.count("count.reviews", restaurant.reviews.count))
        }
        card.set("hours", restaurant.hours.map(\.compact))
        card["slug"] = .string(restaurant.slug)
        card["t"] = stringsValue
        return card
    }

    /// The alt text of a restaurant's main picture (editors name the restaurant, not the photo).
    func photoAlt(_ restaurant: Restaurant) -> String { strings.text("card.photo_alt", ["name": restaurant.name]) }


    /// A list's link preview: that of its first restaurant with a picture.
    func previewURL(of slice: ArraySlice<Int>, links: PageLinks) -> String? {
        slice.lazy.compactMap { pictures.previewURL(site.restaurants[$0].image, links: links) }.first
    }

    /// The picture's address as one URL: the largest JPEG of a processed picture.
    func imageURL(_ image: ImageReference?, links: PageLinks) -> String? {
        if let picture = pictures.catalog[image] {
            return links.link(picture.largestJPEG)
        }
        switch image?.place {
        case .file(let path)?: return links.link(path)
        case .web(let url)?: return url
        case nil: return nil
        }
    }
}

/// Rendered cards by restaurant and relative root; shared by the threads rendering list pages.
/// Only the HTML: a card's fields kept too took a 100,000-restaurant build's peak up by 60 MB.
final class CardCache: @unchecked Sendable {
    private var cards: [String: [Int: String]] = [:]
    private let lock = NSLock()

    func removeAll() {
        lock.lock()
        cards = [:]
        lock.unlock()
    }

    func html(for index: Int, root: String, render: () -> String) -> String {
        lock.lock()
        if let html = cards[root]?[index] {
            lock.unlock()
            return html
        }
        lock.unlock()
        let html = render()
        lock.lock()
        cards[root, default: [:]][index] = html
        lock.unlock()
        return html
    }
}

/// A restaurant as a card shows it (and the search index): a description or review text
/// change leaves it equal, so list and browse pages are not rendered again for it.
struct CardKey: Equatable, Sendable, BinaryEncodable {
    var name: String
    var slug: String
    var facts: RestaurantFacts
    var image: ImageReference?
    var favorite: Bool
    var ratings: [Int]

    init(_ restaurant: Restaurant) {
        name = restaurant.name
        slug = restaurant.slug
        facts = restaurant.facts
        image = restaurant.image
        favorite = restaurant.favorite
        ratings = restaurant.reviews.map(\.rating)
    }

    func encode(to writer: inout BinaryWriter) {
        writer.write(name)
        writer.write(slug)
        writer.write(facts)
        writer.write(image)
        writer.write(favorite)
        writer.write(ratings)
    }
}
