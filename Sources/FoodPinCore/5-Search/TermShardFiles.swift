import Foundation

/// The full-text index's files, as docs/site.md describes them.
extension TermIndex {
    static let folder = "search/terms"
    static let manifestPath = "search/terms.json"

    /// Named by its bound's UTF-8 in hex, which the page works out from `search/terms.json`.
    static func path(of shard: Shard) -> String { "\(folder)/\(Fingerprint.digits(Array(shard.bound.utf8))).json" }

    /// `{"terms":[...],"postings":[[...],...]}`, each posting list delta-coded (the first value as is).
    static func encode(_ terms: ArraySlice<String>, entries: [String: Entry]) -> Data {
        var out: [UInt8] = Array("{\"terms\":".utf8)
        JSONText.append(list: terms, to: &out)
        out += Array(",\n\"postings\":[".utf8)
        for (offset, term) in terms.enumerated() {
            if offset > 0 { out += [UInt8(ascii: ","), UInt8(ascii: "\n")] }
            out.append(UInt8(ascii: "["))
            var last: UInt32 = 0
            for (index, value) in entries[term]!.postings.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                ASCIINumbers.append(UInt64(value - last), to: &out)
                last = value
            }
            out.append(UInt8(ascii: "]"))
        }
        out += Array("]}\n".utf8)
        return Data(out)
    }

    /// The stemmer the page matches a guide's words with, by its language (`en`, `en-GB` …), if
    /// `english-stemmer.js` names one for it in `FoodPin.stemmers`.
    static func stemmer(language: String) -> String? {
        ThemeStrings.primary(language) == "en" ? "english" : nil
    }

    /// `search/terms.json`: each shard's bound, the fields postings name, which words typos are
    /// forgiven from (`TypoWords`), so that the page need not know, and the stemmer.
    func manifest(language: String) -> Data {
        let fields = SearchField.allCases.map { "\"\($0)\"" }.joined(separator: ",")
        let typoWords = "{\"shortest\":\(TypoWords.shortest),\"keyLength\":\(TypoWords.keyLength)}"
        let stemmer = Self.stemmer(language: language).map(JSONText.quote) ?? "null"
        var out: [UInt8] = Array("""
            {"version":4,"fields":[\(fields)],"typoWords":\(typoWords),"stemmer":\(stemmer),
            "bounds":
            """.utf8)
        JSONText.append(list: shards.lazy.map(\.bound), to: &out)
        out += Array("}\n".utf8)
        return Data(out)
    }
}
