import Foundation

/// URL-safe names: lower case ASCII letters, digits and single dashes.
public enum Slug {
    /// A slug names a folder of the site: at most this many UTF-8 bytes, so that any name (5,000
    /// characters, or 100 Chinese ones at 3 bytes each) fits the file system's 255-byte limit.
    public static let maximumBytes = 100

    public static func make(_ text: String) -> String { capped(uncapped(text)) }

    private static func capped(_ slug: String) -> String {
        guard slug.utf8.count > maximumBytes else { return slug }
        var result = ""
        for scalar in slug.unicodeScalars {
            guard result.utf8.count + UTF8.width(scalar) <= maximumBytes else { break }
            result.unicodeScalars.append(scalar)
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result
    }

    private static func uncapped(_ text: String) -> String {
        if let ascii = asciiSlug(text) { return ascii }
        // Foundation's folding takes some marks off a letter only once another has gone from
        // beside it: slugged again until nothing changes, the slug of a slug is the slug.
        var slug = slugOnce(text)
        // Folding an ASCII slug changes nothing: most names (São Paulo → sao-paulo) need one pass.
        guard slug.utf8.contains(where: { $0 >= 0x80 }) else { return slug }
        // A pass that changes the slug drops something from it: its length bounds the passes.
        for _ in 0...slug.unicodeScalars.count {
            let again = slugOnce(slug)
            if again == slug { break }
            slug = again
        }
        return slug
    }

    private static func slugOnce(_ text: String) -> String {
        let folded = Self.fold(text)
        var slug = ""
        var pendingDash = false
        // Whether the scalar before was a non-Latin letter (or its mark) that was kept.
        var afterKeptLetter = false
        for scalar in folded.unicodeScalars {
            let wasAfterKeptLetter = afterKeptLetter
            afterKeptLetter = false
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
            } else if isCombiningMark(scalar) {
                // A mark belongs to the letter just before it (a Devanagari vowel sign, say); folding
                // has already taken accents off Latin letters, so any other mark is dropped.
                if wasAfterKeptLetter {
                    slug.unicodeScalars.append(scalar)
                    afterKeptLetter = true
                }
            } else if !scalar.isASCII, CharacterSet.letters.contains(scalar) || CharacterSet.decimalDigits.contains(scalar) {
                // Letters with no Latin form (Chinese, Japanese, …) stay, percent-encoded by browsers.
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
                afterKeptLetter = true
            } else if scalar == "&" {
                pendingDash = true
            } else if scalar != "’" && scalar != "'" {
                pendingDash = true
            }
        }
        return slug.isEmpty ? "restaurant" : slug
    }

    private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// The common case, plain ASCII, without Foundation's (slow) folding.
    private static func asciiSlug(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingDash = false
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                if pendingDash && !bytes.isEmpty { bytes.append(UInt8(ascii: "-")) }
                pendingDash = false
                bytes.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if pendingDash && !bytes.isEmpty { bytes.append(UInt8(ascii: "-")) }
                pendingDash = false
                bytes.append(byte + 32)
            case UInt8(ascii: "'"):
                break
            default:
                pendingDash = true
            }
        }
        return bytes.isEmpty ? "restaurant" : String(decoding: bytes, as: UTF8.self)
    }

    /// Lower case, accents removed: the key for sorting, grouping and searching.
    public static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .lowercased()
        guard folded.unicodeScalars.contains(where: { !$0.isASCII }) else { return folded }
        var result = ""
        // By scalar: a letter may share its character with a mark or a prefix sign (U+0600…) before it.
        for scalar in folded.unicodeScalars {
            if let latin = latinLetters[scalar] { result += latin } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// Letters that are not a base letter plus an accent, so folding leaves them alone; the search
    /// script gets the same table (`ThemeStrings.script`).
    package static let latinLetters: [Unicode.Scalar: String] = [
        "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ł": "l", "đ": "d", "þ": "th", "ð": "d", "ı": "i",
        // Folded so here already; the script's lower case keeps a word's final sigma.
        "ς": "σ",
        "’": "'", "‘": "'", "“": "\"", "”": "\"", "–": "-", "—": "-",
    ]
}
