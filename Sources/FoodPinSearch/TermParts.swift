import Foundation
import FoodPinBase
import FoodPinModel

/// A word in more than `partSize` restaurants keeps its postings out of its shard, in parts by
/// position (`search/postings/<term's digest>-<number>.json`): a query's first screen reads the
/// parts of its words that can hold its best results and the rest comes after it (search-lead.js). At a million restaurants
/// "rooftop" is 121,228 postings, 122 kB gzipped whole, 3–4 kB a part. Filter terms stay whole:
/// the filter counts read every one of them, as one file each.
extension TermIndex {
    package struct Part: Sendable, Equatable {
        package let term: String
        /// It holds the term's postings at positions `number * span ..< (number + 1) * span`.
        package let number: Int
        package let span: Int
        /// Its most telling field: what tells a page that has not read it how well its restaurants can rank.
        package let best: Int
        package let digest: ContentDigest
    }

    /// About 3 kB gzipped for a word in one restaurant in ten: the first screen's cost of a common word.
    package static let partSize = 4096
    package static let partFolder = "search/postings"

    package static func isSplit(_ term: String, _ entry: Entry) -> Bool {
        entry.postings.count > partSize && !SearchWords.isFilterTerm(term)
    }

    /// The positions one part covers, for a term in `count` restaurants of `guide`: the largest
    /// power of two at which a part holds `partSize` postings or fewer when the term is spread evenly.
    package static func span(count: Int, guide: Int) -> Int {
        var span = 1
        while span * 2 * count <= partSize * guide { span *= 2 }
        return span
    }

    /// Each part of a split term, with its digest (its bytes are made again when written).
    package func parts(of term: String) -> [Part] {
        let postings = entries[term]!.postings
        return Self.layout(of: postings, guide: slugs.count).map {
            Part(term: term, number: $0.number, span: $0.span, best: $0.best, digest: ContentDigest(Self.encode(part: postings[$0.postings])))
        }
    }

    /// A split term's parts as its postings cut them, without their bytes: what a saved index's
    /// digests are matched with.
    package static func layout(of postings: [UInt32], guide: Int) -> [(number: Int, span: Int, best: Int, postings: Range<Int>)] {
        let span = span(count: postings.count, guide: guide)
        var parts: [(number: Int, span: Int, best: Int, postings: Range<Int>)] = [], start = 0
        while start < postings.count {
            let number = Posting.position(postings[start]) / span, end = Self.start(of: number + 1, span: span, in: postings)
            parts.append((number, span, postings[start..<end].lazy.map(Posting.field).min()!, start..<end))
            start = end
        }
        return parts
    }

    /// What a split term's files are named by: its SHA-256 in hex, the first 16 digits. An edit keeps the names, so the
    /// next build (and a session's quick page plan) finds the same pages.
    package static func partName(_ term: String) -> String { Fingerprint.hex(term.utf8) }

    package static func path(of part: Part) -> String { "\(partFolder)/\(partName(part.term))-\(part.number).json" }

    /// Part `part`'s file.
    package func json(_ part: Part) -> Data {
        let postings = entries[part.term]!.postings
        let start = Self.start(of: part.number, span: part.span, in: postings)
        return Self.encode(part: postings[start..<Self.start(of: part.number + 1, span: part.span, in: postings)])
    }

    /// Where part `number`'s postings begin in the term's (sorted by position).
    private static func start(of number: Int, span: Int, in postings: [UInt32]) -> Int {
        postings.firstIndex(notBefore: Posting.first(at: number * span), by: { $0 }, precedes: <)
    }

    /// `[...]`, delta-coded from zero as in a shard: its first value is a posting.
    package static func encode(part postings: ArraySlice<UInt32>) -> Data {
        var out: [UInt8] = []
        appendDeltas(postings, to: &out)
        out.append(UInt8(ascii: "\n"))
        return Data(out)
    }

    package static func appendDeltas(_ postings: some Collection<UInt32>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        var last: UInt32 = 0
        for (index, value) in postings.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            ASCIINumbers.append(UInt64(value - last), to: &out)
            last = value
        }
        out.append(UInt8(ascii: "]"))
    }
}
