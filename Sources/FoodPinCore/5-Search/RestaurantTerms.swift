import Foundation

/// A restaurant's terms for the full-text index (`TermIndex`), each with the most telling field it is in.
typealias RestaurantTerms = [(term: String, field: SearchField)]

extension SearchWords {
    /// The restaurant fields marked searchable, indexed as the description is.
    static let searchableFields = RestaurantField.all.filter(\.searchable)

    static func terms(of restaurant: Restaurant, searchable: [RestaurantField] = searchableFields) -> RestaurantTerms {
        var found: [String: SearchField] = [:]
        forEachWord(of: restaurant, searchable: searchable) { word, field in
            if found[word] == nil { found[word] = field }
        }
        return found.map { ($0.key, $0.value) }
    }

    /// Every word of the restaurant's texts with the field it is in, most telling fields first: a
    /// word's first field is its best.
    static func forEachWord(of restaurant: Restaurant, searchable: [RestaurantField] = searchableFields,
                            _ body: (String, SearchField) -> Void) {
        func each(_ text: String?, _ field: SearchField) {
            guard let text else { return }
            for word in words(text) { body(word, field) }
        }
        each(restaurant.name, .name)
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
