import Foundation

/// A restaurant's terms for the full-text index (`TermIndex`), each with the most telling field
/// it is in, as a list: a table each would hold three times the memory until they are merged.
typealias RestaurantTerms = [(term: String, field: SearchField)]

extension SearchWords {
    /// The restaurant fields marked searchable, indexed as the description is.
    static let searchableFields = RestaurantField.all.filter(\.searchable)

    static func terms(of restaurant: Restaurant, searchable: [RestaurantField] = searchableFields) -> RestaurantTerms {
        var found: [String: SearchField] = [:]
        add(restaurant.name, .name, to: &found)
        for cuisine in restaurant.cuisines { add(cuisine, .cuisine, to: &found) }
        add(restaurant.city, .city, to: &found)
        add(restaurant.area, .area, to: &found)
        add(restaurant.descriptionMarkdown, .description, to: &found)
        for field in searchable { add(field.text(in: restaurant.facts), .description, to: &found) }
        for review in restaurant.reviews {
            add(review.title, .reviewTitle, to: &found)
            add(review.markdown, .reviewText, to: &found)
        }
        return found.map { ($0.key, $0.value) }
    }

    /// Fields come most telling first: a word already found keeps the field it was found in.
    private static func add(_ text: String?, _ field: SearchField, to found: inout [String: SearchField]) {
        guard let text else { return }
        for word in words(text) where found[word] == nil { found[word] = field }
    }
}
