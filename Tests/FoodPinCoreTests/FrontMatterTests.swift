import Foundation
import Testing
@testable import FoodPinCore
@testable import FoodPinModel
import FoodPinBase

@Suite struct FrontMatterTests {
    @Test func splitsFieldsAndBody() throws {
        let text = "---\nname: Café Ba-Ba-Reeba\nprice: 2\n---\nHello *there*.\n"
        let document = try FrontMatter.parse(text, path: "a.md").get()
        var fields = document.fields
        #expect(fields.string("name") == "Café Ba-Ba-Reeba")
        #expect(fields.int("price", in: 1...4) == 2)
        #expect(document.body == "Hello *there*.\n")
    }

    @Test func missingOpeningFenceIsAnErrorAtTheFirstLine() {
        let result = FrontMatter.parse("name: x\n", path: "a.md")
        guard case .failure(let diagnostic) = result else { Issue.record("expected an error"); return }
        #expect(diagnostic.description.hasPrefix("a.md:1:1: error: missing front matter"))
    }

    @Test func unclosedFrontMatterIsAnError() {
        guard case .failure(let diagnostic) = FrontMatter.parse("---\nname: x\n", path: "a.md") else {
            Issue.record("expected an error"); return
        }
        #expect(diagnostic.message.contains("never closed"))
    }

    /// A list item out of line is the YAML parser's error, placed at the item in the file.
    @Test func aMisindentedListItemIsAnErrorAtTheItem() {
        let text = "---\nname: X\ncuisines:\n  - Thai\n - Noodles\n---\n"
        guard case .failure(let diagnostic) = FrontMatter.parse(text, path: "c.md") else { Issue.record("expected an error"); return }
        #expect(diagnostic.description == """
            c.md:5:2: error: front matter is not valid YAML: did not find expected key (while parsing a block mapping at line 2)
                hint: check the indentation and quote values that contain `: ` or start with a special character
            """)
    }

    @Test func yamlErrorsPointAtTheFileLine() {
        // The tab-less but broken mapping is on file line 3.
        guard case .failure(let diagnostic) = FrontMatter.parse("---\nname: x\nprice: : :\n  - a\n---\n", path: "b.md") else {
            Issue.record("expected an error"); return
        }
        #expect(diagnostic.location.path == "b.md")
        #expect(diagnostic.location == SourceLocation(path: "b.md", line: 3, column: 8))
        #expect(diagnostic.severity == .error)
    }

    /// Found by the fuzzer: YAML ended lines at a lone CR, FoodPin did not, so an error was placed
    /// past the end of the file. Old Mac files (CR only) now read like any other.
    @Test func aLoneCarriageReturnEndsALine() throws {
        let document = try FrontMatter.parse("---\rname: Old Mac\rprice: 2\r---\rText.\r", path: "a.md").get()
        var fields = document.fields
        #expect(fields.string("name") == "Old Mac")
        #expect(fields.entries["price"]?.keyLocation == SourceLocation(path: "a.md", line: 3, column: 1))
        #expect(document.body == "Text.\n")
        guard case .failure(let diagnostic) = FrontMatter.parse("---\rname: x\r\r\rprice: : :\r  - a\r---\r", path: "b.md") else {
            Issue.record("expected an error"); return
        }
        #expect(diagnostic.location == SourceLocation(path: "b.md", line: 5, column: 8))
    }

    /// Found by the fuzzer: YAML also ends a line at NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR,
    /// so its errors after one landed past the file's end. They are refused where they are.
    @Test func aLineBreakOnlyYAMLSeesIsAnErrorAtIt() {
        guard case .failure(let diagnostic) = FrontMatter.parse("---\nname: x\ncity: Bos\u{2028}ton\n---\n", path: "a.md") else {
            Issue.record("expected an error"); return
        }
        #expect(diagnostic.description == """
            a.md:3:10: error: front matter holds U+2028 LINE SEPARATOR, which YAML reads as the end of a line
                hint: remove it, or write it as \\u2028 inside double quotes
            """)
        // In the Markdown after the front matter it is only text.
        #expect((try? FrontMatter.parse("---\nname: x\n---\nA\u{85}B\n", path: "a.md").get().body) == "A\u{85}B\n")
    }

    @Test func duplicateKeysAreReported() {
        guard case .failure(let diagnostic) = FrontMatter.parse("---\nname: x\nname: y\n---\n", path: "c.md") else {
            Issue.record("expected an error"); return
        }
        #expect(diagnostic.message.contains("name"))
    }

    @Test func unknownFieldsSuggestTheNearestKnownOne() throws {
        var fields = try FrontMatter.parse("---\nname: x\ncitty: Boston\n---\n", path: "d.md").get().fields
        _ = fields.string("name")
        _ = fields.string("city")
        fields.warnAboutUnknownFields(kind: "restaurant")
        let warning = try #require(fields.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.location.line == 3 && warning.location.column == 1)
        #expect(warning.hint == "did you mean `city`?")
    }

    @Test func valueErrorsPointAtTheValue() throws {
        var fields = try FrontMatter.parse("---\nprice: 9\n---\n", path: "e.md").get().fields
        #expect(fields.int("price", in: 1...4) == nil)
        let error = try #require(fields.diagnostics.first)
        #expect(error.description.hasPrefix("e.md:2:8: error:"))
    }

    @Test func reviewDatesMustExist() {
        #expect(CalendarDate.isValid("2024-02-29"))
        #expect(!CalendarDate.isValid("2023-02-29"))
        #expect(!CalendarDate.isValid("2024-13-01"))
        #expect(!CalendarDate.isValid("24-01-01"))
        #expect(!CalendarDate.isValid("2024-1-01"))
        #expect(CalendarDate.isValid("2000-02-29") && !CalendarDate.isValid("1900-02-29") && CalendarDate.isValid("2024-12-31"))
        // Digits of other scripts, and anything around the date, are not a date.
        #expect(!CalendarDate.isValid("２０２４-01-01"))
        #expect(!CalendarDate.isValid("2024-01-0١"))
        #expect(!CalendarDate.isValid("2024-01-01 "))
        #expect(!CalendarDate.isValid("2024-0a-01") && !CalendarDate.isValid("2024-01-1x") && !CalendarDate.isValid("2024/01/01"))
        #expect(!CalendarDate.isValid("2024-00-10") && !CalendarDate.isValid("2024-04-31") && !CalendarDate.isValid("2024-04-00"))
    }
}

/// The shortcut reader gives exactly what the YAML parser gives, or steps aside.
@Suite struct SimpleFrontMatterTests {
    static let documents = [
        "name: Café Ba-Ba-Reeba\nprice: 2\nfavorite: true\n",
        "name: \"Joe's \\\"Best\\\": Diner\"\ncity: 'It''s here'\n",
        "cuisines: [Thai, \"Noodle Bar\", 'Dim sum', Café]\nlat: -71.0607\nlong: .5\n",
        "name: x # a comment\n# a whole comment line\n\nurl: https://example.org/a#b\nempty:\nnull: ~\n",
        "cuisines: []\nsub:   spaced   \nother: a:b\n",
        "name: 桜ラーメン\ntype: Ramen  \n",
        // Block lists, indented or not, as PyYAML and most editors write them.
        "cuisines:\n  - Thai\n  - Noodles\n",
        "cuisines:\n- Thai\n",
        "cuisines: # spoken for\n\n  - \"Dim sum\" # a comment\n  # between items\n  -   'It''s'\n  - a, [b]\nprice: 2\nphotos:\n- x.jpg\n- y.jpg\n",
        // PyYAML's safe_dump without allow_unicode: everything past ASCII escaped.
        "city: \"S\\xE3o Paulo\"\ncuisines:\n- \"Caf\\xE9\"\nname: \"Caf\\xE9 \\u017Burek \\U0001F35C\"\nphone: +1 617 555 0101\n",
        String(repeating: "k", count: 1000) + ": x\n",
        "name: \"a\\u00e9\\0\\a\\b\\t\\n\\v\\f\\r\\e\\ \\\"\\/\\\\\\N\\_\\L\\P\"\n",
    ]
    static let refused = [
        "cuisines:\n  - Thai\n - Noodles\n",
        "cuisines:\n  - Thai\n- Noodles\n",
        "cuisines:\n  - Thai\n    Noodles\n",
        "cuisines:\n- - Thai\n",
        "cuisines:\n-\n",
        "cuisines:\n- # nothing\n",
        "cuisines:\n-Thai\n",
        "cuisines:\n- [Thai]\n",
        "photos:\n- src: a.jpg\n",
        "name: x\n- y\n",
        "name: &anchor x\nother: *anchor\n",
        "name: !tag x\n",
        "name: \"\\uD800\"\n",
        "name: \"\\U00110000\"\n",
        "name: \"\\x4\"\n",
        "name: \"\\xG0\"\n",
        "name: \"\\q\"\n",
        "name: \"a\\\n  b\"\n",
        "name: x\nname: y\n",
        "text: >\n  folded\n",
        "name: a: b\n",
        "map: {a: 1}\n",
        "list: [a, [b]]\n",
        "name:\tx\n",
        "  indented: x\n",
        "name: 'open\n",
        "key with space: x\n",
        String(repeating: "k", count: 1001) + ": x\n",
        "cuisines: [Thai:]\n",
        "name: a\u{07}b\n",
        "name: a\u{2028}b\n",
        // Found by the fuzzer: U+FFFF is not printable for YAML, which refuses the file.
        "name: a\u{FFFF}b\n",
    ]

    private func entries(_ yaml: String, shortcut: Bool) throws -> [FieldReader.Entry] {
        let document = try FrontMatter.parse("---\n" + yaml + "---\nbody\n", path: "a.md", shortcut: shortcut).get()
        return document.fields.entries.values.sorted { $0.keyLocation < $1.keyLocation }
    }

    @Test(arguments: documents)
    func readsLikeTheYAMLParser(yaml: String) throws {
        let lines = ("---\n" + yaml + "---\n").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(SimpleFrontMatter.entries(lines[1..<(lines.count - 2)], firstLine: 2, path: "a.md") != nil)
        #expect(try entries(yaml, shortcut: true) == entries(yaml, shortcut: false))
    }

    @Test(arguments: refused)
    func leavesTheRestToTheYAMLParser(yaml: String) {
        let lines = ("---\n" + yaml + "---\n").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(SimpleFrontMatter.entries(lines[1..<(lines.count - 2)], firstLine: 2, path: "a.md") == nil)
    }

    @Test func everySampleFileReadsTheSameBothWays() throws {
        let content = Fixtures.repository.appending(path: "Content")
        let files = try FileManager.default.subpathsOfDirectory(atPath: content.path).filter { $0.hasSuffix(".md") && !$0.hasPrefix("cities/") }
        #expect(files.count == 20)
        for file in files {
            let text = try String(contentsOf: content.appending(path: file), encoding: .utf8)
            let fast = try FrontMatter.parse(text, path: file).get().fields.entries
            let slow = try FrontMatter.parse(text, path: file, shortcut: false).get().fields.entries
            #expect(fast == slow, "\(file)")
        }
    }
}
