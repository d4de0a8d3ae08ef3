import Foundation
import Testing
@testable import FoodPinCore
import FoodPinBase

/// The catalogue of hostile inputs (docs/limits.md: "What FoodPin refuses, and how"). Each case is done to
/// a guide that built cleanly, then `foodpin` runs as a user would: the exit status, the located
/// message and an `Output/` and a store unchanged byte for byte are all checked.
@Suite struct HostileInputCatalogue {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments = ["build"]
        var status: Int32 = 1
        /// The first line of the message, exactly; `ROOT` stands for the guide's folder.
        var message: String
        var change: @Sendable (URL) throws -> Void
        var testDescription: String { name }
    }

    static func write(_ root: URL, _ path: String, _ text: String) throws { try write(root, path, Data(text.utf8)) }

    static func write(_ root: URL, _ path: String, _ data: Data) throws {
        let url = root.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    static func link(_ root: URL, _ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: root.appending(path: path).path, withDestinationPath: target)
    }

    /// Anchors of ten values, each level ten aliases of the one before: 10^levels values.
    static func aliasBomb(levels: Int) -> String {
        "a0: &a0 [x,x,x,x,x,x,x,x,x,x]\n" + (1...levels).map { level in
            "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ",") + "]\n"
        }.joined()
    }

    static let bad = "Content/restaurants/bad.md"
    static let review = "Content/reviews/kept/2024-06-01-bo.md"
    static let city = "Content/cities/Bad.json"

    static func restaurant(_ name: String, _ frontMatter: String, _ message: String) -> Case {
        Case(name: name, message: message) { try write($0, bad, "---\n" + frontMatter + "---\nText.\n") }
    }

    static func reviewCase(_ name: String, _ frontMatter: String, _ message: String) -> Case {
        Case(name: name, message: message) { try write($0, review, "---\n" + frontMatter + "---\nNice.\n") }
    }

    static func cityCase(_ name: String, _ bytes: [UInt8], _ message: String) -> Case {
        Case(name: name, message: message) { try write($0, city, Data(bytes)) }
    }

    static func siteCase(_ name: String, _ yaml: String, _ message: String) -> Case {
        Case(name: name, message: message) { try write($0, "Content/site.yml", yaml) }
    }

    static let frontMatter: [Case] = [
        Case(name: "no opening fence", message: "Content/restaurants/bad.md:1:1: error: missing front matter: the file must start with a line of three dashes (---)") {
            try write($0, bad, "name: x\n")
        },
        Case(name: "front matter never closed", message: "Content/restaurants/bad.md:1:1: error: front matter is never closed: add a line of three dashes (---) after the last field") { try write($0, bad, "---\nname: x\n") },
        restaurant("invalid YAML", "name: x\nprice: : :\n", "Content/restaurants/bad.md:3:8: error: front matter is not valid YAML: mapping values are not allowed in this context"),
        restaurant("a tab in the indentation", "name: x\n\tcity: y\n", "Content/restaurants/bad.md:3:1: error: front matter has a tab here: YAML indents with spaces only"),
        restaurant("a tab indenting a list", "name: x\ntags:\n\t- y\n", "Content/restaurants/bad.md:4:1: error: front matter has a tab here: YAML indents with spaces only"),
        restaurant("a field given twice", "name: x\nname: y\n", "Content/restaurants/bad.md:2:1: error: front matter repeats the field `name`"),
        restaurant("a list instead of fields", "- a\n- b\n", "Content/restaurants/bad.md:2:1: error: front matter must be a list of `key: value` fields"),
        restaurant("a YAML alias bomb", "name: x\na: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\ncuisines: [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n",
                   "Content/restaurants/bad.md:5:4: error: each item of `cuisines` must be a single value"),
        restaurant("a billion laughs in an unknown field", "name: x\n" + aliasBomb(levels: 9),
                   "Content/restaurants/bad.md:6:38: error: the alias *a2 makes this YAML's aliases stand for more than 10000 values"),
        restaurant("a billion laughs in cuisines", aliasBomb(levels: 8) + "cuisines: [" + Array(repeating: "*a8", count: 10).joined(separator: ",") + "]\nname: x\n",
                   "Content/restaurants/bad.md:5:38: error: the alias *a2 makes this YAML's aliases stand for more than 10000 values"),
        restaurant("aliases of a huge key", "name: x\n" + aliasBomb(levels: 7) + "k:\n  ? *a7\n  : 1\n",
                   "Content/restaurants/bad.md:6:38: error: the alias *a2 makes this YAML's aliases stand for more than 10000 values"),
        restaurant("a merge-key bomb", "name: x\nm0: &m0 {k0: x, k1: x, k2: x, k3: x, k4: x, k5: x, k6: x, k7: x, k8: x, k9: x}\n"
                   + (1...8).map { "m\($0): &m\($0) {<<: [" + Array(repeating: "*m\($0 - 1)", count: 10).joined(separator: ", ") + "]}\n" }.joined(),
                   "Content/restaurants/bad.md:6:30: error: the alias *m2 makes this YAML's aliases stand for more than 10000 values"),
        restaurant("30,000 nested lists", "name: " + String(repeating: "[", count: 30_000) + "\n",
                   "Content/restaurants/bad.md:2:8: error: front matter is not valid YAML: Maximum nesting level reached, set with yaml_set_max_nest_level()) (while parsing at line 2)"),
        restaurant("a megabyte of front matter", "name: x\n" + String(repeating: "note: \(String(repeating: "v", count: 100))\n", count: 10_000),
                   "Content/restaurants/bad.md:1:1: error: the front matter is 1070008 bytes long, over the limit of 65536"),
        restaurant("a NUL byte", "name: a\u{0}b\n", "Content/restaurants/bad.md:2:1: error: front matter cannot be read: control characters are not allowed"),
        Case(name: "UTF-16", message: "Content/restaurants/bad.md:1:1: error: the file is not UTF-8 text") {
            try write($0, bad, "---\nname: x\n---\n".data(using: .utf16)!)
        },
        Case(name: "Latin-1 bytes", message: "Content/restaurants/bad.md:1:1: error: the file is not UTF-8 text") {
            try write($0, bad, Data("---\nname: caf".utf8) + Data([0xE9]) + Data("\n---\n".utf8))
        },
    ]

    static let semantics: [Case] = [
        restaurant("favourite neither true nor false", "name: x\nfavorite: maybe\n", "Content/restaurants/bad.md:3:11: error: `favorite` must be true or false; found \"maybe\""),
        restaurant("a verdict that is no word", "name: x\nrating: great\n", "Content/restaurants/bad.md:3:9: error: `rating` must be one of awesome, good, okay, bad, terrible; found \"great\""),
        reviewCase("a rating of 0", "restaurant: kept\ntitle: T\nrating: 0\ndate: 2024-06-01\nname: Bo\n",
                   "Content/reviews/kept/2024-06-01-bo.md:4:9: error: `rating` must be a whole number from 1 to 5, or one of awesome, good, okay, bad, terrible; found \"0\""),
        restaurant("no name", "city: Boston\n", "Content/restaurants/bad.md:1:1: error: `name` is required: every restaurant needs a name"),
        restaurant("a price of 9", "name: x\nprice: 9\n", "Content/restaurants/bad.md:3:8: error: `price` must be from 1 to 4, or $ to $$$$; found \"9\""),
        restaurant("a price in words", "name: x\nprice: cheap\n", "Content/restaurants/bad.md:3:8: error: `price` must be from 1 to 4, or $ to $$$$; found \"cheap\""),
        restaurant("a latitude of 200", "name: x\nlat: 200\nlong: 10\n", "Content/restaurants/bad.md:3:6: error: `lat` must be between -90.0 and 90.0; found 200"),
        restaurant("a script URL", "name: x\nreserve_url: javascript:alert(1)\n", "Content/restaurants/bad.md:3:14: error: `reserve_url` must be an http(s) URL; found \"javascript:alert(1)\""),
        restaurant("a URL over the limit", "name: x\nreserve_url: https://example.org/\(String(repeating: "a", count: 2_000))\n",
                   "Content/restaurants/bad.md:3:14: error: `reserve_url` is 2020 characters long, over the limit of 2000 for a URL"),
        restaurant("a picture outside Content/", "name: x\nimage: ../../../etc/passwd\n", "Content/restaurants/bad.md:3:8: error: image path \"../../../etc/passwd\" leads outside Content/"),
        // The first day's mistake does not hide the next one's.
        restaurant("two days' hours wrong", "name: x\nhours:\n  mon: 25:00-26:00\n  tue: 9-5x\n",
                   "Content/restaurants/bad.md:5:8: error: `9-5x` in `hours` is not a time range like 11:30-14:30 (00:00 to 24:00), `closed` or `24h`"),
        restaurant("a comma in unquoted alt text", "name: x\nphotos:\n  - {src: images/none.jpg, alt: Prawns, crab and clams}\n",
                   "Content/restaurants/bad.md:4:55: error: a comma ended the unquoted `alt` of a photo before \"crab and clams\""),
        restaurant("a picture that does not exist", "name: x\nimage: images/none.jpg\n", "Content/restaurants/bad.md:3:8: error: image \"images/none.jpg\" does not exist under Content/"),
        Case(name: "a restaurant whose page another file has", message: "Content/restaurants/kept.md:1:1: error: the page address restaurants/kept/ is already taken by Content/restaurants/Kept.md") {
            try write($0, "Content/restaurants/Kept.md", "---\nname: Kept\n---\n")
        },
        reviewCase("a rating of 9", "restaurant: kept\ntitle: T\nrating: 9\ndate: 2024-06-01\nname: Bo\n",
                   "Content/reviews/kept/2024-06-01-bo.md:4:9: error: `rating` must be a whole number from 1 to 5, or one of awesome, good, okay, bad, terrible; found \"9\""),
        reviewCase("the 30th of February", "restaurant: kept\ntitle: T\nrating: 3\ndate: 2024-02-30\nname: Bo\n",
                   "Content/reviews/kept/2024-06-01-bo.md:5:7: error: `date` must be a real date written YYYY-MM-DD; found \"2024-02-30\""),
        reviewCase("a review of an unknown restaurant", "restaurant: nowhere\ntitle: T\nrating: 3\ndate: 2024-06-01\nname: Bo\n",
                   "Content/reviews/kept/2024-06-01-bo.md:2:13: error: review of an unknown restaurant \"nowhere\""),
        siteCase("a billion laughs in site.yml", "title: x\n" + aliasBomb(levels: 9),
                 "Content/site.yml:5:38: error: the alias *a2 makes this YAML's aliases stand for more than 10000 values"),
        siteCase("site.yml not YAML", "title: [x\n", "Content/site.yml:2:1: error: front matter is not valid YAML: did not find expected ',' or ']' (while parsing a flow sequence at line 1)"),
        siteCase("a page size of 0", "title: x\npage_size: 0\n", "Content/site.yml:2:12: error: `page_size` must be from 1 to 1000; found 0"),
        siteCase("a script base URL", "title: x\nbase_url: javascript:alert(1)\n", "Content/site.yml:2:11: error: `base_url` must be an http(s) URL like https://example.org/guide/; found \"javascript:alert(1)\""),
        siteCase("a language that is no tag", "title: x\nlanguage: \"not a tag!\"\n", "Content/site.yml:2:11: error: `language` must be a language tag like en, zh-Hans or pt-BR; found \"not a tag!\""),
        siteCase("a tile server that is not http", "title: x\nmap_tiles: ftp://x/{z}\n", "Content/site.yml:2:12: error: `map_tiles` must be an http or https address with {z}, {x} and {y}; found \"ftp://x/{z}\""),
    ]

    static let cityFiles: [Case] = [
        cityCase("a trailing comma", Array(#"[{"id": 1, "name": "A"},]"#.utf8), "Content/cities/Bad.json:1:25: error: invalid JSON: expected a value but found ']'"),
        cityCase("an object, not a list", Array(#"{"a": 1}"#.utf8), "Content/cities/Bad.json:1:1: error: a city file must be a JSON list of restaurants: [ {…}, {…} ]"),
        cityCase("a string, not a list", Array(#""just text""#.utf8), "Content/cities/Bad.json:1:1: error: a city file must be a JSON list of restaurants: [ {…}, {…} ]"),
        cityCase("a number with a leading zero", Array(#"[{"id": 07, "name": "A"}]"#.utf8),
                 "Content/cities/Bad.json:1:9: error: invalid JSON: a number cannot start with 0 followed by more digits (write 7, not 07)"),
        cityCase("a negative number with a leading zero", Array(#"[{"id": 1, "name": "A", "lat": -01.5}]"#.utf8),
                 "Content/cities/Bad.json:1:33: error: invalid JSON: a number cannot start with 0 followed by more digits (write 7, not 07)"),
        cityCase("an empty file", [], "Content/cities/Bad.json:1:1: error: invalid JSON: expected a value but the file ends"),
        cityCase("100,000 nested lists", Array(repeating: UInt8(ascii: "["), count: 100_000), "Content/cities/Bad.json:1:513: error: invalid JSON: JSON nested too deeply"),
        cityCase("an id twice", Array("[{\"id\": 7, \"name\": \"A\"},\n{\"id\": 7, \"name\": \"B\"}]".utf8),
                 "Content/cities/Bad.json:2:1: error: id 7 is listed twice in this file (first at line 1, column 2): one of the two would be lost"),
        cityCase("bytes neither UTF-8 nor Windows-1252", Array(#"[{"id": 7, "name": "A"#.utf8) + [0x81, 0x8D, 0x90] + Array(#""}]"#.utf8),
                 "Content/cities/Bad.json:1:22: error: byte 0x81 is neither UTF-8 nor Windows-1252 text"),
    ]

    static let pathsAndLinks: [Case] = [
        Case(name: "a link that leads nowhere", message: "Content/restaurants/bad.md:1:1: error: this is a link to `/nonexistent/x.md`, which does not exist") {
            try link($0, bad, to: "/nonexistent/x.md")
        },
        Case(name: "two links in a loop", message: "Content/restaurants/a.md:1:1: error: this is a link to `b.md`, which leads round in a loop of links") {
            try link($0, "Content/restaurants/a.md", to: "b.md")
            try link($0, "Content/restaurants/b.md", to: "a.md")
        },
        Case(name: "a review linked from outside", message: "Content/reviews/kept/2024-06-01-bo.md:1:1: error: this is a link to `/etc/hostname`, outside the guide: FoodPin reads only files inside the guide's folder") {
            try link($0, review, to: "/etc/hostname")
        },
        Case(name: "a template linked from outside", message: "Templates/restaurant.mustache:1:1: error: this is a link to `/etc/hostname`, outside the guide: FoodPin reads only files inside the guide's folder") {
            try FileManager.default.createDirectory(at: $0.appending(path: "Templates"), withIntermediateDirectories: true)
            try link($0, "Templates/restaurant.mustache", to: "/etc/hostname")
        },
        Case(name: "output inside Content/", arguments: ["build", "--output", "Content/out"], status: 2,
             message: "Content/out: error: the output folder cannot be or contain the guide, Content/ or Templates/") { _ in },
        Case(name: "output at /", arguments: ["build", "--output", "/"], status: 2,
             message: "/: error: the output folder cannot be or contain the guide, Content/ or Templates/") { _ in },
        Case(name: "output at a folder of someone else's files", arguments: ["build", "--output", "notes"], status: 2,
             message: "notes: error: the output folder holds files that FoodPin did not write; it will not replace them") {
            try write($0, "notes/letter.txt", "Dear …")
        },
        Case(name: "the top folder of restaurants a link leading nowhere", message: "Content/restaurants:1:1: error: this is a link to `/nonexistent`, which does not exist") {
            try FileManager.default.removeItem(at: $0.appending(path: "Content/restaurants"))
            try link($0, "Content/restaurants", to: "/nonexistent")
        },
        Case(name: "site.yml a link leading nowhere", message: "Content/site.yml:1:1: error: this is a link to `gone.yml`, which does not exist") {
            try FileManager.default.removeItem(at: $0.appending(path: "Content/site.yml"))
            try link($0, "Content/site.yml", to: "gone.yml")
        },
        Case(name: "output that is a file", arguments: ["build", "--output", "notes.txt"], status: 2,
             message: "notes.txt: error: the output path is a file, not a folder") { try write($0, "notes.txt", "x") },
        Case(name: "a review dated out of its folder", arguments: ["new", "review", "--restaurant", "kept", "--rating", "4", "--date", "../../../x"], status: 2,
             message: "x-review.md: error: the file would be written outside Content/reviews/; nothing was written") { _ in },
        Case(name: "importing a file that is not JSON", arguments: ["import", "notes.txt"], status: 1,
             message: "notes.txt:1:1: error: invalid JSON: expected a value but found 'h'") { try write($0, "notes.txt", "hello") },
    ]

    /// An SVG holding `body` inside its root element.
    static func svgCase(_ name: String, _ body: String, _ line: Int, _ column: Int, _ what: String) -> Case {
        svgFileCase(name, Data(("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">\n" + body + "\n</svg>\n").utf8),
                    line, column, what)
    }

    /// An SVG file of these bytes, refused for `what` at its line and column.
    static func svgFileCase(_ name: String, _ bytes: Data, _ line: Int, _ column: Int, _ what: String) -> Case {
        Case(name: name, message: "Content/images/drawing.svg:\(line):\(column): error: this SVG holds \(what); FoodPin publishes only SVGs that cannot run script or fetch from elsewhere") {
            try write($0, "Content/images/drawing.svg", bytes)
        }
    }

    /// SVGs are published as they are, on the site's origin: each way to run script or fetch is refused.
    static let svgs: [Case] = [
        svgCase("an SVG with a script", "<script>alert(1)</script>", 2, 8, "a <script> element"),
        svgCase("an SVG script in another prefix", "<s:script xmlns:s=\"http://www.w3.org/2000/svg\">alert(1)</s:script>", 2, 47, "a <script> element"),
        svgCase("an SVG with an XHTML script", "<h:script xmlns:h=\"http://www.w3.org/1999/xhtml\">alert(1)</h:script>", 2, 49, "a <h:script> element of http://www.w3.org/1999/xhtml"),
        svgCase("an SVG event attribute", "<circle r=\"4\" onload=\"alert(1)\"/>", 2, 32, "an event attribute (onload)"),
        svgCase("an SVG javascript: link", "<a xlink:href=\"jav&#x61;script:alert(1)\"><circle r=\"4\"/></a>", 2, 41, "a link to outside the file (xlink:href=\"javascript:alert(1)\")"),
        svgCase("an SVG foreignObject", "<foreignObject><p>x</p></foreignObject>", 2, 15, "a <foreignObject> element"),
        svgCase("an SVG using an outside file", "<use href=\"https://evil.example/x.svg#a\"/>", 2, 41, "a link to outside the file (href=\"https://evil.example/x.svg#a\")"),
        svgCase("an SVG style importing CSS", "<style>@import url(https://evil.example/x.css);</style>", 2, 56, "CSS with @import in a <style> element"),
        svgCase("an SVG animation setting a link", "<a><set attributeName=\"href\" to=\"javascript:alert(1)\"/></a>", 2, 54, "an animation that changes a link"),
        svgCase("an SVG style emptied by a child", "<style>@import url(https://evil.example/x.css);<g/></style>", 2, 50, "an element inside a <style> element"),
        svgCase("an SVG fill from an outside address", "<rect width=\"4\" height=\"4\" fill=\"url(https://evil.example/p.svg#p)\"/>", 2, 68, "CSS with url() of an outside address in fill"),
        svgCase("an SVG image of SVG data", "<image href=\"data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=\"/>", 2, 57, "a link to outside the file (href=\"data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=\")"),
        svgCase("an SVG animation with link values", "<a><animate attributeName=\"xlink:href\" values=\"#a;javascript:alert(1)\"/></a>", 2, 71, "an animation that changes a link"),
        svgFileCase("an SVG in UTF-16", "<!DOCTYPE svg [<!ENTITY a \"javascript:alert(1)\">]><svg xmlns=\"http://www.w3.org/2000/svg\"/>".data(using: .utf16)!, 1, 1, "text that is not UTF-8"),
        svgFileCase("an SVG with a stylesheet instruction", Data("<?xml-stylesheet type=\"text/xsl\" href=\"evil.xsl\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n".utf8), 1, 51, "a processing instruction (<?xml-stylesheet …?>)"),
        svgFileCase("an SVG in another declared encoding", Data("<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\">+ADw-script+AD4-alert(1)+ADw-/script+AD4-</svg>\n".utf8), 1, 1, "an encoding other than UTF-8"),
        svgFileCase("an SVG with entities", Data("<?xml version=\"1.0\"?>\n<!DOCTYPE svg [<!ENTITY a \"javascript:alert(1)\">]>\n<svg xmlns=\"http://www.w3.org/2000/svg\"><a href=\"&a;\"/></svg>\n".utf8), 2, 1, "a DOCTYPE (its entities can stand for anything)"),
        Case(name: "an SVG over ten megabytes", message: "Content/images/drawing.svg:1:1: error: this SVG is 10000085 bytes, over the limit of 10000000 bytes for an SVG (published as it is, and checked whole)") {
            let picture = "<svg xmlns=\"http://www.w3.org/2000/svg\"><image href=\"data:image/png;base64," + String(repeating: "A", count: 10_000_000) + "\"/></svg>\n"
            try write($0, "Content/images/drawing.svg", picture)
        },
    ]

    static let faults: [Case] = [
        Case(name: "a picture that is text", message: "Content/restaurants/bad.md:3:8: error: \"images/fake.jpg\" is not a picture: its bytes are not JPEG, PNG, WebP, GIF or AVIF") {
            try write($0, "Content/images/fake.jpg", "hello")
            try write($0, bad, "---\nname: x\nimage: images/fake.jpg\n---\n")
        },
        Case(name: "a picture cut short", message: "Content/restaurants/bad.md:3:8: error: picture \"images/cut.jpg\" is damaged or cut short: VipsJpeg: Premature end of input file") {
            let whole = try Data(contentsOf: Fixtures.repository.appending(path: "Content/images/bagel.jpg"))
            try write($0, "Content/images/cut.jpg", whole.prefix(3_000))
            try write($0, bad, "---\nname: x\nimage: images/cut.jpg\n---\n")
        },
        Case(name: "a picture 1000 pixels wide and 1 high", message: "Content/restaurants/bad.md:3:8: error: picture \"images/strip.png\" is 1000 × 1 pixels: one side is more than 10 times the other, a shape FoodPin does not publish") {
            try write($0, "Content/images/strip.png", try Data(contentsOf: PictureTests.fixtures.appending(path: "strip-1000x1.png")))
            try write($0, bad, "---\nname: x\nimage: images/strip.png\n---\n")
        },
        Case(name: "a picture 1 pixel wide and 5000 high", message: "Content/restaurants/bad.md:4:11: error: picture \"images/strip.png\" is 1 × 5000 pixels: one side is more than 10 times the other, a shape FoodPin does not publish") {
            try write($0, "Content/images/strip.png", try Data(contentsOf: PictureTests.fixtures.appending(path: "strip-1x5000.png")))
            try write($0, bad, "---\nname: x\nphotos:\n  - {src: images/strip.png, alt: A strip}\n---\n")
        },
        Case(name: "an interlaced PNG held whole past 256 MB", message: "Content/restaurants/bad.md:3:8: error: picture \"images/deep.png\" is interlaced (or progressive): decoding it would hold 256.7 MB at once, over the limit of 256 MB") {
            try write($0, "Content/images/deep.png", try Data(contentsOf: PictureTests.fixtures.appending(path: "interlaced-5800.png")))
            try write($0, bad, "---\nname: x\nimage: images/deep.png\n---\n")
        },
        Case(name: "an endpoint port past 65535", arguments: ["deploy", "s3://guide", "--endpoint", "http://127.0.0.1:99999"], status: 2,
             message: "Error: --endpoint takes an http:// or https:// address with a port from 1 to 65535, if any; not http://127.0.0.1:99999") { _ in },
        Case(name: "a template section never closed", message: "Templates/restaurant.mustache:1:1: error: template error: `x` is opened here and never closed") {
            try write($0, "Templates/restaurant.mustache", "{{#x}}\n")
        },
        Case(name: "a partial that includes itself", message: "Templates/card.mustache:1:1: error: template error: including `card` here, outside any section, makes it include itself for ever") {
            try write($0, "Templates/card.mustache", "{{> card}}\n")
        },
        Case(name: "a billion laughs in a strings file", message: "Templates/strings/en.yml:4:38: error: the alias *a2 makes this YAML's aliases stand for more than 10000 values") {
            try write($0, "Templates/strings/en.yml", aliasBomb(levels: 9))
        },
        Case(name: "a string that is a list", message: "Templates/strings/en.yml:1:20: error: a string is a text, or a mapping of plural forms; not a list") {
            try write($0, "Templates/strings/en.yml", "count.restaurants: [a]\n")
        },
        Case(name: "a store that is not a database", message: "Content/guide.sqlite: error: the store is not a FoodPin SQLite database (file is not a database)") {
            try write($0, "Content/guide.sqlite", Data((0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }))
        },
        Case(name: "a store cut in half", message: "Content/guide.sqlite: error: the store is not a FoodPin SQLite database (database disk image is malformed)") {
            let store = $0.appending(path: "Content/guide.sqlite")
            let bytes = try Data(contentsOf: store)
            try bytes.prefix(bytes.count / 2).write(to: store)
        },
        Case(name: "Content/restaurants/ that is a file", message: "Content/restaurants:1:1: error: this is a file, not a folder: FoodPin reads the files inside a folder of this name") {
            try FileManager.default.removeItem(at: $0.appending(path: "Content/restaurants"))
            try write($0, "Content/restaurants", "x")
        },
        Case(name: "Output/ that is a file", status: 2, message: "Output: error: the output path is a file, not a folder") {
            try FileManager.default.removeItem(at: $0.appending(path: "Output"))
            try write($0, "Output", "x")
        },
    ]

    /// A guide with a restaurant, a review, a city file and a picture, built once.
    static func cleanGuide() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appending(path: "foodpin-catalogue-\(UUID().uuidString)")
        try write(root, "Content/site.yml", "title: Catalogue\n")
        try write(root, "Content/restaurants/kept.md", "---\nname: Kept\ncity: Boston\nprice: 2\nimage: images/bagel.jpg\n---\nGood food.\n")
        try write(root, "Content/reviews/kept/2024-05-01-ann.md", "---\nrestaurant: kept\ntitle: Fine\nrating: 4\ndate: 2024-05-01\nname: Ann\n---\nNice.\n")
        try write(root, "Content/cities/Boston.json", try Data(contentsOf: Fixtures.cities.appending(path: "Boston.json")))
        try write(root, "Content/images/bagel.jpg", try Data(contentsOf: Fixtures.repository.appending(path: "Content/images/bagel.jpg")))
        return root
    }

    @Test(arguments: frontMatter + semantics + cityFiles + pathsAndLinks + svgs + faults)
    func isRefusedWithItsPlaceAndChangesNothing(_ hostile: Case) throws {
        let root = try Self.cleanGuide()
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try CommandLineTests().foodpin(["build", "-q"], in: root)
        try #require(first.status == 0, "\(first.stderr)")
        try hostile.change(root)
        let output = try CommandLineTests.tree(root.appending(path: "Output"))
        let store = FileManager.default.contents(atPath: root.appending(path: "Content/guide.sqlite").path)
        let run = try CommandLineTests().foodpin(hostile.arguments, in: root)
        #expect(run.status == hostile.status, "\(run.stderr)")
        let message = hostile.message.replacingOccurrences(of: "ROOT", with: root.path)
        #expect(run.stderr.split(separator: "\n").contains { $0 == message }, "\(run.stderr)")
        #expect(try CommandLineTests.tree(root.appending(path: "Output")) == output)
        #expect(FileManager.default.contents(atPath: root.appending(path: "Content/guide.sqlite").path) == store)
    }
}
