import Foundation
import FoodPinBase

/// A review as written in `Content/reviews/**/*.md`. A class: the content cache and the build
/// share one copy (half a million reviews at 100,000 restaurants, each held once, not twice).
public final class ReviewSource: Sendable {
    public let location: SourceLocation
    /// The restaurant's id or slug, as written.
    public let restaurant: String
    public let restaurantLocation: SourceLocation
    public let reviewer: String?
    public let title: String?
    public let rating: Int
    /// False when a field had an error: the review is then only checked, never shown.
    public let isValid: Bool
    public let date: String?
    public let markdown: String

    package init(location: SourceLocation, restaurant: String, restaurantLocation: SourceLocation, reviewer: String?, title: String?,
         rating: Int, isValid: Bool, date: String?, markdown: String) {
        self.location = location
        self.restaurant = restaurant
        self.restaurantLocation = restaurantLocation
        self.reviewer = reviewer
        self.title = title
        self.rating = rating
        self.isValid = isValid
        self.date = date
        self.markdown = markdown
    }

    package static func parse(_ document: FrontMatterDocument) -> (ReviewSource?, [Diagnostic]) {
        var fields = document.fields
        let restaurant = fields.requiredString("restaurant", "the id or slug of the restaurant reviewed")
        let reviewer = fields.string("name")
        let title = fields.string("title")
        let rating = parseRating(&fields)
        var date: String?
        if let written = fields.string("date") {
            if CalendarDate.isValid(written) { date = written } else {
                fields.error("date", "`date` must be a real date written YYYY-MM-DD; found \"\(written)\"")
            }
        }
        // A stable id some exports carry; nothing shows it, but it is a known field.
        fields.accept(["uuid"])
        fields.warnAboutUnknownFields(kind: "review")
        // Kept even when invalid, so a wrong `restaurant` is reported along with the other errors.
        guard let restaurant else { return (nil, fields.diagnostics) }
        let isValid = rating != nil && !fields.diagnostics.contains { $0.severity == .error }
        return (ReviewSource(
            location: fields.fileLocation, restaurant: restaurant, restaurantLocation: fields.location("restaurant"),
            reviewer: reviewer, title: title, rating: rating ?? 0, isValid: isValid, date: date,
            markdown: document.body), fields.diagnostics)
    }

    private static func parseRating(_ fields: inout FieldReader) -> Int? {
        guard let written = fields.string("rating") else {
            _ = fields.requiredString("rating", "a number from 1 to 5, or one of \(Verdict.wordList)")
            return nil
        }
        if let verdict = Verdict(rawValue: written.lowercased()) { return verdict.stars }
        if let value = Int(written), (1...5).contains(value) { return value }
        let suggestion = Suggestion.nearest(to: written, in: Verdict.allCases.map(\.rawValue))
        fields.error("rating", "`rating` must be a whole number from 1 to 5, or one of \(Verdict.wordList); found \"\(written)\"",
                     hint: suggestion.map { "did you mean `\($0)`?" })
        return nil
    }
}

// A final class's `let`s cannot be read into one by one: its form is written out here, and
// `BinaryCodingTests` fails for a field it leaves out.
extension ReviewSource: BinaryCodable {
    package func encode(to writer: inout BinaryWriter) {
        writer.write(location)
        writer.write(restaurant)
        writer.write(restaurantLocation)
        writer.write(reviewer)
        writer.write(title)
        writer.write(rating)
        writer.write(isValid)
        writer.write(date)
        writer.write(markdown)
    }

    package static func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> ReviewSource {
        ReviewSource(location: try reader.read(), restaurant: try reader.readString(), restaurantLocation: try reader.read(),
                     reviewer: try reader.readOptional(), title: try reader.readOptional(), rating: try reader.readInt(),
                     isValid: try reader.readBool(), date: try reader.readOptional(), markdown: try reader.readString())
    }
}
