import Foundation
import FoodPinBase
import FoodPinModel

/// The full-text index's files, as docs/site.md describes them.
extension TermIndex {
    package static let folder = "search/terms"
    package static let manifestPath = "search/terms.json"

    /// Named by its bound's UTF-8 in hex, which the page works out from `search/terms.json`.
    package static func path(of shard: Shard) -> String { "\(folder)/\(Fingerprint.digits(Array(shard.bound.utf8))).json" }

    /// `{"terms":[...],"postings":[[...],...]}`, each posting list delta-coded (the first value as is);
    /// a split term's is `{"count":…,"span":…,"name":"…","parts":[[number,best],...]}` (`TermParts`).
    package func encode(_ terms: ArraySlice<String>, parts: [Part]) -> Data {
        var out: [UInt8] = Array("{\"terms\":".utf8)
        JSONText.append(list: terms, to: &out)
        out += Array(",\n\"postings\":[".utf8)
        for (offset, term) in terms.enumerated() {
            if offset > 0 { out += [UInt8(ascii: ","), UInt8(ascii: "\n")] }
            let entry = entries[term]!
            guard Self.isSplit(term, entry) else {
                Self.appendDeltas(entry.postings, to: &out)
                continue
            }
            let own = parts.filter { $0.term == term }, listed = own.map { "[\($0.number),\($0.best)]" }.joined(separator: ",")
            let span = Self.span(count: entry.postings.count, guide: slugs.count)
            out += Array("{\"count\":\(entry.postings.count),\"span\":\(span),\"name\":\"\(Self.partName(term))\",\"parts\":[\(listed)]}".utf8)
        }
        out += Array("]}\n".utf8)
        return Data(out)
    }

    /// The stemmer the page matches a guide's words with, by its language (`en`, `en-GB` …), if
    /// `english-stemmer.js` names one for it in `FoodPin.stemmers`.
    package static func stemmer(language: String) -> String? {
        LanguageTag.primary(language) == "en" ? "english" : nil
    }

    /// `search/terms.json`: each shard's bound, the fields postings name, which words typos are
    /// forgiven from (`TypoWords`) and how many shards a word being typed reads, so that the page
    /// need not know, and the stemmer.
    package func manifest(language: String) -> Data {
        let fields = SearchField.allCases.map { "\"\($0)\"" }.joined(separator: ",")
        let typoWords = "{\"shortest\":\(TypoWords.shortest),\"keyLength\":\(TypoWords.keyLength)}"
        let stemmer = Self.stemmer(language: language).map(JSONText.quote) ?? "null"
        var out: [UInt8] = Array("""
            {"version":5,"fields":[\(fields)],"typoWords":\(typoWords),"prefixShards":\(Self.prefixShards),
            "stemmer":\(stemmer),
            "bounds":
            """.utf8)
        JSONText.append(list: shards.lazy.map(\.bound), to: &out)
        out += Array("}\n".utf8)
        return Data(out)
    }
}
