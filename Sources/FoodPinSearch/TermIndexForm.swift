import FoodPinBase
import FoodPinModel
// The full-text index as the build keeps it between runs (`.foodpin-cache/`), not as it is published.

extension TermIndex: BinaryCodable {
    /// Terms and postings, and where each shard ends with its digest and its parts' digests; what
    /// follows from them (a shard's name, where a cut may fall, which parts a term has) is worked
    /// out again when read.
    package func encode(to writer: inout BinaryWriter) { encode(to: &writer, flushing: { (_: inout BinaryWriter) in }) }

    /// Written into `file` a piece at a time as it goes (at a million restaurants the form is 110 MB).
    package func encode(to writer: inout BinaryWriter, flushingTo file: ReplaceFile) throws(FoodPinError) {
        try encode(to: &writer) { writer throws(FoodPinError) in try writer.flush(to: file) }
    }

    private func encode<Failure: Error>(to writer: inout BinaryWriter, flushing: (inout BinaryWriter) throws(Failure) -> Void) throws(Failure) {
        writer.write(slugs)
        writer.write(madeFrom)
        writer.write(terms.count)
        for term in terms {
            let postings = entries[term]!.postings
            writer.write(term)
            writer.write(postings.count)
            // Delta-coded, as in the shards: most take a byte or two.
            var last: UInt32 = 0
            for posting in postings {
                writer.write(Int(posting - last))
                last = posting
            }
            try flushing(&writer)
        }
        writer.write(shards.count)
        for shard in shards {
            writer.write(shard.terms.upperBound)
            writer.write(shard.digest)
            writer.write(shard.parts.map(\.digest))
        }
    }

    /// Checked as it is read (sorted terms, increasing postings of known restaurants and fields,
    /// shards covering every term): an index that `update` could trip on is refused.
    package static func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Self {
        let slugs: [String] = try reader.readArray(), madeFrom: [ContentDigest] = try reader.readArray()
        guard slugs.count == madeFrom.count else { throw BinaryReader.Malformed() }
        let limit = Int(Posting.first(at: slugs.count))
        var terms: [String] = [], entries: [String: Entry] = [:]
        for _ in 0..<max(0, try reader.readInt()) {
            let term = try reader.readString()
            guard terms.last.map({ TermIndex.precedes($0, term) }) ?? true else { throw BinaryReader.Malformed() }
            var postings: [UInt32] = []
            for _ in 0..<max(0, try reader.readInt()) {
                let delta = try reader.readInt(), last = Int(postings.last ?? 0)
                // One posting a restaurant, in order; a restaurant and a field the index knows.
                guard delta >= 0, delta < limit, last + delta < limit, Posting.field(UInt32(last + delta)) < SearchField.allCases.count,
                      postings.isEmpty || Posting.position(UInt32(last + delta)) > Posting.position(UInt32(last)) else { throw BinaryReader.Malformed() }
                postings.append(UInt32(last + delta))
            }
            guard !postings.isEmpty else { throw BinaryReader.Malformed() }
            terms.append(term)
            entries[term] = Entry(postings: postings, cutsBefore: TermIndex.cutsBefore(term))
        }
        var shards: [Shard] = [], start = 0
        for _ in 0..<max(0, try reader.readInt()) {
            let end = try reader.readInt()
            guard start < end, end <= terms.count else { throw BinaryReader.Malformed() }
            let bound = TermIndex.bound(after: start > 0 ? terms[start - 1] : nil, first: terms[start])
            let digest: ContentDigest = try reader.read(), digests: [ContentDigest] = try reader.readArray()
            var parts: [Part] = []
            for term in terms[start..<end] where TermIndex.isSplit(term, entries[term]!) {
                for part in TermIndex.layout(of: entries[term]!.postings, guide: slugs.count) {
                    guard parts.count < digests.count else { throw BinaryReader.Malformed() }
                    parts.append(Part(term: term, number: part.number, span: part.span, best: part.best, digest: digests[parts.count]))
                }
            }
            guard parts.count == digests.count else { throw BinaryReader.Malformed() }
            shards.append(Shard(terms: start..<end, bound: bound, digest: digest, parts: parts))
            start = end
        }
        guard start == terms.count else { throw BinaryReader.Malformed() }
        return TermIndex(shards: shards, terms: terms, entries: entries, slugs: slugs, madeFrom: madeFrom)
    }
}
