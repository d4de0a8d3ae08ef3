import Foundation
import FoodPinBase

/// Writes the store back as a JSON city file that `foodpin import` reads to the same store.
public enum StoreExport {
    public static func json(_ restaurants: [RestaurantRecord]) -> String {
        var out = "[\n"
        for (index, restaurant) in restaurants.enumerated() {
            var fields: [(String, String)] = [("id", String(restaurant.id)), ("name", JSONText.quote(restaurant.name))]
            for field in RestaurantField.all {
                if let value = value(of: field, in: restaurant.facts) { fields.append((field.key, value)) }
            }
            fields.append(("favorite", restaurant.favorite ? "true" : "false"))
            fields.append(("source", JSONText.quote(restaurant.source)))
            for key in restaurant.extra.keys.sorted() { fields.append((key, restaurant.extra[key]!)) }
            out += "  {\n" + fields.map { "    \(JSONText.quote($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n  }"
            out += index == restaurants.count - 1 ? "\n" : ",\n"
        }
        return out + "]\n"
    }

    /// A field as JSON, or nil when the record does not give it.
    private static func value(of field: RestaurantField, in facts: RestaurantFacts) -> String? {
        switch field.kind {
        case .text(let path), .webURL(let path), .date(let path): facts[keyPath: path].map(JSONText.quote)
        case .coordinate(let path, _): facts[keyPath: path].map(number)
        case .price(let path): facts[keyPath: path].map(String.init)
        case .list(let path): "[" + (facts[keyPath: path] ?? []).map(JSONText.quote).joined(separator: ", ") + "]"
        case .hours(let path): facts[keyPath: path].map { "{" + $0.pairs.map { JSONText.quote($0.key) + ": " + JSONText.quote($0.value) }.joined(separator: ", ") + "}" }
        }
    }

    /// Shortest text that reads back as the same Double.
    package static func number(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }
}
