import Foundation

/// URL-safe names: lower case ASCII letters, digits and single dashes.
public enum Slug {
    public static func make(_ text: String) -> String {
        let folded = Self.fold(text)
        var slug = ""
        var pendingDash = false
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
            } else if !scalar.isASCII, CharacterSet.letters.contains(scalar) || CharacterSet.decimalDigits.contains(scalar) {
                // Letters with no Latin form (Chinese, Japanese, …) stay, percent-encoded by browsers.
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
            } else if scalar == "&" {
                pendingDash = true
            } else if scalar != "’" && scalar != "'" {
                pendingDash = true
            }
        }
        return slug.isEmpty ? "restaurant" : slug
    }

    /// Lower case, accents removed: the key for sorting, grouping and searching.
    public static func fold(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .lowercased()
        guard folded.unicodeScalars.contains(where: { !$0.isASCII }) else { return folded }
        var result = ""
        for character in folded { result += latinLetters[character] ?? String(character) }
        return result
    }

    /// Letters that are not a base letter plus an accent, so folding leaves them alone.
    private static let latinLetters: [Character: String] = [
        "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ł": "l", "đ": "d", "þ": "th", "ð": "d", "ı": "i",
        "’": "'", "‘": "'", "“": "\"", "”": "\"", "–": "-", "—": "-",
    ]
}
