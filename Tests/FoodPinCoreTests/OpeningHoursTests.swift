import Foundation
import Testing
@testable import FoodPinCore
@testable import FoodPinModel
import FoodPinBase

/// `hours` read from front matter and city files, and shown: the week, the compact form the
/// page's script reads, JSON-LD.
@Suite struct OpeningHoursTests {
    func parsed(_ pairs: [(String, String)]) -> Result<OpeningHours, OpeningHours.Problem> {
        OpeningHours.parse(pairs.map { (key: $0.0, value: $0.1) })
    }

    @Test func daysRangesPastMidnightAndExceptionsAreRead() throws {
        let hours = try parsed([("mon-fri", "11:30-14:30, 18:00-22:00"), ("Saturday", "18:00-01:00"), ("sun", "closed"),
                                ("2026-12-31", "18:00-02:00"), ("2026-12-25", "closed")]).get()
        #expect(hours.compact
                == "690-870,1080-1320|=|=|=|=|1080-1500| 2026-12-25= 2026-12-31=1080-1560")
        // A range that wraps the week, a list, `daily`, 24 hours, 24:00 as a closing time; unnamed days are closed.
        #expect(try parsed([("fri-mon", "9:00-24:00"), ("wed", "24h")]).get().compact
                == "540-1440||0-1440||540-1440|=|=")
        #expect(try parsed([("daily", "07:00-11:00")]).get().compact == "420-660|=|=|=|=|=|=")
        #expect(try parsed([("tue, thu", "10:00-12:00")]).get().week.map(\.count) == [0, 1, 0, 1, 0, 0, 0])
        // The store's form reads back the same.
        #expect(OpeningHours(lines: hours.lines) == hours)
    }

    @Test(arguments: [
        ([("mon-fry", "10:00-12:00")], 0, "unknown day \"fry\" in `hours`; days are mon, tue, wed, thu, fri, sat, sun, ranges like mon-fri, daily, or a date YYYY-MM-DD"),
        ([("mon", "25:00-26:00")], 0, "`25:00-26:00` in `hours` is not a time range like 11:30-14:30 (00:00 to 24:00), `closed` or `24h`"),
        ([("mon", "10:00-10:00")], 0, "`10:00-10:00` in `hours` opens and closes at the same time"),
        ([("mon", "11:00-15:00, 14:00-18:00")], 0, "`11:00-15:00` and `14:00-18:00` overlap in `hours`"),
        ([("mon-fri", "10:00-12:00"), ("wed", "closed")], 1, "`wed` is given twice in `hours` (also by `mon-fri`)"),
        ([("fri", "18:00-03:00"), ("sat", "01:00-05:00")], 1, "`fri 18:00-03:00` runs past midnight into `sat 01:00-05:00`"),
        ([("mon", "10:00")], 0, "`10:00` in `hours` is not a time range like 11:30-14:30 (00:00 to 24:00), `closed` or `24h`"),
        ([("2026-02-30", "closed")], 0, "`2026-02-30` in `hours` is not a real date written YYYY-MM-DD"),
        ([("mon", "closed"), ("tue", " ")], 1, "a day in `hours` needs times like 11:30-14:30, `closed` or `24h`"),
        ([("mon", "10:00-12:00,")], 0, "`10:00-12:00,` in `hours` has an empty time between commas"),
    ])
    func badHoursAreRefusedAtTheirPair(pairs: [(String, String)], entry: Int, message: String) {
        guard case .failure(let problem) = parsed(pairs) else { Issue.record("accepted \(pairs)"); return }
        #expect(problem.entry == entry && problem.message == message)
    }

    @Test func aGuideShowsTheWeekTheScriptsFormAndJSONLD() throws {
        let guide = try TestGuide(siteYAML: "title: T\ntimezone: America/New_York\n")
        try guide.write("Content/restaurants/late.md", """
            ---
            name: Late
            hours:
              mon-thu: 17:00-23:00
              fri-sat: 17:00-02:00
              2026-12-25: closed
            ---

            """)
        let report = try guide.build()
        #expect(report.succeeded && report.diagnostics.isEmpty, "\(report.diagnostics)")
        let page = try guide.page("restaurants/late/index.html")
        #expect(page.contains("<table><tr><th>Monday – Thursday</th><td>17:00–23:00</td></tr><tr><th>Friday – Saturday</th><td>17:00–02:00</td></tr><tr><th>Sunday</th><td>Closed</td></tr></table>"))
        #expect(page.contains("<li><time datetime=\"2026-12-25\">25 December 2026</time>: Closed</li>"))
        #expect(page.contains("data-timezone=\"America/New_York\""))
        #expect(page.contains(#""openingHoursSpecification":[{"@type":"OpeningHoursSpecification","dayOfWeek":["Monday","Tuesday","Wednesday","Thursday"],"opens":"17:00","closes":"23:00"},{"@type":"OpeningHoursSpecification","dayOfWeek":["Friday","Saturday"],"opens":"17:00","closes":"02:00"},{"@type":"OpeningHoursSpecification","validFrom":"2026-12-25","validThrough":"2026-12-25","opens":"00:00","closes":"00:00"}]"#))
        let compact = "1020-1380|=|=|=|1020-1560|=| 2026-12-25="
        #expect(try guide.page("index.html").contains("<p class=\"open-status\" data-hours=\"\(compact)\"></p>"))
        #expect(try guide.page("search.json").contains("\"hours\":true"))
        #expect(try guide.page("search/attributes/0.json").contains("\"hours\":[\"\(compact)\"]"))
    }

    @Test func badHoursAndZonesAreLocatedErrorsInFrontMatterSiteYMLAndCityFiles() throws {
        let guide = try TestGuide(siteYAML: "title: T\ntimezone: America/New_Yrok\n")
        try guide.write("Content/restaurants/a.md", "---\nname: A\nhours:\n  mon: 10:00-12:00\n  tue: 9:00-25:00\n---\n")
        try guide.write("Content/cities/x.json", #"[{"id": 1, "name": "B", "hours": {"mon": "10:00-12:00", "mun": "closed"}}]"#)
        let report = try guide.build()
        let lines = report.diagnostics.map {
            "\(($0.location.path as NSString).lastPathComponent):\($0.location.line):\($0.location.column): \($0.severity): \($0.message)"
                + ($0.hint.map { " (\($0))" } ?? "")
        }
        #expect(lines == [
            "x.json:1:64: error: unknown day \"mun\" in `hours`; days are mon, tue, wed, thu, fri, sat, sun, ranges like mon-fri, daily, or a date YYYY-MM-DD (did you mean `mon`?)",
            "a.md:5:8: error: `9:00-25:00` in `hours` is not a time range like 11:30-14:30 (00:00 to 24:00), `closed` or `24h`",
            "site.yml:2:11: error: `timezone` must be an IANA time zone name like America/New_York or Europe/Paris; found \"America/New_Yrok\" (did you mean `America/New_York`?)",
        ])
        #expect(!guide.exists("index.html"))
    }

    @Test func hoursSurviveTheStoreAndItsExport() throws {
        let guide = try TestGuide(siteYAML: "title: T\ntimezone: Europe/Paris\n")
        try guide.write("Content/cities/x.json", #"[{"id": 1, "name": "B", "city": "X", "hours": {"mon-fri": "12:00-14:00", "sat": "19:00-01:00"}}]"#)
        #expect(try guide.build().succeeded)
        let stored = try GuideStore(url: guide.layout.store).allRestaurants()
        #expect(stored.first?.facts.hours.map(\.compact) == "720-840|=|=|=|=|1140-1500|")
        let exported = StoreExport.json(stored)
        #expect(exported.contains(#""hours": {"mon": "12:00-14:00", "tue": "12:00-14:00", "wed": "12:00-14:00", "thu": "12:00-14:00", "fri": "12:00-14:00", "sat": "19:00-01:00", "sun": "closed"}"#))
    }
}
