import Foundation
import FoodPinBase
import FoodPinModel

/// schema.org `Restaurant` JSON-LD for a detail page, safe inside `<script>`.
enum StructuredData {
    static func restaurant(_ restaurant: Restaurant, pageURL: String?, imageURL: String?, reviewHTML: [String]) -> String {
        var json = JSONWriter(capacity: 4096)
        json.object(nil) { json in
            json.string("@context", "https://schema.org")
            json.string("@type", "Restaurant")
            json.string("name", restaurant.name)
            if let pageURL { json.string("url", pageURL) }
            if let imageURL { json.string("image", imageURL) }
            if let phone = restaurant.phone { json.string("telephone", phone) }
            if !restaurant.cuisines.isEmpty {
                json.array("servesCuisine") { json in for cuisine in restaurant.cuisines { json.string(nil, cuisine) } }
            }
            if let price = Formatting.priceRange(restaurant.price) { json.string("priceRange", price) }
            let address: [(String, String?)] = [
                ("streetAddress", restaurant.address), ("addressLocality", restaurant.city), ("addressRegion", restaurant.state),
                ("postalCode", restaurant.postalCode), ("addressCountry", restaurant.country),
            ]
            if address.contains(where: { $0.1 != nil }) {
                json.object("address") { json in
                    json.string("@type", "PostalAddress")
                    for case let (key, value?) in address { json.string(key, value) }
                }
            }
            if let lat = restaurant.lat, let long = restaurant.long {
                json.object("geo") { json in
                    json.string("@type", "GeoCoordinates")
                    json.literal("latitude", "\(lat)")
                    json.literal("longitude", "\(long)")
                }
            }
            if let hours = restaurant.hours { HoursPresentation.specifications(hours, into: &json) }
            guard let tenths = restaurant.ratingTenths else { return }
            json.object("aggregateRating") { json in
                json.string("@type", "AggregateRating")
                json.literal("ratingValue", Formatting.rating(tenths: tenths))
                json.literal("reviewCount", "\(restaurant.reviews.count)")
                json.literal("bestRating", "5")
                json.literal("worstRating", "1")
            }
            json.array("review") { json in
                for (review, html) in zip(restaurant.reviews, reviewHTML) {
                    json.object(nil) { json in
                        json.string("@type", "Review")
                        json.object("author") { json in
                            json.string("@type", "Person")
                            json.string("name", review.reviewer ?? "Anonymous")
                        }
                        if let date = review.date { json.string("datePublished", date) }
                        if let title = review.title { json.string("name", title) }
                        let body = MarkdownRenderer.plainText(fromHTML: html, limit: 500)
                        if !body.isEmpty { json.string("reviewBody", body) }
                        json.object("reviewRating") { json in
                            json.string("@type", "Rating")
                            json.literal("ratingValue", "\(review.rating)")
                            json.literal("bestRating", "5")
                            json.literal("worstRating", "1")
                        }
                    }
                }
            }
        }
        return json.text
    }
}
