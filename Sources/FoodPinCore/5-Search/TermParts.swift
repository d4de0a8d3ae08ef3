import Foundation

/// A term in more than `partSize` restaurants keeps its postings out of its shard, in parts by
/// position, each a file named by its content (`search/postings/<digest>.json`): a query's first
/// screen reads the first parts of its words and the rest comes after it (search-engine.js). At a
/// million restaurants "rooftop" is 121,228 postings, 122 kB gzipped whole, 3–4 kB a part.
extension TermIndex {
    struct Part: Sendable, Equatable {
        let term: String
        /// It holds the term's postings at positions `number * span ..< (number + 1) * span`.
        let number: Int
        let span: Int
        /// Its most telling field: what its restaurants could rank at, for a page that has not read it.
        let best: Int
        let digest: ContentDigest
    }

    /// About 3 kB gzipped for a word in one restaurant in ten: the first screen's cost of a common word.
    static let partSize = 4096
    static let partFolder = "search/postings"

    static func isSplit(_ entry: Entry) -> Bool { entry.postings.count > partSize }

    /// The positions a part of a term in `count` restaurants covers: of a guide of `guide`: the largest power of two at
    /// which a part holds `partSize` postings or fewer when the term is spread evenly.
    static func span(count: Int, guide: Int) -> Int {
        var span = 1
        while span * 2 * count <= partSize * guide { span *= 2 }
        return span
    }

    /// Each part of a split term, with its digest (its bytes are made again when written).
    func parts(of term: String) -> [Part] {
        let postings = entries[term]!.postings, span = Self.span(count: postings.count, guide: slugs.count)
        var parts: [Part] = [], start = 0
        while start < postings.count {
            let number = Int(postings[start] >> 3) / span
            let end = postings.firstIndex(notBefore: UInt32((number + 1) * span) << 3, by: { $0 }, precedes: <)
            let slice = postings[start..<end]
            parts.append(Part(term: term, number: number, span: span, best: Int(slice.lazy.map { $0 & 7 }.min()!),
                              digest: ContentDigest(Self.encode(part: slice))))
            start = end
        }
        return parts
    }

    /// Its digest in hex: what its term's shard names it by.
    static func name(of part: Part) -> String { String(part.digest.hash, radix: 16).leftPadded(to: 16) }

    static func path(of part: Part) -> String { "\(partFolder)/\(name(of: part)).json" }

    /// Part `part`'s file.
    func json(_ part: Part) -> Data {
        let postings = entries[part.term]!.postings
        let start = postings.firstIndex(notBefore: UInt32(part.number * part.span) << 3, by: { $0 }, precedes: <)
        let end = postings.firstIndex(notBefore: UInt32((part.number + 1) * part.span) << 3, by: { $0 }, precedes: <)
        return Self.encode(part: postings[start..<end])
    }

    /// `[...]`, delta-coded from zero as in a shard: its first value is a posting.
    static func encode(part postings: ArraySlice<UInt32>) -> Data {
        var out: [UInt8] = []
        appendDeltas(postings, to: &out)
        out.append(UInt8(ascii: "\n"))
        return Data(out)
    }

    static func appendDeltas(_ postings: some Collection<UInt32>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        var last: UInt32 = 0
        for (index, value) in postings.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            ASCIINumbers.append(UInt64(value - last), to: &out)
            last = value
        }
        out.append(UInt8(ascii: "]"))
    }

    /// Each part once: terms found in the same restaurants and fields share their parts' files.
    static func distinct(_ parts: [Part]) -> [Part] {
        var seen = Set<UInt64>()
        return parts.filter { seen.insert($0.digest.hash).inserted }
    }
}
