import Foundation
import FoodPinBase
import FoodPinModel

/// What search forgives typos from: the indexed words of four characters or more that begin with a
/// letter, a file for each first two characters (`search/words/<their UTF-8 in hex>.json`,
/// `{"words":[...]}`, sorted as the terms are). A query word that finds nothing is matched against
/// the words of its file: within one edit from 4 characters, two from 8 (`search-engine.js`). Its
/// first two characters must be right, so a query reads one file, not the whole vocabulary.
package struct TypoWords: Sendable {
    package struct Part: Sendable {
        package let key: String
        package let words: [String]
        package let digest: ContentDigest
    }

    package static let folder = "search/words"
    package static let shortest = 4
    /// How many first characters name a word's file.
    package static let keyLength = 2

    package let parts: [Part]

    /// `terms`: sorted, so the words of one key are together.
    package init(_ terms: [String]) {
        var parts: [Part] = [], key = "", words: [String] = []
        func close() {
            if !words.isEmpty { parts.append(Part(key: key, words: words, digest: ContentDigest(Self.encode(words)))) }
            words = []
        }
        // Characters as the page counts them (code points), letters as its `\p{L}` knows them.
        for term in terms where term.unicodeScalars.first.map(Self.isLetter) == true && term.unicodeScalars.count >= Self.shortest {
            let first = String(term.unicodeScalars.prefix(Self.keyLength))
            if first != key { close(); key = first }
            words.append(term)
        }
        close()
        self.parts = parts
    }

    package static func path(of part: Part) -> String { path(key: part.key) }
    package static func path(key: String) -> String { folder + "/" + Fingerprint.digits(Array(key.utf8)) + ".json" }

    package static func encode(_ words: [String]) -> Data {
        var out: [UInt8] = Array("{\"words\":".utf8)
        JSONText.append(list: words, to: &out)
        out += Array("}\n".utf8)
        return Data(out)
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }
}
