import Testing
@testable import FoodPinCore

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

    @Test func yamlErrorsPointAtTheFileLine() {
        // The tab-less but broken mapping is on file line 3.
        guard case .failure(let diagnostic) = FrontMatter.parse("---\nname: x\nprice: : :\n  - a\n---\n", path: "b.md") else {
            Issue.record("expected an error"); return
        }
        #expect(diagnostic.location.path == "b.md")
        #expect(diagnostic.location == SourceLocation(path: "b.md", line: 3, column: 8))
        #expect(diagnostic.severity == .error)
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
        #expect(ReviewDate.isValid("2024-02-29"))
        #expect(!ReviewDate.isValid("2023-02-29"))
        #expect(!ReviewDate.isValid("2024-13-01"))
        #expect(!ReviewDate.isValid("24-01-01"))
        #expect(!ReviewDate.isValid("2024-1-01"))
    }
}
