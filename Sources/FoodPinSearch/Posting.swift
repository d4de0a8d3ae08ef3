import FoodPinBase
import FoodPinModel
/// One entry of a term's postings: a restaurant's position in the guide's order and the field the
/// term is in (`SearchField`), as one number, `position << 3 | field`. Sorted, a term's postings
/// go by restaurant, then by field, best first. Written in this form in the term shards, the term
/// parts and the saved index; `FoodPin.posting` (core.js) is the one reader in the browser.
package enum Posting {
    /// Eight fields fit; `SearchField` has eight.
    package static let fieldBits: UInt32 = 3

    package static func make(position: Int, field: SearchField) -> UInt32 { UInt32(position) << fieldBits | UInt32(field.rawValue) }

    package static func position(_ posting: UInt32) -> Int { Int(posting >> fieldBits) }

    package static func field(_ posting: UInt32) -> Int { Int(posting & (1 << fieldBits - 1)) }

    /// The first posting a restaurant at `position` could have: where its postings begin.
    package static func first(at position: Int) -> UInt32 { UInt32(position) << fieldBits }
}
