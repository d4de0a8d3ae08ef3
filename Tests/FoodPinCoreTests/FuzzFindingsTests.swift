import Foundation
import Testing
@testable import FoodPinCore
import FoodPinBase

/// Every input the fuzzer (`scripts/fuzz.sh`) found breaking a property, kept so it stays fixed,
/// and the sample guide through the same properties.
@Suite struct FuzzFindingsTests {
    static let findings = Fixtures.repository.appending(path: "Tests/Fuzz/findings")

    static func files(in folder: URL, suffix: String = "") -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.sorted().map { folder.appending(path: $0) }
    }

    /// How many inputs are kept per property: a folder renamed or emptied by mistake shows here.
    static let kept: [FuzzProperty: Int] = [.frontMatter: 8, .cityFile: 2, .markdown: 0, .slug: 8, .yamlExpansion: 4]

    @Test(arguments: FuzzProperty.allCases)
    func everyFindingKeepsItsPropertyNow(property: FuzzProperty) throws {
        let files = Self.files(in: Self.findings.appending(path: property.rawValue))
        #expect(files.count == Self.kept[property])
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            #expect(property.violation(bytes) == nil, "\(file.lastPathComponent)")
        }
    }

    @Test func theSampleGuideKeepsEveryProperty() throws {
        let content = Fixtures.repository.appending(path: "Content")
        let markdown = try FileManager.default.subpathsOfDirectory(atPath: content.path).filter { $0.hasSuffix(".md") && !$0.hasPrefix("cities/") }
        #expect(markdown.count == 20)
        for path in markdown {
            let text = try String(contentsOf: content.appending(path: path), encoding: .utf8)
            #expect(FuzzProperty.markdown.violation(Array(text.utf8)) == nil, "\(path)")
            // The property adds the opening fence itself.
            #expect(FuzzProperty.frontMatter.violation(Array(text.utf8.drop { $0 != 0x0A }.dropFirst())) == nil, "\(path)")
        }
        let cities = Self.files(in: Fixtures.cities, suffix: ".json")
        #expect(cities.count == 4)
        for city in cities {
            #expect(FuzzProperty.cityFile.violation(try [UInt8](Data(contentsOf: city))) == nil, "\(city.lastPathComponent)")
        }
    }

    /// What the fuzzer found in slugs: a combining mark kept on a dash, or on a letter it did not
    /// belong to, and a letter left unfolded (so the slug of the slug differed).
    @Test func aMarkStaysOnlyOnTheLetterItBelongsTo() {
        #expect(Slug.make("x \u{20E1}y") == "x-y")
        #expect(Slug.make("A’\u{20E1} grill") == "a-grill")
        #expect(Slug.make("字’\u{20E1}") == "字")
        // A Devanagari vowel sign is part of its letter: कि is क with the sign ि.
        #expect(Slug.make("कि ताब") == "कि-ताब")
        #expect(Slug.make(Slug.make("कि ताब")) == "कि-ताब")
        // A prefix sign (U+0602) made one character with the thorn after it, which then escaped folding.
        #expect(Slug.make("a \u{0602}þ") == "a-th")
    }
}
