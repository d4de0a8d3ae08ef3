import Foundation

/// Where a word was found, most telling first: a name match ranks above a review's mention.
enum SearchField: Int, CaseIterable {
    case name, cuisine, city, area, description, reviewTitle, reviewText
}

/// The words search knows a text by, the same in the build and in `search-engine.js`: folded as
/// names are (`Slug.fold`), apostrophes dropped ("Joe's" is "joes"), split at anything not a
/// letter, mark or digit. Chinese and Japanese are written without spaces: their runs become the
/// overlapping pairs of characters in them, so any two or more characters of a name are found.
enum SearchWords {
    /// Longer "words" are links and the like, not something a visitor types.
    static let longest = 40

    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = String.UnicodeScalarView(), cjk: [Unicode.Scalar] = []
        func endCJK() {
            if cjk.count == 1 { words.append(String(cjk[0])) }
            for index in cjk.indices.dropLast() { words.append(String(String.UnicodeScalarView([cjk[index], cjk[index + 1]]))) }
            cjk.removeAll(keepingCapacity: true)
        }
        func endWord() {
            if !word.isEmpty, word.count <= longest { words.append(String(word)) }
            word.removeAll(keepingCapacity: true)
        }
        var folded = Slug.fold(text)
        // Composed, as the page's words are (`normalize("NFC")`): the same text, the same bytes.
        if !folded.utf8.allSatisfy({ $0 < 0x80 }) { folded = folded.precomposedStringWithCanonicalMapping }
        for scalar in folded.unicodeScalars {
            if scalar == "'" { continue }
            if isCJK(scalar) {
                endWord()
                cjk.append(scalar)
            } else if isWordPart(scalar) {
                endCJK()
                word.append(scalar)
            } else {
                endWord()
                endCJK()
            }
        }
        endWord()
        endCJK()
        return words
    }

    private static func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") || (scalar >= "A" && scalar <= "Z") }
        return CharacterSet.alphanumerics.contains(scalar)
    }

    /// Hiragana, katakana and the CJK ideographs: the scripts written without spaces.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF: true
        default: false
        }
    }
}
