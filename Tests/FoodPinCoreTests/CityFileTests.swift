import Foundation
import Testing
@testable import FoodPinCore
@testable import FoodPinModel
import FoodPinBase

@Suite struct CityFileTests {
    private func read(_ json: String) throws -> CityFile {
        let url = FileManager.default.temporaryDirectory.appending(path: "city-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return CityFile.read(url, displayPath: "city.json")
    }

    @Test(arguments: ["Boston", "Chicago", "New York", "San Francisco"])
    func readsEveryRealRecordExactly(city: String) throws {
        let expected = try Fixtures.records(city)
        let file = CityFile.read(Fixtures.cities.appending(path: "\(city).json"), displayPath: "\(city).json")
        #expect(file.diagnostics.isEmpty)
        #expect(file.rejected == 0)
        #expect(file.records.count == expected.count)
        for (record, raw) in zip(file.records.map(\.record), expected) {
            #expect(record.id == raw["id"] as? Int)
            // Names keep accents, curly quotes and inner double spaces exactly as written.
            #expect(record.name == (raw["name"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(record.facts.postalCode == raw["postal_code"] as? String)
            #expect(record.facts.cuisines ?? [] == raw["cuisines"] as? [String] ?? [])
            #expect(record.facts.price == raw["price"] as? Int)
        }
    }

    @Test func recordsKnowTheirLine() throws {
        let file = try read("  [\n {\"id\": 1, \"name\": \"A\"},\n\n  {\"id\": 2, \"name\": \"B\"}]")
        #expect(file.records.map(\.location.line) == [2, 4])
        #expect(file.records.map(\.location.column) == [2, 3])
    }

    @Test func syntaxErrorsNameLineAndColumn() throws {
        let file = try read("[\n  {\"id\": 1, \"name\": \"Café\"}\n  {\"id\": 2}\n]")
        let error = try #require(file.diagnostics.first)
        #expect(error.severity == .error)
        #expect(error.description.hasPrefix("city.json:3:3: error: invalid JSON: expected ',' or ']'"))
        #expect(file.records.isEmpty)
    }

    /// RFC 8259 refuses leading zeros, and so does Foundation's reader (the fuzz property compares
    /// the two); a lone 0, 0.5 and -0 are numbers.
    @Test(arguments: ["01", "-01", "00", "007.5"])
    func numbersWithLeadingZerosAreRefused(number: String) throws {
        let text = "[{\"id\": 1, \"name\": \"A\", \"lat\": \(number)}]"
        let error = try #require(try read(text).diagnostics.first)
        // At the first digit (after the minus sign).
        let column = number.hasPrefix("-") ? 33 : 32
        #expect(error.description == "city.json:1:\(column): error: invalid JSON: a number cannot start with 0 followed by more digits (write 7, not 07)")
        #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) == nil)
        for fine in ["0", "0.5", "-0", "10", "0e3"] {
            #expect(try read("[{\"id\": 1, \"name\": \"A\", \"lat\": \(fine)}]").diagnostics.filter { $0.severity == .error }.isEmpty, "\(fine)")
        }
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let file = try read("[{\"name\": \"Café\", \"id\": 1} x]")
        let error = try #require(file.diagnostics.first)
        #expect(error.location.column == 28)
    }

    @Test func lenientFieldsAreNormalized() throws {
        let file = try read("""
        [{"id": "42", "name": "  Spaced  Name ", "price": "$$", "cuisines": "Thai, Noodles , ,Thai",
          "lat": "42.5", "long": null, "postal_code": 2108, "phone": "", "image_url": "javascript:alert(1)",
          "rating_count": 12, "tags": ["a", {"b": 1}]}]
        """)
        let record = try #require(file.records.first?.record)
        #expect(record.id == 42)
        #expect(record.name == "Spaced  Name")
        #expect(record.facts.price == 2)
        #expect(record.facts.cuisines == ["Thai", "Noodles"])
        #expect(record.facts.lat == 42.5)
        #expect(record.facts.long == nil)
        #expect(record.facts.postalCode == "2108")
        #expect(record.facts.phone == nil)
        #expect(record.facts.imageURL == nil)
        #expect(record.extra == ["rating_count": "12", "tags": "[\"a\",{\"b\":1}]"])
        #expect(file.diagnostics.count == 1)
        #expect(file.diagnostics.map(\.description) == ["city.json:2:79: warning: `image_url` is not an http(s) URL; it is left out"])
    }

    @Test func recordsWithoutIdOrNameAreRejectedNotFatal() throws {
        let file = try read("[{\"name\": \"No id\"}, {\"id\": 7}, {\"id\": -3, \"name\": \"x\"}, 12, {\"id\": 8, \"name\": \"Fine\"}]")
        #expect(file.records.map(\.record.id) == [8])
        #expect(file.rejected == 4)
        #expect(file.diagnostics.allSatisfy { $0.severity == .warning })
    }

    @Test func anIdListedTwiceIsAnErrorNamingBothPlaces() throws {
        let file = try read("[{\"id\": 1, \"name\": \"Old\"},\n {\"id\": 1, \"name\": \"New\"}]")
        #expect(file.diagnostics.map(\.severity) == [.error])
        #expect(file.diagnostics.first?.location.line == 2)
        #expect(file.diagnostics.first?.location.column == 2)
        #expect(file.diagnostics.first?.message
            == "id 1 is listed twice in this file (first at line 1, column 2): one of the two would be lost")
    }

    @Test func byteOrderMarkAndWindows1252AreRead() throws {
        let url = FileManager.default.temporaryDirectory.appending(path: "latin-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        var bytes = Data("[{\"id\": 1, \"name\": \"Caf".utf8)
        bytes.append(0xE9) // é in Windows-1252
        bytes.append(contentsOf: Data("\"}]".utf8))
        try bytes.write(to: url)
        let latin = CityFile.read(url, displayPath: "latin.json")
        #expect(latin.records.first?.record.name == "Café")

        try (Data([0xEF, 0xBB, 0xBF]) + Data("[{\"id\": 2, \"name\": \"Bom\"}]".utf8)).write(to: url)
        #expect(CityFile.read(url, displayPath: "bom.json").records.first?.record.name == "Bom")
    }

    @Test func aNULCharacterIsRemovedWithAWarningAtItsPlace() throws {
        let file = try read("[{\"id\": 1,\n  \"name\": \"abc\\u0000def\", \"cuisines\": [\"x\\u0000y\"]}]")
        #expect(file.records.first?.record.name == "abcdef")
        #expect(file.records.first?.record.facts.cuisines == ["xy"])
        #expect(file.diagnostics.map(\.description) == [
            "city.json:2:11: warning: `name` holds a NUL character (\\u0000), which text cannot keep; it was removed",
            "city.json:2:40: warning: `cuisines` holds a NUL character (\\u0000), which text cannot keep; it was removed",
        ])
    }

    @Test func bytesThatAreNeitherUTF8NorWindows1252AreAnErrorAtTheirPlace() throws {
        let url = FileManager.default.temporaryDirectory.appending(path: "bytes-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try (Data("[{\"id\": 1,\n \"name\": \"Caf".utf8) + Data([0x81]) + Data("\"}]".utf8)).write(to: url)
        let file = CityFile.read(url, displayPath: "bytes.json")
        #expect(file.records.isEmpty)
        #expect(file.diagnostics.map(\.description) == [
            "bytes.json:2:14: error: byte 0x81 is neither UTF-8 nor Windows-1252 text\n    hint: save the file as UTF-8",
        ])
    }

    @Test func wrappedListsAndWrongShapes() throws {
        #expect(try read("{\"restaurants\": [{\"id\": 3, \"name\": \"W\"}]}").records.count == 1)
        #expect(try read("{\"id\": 3}").diagnostics.first?.severity == .error)
        #expect(try read("").diagnostics.first?.severity == .error)
        #expect(try read(String(repeating: "[", count: 5000)).diagnostics.first?.message.contains("deeply") == true)
    }
}
