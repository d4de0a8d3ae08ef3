import Foundation
import Testing
@testable import FoodPinCore

/// The theme's assets: published under names that change with their bytes, and the colours read from its CSS.
@Suite struct ThemeAssetTests {
    @Test func aStylesheetNamesItsPicturesByTheirPublishedNames() {
        let names = ["assets/pin.svg": "assets/pin.0123abcd.svg", "assets/icons/star.svg": "assets/icons/star.99aa00ff.svg"]
        let css = #".a{background:url(pin.svg)} .b{mask:url(icons/star.svg) no-repeat} .c{background:url("data:x;a)") url(other.png)} .d{content:"url("#
        #expect(Theme.renamingURLs(in: css, names)
            == #".a{background:url(pin.0123abcd.svg)} .b{mask:url(icons/star.99aa00ff.svg) no-repeat} .c{background:url("data:x;a)") url(other.png)} .d{content:"url("#)
    }

    @Test func theBuiltInStylesheetIsPublishedWithItsPicturesRenamed() throws {
        let loaded = Theme(files: Theme.builtInFiles, overrides: [:]).prepared()
        let stylesheet = try #require(loaded.assets.names["assets/site.css"])
        let css = String(decoding: try #require(loaded.assets.files[stylesheet]), as: UTF8.self)
        let pin = try #require(loaded.assets.names["assets/pin.svg"])
        #expect(css.contains("url(\(pin.dropFirst("assets/".count)))"))
        #expect(!css.contains("url(pin.svg)"))
    }

    @Test func aColourIsTheFirstValueGivenToItsVariable() {
        let css = ":root { --theme-color-dark: #000; --theme-color :  #c2410c ; --paper:#fff }\n@media (prefers-color-scheme: dark) { :root { --theme-color: #fb923c; } }"
        #expect(Theme.cssVariable("--theme-color", in: css) == "#c2410c")
        #expect(Theme.cssVariable("--paper", in: css) == "#fff")
        #expect(Theme.cssVariable("--ink", in: css) == nil)
        #expect(Theme.cssVariable("--paper", in: "--paper: <b>;") == nil)
        // Spaces before the colon as a regular expression's `\s` has them: a no-break space, not a vertical tab.
        #expect(Theme.cssVariable("--paper", in: "--paper\u{A0}\t: #eee;") == "#eee")
        #expect(Theme.cssVariable("--paper", in: "--paper\u{0B}: #eee;") == nil)
    }
}
