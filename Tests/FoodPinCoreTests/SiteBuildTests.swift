import Foundation
import Testing
@testable import FoodPinCore
@testable import FoodPinSearch
@testable import FoodPinModel
import FoodPinBase

/// End to end: guides in temp folders, built for real, read back as HTML.
@Suite struct SiteBuildTests {
    @Test func everyImportedRestaurantHasAPageWithItsExactName() throws {
        let guide = try TestGuide()
        try guide.addSampleCities()
        let report = try guide.build()
        #expect(report.succeeded)
        #expect(report.restaurants == 100)
        for city in ["Boston", "Chicago", "New York", "San Francisco"] {
            for raw in try Fixtures.records(city) {
                let id = raw["id"] as! Int
                let name = (raw["name"] as! String).trimmingCharacters(in: .whitespaces)
                let html = try guide.page("restaurants/\(Slug.make(name))-\(id)/index.html")
                #expect(html.contains("<h1>\(name.htmlEscaped)</h1>"), "page of \(name)")
                // Nothing absent is printed: no verdict was given, no image may be missing.
                #expect(!html.contains("Our verdict") && !html.contains(">nil<") && !html.contains("=\"nil\""), "page of \(name)")
            }
        }
        // 24 to a page: five list pages that together show each restaurant once.
        #expect(guide.exists("page/5/index.html") && !guide.exists("page/6/index.html"))
        let lists = try ["index.html"] + (2...5).map { "page/\($0)/index.html" }
        let cards = try lists.map { try guide.page($0).components(separatedBy: "<h2 class=\"card-title\">").count - 1 }
        #expect(cards == [24, 24, 24, 24, 4])
    }

    @Test func theListIsSortedByNameIgnoringCaseAndAccents() throws {
        let guide = try TestGuide(siteYAML: "title: T\npage_size: 1000\n")
        try guide.addSampleCities()
        try guide.write("Content/restaurants/eclair.md", "---\nname: Éclair Room\n---\n")
        try guide.write("Content/restaurants/apple.md", "---\nname: apple bar\n---\n")
        try guide.build()
        let html = try guide.page("index.html")
        let names = html.components(separatedBy: "<h2 class=\"card-title\"><a href=\"").dropFirst().map { chunk -> String in
            let start = chunk.range(of: "\">")!.upperBound
            return String(chunk[start..<chunk.range(of: "</a>")!.lowerBound])
        }
        #expect(names.count == 102)
        let keys = names.map { Slug.fold($0) }
        #expect(keys == keys.sorted())
        #expect(names.contains("Éclair Room"))
    }

    @Test func reviewsGiveTheMeanRatingNewestFirst() throws {
        let guide = try TestGuide()
        try guide.addSampleCities(["Chicago"])
        try guide.write("Content/reviews/old.md", "---\nrestaurant: 1162\nname: Old Reviewer\ntitle: First\nrating: 5\ndate: 2024-01-05\n---\nLoved it.\n")
        try guide.write("Content/reviews/new.md", "---\nrestaurant: \"1162\"\nname: New Reviewer\ntitle: Second\nrating: bad\ndate: 2025-06-01\n---\nNot great.\n")
        try guide.build()
        let html = try guide.page("restaurants/cafe-ba-ba-reeba-1162/index.html")
        #expect(html.contains("<span class=\"rating-value\">3.5</span>"))
        let newer = try #require(html.range(of: "New Reviewer"))
        let older = try #require(html.range(of: "Old Reviewer"))
        #expect(newer.lowerBound < older.lowerBound)
        #expect(html.contains("\"aggregateRating\":{\"@type\":\"AggregateRating\",\"ratingValue\":3.5,\"reviewCount\":2"))
        let list = try guide.page("index.html")
        #expect(list.contains("<span class=\"stars stars-7\" role=\"img\" aria-label=\"Rated 3.5 out of 5\"></span> <span class=\"rating-value\">3.5</span> <span class=\"review-count\">(2 reviews)</span>"))
    }

    @Test func aRestaurantWithoutReviewsSaysSo() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/quiet.md", "---\nname: Quiet Place\nphone: \"6175363500x\"\n---\n")
        try guide.build()
        let html = try guide.page("restaurants/quiet/index.html")
        #expect(html.contains("There are no reviews yet"))
        #expect(html.contains("href=\"tel:6175363500\""))
    }

    @Test func aFileSavedWithAByteOrderMarkReadsAsWithout() throws {
        let text = "---\nname: Marked Place\ncity: Zürich\n---\nGood *food*.\n"
        let plain = try TestGuide(), marked = try TestGuide()
        try plain.write("Content/restaurants/marked.md", text)
        try marked.write("Content/restaurants/marked.md", "\u{FEFF}" + text)
        #expect(try Data(contentsOf: marked.root.appending(path: "Content/restaurants/marked.md")).prefix(3) == Data([0xEF, 0xBB, 0xBF]))
        try plain.build()
        let report = try marked.build()
        #expect(report.diagnostics.isEmpty)
        #expect(try marked.page("restaurants/marked/index.html") == plain.page("restaurants/marked/index.html"))
    }

    @Test func brokenFrontMatterFailsAndLeavesOutputUntouched() throws {
        let guide = try TestGuide()
        try guide.addSampleCities(["Boston"])
        try guide.build()
        let before = try guide.snapshot()
        try guide.write("Content/restaurants/broken.md", "---\nname: Broken\nprice: [1\ncity: Boston\n---\n")
        try guide.write("Content/reviews/ghost.md", "---\nrestaurant: no-such-place\nrating: 4\n---\n")
        let report = try guide.build()
        #expect(!report.succeeded)
        let errors = report.diagnostics.filter { $0.severity == .error }
        let content = guide.root.path + "/Content"
        #expect(errors.map(\.description) == [
            "\(content)/restaurants/broken.md:4:5: error: front matter is not valid YAML: did not find expected ',' or ']' (while parsing a flow sequence at line 3)\n    hint: check the indentation and quote values that contain `: ` or start with a special character",
            "\(content)/reviews/ghost.md:2:13: error: review of an unknown restaurant \"no-such-place\"\n    hint: use the restaurant's id or the name of its file without .md",
        ])
        #expect(try guide.snapshot() == before)
    }

    @Test func anEmptyGuideBuildsTheEmptyState() throws {
        let guide = try TestGuide()
        let report = try guide.build()
        #expect(report.succeeded)
        let html = try guide.page("index.html")
        #expect(html.contains("Your guide is empty"))
        #expect(html.contains("Add your first restaurant"))
        #expect(html.contains("<img src=\"assets/empty."))
    }

    @Test func slugsAreStableAndBranchesWithTheSameNameBothGetPages() throws {
        let guide = try TestGuide()
        try guide.write("Content/cities/a.json", "[{\"id\": 10, \"name\": \"Twin Grill\"}, {\"id\": 11, \"name\": \"Twin Grill\"}]")
        try guide.build()
        #expect(guide.exists("restaurants/twin-grill-10/index.html"))
        #expect(guide.exists("restaurants/twin-grill-11/index.html"))
        try guide.write("Content/cities/a.json", "[{\"id\": 9, \"name\": \"Twin Grill\"}, {\"id\": 11, \"name\": \"Twin Grill\"}]")
        try guide.build()
        #expect(guide.exists("restaurants/twin-grill-11/index.html"))
        #expect(guide.exists("restaurants/twin-grill-9/index.html"))
        #expect(!guide.exists("restaurants/twin-grill-10/index.html"))
    }

    @Test func aMarkdownFileWithAnIdEnrichesTheImportedRestaurant() throws {
        let guide = try TestGuide()
        try guide.addSampleCities(["Boston"])
        try guide.write("Content/restaurants/o-ya.md", "---\nid: 28066\nfavorite: true\ncuisines: [Sushi]\n---\nSit at the **counter**.\n")
        let report = try guide.build()
        #expect(report.restaurants == 25)
        let html = try guide.page("restaurants/o-ya-28066/index.html")
        #expect(html.contains("Sit at the <strong>counter</strong>."))
        #expect(html.contains("Editor’s favourite"))
        #expect(html.contains("9 East Street"))
        #expect(!html.contains(">Japanese<"))
    }

    @Test func contentIsEscapedEverywhere() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/x.md", """
        ---
        name: "<script>alert(1)</script> & \\"Co\\""
        type: "</script><img src=x onerror=alert(2)>"
        ---
        Hello <b>bold</b> <script>alert(3)</script>

        [click](javascript:alert(4))
        """)
        try guide.build()
        let html = try guide.page("restaurants/x/index.html")
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("<b>bold</b>"))
        #expect(html.contains("&lt;b&gt;bold&lt;/b&gt;"))
        #expect(!html.contains("javascript:alert(4)"))
        // JSON-LD cannot be closed by content.
        let jsonLD = try #require(html.components(separatedBy: "<script type=\"application/ld+json\">").dropFirst().first?
            .components(separatedBy: "</script>").first)
        let parsed = try JSONSerialization.jsonObject(with: Data(jsonLD.utf8)) as? [String: Any]
        #expect(parsed?["name"] as? String == "<script>alert(1)</script> & \"Co\"")
    }

    @Test func theMapLinkSearchesForNameAndAddressPercentEncodedAsUTF8() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/cafe.md", """
        ---
        name: Café & Co/🍜
        address: 1 Rua São Bento
        city: São Paulo
        ---
        """)
        try guide.build()
        let html = try guide.page("restaurants/cafe/index.html")
        // Name and full address as Python's urllib.parse.quote(text, safe="") writes them.
        #expect(html.contains("href=\"https://www.openstreetmap.org/search?query="
            + "Caf%C3%A9%20%26%20Co%2F%F0%9F%8D%9C%2C%201%20Rua%20S%C3%A3o%20Bento%2C%20S%C3%A3o%20Paulo\""))
    }

    /// The unreserved characters stay; `+`, `=`, `?` and `#` would change the query's meaning.
    @Test func aQueryValueKeepsOnlyUnreservedCharacters() {
        #expect(Formatting.queryValue("") == "")
        #expect(Formatting.queryValue("Az09-._~") == "Az09-._~")
        #expect(Formatting.queryValue("a+b=c?d#e f") == "a%2Bb%3Dc%3Fd%23e%20f")
    }

    @Test func rawHTMLIsAllowedOnlyWhenTheGuideSaysSo() throws {
        let guide = try TestGuide(siteYAML: "title: T\nunsafe_html: true\n")
        try guide.write("Content/restaurants/x.md", "---\nname: X\n---\nHello <b>bold</b>\n")
        try guide.build()
        #expect(try guide.page("restaurants/x/index.html").contains("Hello <b>bold</b>"))
    }

    @Test func gfmExtensionsAreOn() throws {
        let html = MarkdownRenderer().html("| a | b |\n|---|---|\n| 1 | 2 |\n\n~~old~~ www.example.org\n\n- [x] done\n")
        #expect(html.contains("<table>"))
        #expect(html.contains("<del>old</del>"))
        #expect(html.contains("href=\"http://www.example.org\""))
        #expect(html.contains("type=\"checkbox\""))
    }

    @Test func pathsCannotLeaveContent() throws {
        let guide = try TestGuide()
        try guide.write("secret.jpg", "not for the web")
        try guide.write("Content/restaurants/x.md", "---\nname: X\nimage: ../secret.jpg\n---\n")
        try guide.write("Content/restaurants/y.md", "---\nname: Y\nimage: images/../../secret.jpg\n---\n")
        try guide.write("Content/restaurants/z.md", "---\nname: Z\nimage: guide.sqlite\n---\n")
        let report = try guide.build()
        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 3)
        #expect(errors.allSatisfy { $0.location.line == 3 && $0.location.column == 8 })
        #expect(!guide.exists("secret.jpg"))
    }

    @Test func localPicturesArePublished() throws {
        let guide = try TestGuide()
        try guide.write("Content/images/dish.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        try guide.write("Content/restaurants/x.md", "---\nname: X\nimage: images/dish.svg\n---\n![a dish](images/dish.svg)\n")
        try guide.build()
        #expect(guide.exists("images/dish.svg"))
        let html = try guide.page("restaurants/x/index.html")
        #expect(html.contains("src=\"../../images/dish.svg\""))
        #expect(html.occurrences(of: "../../images/dish.svg") == 2)
    }

    @Test func draftsAreLeftOutUnlessAsked() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/soon.md", "---\nname: Opening Soon\ndraft: true\n---\n")
        try guide.write("Content/reviews/soon.md", "---\nrestaurant: soon\nrating: 4\n---\n")
        #expect(try guide.build().restaurants == 0)
        #expect(!guide.exists("restaurants/soon/index.html"))
        #expect(try guide.build(drafts: true).restaurants == 1)
        #expect(guide.exists("restaurants/soon/index.html"))
    }

    @Test func browsePagesGroupByCityAndCuisine() throws {
        let guide = try TestGuide()
        try guide.addSampleCities(["Chicago"])
        try guide.write("Content/restaurants/a.md", "---\nname: A\ncity: chicago\ncuisines: [Tapas]\n---\n")
        try guide.build()
        let chicago = try guide.page("cities/chicago/index.html")
        #expect(chicago.contains("26 restaurants"))
        #expect(try guide.page("cuisines/tapas/index.html").contains(">A</a>"))
        #expect(try guide.page("cities/index.html").contains("cities/chicago/"))
    }

    @Test func paginationFollowsPageSize() throws {
        let guide = try TestGuide(siteYAML: "title: T\npage_size: 10\n")
        try guide.addSampleCities(["Boston"])
        try guide.build()
        #expect(guide.exists("page/3/index.html"))
        #expect(!guide.exists("page/4/index.html"))
        let second = try guide.page("page/2/index.html")
        #expect(second.occurrences(of: "class=\"card\"") == 10)
        #expect(second.contains("href=\"../../page/3/\""))
        #expect(try guide.page("page/3/index.html").occurrences(of: "class=\"card\"") == 5)
    }

    @Test func theSameInputGivesByteIdenticalOutput() throws {
        let guide = try TestGuide()
        try guide.addSampleCities()
        try guide.write("Content/reviews/r.md", "---\nrestaurant: 1162\nrating: 4\n---\n")
        try guide.build(baseURL: "https://example.org/guide")
        let first = try guide.snapshot()
        try guide.build(baseURL: "https://example.org/guide")
        #expect(try guide.snapshot() == first)
        #expect(first["sitemap.xml"].map { String(decoding: $0, as: UTF8.self).contains("https://example.org/guide/restaurants/") } == true)
    }

    @Test func templatesOverrideTheBuiltInThemeAndTheirErrorsAreLocated() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/x.md", "---\nname: X\n---\n")
        try guide.write("Templates/restaurant.mustache", "<p>Custom {{restaurant.name}}</p>\n")
        try guide.build()
        #expect(try guide.page("restaurants/x/index.html") == "<p>Custom X</p>\n")
        try guide.write("Templates/restaurant.mustache", "<p>\n{{#restaurant}}oops{{/nothing}}</p>\n")
        let report = try guide.build()
        let error = try #require(report.diagnostics.first { $0.severity == .error })
        #expect(error.location.path.hasSuffix("Templates/restaurant.mustache"))
        #expect(error.location.line == 2)
    }

    @Test func veryLongNamesBuildIntoFoldersTheFileSystemTakes() throws {
        let guide = try TestGuide()
        let long = String(repeating: "Trattoria ", count: 500)
        try guide.write("Content/cities/long.json", "[{\"id\": 7, \"name\": \"\(long)\", \"city\": \"\(long)\", \"cuisines\": \"\(long)\"}]")
        try guide.write("Content/restaurants/sakura.md", "---\nname: \(String(repeating: "桜", count: 100))\n---\n")
        let report = try guide.build()
        #expect(report.succeeded, "\(report.diagnostics)")
        let slug = Slug.make(long)
        #expect(slug.utf8.count == 99)
        #expect(guide.exists("restaurants/\(slug)-7/index.html"))
        #expect(guide.exists("cities/\(slug)/index.html"))
        #expect(try guide.page("restaurants/sakura/index.html").contains(String(repeating: "桜", count: 100)))
    }

    @Test func checkWritesNothing() throws {
        let guide = try TestGuide()
        try guide.addSampleCities(["Boston"])
        let report = try guide.build(writes: false)
        #expect(report.succeeded && report.restaurants == 25)
        #expect(!FileManager.default.fileExists(atPath: guide.layout.store.path))
        #expect(!FileManager.default.fileExists(atPath: guide.output.path))
    }

    @Test func syncFollowsTheCityFolder() throws {
        let guide = try TestGuide()
        try guide.addSampleCities(["Boston", "Chicago"])
        #expect(try guide.build().restaurants == 50)
        try guide.remove("Content/cities/Chicago.json")
        let report = try guide.build()
        #expect(report.restaurants == 25)
        #expect(report.sync.deleted == 25)
        #expect(!guide.exists("restaurants/cafe-ba-ba-reeba-1162/index.html"))
    }

    @Test func aBrokenCityFileIsAnErrorAndKeepsItsRecords() throws {
        let guide = try TestGuide()
        try guide.addSampleCities(["Boston"])
        try guide.build()
        try guide.write("Content/cities/Boston.json", "[{\"id\": 1,")
        let report = try guide.build()
        #expect(!report.succeeded)
        #expect(report.diagnostics.first?.location.path.hasSuffix("Boston.json") == true)
        #expect(try GuideStore(url: guide.layout.store).allRestaurants().count == 25)
    }
}

@Suite struct PublishingTests {
    @Test func aDomainRootBaseURLReachesCanonicalLinksSitemapAndTheNotFoundPage() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/x.md", "---\nname: X\n---\n")
        try guide.build(baseURL: "https://food.example")
        let page = try guide.page("restaurants/x/index.html")
        #expect(page.contains("<link rel=\"canonical\" href=\"https://food.example/restaurants/x/\">"))
        #expect(page.contains("<meta property=\"og:url\" content=\"https://food.example/restaurants/x/\">"))
        #expect(page.contains("href=\"../../assets/site."))
        #expect(try guide.page("sitemap.xml").contains("<loc>https://food.example/restaurants/x/</loc>"))
        #expect(try guide.page("robots.txt").contains("Sitemap: https://food.example/sitemap.xml"))
        #expect(try guide.page("404.html").contains("href=\"/assets/site."))
        #expect(try guide.page("manifest.webmanifest").contains("\"start_url\": \"./\""))
    }

    @Test func aBigSitemapBecomesAnIndexOfParts() throws {
        let guide = try TestGuide()
        for name in ["a", "b", "c", "d", "e"] { try guide.write("Content/restaurants/\(name).md", "---\nname: \(name)\n---\n") }
        let content = ContentLoader.load(guide.layout, baseURLOverride: BaseURL("https://example.org/guide/"))
        let (site, _) = SiteModelBuilder.build(stored: [], content: content, layout: guide.layout, includeDrafts: false)
        let theme = Theme.load(templates: guide.layout.templates, boundary: GuideBoundary(guide.layout)).0.prepared()
        let siteFiles = SiteFiles(renderer: SiteRenderer(site: site, theme: theme), restaurantPages: site.restaurants.map(\.digest),
                                  terms: TermIndex(site), sitemapLimit: 4)
        let paths = (0..<siteFiles.count).map(siteFiles.path)
        let files = Dictionary(uniqueKeysWithValues: paths.indices.map { (paths[$0], String(decoding: siteFiles.bytes($0), as: UTF8.self)) })
        let index = try #require(files["sitemap.xml"])
        #expect(index.contains("<sitemapindex"))
        let parts = files.keys.filter { $0.hasPrefix("sitemap-") }.sorted()
        #expect(parts == ["sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml"])
        #expect(index.components(separatedBy: "<sitemap>").count - 1 == parts.count)
        let urls = parts.flatMap { files[$0]!.components(separatedBy: "<loc>").dropFirst() }
        // Every HTML page but the not-found and offline pages and My guide (each visitor's own).
        #expect(urls.count == paths.filter {
            $0.hasSuffix(".html") && !["404.html", "offline.html", "my-guide/index.html"].contains($0)
        }.count)
        #expect(parts.map { files[$0]!.components(separatedBy: "<url>").count - 1 } == [4, 4, 1])
    }
}
