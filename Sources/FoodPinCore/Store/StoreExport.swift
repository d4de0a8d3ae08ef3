import Foundation

/// Writes the store back as a JSON city file that `foodpin import` reads to the same store.
public enum StoreExport {
    public static func json(_ restaurants: [StoredRestaurant]) -> String {
        var out = "[\n"
        for (index, restaurant) in restaurants.enumerated() {
            var fields: [(String, String)] = [("id", String(restaurant.id)), ("name", JSONText.quote(restaurant.name))]
            func text(_ key: String, _ value: String?) { if let value { fields.append((key, JSONText.quote(value))) } }
            text("address", restaurant.address)
            text("city", restaurant.city)
            text("state", restaurant.state)
            text("area", restaurant.area)
            text("postal_code", restaurant.postalCode)
            text("country", restaurant.country)
            text("phone", restaurant.phone)
            if let lat = restaurant.lat { fields.append(("lat", number(lat))) }
            if let long = restaurant.long { fields.append(("long", number(long))) }
            if let price = restaurant.price { fields.append(("price", String(price))) }
            fields.append(("cuisines", "[" + restaurant.cuisines.map(JSONText.quote).joined(separator: ", ") + "]"))
            text("reserve_url", restaurant.reserveURL)
            text("mobile_reserve_url", restaurant.mobileReserveURL)
            text("image_url", restaurant.imageURL)
            fields.append(("favorite", restaurant.favorite ? "true" : "false"))
            text("source", restaurant.source)
            for key in restaurant.extra.keys.sorted() { fields.append((key, restaurant.extra[key]!)) }
            out += "  {\n" + fields.map { "    \(JSONText.quote($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n  }"
            out += index == restaurants.count - 1 ? "\n" : ",\n"
        }
        return out + "]\n"
    }

    /// Shortest text that reads back as the same Double.
    static func number(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }
}
