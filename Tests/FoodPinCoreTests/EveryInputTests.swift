import Foundation
import Testing
@testable import FoodPinCore
@testable import FoodPinModel
import FoodPinBase

/// Every input a page is made from, changed in turn between two builds: each time the incremental
/// build equals a clean one, byte for byte. The site.yml keys and restaurant fields come from the
/// code's own lists (a new one without a value here fails), the templates from the built-in theme.
@Suite struct EveryInputTests {
    /// A value other than the default for every key `SiteConfig` reads, in the order they are
    /// set (`map_tiles` before `map_attribution`, which shows only on a map).
    static let siteValues: KeyValuePairs<String, String> = [
        "title": "Another Guide", "description": "Other words", "base_url": "https://example.com/guide/",
        "language": "zh-Hans", "strings": "{nav.restaurants: Places}", "page_size": "1", "feed_size": "1", "timezone": "Europe/Paris", "unsafe_html": "true",
        "author": "Ann Author", "map_tiles": "https://tile.example.com/{z}/{x}/{y}.png", "map_attribution": "© Tiles",
        "contribute_url": "https://example.com/contribute", "picture_widths": "[100, 150]", "picture_formats": "[jpeg]",
        "picture_quality": "60", "keep_metadata": "true", "picture_max_pixels": "50000000", "fetch_images": "true",
        "fetch_private_addresses": "true", "host": "netlify",
    ]
    /// Settings this guide cannot show: its picture has no metadata, is far below the pixel limit,
    /// and none is on the web. Each is still checked to leave the same bytes as a clean build.
    static let siteKeysWithoutEffectHere: Set = ["keep_metadata", "picture_max_pixels", "fetch_images", "fetch_private_addresses"]
    /// No template shows it yet (it is kept in the store and exported).
    static let fieldsNotShown: Set = ["mobile_reserve_url"]
    static let body = "First <b>bold</b>.\n"

    /// A value of each field's kind, other than the one the guide starts with.
    static func value(for field: RestaurantField) -> String {
        switch field.kind {
        case .text: "Changed \(field.key)"
        case .coordinate: "42.36"
        case .price: "3"
        case .list: "[Lao, Thai]"
        case .webURL: "https://example.com/\(field.key)"
        case .date: "2026-03-14"
        case .hours: "{mon-fri: 11:30-14:30, sat: 18:00-01:00}"
        }
    }

    /// `siteYAML`: empty for the settings test, so that each of its steps changes one key only.
    private func guide(siteYAML: String = "title: T\n") throws -> TestGuide {
        // No picture on the web: `fetch_images` would go out to fetch it.
        let guide = try TestGuide(siteYAML: siteYAML)
        try guide.write("Content/cities/boston.json", #"[{"id": 1, "name": "O Ya", "city": "Boston", "lat": 42.351, "long": -71.057, "added": "2026-02-01"}, "#
                        + #"{"id": 2, "name": "Neptune", "city": "Boston", "type": "Seafood", "lat": 42.363, "long": -71.056, "added": "2026-02-02"}]"#)
        try FileManager.default.createDirectory(at: guide.root.appending(path: "Content/images"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.repository.appending(path: "Tests/Fixtures/pictures/small.jpg"),
                                         to: guide.root.appending(path: "Content/images/a.jpg"))
        try guide.write("Content/restaurants/a.md", "---\n\(Self.frontMatter)---\n\(Self.body)")
        try guide.write("Content/reviews/a/1.md", "---\nrestaurant: a\nrating: 4\n---\nGood.\n")
        #expect(try guide.build().succeeded)
        return guide
    }

    static let frontMatter = "name: Alpha\ncity: Boston\nimage: images/a.jpg\nlat: 42.35\nlong: -71.06\n"

    /// Builds after `change` and checks the site: changed (unless `changes` is false), and equal to a clean build's.
    private func check(_ guide: TestGuide, _ name: String, changes: Bool = true, _ change: () throws -> Void) throws {
        let before = try guide.snapshot()
        try change()
        let report = try guide.build()
        #expect(report.succeeded, "\(name)")
        let after = try guide.snapshot()
        if changes { #expect(after != before, "\(name) changed nothing on the site") }
        let clean = try guide.cleanSnapshot()
        #expect(after == clean, "\(name) \(Set(after.keys).union(clean.keys).filter { after[$0] != clean[$0] }.sorted())")
    }

    @Test func everySiteSettingChangedInTurnGivesTheCleanBuildsBytes() throws {
        #expect(Set(Self.siteValues.map(\.key)) == SiteConfig.keys)
        let guide = try guide(siteYAML: "")
        var yaml = ""
        for (key, value) in Self.siteValues {
            try check(guide, key, changes: !Self.siteKeysWithoutEffectHere.contains(key)) {
                yaml += "\(key): \(value)\n"
                try guide.write("Content/site.yml", yaml)
            }
        }
    }

    @Test func everyRestaurantFieldChangedInTurnGivesTheCleanBuildsBytes() throws {
        let guide = try guide()
        var frontMatter = Self.frontMatter
        // `image_url` comes from city files only.
        for field in RestaurantField.all where field.inFrontMatter {
            try check(guide, field.key, changes: !Self.fieldsNotShown.contains(field.key)) {
                frontMatter = frontMatter.split(separator: "\n").filter { !$0.hasPrefix(field.key + ":") }.joined(separator: "\n") + "\n"
                frontMatter += "\(field.key): \(Self.value(for: field))\n"
                try guide.write("Content/restaurants/a.md", "---\n\(frontMatter)---\n\(Self.body)")
            }
        }
    }

    @Test func aPictureFilterAddedChangedAndRemovedGivesTheCleanBuildsBytes() throws {
        let guide = try guide()
        for image in ["{src: images/a.jpg, filter: sepia}", "{src: images/a.jpg, filter: mono}", "images/a.jpg"] {
            try check(guide, image) {
                let frontMatter = Self.frontMatter.replacingOccurrences(of: "images/a.jpg", with: image)
                try guide.write("Content/restaurants/a.md", "---\n\(frontMatter)---\n\(Self.body)")
            }
        }
    }

    @Test func everyTemplateOverriddenInTurnAndTheOverridesRemovedGiveTheCleanBuildsBytes() throws {
        let guide = try guide()
        let templates = Theme.builtInFiles.keys.filter { $0.hasSuffix(".mustache") }.sorted()
        #expect(templates.count >= SiteRenderer.requiredTemplates.count)
        for name in templates {
            // The empty state shows only in a guide without restaurants.
            try check(guide, name, changes: name != "empty.mustache") {
                try guide.write("Templates/\(name)", Theme.builtInFiles[name]! + "{{! \(name) overridden }}x\n")
            }
        }
        try check(guide, "no overrides") { try guide.remove("Templates") }
    }
}
