import Foundation
import Testing
@testable import FoodPinCore
import FoodPinBase

/// The editor's and the publisher's slips, each answered in plain words through the `foodpin`
/// binary: a port in use, a site without its address, a review of the future or of a name, a
/// mistyped time zone.
struct EditorSlipTests {
    let cli = CommandLineTests()

    @Test func serveOnAPortInUseSaysSoAndWritesNothing() throws {
        // A port held by a listening socket of this test.
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(holder) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(holder, $0, length) == 0 && listen(holder, 1) == 0
                && getsockname(holder, $0, &length) == 0 }
        }
        #expect(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: A\n---\n")
        let before = try FileManager.default.contentsOfDirectory(atPath: guide.root.path).sorted()
        let run = try cli.foodpin(["serve", "--port", String(port)], in: guide.root)
        #expect(run.status == 2)
        #expect(run.stderr == """
            127.0.0.1:\(port): error: cannot serve here: another program is using port \(port)
                hint: choose another port with --port, or --port 0 for any free one

            """)
        // Not built first: no site, no lock, no build state.
        #expect(try FileManager.default.contentsOfDirectory(atPath: guide.root.path).sorted() == before)
    }

    @Test func deployWarnsOfASiteBuiltWithoutABaseURL() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/a.md", "---\nname: A\n---\n")
        let target = try guide.makeOutsideFolder("www")
        #expect(try cli.foodpin(["build"], in: guide.root).status == 0)
        let plain = try cli.foodpin(["deploy", "file://\(target.path)"], in: guide.root)
        #expect(plain.status == 0)
        #expect(plain.stderr == """
            Output: warning: this site was built without a base URL: it has no sitemap.xml, and its canonical links, feeds and robots.txt name no address
                hint: build with --base-url https://… (or base_url in site.yml) and deploy again

            """)
        // A sub-folder's robots.txt is never read by crawlers: the build says so, and what to do.
        let subFolder = try cli.foodpin(["build", "--base-url", "https://example.org/guide/"], in: guide.root)
        #expect(subFolder.status == 0)
        #expect(subFolder.stderr == """
            Content/site.yml:1:1: warning: the base URL https://example.org/guide/ is a sub-folder: its robots.txt is published at /guide/robots.txt, where crawlers do not read it
                hint: to point crawlers at the sitemap, add `Sitemap: https://example.org/guide/sitemap.xml` to the robots.txt at the host's root

            """)
        let addressed = try cli.foodpin(["deploy", "file://\(target.path)"], in: guide.root)
        #expect(addressed.status == 0 && addressed.stderr == "")
        #expect(try cli.foodpin(["build", "--base-url", "https://guide.example.org/"], in: guide.root).stderr == "")
    }

    @Test func newReviewRefusesADayToComeAndPointsFromANameToItsFile() throws {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/harbor.md", "---\nname: Harbor Noodle Bar\n---\n")
        let before = try guide.snapshot()
        let future = try cli.foodpin(["new", "review", "--restaurant", "harbor", "--rating", "4", "--date", "2999-01-01"], in: guide.root)
        #expect(future.status == 2)
        #expect(future.stderr.hasPrefix("error: --date 2999-01-01 is after today ("))
        #expect(future.stderr.hasSuffix("); nothing was written\n    hint: give the day of the visit\n"))
        let named = try cli.foodpin(["new", "review", "--restaurant", "harbor noodle bar", "--rating", "4", "--date", "2024-02-28"], in: guide.root)
        #expect(named.status == 2)
        #expect(named.stderr == """
            Content/reviews/harbor-noodle-bar/2024-02-28-review.md:2:13: error: review of an unknown restaurant "harbor noodle bar"
                hint: a review names its restaurant by id or file name: `harbor` is named "Harbor Noodle Bar"
            Content/reviews/harbor-noodle-bar/2024-02-28-review.md: error: the next build would refuse this file (1 error); nothing was written

            """)
        #expect(try guide.snapshot() == before)
    }

    @Test func aMistypedTimeZoneIsOneMessage() throws {
        let guide = try TestGuide(siteYAML: "title: T\ntimezone: Europe/Lisbn\n")
        try guide.write("Content/restaurants/h.md", "---\nname: H\nhours:\n  mon: 09:00-17:00\n---\n")
        let check = try cli.foodpin(["check"], in: guide.root)
        #expect(check.status == 1)
        #expect(check.stderr == """
            Content/site.yml:2:11: error: `timezone` must be an IANA time zone name like America/New_York or Europe/Paris; found "Europe/Lisbn"
                hint: did you mean `Europe/Lisbon`?
            Check found 1 error.

            """)
    }
}
