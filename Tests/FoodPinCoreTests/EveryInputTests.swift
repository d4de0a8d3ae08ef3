import Foundation
import Testing
@testable import FoodPinCore

/// Every input a page is made from, changed in turn between two builds: each time the incremental
/// build equals a clean one, byte for byte. The site.yml keys and restaurant fields come from the
/// code's own lists (a new one without a value here fails), the templates from the built-in theme.
@Suite struct EveryInputTests {
    /// A changed value for every key `SiteConfig` reads.
    static let siteValues: [String: String] = [
        "title": "Another Guide", "description": "Other words", "base_url": "https://example.com/guide/",
        "language": "zh-Hans", "strings": "{nav.restaurants: Places}", "page_size": "2", "unsafe_html": "true",
        "author": "Ann Author", "map_tiles": "https://tile.example.com/{z}/{x}/{y}.png", "map_attribution": "© Tiles",
        "contribute_url": "https://example.com/contribute", "picture_widths": "[320, 640]", "picture_formats": "[webp]",
        "picture_quality": "60", "keep_metadata": "true", "picture_max_pixels": "100000000", "fetch_images": "true",
        "fetch_private_addresses": "true",
    ]

    /// A value of each field's kind, other than the one the guide starts with.
    static func value(for field: RestaurantField) -> String {
        switch field.kind {
        case .text: "Changed \(field.key)"
        case .coordinate: "42.36"
        case .price: "3"
        case .list: "[Lao, Thai]"
        case .webURL: "https://example.com/\(field.key)"
        }
    }

    /// `siteYAML`: empty for the settings test, so that each of its steps changes one key only.
    private func guide(siteYAML: String = "title: T\n") throws -> TestGuide {
        // No picture on the web: `fetch_images` would go out to fetch it.
        let guide = try TestGuide(siteYAML: siteYAML)
        try guide.write("Content/cities/boston.json", #"[{"id": 1, "name": "O Ya", "city": "Boston", "lat": 42.351, "long": -71.057}, "#
                        + #"{"id": 2, "name": "Neptune", "city": "Boston", "type": "Seafood", "lat": 42.363, "long": -71.056}]"#)
        try FileManager.default.createDirectory(at: guide.root.appending(path: "Content/images"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.repository.appending(path: "Tests/Fixtures/pictures/small.jpg"),
                                         to: guide.root.appending(path: "Content/images/a.jpg"))
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\ncity: Boston\nimage: images/a.jpg\n---\nFirst <b>bold</b>.\n")
        try guide.write("Content/reviews/a/1.md", "---\nrestaurant: a\nrating: 4\n---\nGood.\n")
        #expect(try guide.build().succeeded)
        return guide
    }

    @Test func everySiteSettingChangedInTurnGivesTheCleanBuildsBytes() throws {
        #expect(Set(Self.siteValues.keys) == SiteConfig.keys)
        let guide = try guide(siteYAML: "")
        var yaml = ""
        for key in Self.siteValues.keys.sorted() {
            yaml += "\(key): \(Self.siteValues[key]!)\n"
            try guide.write("Content/site.yml", yaml)
            let report = try guide.build()
            #expect(report.succeeded, "\(key)")
            #expect(report.diagnostics.filter { $0.severity == .error } == [], "\(key)")
            #expect(try guide.snapshot() == guide.cleanSnapshot(), "\(key)")
        }
    }

    @Test func everyRestaurantFieldChangedInTurnGivesTheCleanBuildsBytes() throws {
        let guide = try guide()
        var frontMatter = "name: Alpha\ncity: Boston\nimage: images/a.jpg\n"
        for field in RestaurantField.all where field.inFrontMatter {
            frontMatter = frontMatter.split(separator: "\n").filter { !$0.hasPrefix(field.key + ":") }.joined(separator: "\n") + "\n"
            frontMatter += "\(field.key): \(Self.value(for: field))\n"
            try guide.write("Content/restaurants/a.md", "---\n\(frontMatter)---\nFirst.\n")
            #expect(try guide.build().succeeded, "\(field.key)")
            #expect(try guide.snapshot() == guide.cleanSnapshot(), "\(field.key)")
        }
    }

    @Test func everyTemplateOverriddenInTurnAndTheOverridesRemovedGiveTheCleanBuildsBytes() throws {
        let guide = try guide()
        let templates = Theme.builtInFiles.keys.filter { $0.hasSuffix(".mustache") }.sorted()
        #expect(templates.count >= SiteRenderer.requiredTemplates.count)
        for name in templates {
            try guide.write("Templates/\(name)", Theme.builtInFiles[name]! + "{{! \(name) overridden }}x\n")
            #expect(try guide.build().succeeded, "\(name)")
            #expect(try guide.snapshot() == guide.cleanSnapshot(), "\(name)")
        }
        try guide.remove("Templates")
        #expect(try guide.build().succeeded)
        #expect(try guide.snapshot() == guide.cleanSnapshot())
    }
}
