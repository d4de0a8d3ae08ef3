import CVips
import Foundation
import Testing
@testable import FoodPinCore
import FoodPinBase

/// `filter:` on pictures: each filter's pixels read back from the published JPEG, against the same
/// picture published without one (small.jpg: an orange plate on a table, a blue top-left corner).
@Suite struct PhotoFilterTests {
    let pictures = PictureTests()

    /// The red, green and blue of a pixel of a published picture (a grey one's value three times).
    func pixel(_ guide: TestGuide, _ name: String, _ x: Int32, _ y: Int32) throws -> [Double] {
        try pixel(at: try pictures.file(guide, name), x, y)
    }

    func pixel(at path: String, _ x: Int32, _ y: Int32) throws -> [Double] {
        let image = try #require(foodpin_open(path))
        defer { g_object_unref(image) }
        var values: UnsafeMutablePointer<Double>?
        var count: Int32 = 0
        #expect(foodpin_getpoint(image, &values, &count, x, y) == 0)
        defer { g_free(values) }
        return (0..<3).map { values![min($0, Int(count) - 1)] }
    }

    @Test func eachFilterChangesThePixelsAsItsNameSaysAndIsProcessedOnce() throws {
        let photos = PhotoFilter.allCases.map { "  - {src: images/\($0.rawValue).jpg, alt: A plate, filter: \($0.rawValue)}\n" }
        var files = ["plain.jpg": "small.jpg"]
        for filter in PhotoFilter.allCases { files["\(filter.rawValue).jpg"] = "small.jpg" }
        let guide = try pictures.guide("image: images/plain.jpg\nphotos:\n" + photos.joined(), pictures: files)
        let first = try guide.build()
        #expect(first.succeeded, "\(first.diagnostics)")
        // Each filtered copy is also processed as it is, for Markdown, which names no filter.
        #expect(first.picturesProcessed == 13)

        let plate = (x: Int32(100), y: Int32(75)), table = (x: Int32(5), y: Int32(139)), corner = (x: Int32(5), y: Int32(5))
        // The files the page shows (each filtered copy is also published as it is, for Markdown).
        let page = try guide.page("restaurants/plate/index.html")
        func shown(_ name: String, _ format: String = "jpg") throws -> String {
            let folder = try #require(page.firstMatch(of: try Regex("pictures/([0-9a-f]+)/\(name)-200w\\.jpg"))?.output[1].substring)
            return guide.output.appending(path: "pictures/\(folder)/\(name)-200w.\(format)").path
        }
        func at(_ name: String, _ point: (x: Int32, y: Int32)) throws -> [Double] { try pixel(at: shown(name), point.x, point.y) }
        func saturation(_ rgb: [Double]) -> Double { rgb.max()! - rgb.min()! }
        let plain = try at("plain", plate)
        #expect(plain[0] > 200 && plain[2] < 70, "the plate is orange: \(plain)")
        // Mono: grey, every channel equal, in both formats.
        for point in [plate, table, corner] {
            let grey = try at("mono", point)
            #expect(grey[0] == grey[1] && grey[1] == grey[2], "\(grey)")
        }
        let webp = try pixel(at: shown("mono", "webp"), plate.x, plate.y)
        #expect(webp[0] == webp[1] && webp[1] == webp[2], "\(webp)")
        // Sepia: brown everywhere, the blue corner included.
        for point in [plate, table, corner] {
            let brown = try at("sepia", point)
            #expect(brown[0] > brown[1] && brown[1] > brown[2], "\(brown)")
        }
        // Vivid: more colourful; warm: redder; cool: bluer; fade: no deep black, no bright white.
        #expect(try saturation(at("vivid", table)) > saturation(at("plain", table)) + 10)
        let plainTable = try at("plain", table), warm = try at("warm", table), cool = try at("cool", table)
        #expect(warm[0] - warm[2] > plainTable[0] - plainTable[2] + 15)
        #expect(cool[2] - cool[0] > plainTable[2] - plainTable[0] + 15)
        let faded = try at("fade", corner), plainCorner = try at("plain", corner)
        #expect(plainCorner.min()! < 20 && faded.min()! > 30, "dark lifted: \(plainCorner) → \(faded)")
        #expect(plainCorner.max()! > 245 && faded.max()! < 240, "bright lowered: \(plainCorner) → \(faded)")

        // A second build takes every filtered picture from the cache.
        try guide.write("Content/restaurants/plate.md", try String(contentsOf: guide.root.appending(path: "Content/restaurants/plate.md"), encoding: .utf8) + "More.\n")
        let second = try guide.build()
        #expect((second.picturesProcessed, second.picturesReused) == (0, 13))
    }

    @Test func oneFileWithTwoFiltersIsTwoPicturesAndARemoteOneIsShownAsItIs() throws {
        let guide = try pictures.guide("image: {src: images/dish.jpg, filter: Sepia}\nphotos:\n  - {src: images/dish.jpg, alt: The plate}\n",
                                       pictures: ["dish.jpg": "small.jpg"])
        try guide.write("Content/restaurants/far.md", "---\nname: Far\nimage: {src: \"https://example.com/far.jpg\", filter: warm}\n---\n")
        let report = try guide.build()
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(report.picturesProcessed == 2)
        // A remote picture not fetched is shown from its host, unfiltered: said once.
        #expect(report.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" } == [
            "3:14: `filter: warm` applies only to pictures FoodPin processes; \"https://example.com/far.jpg\" is shown from its host as it is",
        ])
        let page = try guide.page("restaurants/plate/index.html")
        let sources = Set(page.matches(of: /pictures\/([0-9a-f]+)\/dish-200w\.jpg/).map { String($0.1) })
        #expect(sources.count == 2, "\(sources)")
    }

    @Test func aPictureShownOnlyFilteredStillShowsAsItIsInMarkdown() throws {
        let guide = try pictures.guide("image: {src: images/dish.jpg, filter: mono}\n", pictures: ["dish.jpg": "small.jpg"])
        try guide.write("Content/restaurants/plate.md", "---\nname: The Plate\nimage: {src: images/dish.jpg, filter: mono}\n---\n![The dish](images/dish.jpg)\n")
        #expect(try guide.build().succeeded)
        let page = try guide.page("restaurants/plate/index.html")
        let folders = Set(page.matches(of: /pictures\/([0-9a-f]+)\/dish-200w\.jpg/).map { String($0.1) })
        #expect(folders.count == 2, "the hero in grey and the Markdown picture as it is: \(folders)")
        let plates = try folders.map { try pixel(at: guide.output.appending(path: "pictures/\($0)/dish-200w.jpg").path, 100, 75) }
        #expect(plates.filter { $0[0] == $0[1] && $0[1] == $0[2] }.count == 1, "one grey, one orange: \(plates)")
    }

    @Test func anUnknownFilterOrAFilteredDrawingIsALocatedErrorAndNothingIsWritten() throws {
        let guide = try pictures.guide("image: {src: images/dish.jpg, filter: sepai}\n", pictures: ["dish.jpg": "small.jpg"])
        try guide.write("Content/images/logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><circle r=\"4\"/></svg>")
        try guide.write("Content/restaurants/drawn.md", "---\nname: Drawn\nphotos:\n  - {src: images/logo.svg, alt: Logo, filter: mono}\n---\n")
        try guide.write("Content/onboarding/1.md", "---\nstep: 1\nheading: Hi\nimage: {src: images/dish.jpg, filter: noir, alt: x}\n---\n")
        let report = try guide.build()
        let lines = report.diagnostics.map {
            "\(($0.location.path as NSString).lastPathComponent):\($0.location.line):\($0.location.column): \($0.severity): \($0.message)"
                + ($0.hint.map { " (\($0))" } ?? "")
        }
        #expect(lines.sorted() == [
            "1.md:4:50: warning: unknown field `alt` in `image`; it takes src, filter",
            "1.md:4:39: error: unknown filter \"noir\"; a filter is one of mono, sepia, vivid, warm, cool, fade",
            "plate.md:3:39: error: unknown filter \"sepai\"; a filter is one of mono, sepia, vivid, warm, cool, fade (did you mean `sepia`?)",
            "drawn.md:4:11: error: `filter: mono` cannot apply to the SVG \"images/logo.svg\": filters change photos' pixels, and an SVG is published as it is",
        ].sorted())
        #expect(!FileManager.default.fileExists(atPath: guide.output.path))
    }
}
