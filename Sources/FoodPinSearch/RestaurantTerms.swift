import Foundation
import FoodPinBase
import FoodPinModel

/// A restaurant's terms for the full-text index (`TermIndex`), each with the most telling field it is in.
package typealias RestaurantTerms = [(term: String, field: SearchField)]

extension SearchWords {
    /// The restaurant fields marked searchable, indexed as the description is.
    package static let searchableFields = RestaurantField.all.filter(\.searchable)

    package static func terms(of restaurant: Restaurant, searchable: [RestaurantField] = searchableFields) -> RestaurantTerms {
        var found: [String: SearchField] = [:]
        forEachWord(of: restaurant, searchable: searchable) { word, field in
            if found[word] == nil { found[word] = field }
        }
        return found.map { ($0.key, $0.value) }
    }

    /// The term a slug is found by; it sorts before every word.
    package static func slugTerm(_ slug: String) -> String { "/" + slug }

    /// The term a filter finds restaurants by: `#city <slug>`, `#cuisine <slug>` (slugs as the
    /// city and cuisine pages group them), `#price <1-4>` and `#favorite`. A filter reads one
    /// term's postings, not every restaurant's attributes, and
    /// its options' counts read them all (`search-filter-counts.js`). `search-engine.js`
    /// `filterPrefixes` names them again, as docs/site.md does.
    package static func filterTerm(_ filter: String, _ value: String? = nil) -> String { "#" + filter + (value.map { " " + $0 } ?? "") }

    package static func isFilterTerm(_ term: String) -> Bool { term.hasPrefix("#") }

    /// Every word of the restaurant's texts with the field it is in, most telling fields first: a
    /// word's first field is its best. Its slug comes first too, as `/slug`: no word has a `/`, and
    /// My guide finds a pinned restaurant's place in the list by it; then its filter terms, which
    /// no word can be either. `slug`: a memo of `Slug.make` when there are many restaurants.
    package static func forEachWord(of restaurant: Restaurant, searchable: [RestaurantField] = searchableFields,
                            slug: (String) -> String = Slug.make, _ body: (String, SearchField) -> Void) {
        func each(_ text: String?, _ field: SearchField) {
            guard let text else { return }
            for word in words(text) { body(word, field) }
        }
        body(slugTerm(restaurant.slug), .nameStart)
        if let city = restaurant.city { body(filterTerm("city", slug(city)), .city) }
        for cuisine in restaurant.cuisines { body(filterTerm("cuisine", slug(cuisine)), .cuisine) }
        // The field of a filter term is never ranked.
        if let price = restaurant.price { body(filterTerm("price", String(price)), .description) }
        if restaurant.favorite { body(filterTerm("favorite"), .description) }
        for (index, word) in words(restaurant.name).enumerated() { body(word, index == 0 ? .nameStart : .name) }
        for cuisine in restaurant.cuisines { each(cuisine, .cuisine) }
        each(restaurant.city, .city)
        each(restaurant.area, .area)
        each(restaurant.descriptionMarkdown, .description)
        for field in searchable { each(field.text(in: restaurant.facts), .description) }
        for review in restaurant.reviews {
            each(review.title, .reviewTitle)
            each(review.markdown, .reviewText)
        }
    }
}
