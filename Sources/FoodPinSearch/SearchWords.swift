import Foundation
import FoodPinBase
import FoodPinModel

/// Where a word was found, most telling first: a name match ranks above a review's mention.
package enum SearchField: Int, CaseIterable {
    /// The first word of the name (ranks "Golden" above "The Golden"), then its other words.
    case nameStart, name, cuisine, city, area, description, reviewTitle, reviewText
}

/// The words search knows a text by, the same in the build and in `search-words.js`: folded as
/// names are (`Slug.fold`), apostrophes dropped ("Joe's" is "joes"), split at anything not a
/// letter, mark or digit. Chinese and Japanese are written without spaces: their runs become the
/// overlapping pairs of characters in them, so any two or more characters of a name are found.
package enum SearchWords {
    /// Longer "words" are links and the like, not something a visitor types.
    package static let longest = 40
    /// Dropped inside a word ("Joe's" is "joes"): what `Slug.fold` turns into `'`, and `'` itself.
    package static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "'", "’", "‘", "＇": true
        default: false
        }
    }

    /// Cut from the bytes where they are, and each piece then folded: folding keeps letters letters
    /// and the rest not, and most words of a text with one accent are plain ASCII, which need no
    /// Foundation. 15,000 reviews of a generated guide (3.9 MB, 690,000 words, a quarter of the
    /// reviews with an accent): 0.06 s on one core; folding each text whole and building its words
    /// scalar by scalar took 0.22 s.
    package static func words(_ text: String) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var words: [String] = []
            var piece = Piece(start: 0)
            var index = 0
            while index <= bytes.count {
                var scalar = Unicode.Scalar(UInt8(ascii: " ")), width = 1
                if index < bytes.count {
                    if bytes[index] < 0x80 { scalar = Unicode.Scalar(bytes[index]) } else { (scalar, width) = decode(bytes, at: index) }
                }
                if isApostrophe(scalar) {
                    piece.apostrophes = piece.apostrophes || piece.kind != nil
                } else {
                    // A letter first: katakana's middle dot (・) is punctuation, in a Japanese block.
                    let kind: Piece.Kind? = isWordPart(scalar) ? (isCJK(scalar) ? .cjk : .word) : nil
                    if kind != piece.kind {
                        if piece.kind != nil { piece.add(UnsafeBufferPointer(rebasing: bytes[piece.start..<index]), to: &words) }
                        piece = Piece(start: index, kind: kind)
                    }
                    piece.ascii = piece.ascii && width == 1
                    piece.capitals = piece.capitals || (scalar >= "A" && scalar <= "Z")
                }
                index += width
            }
            return words
        }
    }

    /// A run of word characters, or of Chinese and Japanese ones, being read.
    private struct Piece {
        enum Kind { case word, cjk }
        var start: Int
        var kind: Kind?
        var ascii = true, capitals = false, apostrophes = false

        func add(_ bytes: UnsafeBufferPointer<UInt8>, to words: inout [String]) {
            var text = String(decoding: bytes, as: UTF8.self)
            // Composed, as the page's words are (`normalize("NFC")`): the same text, the same bytes.
            if !ascii { text = Slug.fold(text).precomposedStringWithCanonicalMapping } else if capitals { text = text.lowercased() }
            if apostrophes || !ascii { text.unicodeScalars.removeAll(where: SearchWords.isApostrophe) }
            guard kind == .cjk else {
                // One letter or digit begins too many words to tell anything: the page never asks.
                if (2...longest).contains(text.unicodeScalars.count) { words.append(text) }
                return
            }
            let characters = Array(text.unicodeScalars)
            if characters.count == 1 { words.append(text) }
            for index in characters.indices.dropLast() {
                var pair = ""
                pair.unicodeScalars.append(contentsOf: characters[index...index + 1])
                words.append(pair)
            }
        }
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        var iterator = bytes[index...].makeIterator(), decoder = Unicode.UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return ("\u{FFFD}", 1) }
        return (scalar, UTF8.width(scalar))
    }

    private static func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? asciiWordPart(UInt8(scalar.value)) : CharacterSet.alphanumerics.contains(scalar)
    }

    private static func asciiWordPart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: false
        }
    }

    /// Hiragana, katakana and the CJK ideographs: the scripts written without spaces.
    package static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        // Half-width katakana (U+FF66…) too: folded, it is the katakana above.
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x2FFFF: true
        default: false
        }
    }
}
