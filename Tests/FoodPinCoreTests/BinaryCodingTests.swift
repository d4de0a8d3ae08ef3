import Foundation
import Testing
@testable import FoodPinCore

/// The saved state is the types' own `Codable` form (`BinaryEncoder`, `BinaryDecoder`): every kind
/// of entry reads back as written, and damaged bytes are refused, never misread.
@Suite struct BinaryCodingTests {
    private func parsed(_ text: String, path: String) throws -> FrontMatterDocument {
        guard case .success(let document) = FrontMatter.parse(text, path: path) else { throw BinaryReader.Malformed() }
        return document
    }

    /// One cache entry of each kind, from real files: every field given, a warning each.
    private func entries() throws -> [ContentCache.Entry] {
        let restaurant = try parsed("""
            ---
            name: "Zürich Café"
            city: Zürich
            cuisines: [Café, "Thai\\nLao"]
            lat: -47.5
            long: 8.25
            price: $$$
            image: images/z.jpg
            photos: [{src: images/a.jpg, alt: A table}, images/b.jpg]
            favorite: true
            rating: awesome
            draft: true
            colour: blue
            ---
            Body *text*.
            """, path: "Content/restaurants/zurich.md")
        let review = try parsed("---\nrestaurant: zurich\nname: Ann\ntitle: Good\nrating: 4\ndate: 2026-01-02\n---\nYes.\n",
                                path: "Content/reviews/1.md")
        let step = try parsed("---\nstep: 2\nheading: Pin\nsubheading: Keep it\nimage: images/s.png\n---\nTap.\n",
                              path: "Content/onboarding/2.md")
        let stamp = FileStamp(size: 120, modified: 1_795_000_000_123_456_789, changed: -1, inode: .max)
        let (restaurantSource, restaurantFound) = RestaurantSource.parse(restaurant, path: "Content/restaurants/zurich.md")
        let (reviewSource, reviewFound) = ReviewSource.parse(review)
        let (stepSource, stepFound) = StepSource.parse(step)
        #expect(restaurantSource != nil && reviewSource != nil && stepSource != nil)
        #expect(restaurantFound.map(\.message) == ["unknown field `colour` in restaurant front matter; it is ignored"])
        return [
            .init(stamp: stamp, parsed: .restaurant(restaurantSource, restaurantFound)),
            .init(stamp: stamp, parsed: .review(reviewSource, reviewFound)),
            .init(stamp: stamp, parsed: .step(stepSource, stepFound)),
            .init(stamp: stamp, parsed: .city(fingerprint: "abc", diagnostics: [.error(at: SourceLocation(path: "x.json", line: 3), "bad")])),
            .init(stamp: stamp, parsed: .restaurant(nil, [.warning(at: SourceLocation(path: "y.md"), "odd", hint: "fix it")])),
        ]
    }

    @Test func everyKindOfEntryReadsBackAsWritten() throws {
        for entry in try entries() {
            var writer = BinaryWriter()
            writer.write(entry)
            var reader = BinaryReader(writer.bytes)
            let read = try reader.read(ContentCache.Entry.self)
            #expect(reader.isAtEnd)
            #expect(read.stamp == entry.stamp)
            // Written again, the value read gives the very same bytes: no field lost or changed.
            var again = BinaryWriter()
            again.write(read)
            #expect(again.bytes == writer.bytes)
        }
        var writer = BinaryWriter()
        writer.write(try entries()[0])
        var reader = BinaryReader(writer.bytes)
        guard case .restaurant(let source?, _) = try reader.read(ContentCache.Entry.self).parsed else { throw BinaryReader.Malformed() }
        #expect(source.name == "Zürich Café" && source.facts.cuisines == ["Café", "Thai\nLao"] && source.facts.lat == -47.5)
        #expect(source.facts.price == 3 && source.verdict == .awesome && source.draft && source.favorite == true)
        #expect(source.photos.map(\.alt) == ["A table", nil] && source.markdown == "Body *text*.")
    }

    /// Every cut of a written entry is refused: a state file cut short by a crash is never misread.
    @Test func everyCutOfAnEntryIsRefused() throws {
        for entry in try entries() {
            var writer = BinaryWriter()
            writer.write(entry)
            for length in 0..<writer.bytes.count {
                var reader = BinaryReader(Array(writer.bytes[..<length]))
                #expect(throws: BinaryReader.Malformed.self) { try reader.read(ContentCache.Entry.self) }
            }
        }
    }

    @Test func anUnknownCaseOrFlagIsRefused() throws {
        var writer = BinaryWriter()
        writer.write(WrittenState.copy(FileStamp(size: 1, modified: 2, changed: 3, inode: 4)))
        var renamed = writer.bytes
        // The case is written by name ("copy"): a name no case has is refused.
        let name = Array("copy".utf8)
        let at = try #require((0...(renamed.count - name.count)).first { Array(renamed[$0..<($0 + name.count)]) == name })
        renamed[at] = UInt8(ascii: "k")
        var reader = BinaryReader(renamed)
        #expect(throws: BinaryReader.Malformed.self) { try reader.read(WrittenState.self) }
        var flag = BinaryWriter()
        flag.write(Optional("x"))
        var badFlag = flag.bytes
        badFlag[0] = 7
        var flagReader = BinaryReader(badFlag)
        #expect(throws: BinaryReader.Malformed.self) { try flagReader.readOptional(String.self) }
    }

    /// A mapping's digest (site.yml's `strings`) follows its keys and values, not the order a
    /// dictionary happens to hold them in.
    @Test func aMappingDigestsByItsKeys() {
        let at = SourceLocation(path: "site.yml")
        func mapping(_ pairs: [(String, String)]) -> FieldValue {
            var fields: [String: FieldValue] = [:]
            for (key, value) in pairs { fields[key] = .scalar(value, plain: true, at: at) }
            return .mapping(fields, at: at)
        }
        let pairs = (0..<40).map { ("key\($0)", "value\($0)") }
        #expect(mapping(pairs).digest == mapping(pairs.reversed()).digest)
        #expect(mapping([("a", "1"), ("b", "2")]).digest != mapping([("a", "2"), ("b", "1")]).digest)
        #expect(FieldValue.scalar("x", plain: true, at: at).digest != FieldValue.list([.scalar("x", plain: true, at: at)], at: at).digest)
    }
}
