import Foundation
import Testing
@testable import FoodPinCore
@testable import FoodPinModel
import FoodPinBase

/// The theme's words: files per language, plural forms, numbers and dates, overrides and fallbacks.
@Suite struct ThemeStringsTests {
    private func strings(_ language: String, files: [String: String] = [:], custom: String? = nil) -> (ThemeStrings, [String]) {
        var themeFiles = Theme.builtInFiles
        themeFiles.merge(files) { _, new in new }
        var customValue: FieldValue?
        if let custom, case .success(let document) = FrontMatter.parse("---\n\(custom)\n---\n", path: "site.yml") {
            customValue = document.fields.entries["strings"]?.value
        }
        let (loaded, diagnostics) = ThemeStrings.load(themeFiles: themeFiles, overridePaths: [:], language: language, custom: customValue)
        return (loaded, diagnostics.map(\.description))
    }

    @Test func theShippedLanguagesAreCompleteAndFoundByTheirTags() {
        for tag in ["en", "en-GB", "zh-Hans", "zh", "zh-CN", "ZH-cn"] {
            let (_, diagnostics) = strings(tag)
            #expect(diagnostics == [], "\(tag)")
        }
        #expect(ThemeStrings.fileName(for: "zh-CN", in: ["en", "zh-Hans"]) == "zh-Hans")
        #expect(ThemeStrings.fileName(for: "pt-BR", in: ["en", "pt"]) == "pt")
        #expect(ThemeStrings.fileName(for: "zh-TW", in: ["en", "zh-Hans"]) == nil)
    }

    @Test func countsTakeTheLanguagesPluralFormAndNumbersItsSeparator() {
        let english = strings("en").0
        #expect(english.count("count.restaurants", 1) == "1 restaurant")
        #expect(english.count("count.restaurants", 0) == "0 restaurants")
        #expect(english.count("count.restaurants", 1_234_567) == "1,234,567 restaurants")
        #expect(english.date("2024-05-01") == "1 May 2024")
        #expect(english.decimal(tenths: 45) == "4.5")
        let chinese = strings("zh-Hans").0
        #expect(chinese.count("count.restaurants", 1) == "1 家餐厅")
        #expect(chinese.count("count.reviews", 12_000) == "12,000 条评价")
        #expect(chinese.date("2026-01-20") == "2026年1月20日")
        #expect(chinese.text("rating.label", ["rating": "4.5"]) == "评分 4.5（满分 5 分）")
        // A name it has no value for, and a brace left open, stay as written.
        #expect(chinese.text("「{name}」{missing} {é {", ["name": "老张"]) == "「老张」{missing} {é {")
        #expect(!chinese.isRightToLeft)
        #expect(strings("ar").0.isRightToLeft)
    }

    /// CLDR's categories for whole numbers, checked against the examples CLDR's own chart gives.
    @Test(arguments: [
        ("en", [0: "other", 1: "one", 2: "other", 21: "other"]),
        ("fr", [0: "one", 1: "one", 2: "other", 1_000_000: "many", 2_000_000: "many", 1_000_001: "other"]),
        ("es", [0: "other", 1: "one", 1_000_000: "many"]),
        ("pt-PT", [0: "other", 1: "one"]),
        ("pl", [1: "one", 2: "few", 4: "few", 5: "many", 12: "many", 21: "many", 22: "few", 112: "many", 0: "many"]),
        ("ru", [1: "one", 21: "one", 11: "many", 2: "few", 24: "few", 14: "many", 0: "many", 111: "many", 101: "one"]),
        ("cs", [1: "one", 3: "few", 5: "other", 0: "other"]),
        ("ar", [0: "zero", 1: "one", 2: "two", 3: "few", 110: "few", 11: "many", 99: "many", 100: "other", 102: "other"]),
        ("he", [1: "one", 2: "two", 3: "other", 20: "other"]),
        ("lt", [1: "one", 21: "one", 11: "other", 2: "few", 19: "other", 10: "other"]),
        ("lv", [0: "zero", 10: "zero", 11: "zero", 1: "one", 21: "one", 2: "other"]),
        ("ro", [0: "few", 1: "one", 2: "few", 19: "few", 20: "other", 101: "few"]),
        ("cy", [0: "zero", 1: "one", 2: "two", 3: "few", 6: "many", 4: "other"]),
        ("ga", [1: "one", 2: "two", 5: "few", 9: "many", 11: "other"]),
        ("sl", [1: "one", 101: "one", 2: "two", 3: "few", 5: "other"]),
        ("zh-Hans", [1: "other", 2: "other"]),
        ("hi", [0: "one", 1: "one", 2: "other"]),
        ("is", [1: "one", 21: "one", 11: "other"]),
        ("gd", [1: "one", 11: "one", 2: "two", 12: "two", 3: "few", 19: "few", 20: "other"]),
        ("fil", [1: "one", 4: "other", 10: "one", 14: "other", 0: "one"]),
    ] as [(String, [Int: String])])
    func pluralCategoriesFollowCLDR(language: String, expected: [Int: String]) {
        let rules = PluralRules(language: language)
        for (count, category) in expected {
            #expect(rules.category(count) == category, "\(language) \(count)")
            #expect(rules.categories.contains(category))
        }
    }

    /// A Polish guide's counts take the three forms whole numbers reach (`other` is for fractions);
    /// a form its language never uses is an error at its line.
    @Test func aLanguageWithFewAndManyGetsThemAndAStrayFormIsAnError() {
        let polish = "count.restaurants:\n  one: \"{count} restauracja\"\n  few: \"{count} restauracje\"\n  many: \"{count} restauracji\"\n  other: \"{count} restauracji (other)\"\n"
        let loaded = strings("pl", files: ["strings/pl.yml": polish]).0
        #expect([1, 2, 5, 22, 25, 112].map { loaded.count("count.restaurants", $0) }
                == ["1 restauracja", "2 restauracje", "5 restauracji", "22 restauracje", "25 restauracji", "112 restauracji"])
        let (_, diagnostics) = strings("en", custom: "strings:\n  count.reviews:\n    one: \"{count} note\"\n    few: \"{count} notes\"\n    other: \"{count} notes\"\n")
        #expect(diagnostics == ["site.yml:5:10: error: `few` is not a plural form of this language\n    hint: its forms are `one`, `other`"])
    }

    @Test func aLanguageWithoutAFileIsEnglishWithAWarningAtTheLanguageLine() {
        let (loaded, diagnostics) = strings("ko")
        #expect(loaded.text("nav.restaurants") == "Restaurants")
        #expect(diagnostics == ["Content/site.yml:1:1: warning: the theme has no strings for language `ko`; its words are shown in English\n    hint: write Templates/strings/ko.yml (start from a copy of the English one), or use one of: en, zh-Hans"])
    }

    @Test func overridesReplaceSingleStringsAndUnknownOnesAreNamed() {
        let (loaded, diagnostics) = strings("en", custom: "strings:\n  nav.restaurants: Places\n  count.reviews:\n    one: \"{count} note\"\n    other: \"{count} notes\"\n  nav.restaurnts: x\n")
        #expect(loaded.text("nav.restaurants") == "Places")
        #expect(loaded.count("count.reviews", 1) == "1 note")
        #expect(loaded.count("count.reviews", 3) == "3 notes")
        #expect(diagnostics == ["site.yml:7:19: warning: unknown string `nav.restaurnts` in `strings`; it is ignored\n    hint: did you mean `nav.restaurants`?"])
    }

    @Test func aBrokenStringsFileIsLocated() {
        let (_, diagnostics) = strings("fr", files: ["strings/fr.yml": "nav.restaurants: Restaurants\ncount.reviews:\n  many: \"{count} avis\"\nnav.cities: [Villes]\n"])
        #expect(diagnostics.contains("(built-in theme)/strings/fr.yml:3:3: error: a plural string needs its `other` form"))
        #expect(diagnostics.contains("(built-in theme)/strings/fr.yml:4:13: error: a string is a text, or a mapping of plural forms; not a list"))
    }

    @Test func manyMissingStringsAreNamedWithoutAFlood() {
        let (loaded, diagnostics) = strings("fr", files: ["strings/fr.yml": "nav.restaurants: Restaurants\nnav.cities: Villes\n"])
        #expect(loaded.text("nav.cities") == "Villes")
        #expect(loaded.text("nav.cuisines") == "Cuisines")
        #expect(diagnostics.count == ThemeStrings.missingNamedOneByOne + 1)
        #expect(diagnostics[0] == "(built-in theme)/strings/fr.yml:1:1: warning: no string `browse.cities` for language `fr`; the English one is shown\n    hint: add a line `browse.cities: …` to (built-in theme)/strings/fr.yml")
        let rest = diagnostics.last!
        #expect(rest.hasPrefix("(built-in theme)/strings/fr.yml:1:1: warning: no strings for language `fr` for these \(loaded.entries.count - 2 - ThemeStrings.missingNamedOneByOne) keys either; the English ones are shown: "))
        #expect(rest.contains("`welcome.title`"))
    }

    @Test func aGuidesOwnEnglishFileChangesSingleStrings() {
        var files = Theme.builtInFiles
        files["strings/en.yml"] = "nav.cities: Towns\nnav.citis: x\n"
        let (loaded, diagnostics) = ThemeStrings.load(themeFiles: files, overridePaths: ["strings/en.yml": "Templates/strings/en.yml"],
                                                      language: "en", custom: nil)
        #expect(loaded.text("nav.cities") == "Towns")
        #expect(loaded.text("nav.restaurants") == "Restaurants")
        #expect(diagnostics.map(\.description) == ["Templates/strings/en.yml:2:12: warning: unknown string `nav.citis`; it is ignored\n    hint: did you mean `nav.cities`?"])
    }

    @Test func placeholdersAreFilledOnceSoNamesWithBracesStayAsWritten() {
        let english = strings("en").0
        #expect(english.text("title.section", ["name": "{title}", "title": "Guide"]) == "{title} — Guide")
    }

    @Test func scriptsGetOnlyTheirStrings() {
        let script = strings("zh-Hans").0.script
        #expect(script.contains("FoodPin.language = \"zh-Hans\";"))
        #expect(script.contains("\"found\":{\"other\":\"找到 {count} 家餐厅\"}"))
        #expect(!script.contains("nav.restaurants"))
        #expect(script.contains("FoodPin.numberMarks = {\"group\":\",\",\"decimal\":\".\"};\n"))
    }

    @Test func aChineseGuideIsWordedInChineseAndBadMapSettingsAreLocated() throws {
        let guide = try TestGuide(siteYAML: "title: 美食\nlanguage: zh-Hans\nmap_tiles: ftp://tiles/{z}/{x}/{y}.png\ncontribute_url: not a url\n")
        try guide.write("Content/restaurants/a.md", "---\nname: Alpha\ncity: Boston\nprice: 2\n---\n")
        let report = try guide.build()
        let site = guide.root.path + "/Content/site.yml"
        #expect(report.diagnostics.map(\.description) == [
            "\(site):3:12: error: `map_tiles` must be an http or https address with {z}, {x} and {y}; found \"ftp://tiles/{z}/{x}/{y}.png\"\n    hint: for example https://tile.openstreetmap.org/{z}/{x}/{y}.png",
            "\(site):4:17: error: `contribute_url` must be an http or https address; found \"not a url\"\n    hint: for example https://github.com/owner/guide/new/main",
        ])
        try guide.write("Content/site.yml", "title: 美食\nlanguage: zh-Hans\n")
        #expect(try guide.build().succeeded)
        let index = try guide.page("index.html")
        #expect(index.contains("<html lang=\"zh-Hans\" dir=\"ltr\">"))
        #expect(index.contains("<p class=\"lede\">A food guide · 1 家餐厅</p>"))
        #expect(index.contains("<span class=\"visually-hidden\">价格：适中</span>"))
        #expect(try guide.page("cities/boston/index.html").contains("<title>Boston — 美食</title>"))
    }
}
