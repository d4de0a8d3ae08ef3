import Foundation

/// A price level, 1 to 4, written as a number or as that many `$` signs ("$$").
package enum PriceLevel {
    package static let range = 1...4

    /// The level a text gives, or nil; the range is checked by the caller, which says where.
    package static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmed
        if let number = Int(trimmed) { return number }
        return !trimmed.isEmpty && trimmed.allSatisfy({ $0 == "$" }) ? trimmed.count : nil
    }
}
