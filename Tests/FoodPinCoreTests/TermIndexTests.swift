import Foundation
import Testing
@testable import FoodPinCore
@testable import FoodPinSearch
@testable import FoodPinModel
import FoodPinBase

@Suite struct TermIndexTests {
    /// The cases `test_search_engine.py` gives the page's script: both split text into these words.
    @Test func wordsAreFoldedSplitAndCJKRunsPaired() throws {
        let cases = try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.repository.appending(path: "Tests/Fixtures/search-words.json")))
        let pairs = try #require(cases as? [[Any]])
        #expect(pairs.count == 11)
        for pair in pairs {
            let text = try #require(pair[0] as? String), words = try #require(pair[1] as? [String])
            #expect(SearchWords.words(text) == words, "\(text)")
        }
    }

    private func restaurant(_ name: String, description: String = "", reviews: [(title: String?, text: String)] = [],
                            cuisines: [String]? = nil, city: String? = nil) -> Restaurant {
        var facts = RestaurantFacts()
        facts.cuisines = cuisines
        facts.city = city
        return Restaurant(id: nil, slug: Slug.make(name), name: name, facts: facts, favorite: false, descriptionMarkdown: description,
                          reviews: reviews.map { Review(title: $0.title, rating: 4, markdown: $0.text, source: "r.md") })
    }

    private func site(_ restaurants: [Restaurant]) -> Site {
        Site(config: SiteConfig(), restaurants: restaurants, steps: [], cities: [], cuisines: [], contentFiles: [])
    }

    /// Every term of the index with its postings decoded, a split term's read from its parts'
    /// files as the page reads them: term → [(position, field)].
    private func decoded(_ index: TermIndex) throws -> [String: [[Int]]] {
        var all: [String: [[Int]]] = [:], parts: [String: Data] = [:]
        for part in index.parts { parts[TermIndex.path(of: part)] = index.json(part) }
        func decode(_ deltas: [Int]) -> [[Int]] {
            var value = 0
            return deltas.map { delta in
                value += delta
                return [value >> 3, value & 7]
            }
        }
        for number in index.shards.indices {
            let json = try #require(JSONSerialization.jsonObject(with: index.json(number)) as? [String: Any])
            let terms = try #require(json["terms"] as? [String]), postings = try #require(json["postings"] as? [Any])
            for (term, entry) in zip(terms, postings) {
                if let deltas = entry as? [Int] { all[term] = decode(deltas); continue }
                let split = try #require(entry as? [String: Any]), name = try #require(split["name"] as? String)
                let listed = try #require(split["parts"] as? [[Int]])
                all[term] = try listed.flatMap { part in
                    let file = try #require(parts["search/postings/\(name)-\(part[0]).json"])
                    return decode(try #require(JSONSerialization.jsonObject(with: file) as? [Int]))
                }
            }
        }
        return all
    }

    @Test func eachWordNamesItsRestaurantsAndTheirMostTellingField() throws {
        let index = TermIndex(site([
            restaurant("Dumpling House", description: "Pork dumplings on the **rooftop**.", cuisines: ["Chinese"], city: "Boston"),
            restaurant("Rooftop Bar", reviews: [(title: "Great dumplings", text: "Cacio e pepe, and Boston's best view.")]),
        ]))
        let terms = try decoded(index)
        #expect(terms["dumpling"] == [[0, SearchField.nameStart.rawValue]])
        #expect(terms["dumplings"] == [[0, SearchField.description.rawValue], [1, SearchField.reviewTitle.rawValue]])
        #expect(terms["rooftop"] == [[0, SearchField.description.rawValue], [1, SearchField.nameStart.rawValue]])
        #expect(terms["house"] == [[0, SearchField.name.rawValue]])
        #expect(terms["/rooftop-bar"] == [[1, SearchField.nameStart.rawValue]])
        #expect(terms["boston"] == [[0, SearchField.city.rawValue]])
        #expect(terms["bostons"] == [[1, SearchField.reviewText.rawValue]])
        #expect(terms["chinese"] == [[0, SearchField.cuisine.rawValue]])
        #expect(terms["cacio"] == [[1, SearchField.reviewText.rawValue]])
        #expect(terms["#city boston"] == [[0, SearchField.city.rawValue]])  // what the city filter reads
        #expect(terms["#cuisine chinese"] == [[0, SearchField.cuisine.rawValue]])
        // 9 words of the first, 10 of the second (not "e": one letter), 2 in both, 2 slugs, 2 filter terms
        #expect(terms.count == 21)
        let manifest = try #require(JSONSerialization.jsonObject(with: index.manifest(language: "en-GB")) as? [String: Any])
        #expect(manifest["fields"] as? [String] == ["nameStart", "name", "cuisine", "city", "area", "description", "reviewTitle", "reviewText"])
        #expect(manifest["bounds"] as? [String] == ["#"])  // one shard; filter terms and slugs sort before every word
        #expect(manifest["typoWords"] as? [String: Int] == ["shortest": 4, "keyLength": 2])
        #expect(manifest["prefixShards"] as? Int == 32)
        #expect(manifest["stemmer"] as? String == "english")
        let french = try #require(JSONSerialization.jsonObject(with: index.manifest(language: "fr")) as? [String: Any])
        #expect(french["stemmer"] is NSNull)  // the page has no French stemmer: words match as they are
    }

    @Test func searchableFieldsAreIndexedAsTheDescriptionIs() throws {
        var facts = RestaurantFacts()
        facts.phone = "617 555 0100"
        let restaurant = Restaurant(id: nil, slug: "a", name: "Al", facts: facts, favorite: false, descriptionMarkdown: "")
        let searchable = [RestaurantField("phone", .text(\.phone), searchable: true)]
        #expect(Dictionary(uniqueKeysWithValues: SearchWords.terms(of: restaurant, searchable: searchable))
                == ["/a": .nameStart, "al": .nameStart, "617": .description, "555": .description, "0100": .description])
        #expect(Dictionary(uniqueKeysWithValues: SearchWords.terms(of: restaurant)) == ["/a": .nameStart, "al": .nameStart])
    }

    /// Three thousand restaurants with words of their own and shared ones, over many shards.
    private func bigGuide(editing edited: Int? = nil) -> Site {
        site((0..<3000).map { number in
            let own = "dish\(number) place\(number * 7 % 1000) street\(number % 97)"
            return restaurant("Restaurant \(number)", description: own + (number == edited ? " saffron" : ""),
                              reviews: [(title: nil, text: "word\(number % 211) taste\(number % 13) and more")])
        })
    }

    @Test func shardsAreSortedAndAnEditRewritesOnlyTheShardsOfItsWords() throws {
        let before = TermIndex(bigGuide()), after = TermIndex(bigGuide(editing: 1234))
        #expect(before.shards.count == 50)
        let firsts = before.shards.map { before.terms[$0.terms.lowerBound] }
        #expect(firsts == firsts.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) })
        #expect(Set(firsts).count == firsts.count)
        // "saffron" is new to one restaurant: only the shard it falls in changes; every other
        // shard keeps its name and bytes.
        let changed = zip(before.shards, after.shards).filter { $0.digest != $1.digest }
        #expect(before.shards.map(\.bound) == after.shards.map(\.bound))
        #expect(changed.count == 1)
        #expect(try decoded(after)["saffron"] == [[1234, SearchField.description.rawValue]])
        #expect(try decoded(before)["dish1234"] == [[1234, SearchField.description.rawValue]])
    }

    @Test func aShardsBoundIsTheShortestBeginningOfItsFirstTermAfterTheTermBefore() {
        #expect(TermIndex.bound(after: nil, first: "dumpling") == "d")
        #expect(TermIndex.bound(after: "dumb", first: "dumpling") == "dump")
        #expect(TermIndex.bound(after: "dum", first: "dumpling") == "dump")  // "dum" itself is not after "dum"
        #expect(TermIndex.bound(after: "cafe", first: "dumpling") == "d")
        #expect(TermIndex.bound(after: "新宿", first: "新宿店") == "新宿店")
        #expect(TermIndex.bound(after: "/zoe", first: "ab") == "a")
        let index = TermIndex(bigGuide())
        for (number, shard) in index.shards.enumerated() where number > 0 {
            let first = index.terms[shard.terms.lowerBound], last = index.terms[shard.terms.lowerBound - 1]
            #expect(first.hasPrefix(shard.bound) && TermIndex.precedes(last, shard.bound))
            // The shortest: one character less would not sort after the term before.
            #expect(!TermIndex.precedes(last, String(shard.bound.unicodeScalars.dropLast())))
        }
    }

    /// Nine thousand grills, every other one with "rooftop" in its description; one has it in
    /// its name, one in a review's title; `edited` gains it in its description.
    private func commonWordGuide(editing edited: Int? = nil) -> [Restaurant] {
        (0..<9000).map { number in
            restaurant(number == 100 ? "Rooftop \(number)" : "Restaurant \(number)",
                       description: "dish\(number)" + (number % 2 == 0 || number == edited ? " rooftop" : ""),
                       reviews: number == 8501 ? [(title: "Rooftop views", text: "Yes.")] : [], cuisines: ["Grill"])
        }
    }

    @Test func aCommonTermIsInPartsByPositionAndAnEditRewritesOnlyItsPart() throws {
        let restaurants = commonWordGuide(), index = TermIndex(restaurants, pages: pages(restaurants))
        // 4,501 restaurants: more than 4,096, so in parts of 4,096 positions (at 8,192 a part would
        // hold about 4,100), each with its most telling field: the name of restaurant 100 in the first.
        let shard = try #require(index.shards.firstIndex { index.terms[$0.terms].contains("rooftop") })
        let json = try #require(JSONSerialization.jsonObject(with: index.json(shard)) as? [String: Any])
        let at = try #require((json["terms"] as? [String])?.firstIndex(of: "rooftop"))
        let entry = try #require((json["postings"] as? [Any])?[at] as? [String: Any])
        #expect(entry["count"] as? Int == 4501 && entry["span"] as? Int == 4096)
        let parts = index.parts.filter { $0.term == "rooftop" }
        #expect(parts.map(\.number) == [0, 1, 2] && parts.map(\.best) == [SearchField.nameStart.rawValue, 5, 5])
        #expect(entry["parts"] as? [[Int]] == parts.map { [$0.number, $0.best] })
        // Named by the term, so an edit keeps the names: the first 16 hex digits of its SHA-256.
        #expect(entry["name"] as? String == "4b12261f13388b3b")
        let expected = (0..<9000).filter { $0 % 2 == 0 || $0 == 8501 }.map { [$0, $0 == 100 ? 0 : $0 == 8501 ? 6 : 5] }
        #expect(try decoded(index)["rooftop"] == expected)
        #expect(String(decoding: index.json(parts[2]), as: UTF8.self).hasPrefix("[\((8192 << 3) + 5),\(2 * 8 + 0),"))
        // Words in 4,096 restaurants or fewer stay in their shards ("dish1", the slugs), and
        // filter terms: "#cuisine grill" is in every restaurant, as is the word "grill".
        #expect(Set(index.parts.map(\.term)) == ["grill", "restaurant", "rooftop"])
        let filterShard = try #require(JSONSerialization.jsonObject(with: index.json(0)) as? [String: Any])
        #expect((filterShard["terms"] as? [String])?.first == "#cuisine grill")  // filter terms sort first
        #expect(((filterShard["postings"] as? [Any])?.first as? [Int])?.count == 9000)

        // Restaurant 8999 gains the word: of its parts only the last changes; made whole, the same.
        var updated = index, edited = commonWordGuide(editing: 8999)
        updated.update(edited, pages: pages(edited))
        expectSame(updated, TermIndex(edited, pages: pages(edited)))
        let after = updated.parts.filter { $0.term == "rooftop" }
        #expect(after[0] == parts[0] && after[1] == parts[1] && after[2].digest != parts[2].digest)
        edited = commonWordGuide()
        updated.update(edited, pages: pages(edited))
        #expect(updated.parts == index.parts)
        // Saved and read back, with its parts.
        var writer = BinaryWriter()
        writer.write(updated)
        var reader = BinaryReader(writer.bytes)
        expectSame(try reader.read(TermIndex.self), index)
    }

    private func pages(_ restaurants: [Restaurant]) -> [ContentDigest] { restaurants.map(\.digest) }

    private func expectSame(_ index: TermIndex, _ whole: TermIndex) {
        #expect(index.shards == whole.shards)
        #expect(index.shards.indices.map(index.json) == whole.shards.indices.map(whole.json))
        #expect(index.parts == whole.parts && index.parts.map(index.json) == whole.parts.map(whole.json))
        #expect(index.manifest(language: "en") == whole.manifest(language: "en"))
    }

    @Test func anIndexBroughtUpToDateEqualsOneMadeWhole() throws {
        var index = TermIndex(bigGuide())
        // Restaurant 7 loses its own words and gets others, 1234 a new one ("saffron"), the rest are the same.
        var edited = bigGuide(editing: 1234).restaurants
        edited[7] = restaurant("Restaurant 7", description: "place49 brand new words", reviews: [(title: "Fresh", text: "Street7")])
        index.update(edited, pages: pages(edited))
        expectSame(index, TermIndex(edited, pages: pages(edited)))
        let terms = try decoded(index)
        #expect(terms["dish7"] == nil)  // restaurant 7 was its only one
        #expect(terms["street7"]?.first == [7, SearchField.reviewText.rawValue])  // was the description's
        #expect(terms["street7"]?.count == 31)
        #expect(terms["brand"] == [[7, SearchField.description.rawValue]])
        #expect(terms["saffron"] == [[1234, SearchField.description.rawValue]])

        // One more restaurant: every one after it moves, and the index is made whole.
        edited.insert(restaurant("Restaurant 0b", description: "saffron"), at: 1)
        index.update(edited, pages: pages(edited))
        expectSame(index, TermIndex(edited, pages: pages(edited)))
        #expect(try decoded(index)["saffron"] == [[1, SearchField.description.rawValue], [1235, SearchField.description.rawValue]])
    }

    @Test func theSavedIndexReadsBackWhole() throws {
        let index = TermIndex(bigGuide())
        var writer = BinaryWriter()
        writer.write(index)
        var reader = BinaryReader(writer.bytes)
        var read = try reader.read(TermIndex.self)
        #expect(reader.isAtEnd)
        #expect(read.terms == index.terms && read.entries == index.entries && read.slugs == index.slugs && read.madeFrom == index.madeFrom)
        expectSame(read, index)
        // Read back, it is brought up to date as the one kept in memory is: one restaurant
        // edited, then half the guide.
        var edited = bigGuide(editing: 1234).restaurants
        read.update(edited, pages: pages(edited))
        expectSame(read, TermIndex(edited, pages: pages(edited)))
        for position in stride(from: 0, to: edited.count, by: 2) { edited[position] = restaurant("Restaurant \(position)", description: "half") }
        read.update(edited, pages: pages(edited))
        expectSame(read, TermIndex(edited, pages: pages(edited)))
        #expect(try decoded(read)["half"]?.count == 1500)

        // Postings out of order (restaurant 7 before restaurant 3) are refused.
        var unordered = BinaryWriter()
        unordered.write(["a", "b", "c", "d", "e", "f", "g", "h"])
        unordered.write([ContentDigest](repeating: ContentDigest([UInt8]()), count: 8))
        for value in [1, "ok", 2, 7 * 8, -4 * 8, 1, 1] as [Any] {
            if let number = value as? Int { unordered.write(number) } else { unordered.write(value as! String) }
        }
        var wrong = BinaryReader(unordered.bytes)
        #expect(throws: BinaryReader.Malformed.self) { try wrong.read(TermIndex.self) }
        // Cut short, it is refused rather than read as another index.
        var short = BinaryReader(Array(writer.bytes.dropLast(3)))
        #expect(throws: BinaryReader.Malformed.self) { try short.read(TermIndex.self) }
    }

    @Test func typoWordsAreTheLongerWordsByTheirFirstTwoLetters() throws {
        // नमस्ते: three characters as Swift counts them, six code points as the page does.
        let words = TypoWords(["/cafe-1", "12345", "al", "bistro", "cafe", "cafes", "cake", "σαλάτα", "नमस्ते"])
        #expect(words.parts.map(\.key) == ["bi", "ca", "σα", "नम"])
        #expect(words.parts.map(\.words) == [["bistro"], ["cafe", "cafes", "cake"], ["σαλάτα"], ["नमस्ते"]])
        #expect(words.parts.map(TypoWords.path) == ["search/words/6269.json", "search/words/6361.json", "search/words/cf83ceb1.json",
                                                    "search/words/e0a4a8e0a4ae.json"])
        #expect(String(decoding: TypoWords.encode(words.parts[1].words), as: UTF8.self) == "{\"words\":[\"cafe\",\"cafes\",\"cake\"]}\n")
    }
}
