import Foundation
import Testing
@testable import FoodPinCore
@testable import FoodPinModel
@testable import FoodPinPublish
import FoodPinBase

/// The saved state's binary forms (each beside its type; a plain one its `binaryFields`): every kind of entry reads back as what was
/// written, every field of it, and damaged bytes are refused, never misread.
@Suite struct BinaryCodingTests {
    private func parsed(_ text: String, path: String) throws -> FrontMatterDocument {
        guard case .success(let document) = FrontMatter.parse(text, path: path) else { throw BinaryReader.Malformed() }
        return document
    }

    /// One cache entry of each kind, from real files: every field given, a warning each.
    private func entries() throws -> [ContentCache.Entry] {
        let restaurant = try parsed("""
            ---
            id: 7
            name: "Zürich Café"
            address: 1 Lake Street
            city: Zürich
            state: ZH
            area: Seefeld
            postal_code: "8008"
            country: Switzerland
            phone: +41 44 000 00 00
            reserve_url: https://example.org/book
            mobile_reserve_url: https://m.example.org/book
            cuisines: [Café, "Thai\\nLao"]
            lat: -47.5
            long: 8.25
            price: $$$
            image: {src: images/z.jpg, filter: warm}
            photos: [{src: images/a.jpg, alt: A table, filter: mono}, images/b.jpg]
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
            .init(stamp: stamp, parsed: .city(fingerprint: "abc", diagnostics: [.error(at: SourceLocation(path: "x.json", line: 3), "bad")],
                                              file: nil)),
            .init(stamp: stamp, parsed: .restaurant(nil, [.warning(at: SourceLocation(path: "y.md"), "odd", hint: "fix it")])),
        ]
    }

    /// Each value as a person reads it, every stored field named (`dump`, which follows classes too).
    private func described(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    /// A field a form leaves out reads back as its default, and the two descriptions differ: the
    /// samples give every field (a field added to a source type must be added to the samples too).
    @Test func everyKindOfEntryReadsBackAsWritten() throws {
        for entry in try entries() {
            var writer = BinaryWriter()
            writer.write(entry)
            var reader = BinaryReader(writer.bytes)
            let read = try reader.read(ContentCache.Entry.self)
            #expect(reader.isAtEnd)
            #expect(described(read.parsed) == described(entry.parsed))
            #expect(read.stamp == entry.stamp)
        }
        guard case .restaurant(let restaurant?, _) = try entries()[0].parsed,
              case .review(let review?, _) = try entries()[1].parsed, case .step(let step?, _) = try entries()[2].parsed else {
            throw BinaryReader.Malformed()
        }
        // Facts have a field front matter does not give (the imported picture): each set here.
        var facts = restaurant.facts
        for field in RestaurantField.all {
            switch field.kind {
            case .text(let path), .webURL(let path): facts[keyPath: path] = facts[keyPath: path] ?? "https://example.org/\(field.key)"
            case .coordinate(let path, _): facts[keyPath: path] = facts[keyPath: path] ?? 1.5
            case .price(let path): facts[keyPath: path] = facts[keyPath: path] ?? 2
            case .list(let path): facts[keyPath: path] = facts[keyPath: path] ?? ["x"]
            case .date(let path): facts[keyPath: path] = facts[keyPath: path] ?? "2026-01-02"
            case .hours(let path): facts[keyPath: path] = facts[keyPath: path] ?? OpeningHours(lines: "fri: 18:00-01:00\n2026-12-25: closed")
            }
        }
        var writer = BinaryWriter()
        writer.write(facts)
        var reader = BinaryReader(writer.bytes)
        #expect(try reader.read(RestaurantFacts.self) == facts)
        for sample in [restaurant, review, step, facts] as [Any] {
            // Nil, empty, false or zero reads back the same from a form that leaves the field out.
            let unset = Mirror(reflecting: sample).children.filter { ["nil", "", "[]", "false", "0", "0.0"].contains("\($0.value)") }
                .map(\.label)
            #expect(unset == [], "every field of the sample is given")
        }
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

    @Test func anUnknownTagOrFlagIsRefused() throws {
        var writer = BinaryWriter()
        writer.write(WrittenState.copy(FileStamp(size: 1, modified: 2, changed: 3, inode: 4)))
        var retagged = writer.bytes
        retagged[0] = 9
        var reader = BinaryReader(retagged)
        #expect(throws: BinaryReader.Malformed.self) { try reader.read(WrittenState.self) }
        var flag = BinaryWriter()
        flag.write(Optional("x"))
        var badFlag = flag.bytes
        badFlag[0] = 7
        var flagReader = BinaryReader(badFlag)
        #expect(throws: BinaryReader.Malformed.self) { try flagReader.readOptional(String.self) }
    }
}
