import Testing
@testable import FoodPinCore
import FoodPinBase

/// The Mustache the theme is written in: the spec's tags, standalone lines, partials and inheritance.
@Suite struct TemplateEngineTests {
    private func render(_ template: String, _ context: TemplateValue = [:], partials: [String: String] = [:]) throws -> String {
        var library = TemplateLibrary()
        library.register(try TemplateParser.parse(template), named: "main")
        for (name, text) in partials { library.register(try TemplateParser.parse(text), named: name) }
        return try #require(library.render("main", context))
    }

    private func syntaxError(_ template: String) -> TemplateParser.SyntaxError? {
        do {
            _ = try TemplateParser.parse(template)
            return nil
        } catch {
            return error
        }
    }

    @Test func interpolationEscapesHTMLUnlessTripleOrAmpersand() throws {
        let context: TemplateValue = ["name": "Tom & \"Jerry's\" <b>", "count": 3, "open": true]
        #expect(try render("{{name}}|{{{name}}}|{{& name}}", context)
            == "Tom &amp; &quot;Jerry&#39;s&quot; &lt;b&gt;|Tom & \"Jerry's\" <b>|Tom & \"Jerry's\" <b>")
        #expect(try render("{{ count }} {{open}} [{{missing}}]", context) == "3 true []")
    }

    @Test func dottedNamesStartFromTheInnermostContextHoldingTheirFirstPart() throws {
        let context: TemplateValue = ["site": ["title": "Guide"], "a": ["b": ["c": "deep"]], "name": "outer",
                                      "inner": ["name": "inner", "site": ["other": "x"]]]
        #expect(try render("{{site.title}} {{a.b.c}} {{#inner}}{{name}} {{site.title}}|{{/inner}}{{name}}", context)
            == "Guide deep inner |outer")
    }

    @Test func sectionsIterateListsEnterObjectsAndSkipFalseyValues() throws {
        let context: TemplateValue = ["items": [["n": 1], ["n": 2]], "none": [], "no": false, "yes": true,
                                      "words": ["a", "b"], "place": ["city": "Zürich"], "empty": ""]
        #expect(try render("{{#items}}<{{n}}>{{/items}}{{#none}}x{{/none}}{{#no}}x{{/no}}{{#yes}}y{{/yes}}", context) == "<1><2>y")
        #expect(try render("{{#words}}{{.}},{{/words}} {{#place}}{{city}}{{/place}} [{{#empty}}e{{/empty}}]", context) == "a,b, Zürich [e]")
        #expect(try render("{{^none}}no items{{/none}}{{^items}}x{{/items}}{{^missing}} missing{{/missing}}", context) == "no items missing")
    }

    @Test func linesHoldingOnlyTagsThatPrintNothingLeaveNothingBehind() throws {
        let context: TemplateValue = ["items": ["a", "b"]]
        #expect(try render("<ul>\n  {{#items}}\n  <li>{{.}}</li>\n  {{/items}}\n</ul>\n", context) == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
        #expect(try render("a\r\n{{! note }}\r\nb", context) == "a\r\nb")
        #expect(try render("{{#items}}{{/items}}\nafter", context) == "after")
        // A value on the line keeps it.
        #expect(try render("  {{items.0}}\n", context) == "  \n")
    }

    @Test func standalonePartialsAreIndentedLineByLineButTheirValuesAreNot() throws {
        let context: TemplateValue = ["text": "one\ntwo"]
        #expect(try render("<div>\n  {{> inner}}\n</div>\n", context, partials: ["inner": "<p>\n{{text}}\n</p>\n"])
            == "<div>\n  <p>\n  one\ntwo\n  </p>\n</div>\n")
        #expect(try render("[{{> inner}}]", context, partials: ["inner": "x\ny"]) == "[x\ny]")
        // A partial saved with Windows line endings: `\r\n` is one character, so only its first line is indented.
        #expect(try render("<div>\n  {{> inner}}\n</div>\n", context, partials: ["inner": "<p>\r\n{{text}}\n</p>\n"])
            == "<div>\n  <p>\r\none\ntwo\n  </p>\n</div>\n")
        #expect(try render("[{{> nowhere}}]", context) == "[]")
    }

    @Test func childrenReplaceTheirParentsBlocksAndTheOutermostChildWins() throws {
        let partials = [
            "layout": "<title>{{$title}}Guide{{/title}}</title>\n<main>{{$content}}nothing{{/content}}</main>\n",
            "page": "{{<layout}}{{$title}}Page{{/title}}{{$content}}page body{{/content}}{{/layout}}",
        ]
        #expect(try render("{{<layout}}\n{{$content}}Hello {{name}}{{/content}}\n{{/layout}}\n", ["name": "Ana"], partials: partials)
            == "<title>Guide</title>\n<main>Hello Ana</main>\n")
        #expect(try render("{{<page}}{{$title}}Child{{/title}}{{/page}}", [:], partials: partials)
            == "<title>Child</title>\n<main>page body</main>\n")
    }

    @Test func delimitersCanBeChanged() throws {
        #expect(try render("{{=<% %>=}}<% name %> {{name}} <%={{ }}=%>{{name}}", ["name": "x"]) == "x {{name}} x")
    }

    @Test func syntaxErrorsNameTheirLineAndColumn() {
        #expect(syntaxError("<p>\n  {{#restaurant}}oops{{/nothing}}</p>\n")
            == .init(line: 2, column: 22, message: "`{{/nothing}}` closes `restaurant`, opened at line 2, column 3"))
        #expect(syntaxError("a\n\n  {{#open}}\n") == .init(line: 3, column: 3, message: "`open` is opened here and never closed"))
        #expect(syntaxError("Zürich {{name") == .init(line: 1, column: 8, message: "this tag is never closed (expected `}}`)"))
        #expect(syntaxError("{{/x}}") == .init(line: 1, column: 1, message: "`{{/x}}` closes nothing that is open"))
        #expect(syntaxError("{{first name}}")
            == .init(line: 1, column: 1, message: "`first name` is not a name (names are joined by `.`, without spaces)"))
        #expect(syntaxError("{{=<%>=}}")
            == .init(line: 1, column: 1, message: "a delimiter change is written `{{=<% %>=}}`: two delimiters, no `=` in them"))
    }

    @Test func aThemeNamingATemplateThatDoesNotExistIsAnErrorAtTheTag() {
        var files = Theme.builtInFiles
        files["card.mustache"] = "<li>\n  {{> price-tag}}</li>\n"
        let (_, diagnostics) = Theme(files: files, overrides: ["card.mustache": "Templates/card.mustache"]).library()
        #expect(diagnostics.map(\.description) == [
            "Templates/card.mustache:2:3: error: template error: there is no template `price-tag` (no price-tag.mustache in Templates/ or the built-in theme)",
        ])
    }

    @Test func partialsThatRecurseThroughDataStopWhereTheDataEnds() throws {
        let tree: TemplateValue = ["name": "a", "children": [["name": "b", "children": [["name": "c", "children": []]]]]]
        #expect(try render("{{> node}}", tree, partials: ["node": "({{name}}{{#children}}{{> node}}{{/children}})"]) == "(a(b(c)))")
        // Deeper than any guide's data goes, recursion stops rather than overflow the stack.
        #expect(try render("{{> loop}}", ["more": true], partials: ["loop": "x{{#more}}{{> loop}}{{/more}}"]) == String(repeating: "x", count: 100))
    }

    @Test func aTemplateIncludingItselfOutsideAnySectionIsAnError() {
        var files = Theme.builtInFiles
        files["row.mustache"] = "<tr>\n{{> cell}}</tr>\n"
        files["cell.mustache"] = "<td>{{#x}}{{> row}}{{/x}}</td>{{> row}}{{> row}}\n"
        let (_, diagnostics) = Theme(files: files, overrides: ["row.mustache": "Templates/row.mustache", "cell.mustache": "Templates/cell.mustache"]).library()
        #expect(diagnostics.map(\.description) == [
            "Templates/row.mustache:2:1: error: template error: including `cell` here, outside any section, makes it include itself for ever",
        ])
    }

    @Test func aLoopThroughAPartialInASubfolderIsFoundToo() {
        var files = Theme.builtInFiles
        files["parts/a.mustache"] = "{{> parts/b}}"
        files["parts/b.mustache"] = "b{{> parts/a}}"
        let (_, diagnostics) = Theme(files: files, overrides: ["parts/a.mustache": "Templates/parts/a.mustache",
                                                               "parts/b.mustache": "Templates/parts/b.mustache"]).library()
        #expect(diagnostics.map(\.description) == [
            "Templates/parts/b.mustache:1:2: error: template error: including `parts/a` here, outside any section, makes it include itself for ever",
        ])
    }
}
