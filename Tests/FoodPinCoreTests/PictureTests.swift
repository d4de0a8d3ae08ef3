import CVips
import Foundation
import Testing
@testable import FoodPinCore
import FoodPinBase

/// Pictures built into real guides from the fixtures of scripts/make-test-pictures.py, and the
/// published files read back with libvips.
@Suite struct PictureTests {
    static let fixtures = Fixtures.repository.appending(path: "Tests/Fixtures/pictures")

    /// A guide with one restaurant whose front matter ends with `fields`, and the given fixtures in Content/images/.
    func guide(_ fields: String, pictures: [String: String], siteYAML: String = "title: T\n") throws -> TestGuide {
        let guide = try TestGuide(siteYAML: siteYAML)
        for (target, fixture) in pictures {
            let url = guide.root.appending(path: "Content/images/\(target)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Self.fixtures.appending(path: fixture), to: url)
        }
        try guide.write("Content/restaurants/plate.md", "---\nname: The Plate\n\(fields)---\nGood food.\n")
        return guide
    }

    /// The published files of a picture, by name, from the page's `<img src>` folder.
    func published(_ guide: TestGuide, stem: String) throws -> [String] {
        let folders = try FileManager.default.contentsOfDirectory(atPath: guide.output.appending(path: "pictures").path)
        return try folders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: guide.output.appending(path: "pictures/\(folder)").path)
                .filter { $0.hasPrefix(stem + "-") }
        }.sorted()
    }

    struct Header {
        var width: Int, height: Int, bands: Int, interpretation: VipsInterpretation, format: VipsBandFormat
        var fields: [String]
    }

    func header(_ path: String) throws -> Header {
        let image = try #require(foodpin_open(path))
        defer { g_object_unref(image) }
        var names: [String] = []
        if let fields = vips_image_get_fields(image) {
            var index = 0
            while let name = fields[index] { names.append(String(cString: name)); index += 1 }
            g_strfreev(fields)
        }
        return Header(width: Int(vips_image_get_width(image)), height: Int(vips_image_get_height(image)),
                      bands: Int(vips_image_get_bands(image)), interpretation: vips_image_get_interpretation(image),
                      format: vips_image_get_format(image), fields: names)
    }

    func file(_ guide: TestGuide, _ name: String) throws -> String {
        let folders = try FileManager.default.contentsOfDirectory(atPath: guide.output.appending(path: "pictures").path)
        for folder in folders {
            let path = guide.output.appending(path: "pictures/\(folder)/\(name)").path
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name])
    }

    @Test func aSidewaysCameraPhotoIsPublishedUprightInEveryWidthWithoutItsGPSPosition() throws {
        // The fixture has what must go: a GPS position and an orientation tag.
        let source = try header(Self.fixtures.appending(path: "sideways-gps.jpg").path)
        #expect(source.fields.contains { $0.contains("GPS") } && source.fields.contains("orientation"))
        let guide = try guide("image: images/sideways.jpg\n", pictures: ["sideways.jpg": "sideways-gps.jpg"])
        let report = try guide.build()
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(report.picturesProcessed == 1)
        // Stored 1200 × 800 with orientation 6: shown 800 × 1200, so widths 320, 640 and its own 800.
        #expect(try published(guide, stem: "sideways") == [
            "sideways-320w.jpg", "sideways-320w.webp", "sideways-640w.jpg", "sideways-640w.webp",
            "sideways-800w.jpg", "sideways-800w.webp", "sideways-preview.jpg",
        ])
        for (width, height) in [(320, 480), (640, 960), (800, 1200)] {
            for format in ["jpg", "webp"] {
                let found = try header(try file(guide, "sideways-\(width)w.\(format)"))
                #expect((found.width, found.height) == (width, height), "sideways-\(width)w.\(format)")
                #expect(!found.fields.contains { $0.contains("GPS") }, "GPS left in sideways-\(width)w.\(format): \(found.fields)")
                #expect(!found.fields.contains("icc-profile-data"))
            }
        }
        // Turned upright, in both formats: the blue mark stored top-left is now top-right (a viewer
        // turning it again by a tag left behind would put it elsewhere).
        for name in ["sideways-320w.jpg", "sideways-320w.webp"] {
            let image = try #require(foodpin_open(try file(guide, name)))
            defer { g_object_unref(image) }
            var orientation: Int32 = 1
            if vips_image_get_typeof(image, "orientation") != 0 { vips_image_get_int(image, "orientation", &orientation) }
            #expect(orientation == 1, "\(name)")
            for (x, y, blue) in [(315, 5, true), (5, 5, false)] {
                var values: UnsafeMutablePointer<Double>?
                var count: Int32 = 0
                #expect(foodpin_getpoint(image, &values, &count, Int32(x), Int32(y)) == 0)
                #expect((values![2] > 200 && values![0] < 120) == blue, "\(name) pixel \(x),\(y)")
                g_free(values)
            }
        }
        let page = try guide.page("restaurants/plate/index.html")
        #expect(page.contains("width=\"800\" height=\"1200\" loading=\"eager\" decoding=\"async\""))
        #expect(page.contains("<source type=\"image/webp\" srcset=\"../../pictures/"))
        #expect(page.contains("sideways-320w.webp 320w, ../../pictures/"))
        // The original, with its GPS position, is never published.
        #expect(!guide.exists("images/sideways.jpg"))
    }

    /// Orc's SIMD is used only where Orc is 0.4.34 or later (Debian 12's 0.4.33 crashed in CI).
    @Test(arguments: [("0.4.33", false), ("0.4.34", true), ("0.4.34.1", true), ("0.4.40", true), ("0.5.0", true),
                      ("1.0.0", true), ("0.4", false), ("", false), ("orc", false), ("0.3.99", false)])
    func orcIsTrustedFromVersion0434(version: String, trusted: Bool) {
        #expect((foodpin_orc_version_is_thread_safe(version) != 0) == trusted)
    }

    @Test func smallPicturesAreNeverEnlarged() throws {
        let guide = try guide("image: images/small.jpg\n", pictures: ["small.jpg": "small.jpg"])
        #expect(try guide.build().succeeded)
        #expect(try published(guide, stem: "small") == ["small-200w.jpg", "small-200w.webp", "small-preview.jpg"])
        let page = try guide.page("restaurants/plate/index.html")
        #expect(page.contains("srcset=\"../../pictures/") && page.contains("small-200w.jpg 200w\""))
        #expect(page.contains("width=\"200\" height=\"150\""))
    }

    @Test func transparencyIsKeptInWebPAndFlattenedOnWhiteInJPEG() throws {
        let guide = try guide("image: images/alpha.png\n", pictures: ["alpha.png": "alpha.png"])
        #expect(try guide.build().succeeded)
        let webp = try header(try file(guide, "alpha-300w.webp"))
        let jpeg = try header(try file(guide, "alpha-300w.jpg"))
        #expect(webp.bands == 4)
        #expect(jpeg.bands == 3)
        // The corner is transparent in the PNG: white in the JPEG, not black.
        let image = try #require(foodpin_open(try file(guide, "alpha-300w.jpg")))
        defer { g_object_unref(image) }
        var values: UnsafeMutablePointer<Double>?
        var count: Int32 = 0
        #expect(foodpin_getpoint(image, &values, &count, 2, 2) == 0)
        #expect(count == 3 && values![0] > 245 && values![1] > 245 && values![2] > 245)
        g_free(values)
    }

    @Test func cmykBecomesEightBitSRGBAndSixteenBitGreyEightBitGrey() throws {
        let guide = try guide("photos:\n  - {src: images/cmyk.jpg, alt: Ink}\n  - {src: images/deep.png, alt: Grey}\n",
                              pictures: ["cmyk.jpg": "cmyk.jpg", "deep.png": "sixteen-bit.png"])
        let report = try guide.build()
        #expect(report.succeeded, "\(report.diagnostics)")
        for name in ["cmyk-400w.jpg", "cmyk-400w.webp"] {
            let found = try header(try file(guide, name))
            #expect(found.interpretation == VIPS_INTERPRETATION_sRGB && found.format == VIPS_FORMAT_UCHAR && found.bands == 3, "\(name)")
        }
        for name in ["deep-320w.jpg", "deep-320w.webp"] {
            let found = try header(try file(guide, name))
            #expect(found.format == VIPS_FORMAT_UCHAR && [VIPS_INTERPRETATION_B_W, VIPS_INTERPRETATION_sRGB].contains(found.interpretation), "\(name)")
        }
    }

    @Test func badPicturesAreErrorsAtTheFieldNamingThem() throws {
        let guide = try guide("""
            image: images/cut.jpg
            photos:
              - {src: images/note.jpg, alt: A note}
              - {src: images/bomb.png, alt: A bomb}
              - {src: images/iphone.jpg, alt: A HEIC named .jpg}
              - {src: images/damaged.jpg, alt: Damaged data}

            """, pictures: ["cut.jpg": "truncated.jpg", "note.jpg": "not-a-picture.jpg", "bomb.png": "bomb.png",
                            "iphone.jpg": "heic-named.jpg", "damaged.jpg": "damaged.jpg"])
        let report = try guide.build()
        #expect(!report.succeeded)
        let errors = report.diagnostics.filter { $0.severity == .error }.map {
            "\(($0.location.path as NSString).lastPathComponent):\($0.location.line):\($0.location.column): \($0.message)"
        }
        #expect(errors.count == 5, "\(errors)")
        #expect(errors.contains("plate.md:7:11: picture \"images/iphone.jpg\" is a HEIC file; use JPEG, PNG, WebP, GIF or AVIF"))
        // libvips keeps one error text per process: with other tests' pictures decoded side by side, the detail may be theirs.
        #expect(errors.contains { $0.hasPrefix("plate.md:8:11: picture \"images/damaged.jpg\" is damaged or cut short: ") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("plate.md:3:8: picture \"images/cut.jpg\" is damaged or cut short: ") })
        #expect(errors.contains("plate.md:5:11: \"images/note.jpg\" is not a picture: its bytes are not JPEG, PNG, WebP, GIF or AVIF"))
        #expect(errors.contains("plate.md:6:11: picture \"images/bomb.png\" is 50000 × 50000 pixels, over the limit of 100000000 pixels; it was not decoded"))
        // Nothing was published.
        #expect(!FileManager.default.fileExists(atPath: guide.output.path))
    }

    @Test func thePixelLimitIsASetting() throws {
        let guide = try guide("image: images/wide.jpg\n", pictures: ["wide.jpg": "wide.jpg"],
                              siteYAML: "title: T\npicture_max_pixels: 1000000\n")
        let report = try guide.build()
        #expect(report.diagnostics.map(\.message) == [
            "picture \"images/wide.jpg\" is 2400 × 1600 pixels, over the limit of 1000000 pixels; it was not decoded",
        ])
    }

    @Test func anUnchangedPictureIsNeverProcessedAgainAndAChangedOneReplacesItsCacheEntry() throws {
        let guide = try guide("image: images/dish.jpg\n", pictures: ["dish.jpg": "wide.jpg"])
        #expect(try guide.build().picturesProcessed == 1)
        // A text edit: the site is rebuilt, the picture comes from the cache.
        try guide.write("Content/restaurants/plate.md", "---\nname: The Plate\nimage: images/dish.jpg\n---\nBetter food.\n")
        let second = try guide.build()
        #expect((second.picturesProcessed, second.picturesReused) == (0, 1))
        let cache = guide.root.appending(path: ".foodpin-cache/pictures")
        let before = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0 != "index" }
        #expect(before.count == 1)
        // Another photo under the same name: processed, published under a new key, the old entry removed.
        try guide.remove("Content/images/dish.jpg")
        try FileManager.default.copyItem(at: Self.fixtures.appending(path: "small.jpg"), to: guide.root.appending(path: "Content/images/dish.jpg"))
        let third = try guide.build()
        #expect((third.picturesProcessed, third.picturesReused) == (1, 0))
        let after = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0 != "index" }
        #expect(after.count == 1 && after != before)
        #expect(try published(guide, stem: "dish") == ["dish-200w.jpg", "dish-200w.webp", "dish-preview.jpg"])
        // A cache entry cut short (a crash while writing) is made again rather than published.
        let entry = cache.appending(path: after[0])
        try Data().write(to: entry.appending(path: "200.jpg"))
        try guide.write("Content/restaurants/plate.md", "---\nname: The Plate\nimage: images/dish.jpg\n---\nBest food.\n")
        #expect(try guide.build().picturesProcessed == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: try file(guide, "dish-200w.jpg"))).count > 1000)
    }

    @Test func aGalleryJoinsPhotosAndTheRestaurantsFolderWithAltTextRequired() throws {
        let guide = try guide("""
            photos:
              - {src: images/plate/b.jpg, alt: The lunch plate, caption: "Lunch, every day"}
              - images/small.jpg

            """, pictures: ["plate/b.jpg": "wide.jpg", "plate/a.png": "alpha.png", "small.jpg": "small.jpg"])
        let report = try guide.build()
        #expect(report.succeeded)
        let warnings = report.diagnostics.map {
            "\(($0.location.path as NSString).lastPathComponent):\($0.location.line):\($0.location.column): \($0.message)"
        }
        #expect(warnings == ["a.png:1:1: gallery photo of The Plate has no alt text",
                             "plate.md:5:5: gallery photo \"images/small.jpg\" has no alt text"])
        let page = try guide.page("restaurants/plate/index.html")
        // Written photos first, in order, then the folder's; each a plain link to its largest JPEG.
        let alts = page.components(separatedBy: "class=\"gallery-link\"").dropFirst().map {
            $0.components(separatedBy: " alt=\"")[1].components(separatedBy: "\"")[0]
        }
        #expect(alts == ["The lunch plate", "Photo 2 of The Plate", "Photo 3 of The Plate"])
        #expect(page.contains("<figcaption>Lunch, every day</figcaption>"))
        #expect(page.contains("<h2 id=\"photos-title\">Photos <span class=\"photo-count\">(3)</span></h2>"))
        let link = try #require(page.components(separatedBy: "class=\"gallery-link\" href=\"").dropFirst().first?.components(separatedBy: "\"").first)
        #expect(link.hasSuffix("/b-1920w.jpg") && link.hasPrefix("../../pictures/"))
        #expect(guide.exists(String(link.dropFirst("../../".count))))
    }

    @Test func aLowerLimitRefusesACachedPictureAndTwinFilesArePublishedOnce() throws {
        let guide = try guide("photos:\n  - {src: images/a/dish.jpg, alt: One}\n  - {src: images/b/dish.jpg, alt: Twin}\n",
                              pictures: ["a/dish.jpg": "wide.jpg", "b/dish.jpg": "wide.jpg"])
        let first = try guide.build()
        #expect(first.succeeded, "\(first.diagnostics)")
        // Same bytes, same name: one cache entry, its ten files published once.
        #expect(try published(guide, stem: "dish").count == 10)
        try guide.write("Content/site.yml", "title: T\npicture_max_pixels: 1000000\n")
        let lowered = try guide.build()
        #expect(lowered.diagnostics.filter { $0.severity == .error }.map(\.message) == Array(repeating:
            "picture \"images/a/dish.jpg\" is 2400 × 1600 pixels, over the limit of 1000000 pixels; it was not decoded", count: 1)
            + ["picture \"images/b/dish.jpg\" is 2400 × 1600 pixels, over the limit of 1000000 pixels; it was not decoded"])
    }

    /// No EXIF, XMP, IPTC or ICC profile in any published file, WebP included (libvips 8.14 writes
    /// EXIF into WebP even when told to strip).
    @Test func noPublishedPictureCarriesMetadata() throws {
        // AVIF too where this libvips can write it (libheif with an AV1 encoder, as on Debian 12).
        let avif = PictureProcessor.canWrite(.avif)
        let guide = try guide("image: images/sideways.jpg\nphotos:\n  - {src: images/alpha.png, alt: Alpha}\n  - {src: images/cmyk.jpg, alt: Print}\n",
                              pictures: ["sideways.jpg": "sideways-gps.jpg", "alpha.png": "alpha.png", "cmyk.jpg": "cmyk.jpg"],
                              siteYAML: avif ? "title: T\npicture_formats: [avif, webp, jpeg]\n" : "title: T\n")
        #expect(try guide.build().succeeded)
        let files = try FileManager.default.subpathsOfDirectory(atPath: guide.output.appending(path: "pictures").path)
            .filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".webp") || $0.hasSuffix(".avif") }
        #expect(files.count == (avif ? 19 : 13), "\(files)")
        for file in files {
            let path = guide.output.appending(path: "pictures/\(file)").path
            let fields = try header(path).fields
            #expect(!fields.contains { ["exif-", "xmp-", "iptc-", "icc-"].contains(where: $0.hasPrefix) }, "\(file): \(fields)")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            if file.hasSuffix(".webp") { #expect(WebPMetadata.stripped(bytes) == bytes, "\(file) has a metadata chunk") }
        }
    }

    @Test func aWebPLosesItsMetadataChunksAndTheirFlags() {
        func chunk(_ name: String, _ body: [UInt8]) -> [UInt8] {
            Array(name.utf8) + withUnsafeBytes(of: UInt32(body.count).littleEndian, Array.init) + body + (body.count % 2 == 1 ? [0] : [])
        }
        let vp8x = chunk("VP8X", [0x2C, 0, 0, 0, 9, 0, 0, 9, 0, 0])
        let body = vp8x + chunk("ICCP", [1, 2, 3]) + chunk("VP8 ", [7, 7, 7, 7]) + chunk("EXIF", [5]) + chunk("XMP ", [6, 6])
        let file = Array("RIFF".utf8) + withUnsafeBytes(of: UInt32(4 + body.count).littleEndian, Array.init) + Array("WEBP".utf8) + body
        let kept = chunk("VP8X", [0, 0, 0, 0, 9, 0, 0, 9, 0, 0]) + chunk("VP8 ", [7, 7, 7, 7])
        #expect(WebPMetadata.stripped(file) == Array("RIFF".utf8) + withUnsafeBytes(of: UInt32(4 + kept.count).littleEndian, Array.init)
                + Array("WEBP".utf8) + kept)
        #expect(WebPMetadata.stripped(Array("RIFF....WEBX".utf8)) == nil)
    }

    @Test func metadataIsKeptWhenAskedAndSVGPassesThrough() throws {
        let guide = try guide("image: images/dish.jpg\nphotos:\n  - {src: images/logo.svg, alt: Logo}\n",
                              pictures: ["dish.jpg": "sideways-gps.jpg"], siteYAML: "title: T\nkeep_metadata: true\n")
        try guide.write("Content/images/logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><circle r=\"4\"/></svg>")
        #expect(try guide.build().succeeded)
        #expect(try header(try file(guide, "dish-320w.jpg")).fields.contains { $0.contains("GPS") })
        #expect(try guide.page("images/logo.svg").contains("<circle r=\"4\"/>"))
        #expect(try guide.page("restaurants/plate/index.html").contains("<img src=\"../../images/logo.svg\" alt=\"Logo\""))
    }

    @Test func linkPreviewsAre1200By630JPEGs() throws {
        let guide = try guide("image: images/dish.jpg\n", pictures: ["dish.jpg": "sideways-gps.jpg"],
                              siteYAML: "title: T\nbase_url: https://food.example/guide/\n")
        #expect(try guide.build().succeeded)
        let preview = try file(guide, "dish-preview.jpg")
        let found = try header(preview)
        #expect((found.width, found.height) == (1200, 630))
        let key = URL(fileURLWithPath: preview).deletingLastPathComponent().lastPathComponent
        let url = "https://food.example/guide/pictures/\(key)/dish-preview.jpg"
        let page = try guide.page("restaurants/plate/index.html")
        #expect(page.contains("<meta property=\"og:image\" content=\"\(url)\">\n<meta name=\"twitter:image\" content=\"\(url)\">"))
        // The list shows its first restaurant's preview.
        #expect(try guide.page("index.html").contains("<meta property=\"og:image\" content=\"\(url)\">"))
    }

    @Test func aMarkdownImageIsAPictureAndALinkGoesToItsLargestJPEG() throws {
        let guide = try guide("", pictures: ["menu.png": "alpha.png"])
        try guide.write("Content/restaurants/plate.md",
                        "---\nname: The Plate\n---\n![The *lunch* menu](images/menu.png)\n\n[Menu](images/menu.png)\n")
        #expect(try guide.build().succeeded)
        let page = try guide.page("restaurants/plate/index.html")
        let key = URL(fileURLWithPath: try file(guide, "menu-300w.jpg")).deletingLastPathComponent().lastPathComponent
        let base = "../../pictures/\(key)/menu-300w"
        #expect(page.contains("<p><picture><source type=\"image/webp\" srcset=\"\(base).webp 300w\" sizes=\"100vw\"><img src=\"\(base).jpg\" srcset=\"\(base).jpg 300w\" sizes=\"100vw\" alt=\"The lunch menu\" width=\"300\" height=\"200\" loading=\"lazy\" decoding=\"async\" style=\"background-color:#"))
        #expect(page.contains("<p><a href=\"\(base).jpg\">Menu</a></p>"))
    }
}

/// What a drawing program writes passes the SVG check; the check refuses by what could run or fetch.
@Suite struct SVGCheckTests {
    @Test func aDrawingWithGradientsMetadataAndInnerLinksPasses() {
        let drawing = """
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <!-- Created with Inkscape -->
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
             xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
             width="64" height="64" viewBox="0 0 64 64" inkscape:version="1.2">
          <metadata><rdf:RDF><rdf:Description about="plate"/></rdf:RDF></metadata>
          <defs>
            <linearGradient id="g"><stop offset="0" style="stop-color:#f80"/><stop offset="1" stop-color="#fc0"/></linearGradient>
            <style><![CDATA[ .plate { fill: url(#g); } ]]></style>
          </defs>
          <circle id="c" class="plate" cx="32" cy="32" r="30" filter="url('#blur')"/>
          <use xlink:href="#c" transform="scale(0.5)"/>
          <image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
          <text x="4" y="60">Caf&#xE9; &amp; bar</text>
          <animateTransform attributeName="transform" type="rotate" from="0" to="360" dur="3s"/>
        </svg>
        """
        #expect(SVGCheck.problem(in: Data(drawing.utf8)) == nil)
    }

    @Test func cssEscapesAndOutsideURLsAreRefused() {
        #expect(SVGCheck.unsafeCSS("fill: u\\72l(http://x)") == "a CSS escape (it can spell anything)")
        #expect(SVGCheck.unsafeCSS("fill: url( 'https://x.example/a.svg#p')") == "CSS with url() of an outside address")
        #expect(SVGCheck.unsafeCSS("fill: url(#p); stroke: URL(\"#q\")") == nil)
        #expect(SVGCheck.unsafeCSS("background: image-set('a.png' 1x)") == "CSS with image-set(")
    }

    @Test func aFileThatIsNotSVGIsRefused() {
        #expect(SVGCheck.problem(in: Data("<html xmlns=\"http://www.w3.org/1999/xhtml\"><script>x</script></html>".utf8))?.what
                == "a root element that is not <svg xmlns=\"http://www.w3.org/2000/svg\">")
        #expect(SVGCheck.problem(in: Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><g>".utf8))?.what.hasPrefix("XML that is not well-formed") == true)
    }
}
