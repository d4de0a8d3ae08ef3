import Foundation

// The binary form of what the build keeps between runs and digests: sources as parsed, the site
// model a page shows, and what was written. Field by field, in declaration order; restaurant facts
// follow `RestaurantField.all`, so a field added there is kept with no change here. Written by hand,
// not derived through `Codable`: a binary coder over `Codable` was tried and made reading the state
// of 60,000 files 3.7 times slower (bench/HISTORY.md). A field left out of a source's form fails
// `BinaryCodingTests`; a restaurant field or setting left out of a page's inputs fails `EveryInputTests`.

extension SourceLocation: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(path)
        writer.write(line)
        writer.write(column)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Malformed) {
        self.init(path: try reader.readString(), line: try reader.readInt(), column: try reader.readInt())
    }
}

extension Diagnostic: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(severity == .error)
        writer.write(location)
        writer.write(message)
        writer.write(hint)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Malformed) {
        let isError = try reader.readBool()
        self.init(isError ? .error : .warning, at: try reader.read(), try reader.readString(), hint: try reader.readOptional())
    }
}

extension RestaurantFacts: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        for field in RestaurantField.all {
            switch field.kind {
            case .text(let path), .webURL(let path), .date(let path): writer.write(self[keyPath: path])
            case .coordinate(let path, _): writer.write(self[keyPath: path])
            case .price(let path): writer.write(self[keyPath: path])
            case .list(let path): writer.write(self[keyPath: path])
            case .hours(let path): writer.write(self[keyPath: path]?.lines)
            }
        }
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Malformed) {
        self.init()
        for field in RestaurantField.all {
            switch field.kind {
            case .text(let path), .webURL(let path), .date(let path): self[keyPath: path] = try reader.readOptional(String.self)
            case .coordinate(let path, _): self[keyPath: path] = try reader.readOptional(Double.self)
            case .price(let path): self[keyPath: path] = try reader.readOptional(Int.self)
            case .list(let path):
                self[keyPath: path] = try reader.readBool() ? try reader.readArray(String.self) : nil
            case .hours(let path):
                guard let lines = try reader.readOptional(String.self) else { continue }
                guard let hours = OpeningHours(lines: lines) else { throw BinaryReader.Malformed() }
                self[keyPath: path] = hours
            }
        }
    }
}

extension Verdict: BinaryCodable {
    func encode(to writer: inout BinaryWriter) { writer.write(rawValue) }
    init(from reader: inout BinaryReader) throws(BinaryReader.Malformed) {
        guard let verdict = Verdict(rawValue: try reader.readString()) else { throw BinaryReader.Malformed() }
        self = verdict
    }
}

extension PhotoFilter: BinaryCodable {
    func encode(to writer: inout BinaryWriter) { writer.write(rawValue) }
    init(from reader: inout BinaryReader) throws(BinaryReader.Malformed) {
        guard let filter = PhotoFilter(rawValue: try reader.readString()) else { throw BinaryReader.Malformed() }
        self = filter
    }
}

extension WrittenImage: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(text)
        writer.write(location)
        writer.write(filter)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Malformed) {
        self.init(text: try reader.readString(), location: try reader.read(), filter: try reader.readOptional())
    }
}

extension WrittenPhoto: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(image)
        writer.write(alt)
        writer.write(caption)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Malformed) {
        self.init(image: try reader.read(), alt: try reader.readOptional(), caption: try reader.readOptional())
    }
}

extension RestaurantSource: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(slug)
        writer.write(location)
        writer.write(id)
        writer.write(name)
        writer.write(facts)
        writer.write(image)
        writer.write(photos)
        writer.write(favorite)
        writer.write(verdict)
        writer.write(draft)
        writer.write(markdown)
        writer.write(nameLocation)
    }

    convenience init(from reader: inout BinaryReader) throws(BinaryReader.Malformed) {
        let slug = try reader.readString(), location: SourceLocation = try reader.read()
        let id: Int? = try reader.readOptional(), name: String? = try reader.readOptional()
        let facts: RestaurantFacts = try reader.read(), image: WrittenImage? = try reader.readOptional()
        let photos: [WrittenPhoto] = try reader.readArray()
        let favorite: Bool? = try reader.readOptional(), verdict: Verdict? = try reader.readOptional()
        let draft = try reader.readBool(), markdown = try reader.readString()
        self.init(slug: slug, location: location, id: id, name: name, facts: facts, image: image, photos: photos, favorite: favorite,
                  verdict: verdict, draft: draft, markdown: markdown, nameLocation: try reader.read())
    }
}

extension ReviewSource: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(location)
        writer.write(restaurant)
        writer.write(restaurantLocation)
        writer.write(reviewer)
        writer.write(title)
        writer.write(rating)
        writer.write(isValid)
        writer.write(date)
        writer.write(markdown)
    }

    convenience init(from reader: inout BinaryReader) throws(BinaryReader.Malformed) {
        self.init(location: try reader.read(), restaurant: try reader.readString(), restaurantLocation: try reader.read(),
                  reviewer: try reader.readOptional(), title: try reader.readOptional(), rating: try reader.readInt(),
                  isValid: try reader.readBool(), date: try reader.readOptional(), markdown: try reader.readString())
    }
}

extension StepSource: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(location)
        writer.write(step)
        writer.write(heading)
        writer.write(subheading)
        writer.write(image)
        writer.write(markdown)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Malformed) {
        self.init(location: try reader.read(), step: try reader.readInt(), heading: try reader.readString(),
                  subheading: try reader.readOptional(), image: try reader.readOptional(), markdown: try reader.readString())
    }
}

extension FileStamp: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(Int(size))
        writer.write(modified)
        writer.write(changed)
        writer.write(inode)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Malformed) {
        self.init(size: Int64(try reader.readInt()), modified: try reader.readInt(), changed: try reader.readInt(),
                  inode: try reader.readUInt64())
    }
}

extension ContentDigest: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(hash)
        writer.write(count)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Malformed) {
        self.init(hash: try reader.readUInt64(), count: try reader.readInt())
    }
}

extension WrittenState: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        switch self {
        case .bytes(let digest): writer.write(0); writer.write(digest)
        case .copy(let stamp): writer.write(1); writer.write(stamp)
        }
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Malformed) {
        switch try reader.readInt() {
        case 0: self = .bytes(try reader.read())
        case 1: self = .copy(try reader.read())
        default: throw BinaryReader.Malformed()
        }
    }
}

// What a page shows, digested to tell whether it must be rendered again.

extension ImageReference: BinaryEncodable {
    func encode(to writer: inout BinaryWriter) {
        switch place {
        case .file(let path): writer.write(0); writer.write(path)
        case .web(let url): writer.write(1); writer.write(url)
        }
        writer.write(filter)
    }
}

extension Review: BinaryEncodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(reviewer)
        writer.write(title)
        writer.write(rating)
        writer.write(date)
        writer.write(markdown)
        writer.write(source)
    }
}

extension GalleryPhoto: BinaryEncodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(image)
        writer.write(alt)
        writer.write(caption)
    }
}

extension Restaurant: BinaryEncodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(self.id)
        writer.write(self.slug)
        writer.write(self.name)
        writer.write(self.facts)
        writer.write(self.image)
        writer.write(self.photos)
        writer.write(self.favorite)
        writer.write(self.verdict)
        writer.write(self.descriptionMarkdown)
        writer.write(self.reviews)
    }
}

extension Step: BinaryEncodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(number)
        writer.write(heading)
        writer.write(subheading)
        writer.write(image)
        writer.write(markdown)
    }
}

extension BrowseGroup: BinaryEncodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(name)
        writer.write(slug)
        writer.write(members)
    }
}

extension SiteConfig: BinaryEncodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(title)
        writer.write(description)
        writer.write(baseURL?.text)
        writer.write(language)
        writer.write(pageSize)
        writer.write(feedSize)
        writer.write(timezone)
        writer.write(unsafeHTML)
        writer.write(author)
        writer.write(mapTiles)
        writer.write(mapAttribution)
        writer.write(contributeURL)
        writer.write(host?.rawValue)
    }
}

extension TermIndex: BinaryCodable {
    /// Terms and postings, and where each shard ends with its digest and its parts' digests; what
    /// follows from them (a shard's name, where a cut may fall, which parts a term has) is worked
    /// out again when read.
    func encode(to writer: inout BinaryWriter) {
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
    init(from reader: inout BinaryReader) throws(BinaryReader.Malformed) {
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
        self.init(shards: shards, terms: terms, entries: entries, slugs: slugs, madeFrom: madeFrom)
    }
}
