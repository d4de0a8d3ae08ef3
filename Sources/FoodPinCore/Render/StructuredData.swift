import Foundation

/// schema.org `Restaurant` JSON-LD for a detail page, safe inside `<script>`.
enum StructuredData {
    static func restaurant(_ restaurant: Restaurant, pageURL: String?, imageURL: String?, reviewHTML: [String]) -> String {
        var fields: [(String, String)] = [("@context", q("https://schema.org")), ("@type", q("Restaurant")), ("name", q(restaurant.name))]
        if let pageURL { fields.append(("url", q(pageURL))) }
        if let imageURL { fields.append(("image", q(imageURL))) }
        if let phone = restaurant.phone { fields.append(("telephone", q(phone))) }
        if !restaurant.cuisines.isEmpty { fields.append(("servesCuisine", "[" + restaurant.cuisines.map(q).joined(separator: ",") + "]")) }
        if let price = Formatting.priceRange(restaurant.price) { fields.append(("priceRange", q(price))) }
        var address: [(String, String)] = [("@type", q("PostalAddress"))]
        if let street = restaurant.address { address.append(("streetAddress", q(street))) }
        if let city = restaurant.city { address.append(("addressLocality", q(city))) }
        if let state = restaurant.state { address.append(("addressRegion", q(state))) }
        if let postal = restaurant.postalCode { address.append(("postalCode", q(postal))) }
        if let country = restaurant.country { address.append(("addressCountry", q(country))) }
        if address.count > 1 { fields.append(("address", object(address))) }
        if let lat = restaurant.lat, let long = restaurant.long {
            fields.append(("geo", object([("@type", q("GeoCoordinates")), ("latitude", "\(lat)"), ("longitude", "\(long)")])))
        }
        if let tenths = restaurant.ratingTenths {
            fields.append(("aggregateRating", object([
                ("@type", q("AggregateRating")), ("ratingValue", Formatting.rating(tenths: tenths)),
                ("reviewCount", "\(restaurant.reviews.count)"), ("bestRating", "5"), ("worstRating", "1"),
            ])))
            let reviews = zip(restaurant.reviews, reviewHTML).map { review, html -> String in
                var entry: [(String, String)] = [("@type", q("Review"))]
                entry.append(("author", object([("@type", q("Person")), ("name", q(review.reviewer ?? "Anonymous"))])))
                if let date = review.date { entry.append(("datePublished", q(date))) }
                if let title = review.title { entry.append(("name", q(title))) }
                let body = MarkdownRenderer.plainText(fromHTML: html, limit: 500)
                if !body.isEmpty { entry.append(("reviewBody", q(body))) }
                entry.append(("reviewRating", object([("@type", q("Rating")), ("ratingValue", "\(review.rating)"),
                                                       ("bestRating", "5"), ("worstRating", "1")])))
                return object(entry)
            }
            fields.append(("review", "[" + reviews.joined(separator: ",") + "]"))
        }
        return object(fields)
    }

    private static func q(_ text: String) -> String { JSONText.quote(text) }

    private static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { q($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }
}
