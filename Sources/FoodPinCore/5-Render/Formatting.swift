import Foundation
import FoodPinBase
import FoodPinModel

/// How values are written where no language applies (structured data, links): ratings, phones,
/// map links. Words a visitor reads come from `ThemeStrings`.
enum Formatting {
    /// A price level as `$` signs, as schema.org's `priceRange` reads it.
    static func priceRange(_ level: Int?) -> String? {
        guard let level, (1...4).contains(level) else { return nil }
        return String(repeating: "$", count: level)
    }

    /// One decimal, always with a point whatever the locale: 3.5, 4.0.
    static func rating(tenths: Int) -> String { "\(tenths / 10).\(tenths % 10)" }

    /// A rating in half stars, 0 to 10: the stars partial fills that many halves (CSS draws them).
    static func starHalves(_ value: Double) -> Int { min(10, max(0, Int((value * 2).rounded()))) }

    /// Digits (and a leading +) for a `tel:` link; an extension after "x" is dropped. Nil when there are no digits.
    static func telephoneURL(_ phone: String) -> String? {
        let main = phone.lowercased().split(separator: "x", maxSplits: 1).first.map(String.init) ?? phone
        var digits = main.filter { $0.isASCII && $0.isNumber }
        guard digits.count >= 3 else { return nil }
        if main.trimmingCharacters(in: .whitespaces).hasPrefix("+") { digits = "+" + digits }
        return "tel:" + digits
    }

    /// North American numbers written as bare digits read better as (617) 536-3500.
    static func phone(_ phone: String, country: String?) -> String {
        let digits = phone.filter { $0.isASCII && $0.isNumber }
        let plain = phone.allSatisfy { $0.isNumber || $0 == "x" || $0 == "X" }
        guard plain, country == nil || country == "US" || country == "CA" else { return phone }
        let national = digits.count == 11 && digits.hasPrefix("1") ? String(digits.dropFirst()) : digits
        guard national.count == 10 else { return phone }
        let chars = Array(national)
        return "(\(String(chars[0..<3]))) \(String(chars[3..<6]))-\(String(chars[6..<10]))"
    }

    static func mapURL(name: String, address: String?, lat: Double?, long: Double?) -> String? {
        if let lat, let long {
            return "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(long)#map=17/\(lat)/\(long)"
        }
        guard let address else { return nil }
        return "https://www.openstreetmap.org/search?query=" + queryValue("\(name), \(address)")
    }

    /// Text as a URL query value: ASCII letters, digits and `-._~` as they are, every other UTF-8
    /// byte as `%XX`. By bytes: Foundation's encoding went through CFString, on every detail page.
    static func queryValue(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes.append(UInt8(ascii: "%"))
                bytes.append(upperHexDigits[Int(byte >> 4)])
                bytes.append(upperHexDigits[Int(byte & 0xF)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
    private static let upperHexDigits = Array("0123456789ABCDEF".utf8)

    static func fullAddress(_ restaurant: Restaurant) -> String? {
        var cityLine = [restaurant.city, restaurant.state].compactMap { $0 }.joined(separator: ", ")
        if let postal = restaurant.postalCode { cityLine += cityLine.isEmpty ? postal : " \(postal)" }
        let parts = [restaurant.address, cityLine.isEmpty ? nil : cityLine].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
