import Foundation
import Testing
@testable import FoodPinCore
import FoodPinBase

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

    @Test func scriptsRunInTheOrderTheListGivesThenTheUnlistedByName() {
        var files = Theme.builtInFiles
        files["assets/js/zz-extra.js"] = "window.extra = 1;\n"
        files["assets/js/aa-extra.js"] = "window.extra = 2;\n"
        files["scripts.txt"] = "# mine\r\nsearch-ui.js   # last of all, but listed first\r\ncore.js\n\ncore.js\nmissing.js\n"
        let theme = Theme(files: files, overrides: ["scripts.txt": "Templates/scripts.txt"])
        let (order, problems) = theme.scriptOrder()
        let unlisted = files.keys.filter { $0.hasPrefix("assets/js/") && $0 != "assets/js/search-ui.js" && $0 != "assets/js/core.js" }.sorted()
        #expect(order == ["assets/js/search-ui.js", "assets/js/core.js"] + unlisted)
        #expect(unlisted.first == "assets/js/aa-extra.js" && unlisted.last == "assets/js/zz-extra.js")
        #expect(problems.map(\.description) == [
            "Templates/scripts.txt:5:1: error: assets/js/core.js is listed twice",
            "Templates/scripts.txt:6:1: error: no script assets/js/missing.js in the theme\n    hint: name a file of Templates/assets/js/, or of the built-in theme",
        ])
        // The built-in list names every built-in script once (a name with no script would be an error).
        let builtIn = Theme(files: Theme.builtInFiles, overrides: [:]).scriptOrder()
        #expect(builtIn.1.isEmpty)
        #expect(builtIn.0.prefix(2) == ["assets/js/core.js", "assets/js/english-stemmer.js"] && builtIn.0.last == "assets/js/walkthrough.js")
        #expect(Set(builtIn.0) == Set(Theme.builtInFiles.keys.filter { $0.hasPrefix("assets/js/") && $0.hasSuffix(".js") }))
    }
}
