import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import FoodPinCore
import FoodPinBase

/// The feeds of new restaurants and reviews, read back from built guides.
@Suite struct FeedTests {
    /// Two cities; dates from `added`, from a first review, and none (Gamma is in no feed).
    func guide(_ siteYAML: String = "title: Eats\nbase_url: https://example.org/eats/\nauthor: Ann\n") throws -> TestGuide {
        let guide = try TestGuide(siteYAML: siteYAML)
        try guide.write("Content/restaurants/alpha.md", "---\nname: Alpha & Co\ncity: Boston\ncuisines: [Thai]\nadded: 2026-03-01\n---\nGood *curry*.\n")
        try guide.write("Content/restaurants/beta.md", "---\nname: Beta\ncity: Chicago\n---\n")
        try guide.write("Content/restaurants/gamma.md", "---\nname: Gamma\ncity: Boston\n---\n")
        try guide.write("Content/reviews/beta/1.md", "---\nrestaurant: beta\nname: Bo\ntitle: Great <pie>\nrating: 5\ndate: 2026-04-02\n---\nDeep dish.\n")
        try guide.write("Content/reviews/beta/2.md", "---\nrestaurant: beta\nrating: 3\ndate: 2026-02-10\n---\nFine.\n")
        try guide.write("Content/reviews/gamma/1.md", "---\nrestaurant: gamma\nrating: 4\n---\nNo date: in no feed.\n")
        return guide
    }

    @Test func theGuidesRestaurantFeedInAtomIsExact() throws {
        let guide = try guide()
        #expect(try guide.build().succeeded)
        #expect(try guide.page("feeds/restaurants.xml") == """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
              <title>New restaurants · Eats</title>
              <subtitle>A food guide</subtitle>
              <link rel="alternate" type="text/html" href="https://example.org/eats/"/>
              <link rel="self" type="application/atom+xml" href="https://example.org/eats/feeds/restaurants.xml"/>
              <id>https://example.org/eats/feeds/restaurants.xml</id>
              <updated>2026-03-01T00:00:00Z</updated>
              <author><name>Ann</name></author>
              <generator>FoodPin</generator>
              <entry>
                <title>Alpha &amp; Co</title>
                <link rel="alternate" type="text/html" href="https://example.org/eats/restaurants/alpha/"/>
                <id>https://example.org/eats/restaurants/alpha/</id>
                <published>2026-03-01T00:00:00Z</published>
                <updated>2026-03-01T00:00:00Z</updated>
                <category term="Thai"/>
                <summary>Thai · Boston</summary>
                <content type="html">&lt;p&gt;Good &lt;em&gt;curry&lt;/em&gt;.&lt;/p&gt;
            </content>
              </entry>
              <entry>
                <title>Beta</title>
                <link rel="alternate" type="text/html" href="https://example.org/eats/restaurants/beta/"/>
                <id>https://example.org/eats/restaurants/beta/</id>
                <published>2026-02-10T00:00:00Z</published>
                <updated>2026-02-10T00:00:00Z</updated>
                <summary>Chicago</summary>
              </entry>
            </feed>

            """)
    }

    @Test func reviewFeedsInJSONFeedListDatedReviewsNewestFirstPerCity() throws {
        let guide = try guide()
        #expect(try guide.build().succeeded)
        func feed(_ path: String) throws -> [String: Any] {
            try #require(JSONSerialization.jsonObject(with: Data(try guide.page(path).utf8)) as? [String: Any])
        }
        let all = try feed("feeds/reviews.json")
        #expect(all["version"] as? String == "https://jsonfeed.org/version/1.1")
        #expect(all["feed_url"] as? String == "https://example.org/eats/feeds/reviews.json")
        let items = try #require(all["items"] as? [[String: Any]])
        #expect(items.map { $0["title"] as? String } == ["Beta: Great <pie>", "Beta"])
        #expect(items.map { $0["date_published"] as? String } == ["2026-04-02T00:00:00Z", "2026-02-10T00:00:00Z"])
        let anchor = "rv-1"
        #expect(items[0]["id"] as? String == "https://example.org/eats/restaurants/beta/#\(anchor)")
        #expect(items[0]["summary"] as? String == "Rated 5 out of 5")
        #expect((items[0]["authors"] as? [[String: String]]) == [["name": "Bo"]])
        #expect(try guide.page("restaurants/beta/index.html").contains("<li class=\"review\" id=\"\(anchor)\">"))
        // Boston's feeds: Alpha (added) but no review (Gamma's has no date); Chicago's: Beta's two.
        let boston = try feed("cities/boston/feeds/reviews.json")
        #expect(boston["title"] as? String == "New reviews in Boston · Eats")
        #expect((boston["items"] as? [Any])?.isEmpty == true)
        #expect(try guide.page("cities/boston/feeds/reviews.xml").contains("<updated>1970-01-01T00:00:00Z</updated>"))
        #expect(try (feed("cities/chicago/feeds/reviews.json")["items"] as? [Any])?.count == 2)
        // Every page names the guide's feeds; a city's pages name its own too.
        let city = try guide.page("cities/boston/index.html")
        #expect(city.contains("<link rel=\"alternate\" type=\"application/atom+xml\" title=\"New restaurants in Boston · Eats\" href=\"../../cities/boston/feeds/restaurants.xml\">"))
        #expect(try guide.page("index.html").contains("<link rel=\"alternate\" type=\"application/feed+json\" title=\"New reviews · Eats\" href=\"feeds/reviews.json\">"))
        let detail = try guide.page("restaurants/alpha/index.html")
        #expect(detail.contains("<link rel=\"alternate\" type=\"application/atom+xml\" title=\"New reviews · Eats\" href=\"../../feeds/reviews.xml\">"))
        #expect(!detail.contains("application/feed+json"))
    }

    @Test func idsAndDatesStayAcrossRebuildsAndAnotherWorkingFolderAndANewEntryGoesFirst() throws {
        let guide = try guide("title: Eats\nfeed_size: 2\n")
        #expect(try guide.build().succeeded)
        let before = try guide.page("feeds/restaurants.xml")
        #expect(before.contains("<id>urn:uuid:"))
        func entries(_ xml: String) -> [String] {
            xml.matches(of: /<id>(urn:uuid:[0-9a-f-]+)<\/id>\n    <published>([0-9T:Z-]+)</).map { "\($0.1) \($0.2)" }
        }
        let first = entries(before)
        #expect(first.count == 2)
        // A clean build run from another folder: the same ids and dates. An empty one: the working
        // folder is the whole process's, and messages name files under it by a shorter path (a test
        // beside this one, its guide in the temporary folder, would read them so).
        let moved = FileManager.default.currentDirectoryPath
        let elsewhere = FileManager.default.temporaryDirectory.appending(path: "foodpin-elsewhere-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        FileManager.default.changeCurrentDirectoryPath(elsewhere.path)
        defer {
            FileManager.default.changeCurrentDirectoryPath(moved)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        #expect(try guide.cleanSnapshot()["feeds/restaurants.xml"] == Data(before.utf8))
        // A newer restaurant enters first; with feed_size 2 the oldest leaves; the others keep their ids.
        try guide.write("Content/restaurants/delta.md", "---\nname: Delta\ncity: Boston\nadded: 2026-05-05\n---\n")
        #expect(try guide.build().succeeded)
        let after = entries(try guide.page("feeds/restaurants.xml"))
        #expect(after.count == 2 && after[1] == first[0] && after[0].hasSuffix(" 2026-05-05T00:00:00Z"))
        #expect(try guide.snapshot() == guide.cleanSnapshot())
    }

    /// Only restaurants whose latest review could be among the newest are looked into: one
    /// restaurant may hold several of them, and a restaurant tied on the boundary day still counts.
    @Test func theNewestReviewsComeFromAnyRestaurantTiesIncluded() throws {
        let guide = try TestGuide(siteYAML: "title: Eats\nfeed_size: 4\n")
        let reviews = [("a", "a1", "2026-05-01"), ("a", "a2", "2026-05-02"), ("a", "a3", "2026-05-03"), ("b", "b2", "2026-05-02"),
                       ("c", "c0", "2026-04-01"), ("c", "c4", "2026-05-04"), ("d", "d0", "2026-01-01"), ("e", "e2", "2026-05-02")]
        for slug in ["a", "b", "c", "d", "e"] { try guide.write("Content/restaurants/\(slug).md", "---\nname: \(slug.uppercased())\n---\n") }
        for (slug, title, day) in reviews {
            try guide.write("Content/reviews/\(slug)/\(title).md", "---\nrestaurant: \(slug)\ntitle: \(title)\nrating: 4\ndate: \(day)\n---\nText.\n")
        }
        #expect(try guide.build().succeeded)
        let feed = try #require(JSONSerialization.jsonObject(with: Data(try guide.page("feeds/reviews.json").utf8)) as? [String: Any])
        let items = try #require(feed["items"] as? [[String: Any]])
        // A holds two of the newest; on 2026-05-02 A, B and E tie, in the order of their slugs.
        #expect(items.map { $0["title"] as? String } == ["C: c4", "A: a3", "A: a2", "B: b2"])
    }

    @Test func aBadAddedDateIsALocatedErrorInFrontMatterAndAWarningInACityFile() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: A\nadded: 2026-02-30\n---\n")
        try guide.write("Content/cities/x.json", #"[{"id": 1, "name": "B", "city": "X", "added": "yesterday"}]"#)
        let report = try guide.build()
        #expect(report.diagnostics.map { "\(($0.location.path as NSString).lastPathComponent):\($0.location.line):\($0.location.column): \($0.severity): \($0.message)" } == [
            "x.json:1:47: warning: `added` is not a real date written YYYY-MM-DD; it is left out",
            "a.md:3:8: error: `added` must be a real date written YYYY-MM-DD; found \"2026-02-30\"",
        ])
        #expect(!guide.exists("index.html"))
    }

    /// XML 1.0 has no place for C0 controls or noncharacters, not even escaped: a city record or a
    /// review holding them leaves every XML file well-formed, with the rest of the text kept.
    @Test func charactersXMLForbidsLeaveEveryXMLFileWellFormed() throws {
        let guide = try TestGuide(siteYAML: "title: Eats\nbase_url: https://example.org/\n")
        let odd = #"\u0001\uFFFE\uFFFF\uFDD0\uD83F\uDFFF\u001F"#
        try guide.write("Content/cities/x.json", #"[{"id": 7, "name": "Noir"# + odd + #" Caf\u00e9", "city": "Bo"# + odd + #"ston", "added": "2026-03-01"}]"#)
        try guide.write("Content/reviews/noir/1.md", "---\nrestaurant: 7\nrating: 5\ndate: 2026-04-02\n---\nGood" + Self.text(0x1, 0xFFFE, 0xFFFF, 0xFDD0, 0x10FFFF) + " coffee.\n")
        #expect(try guide.build().succeeded)
        let xml = FileManager.default.enumerator(atPath: guide.output.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".xml") }.sorted()
        #expect(xml == ["cities/bo-ston/feeds/restaurants.xml", "cities/bo-ston/feeds/reviews.xml", "feeds/restaurants.xml", "feeds/reviews.xml", "sitemap.xml"])
        for path in xml {
            let parser = XMLParser(data: try Data(contentsOf: guide.output.appending(path: path)))
            #expect(parser.parse(), "\(path): \(parser.parserError.map { "\($0)" } ?? "")")
        }
        #expect(try guide.page("feeds/restaurants.xml").contains("<title>Noir Café</title>"))
        #expect(try guide.page("feeds/reviews.xml").contains("Good coffee."))
        #expect(XMLText.escape(Self.text(0x61, 0x1, 0xFFFE, 0x62, 0xFFFD, 0xFDEF, 0xFDF0, 0x1FFFE, 0x1FFFD, 0x3C, 0x9))
                == Self.text(0x61, 0x62, 0xFFFD, 0xFDF0, 0x1FFFD) + "&lt;\t")
    }

    /// Swift's literals refuse noncharacters: made from their numbers.
    static func text(_ scalars: UInt32...) -> String { String(String.UnicodeScalarView(scalars.map { Unicode.Scalar($0)! })) }
}
