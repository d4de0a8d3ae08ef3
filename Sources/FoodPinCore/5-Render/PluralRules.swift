import FoodPinBase
import FoodPinModel
/// CLDR's plural rules (version 46) for whole numbers, the only numbers FoodPin counts, by
/// language: the categories a language uses and which one a count takes. Browsers' `Intl.PluralRules`
/// follows the same rules, so pages and scripts agree. A language this table does not list (Cornish,
/// Tachelhit, Tamazight, Anii, and those CLDR itself does not name) counts like English.
struct PluralRules: Sendable {
    /// The categories the language uses, `other` always among them.
    let categories: Set<String>
    private let select: @Sendable (Int) -> String

    /// The category of a count (its magnitude: counts are never negative).
    func category(_ count: Int) -> String { select(Int(count.magnitude)) }

    init(language: String) {
        let primary = language.split(separator: "-").first.map { $0.lowercased() } ?? ""
        let rule = Self.byLanguage[language.lowercased()] ?? Self.byLanguage[primary] ?? Self.oneIsOne
        categories = rule.categories
        select = rule.select
    }

    private init(_ categories: [String], _ select: @escaping @Sendable (Int) -> String) {
        self.categories = Set(categories + ["other"])
        self.select = select
    }

    private static let otherOnly = PluralRules([]) { _ in "other" }
    private static let oneIsOne = PluralRules(["one"]) { $0 == 1 ? "one" : "other" }
    private static let zeroAndOne = PluralRules(["one"]) { $0 <= 1 ? "one" : "other" }
    /// French, Spanish, Italian, Portuguese, Catalan: a round million takes `many` ("1 000 000 de").
    private static func millions(oneForZero: Bool) -> PluralRules {
        PluralRules(["one", "many"]) { n in
            if n == 1 || (oneForZero && n == 0) { return "one" }
            return n != 0 && n % 1_000_000 == 0 ? "many" : "other"
        }
    }
    /// Russian, Ukrainian, Belarusian.
    private static let eastSlavic = PluralRules(["one", "few", "many"]) { n in
        let (ten, hundred) = (n % 10, n % 100)
        if ten == 1 && hundred != 11 { return "one" }
        if (2...4).contains(ten) && !(12...14).contains(hundred) { return "few" }
        return "many"
    }
    private static let polish = PluralRules(["one", "few", "many"]) { n in
        let (ten, hundred) = (n % 10, n % 100)
        if n == 1 { return "one" }
        if (2...4).contains(ten) && !(12...14).contains(hundred) { return "few" }
        return "many"
    }
    /// Czech and Slovak (`many` is for fractions only).
    private static let czech = PluralRules(["one", "few", "many"]) { n in n == 1 ? "one" : (2...4).contains(n) ? "few" : "other" }
    /// Croatian, Serbian, Bosnian.
    private static let westSouthSlavic = PluralRules(["one", "few"]) { n in
        let (ten, hundred) = (n % 10, n % 100)
        if ten == 1 && hundred != 11 { return "one" }
        return (2...4).contains(ten) && !(12...14).contains(hundred) ? "few" : "other"
    }
    private static let slovenian = PluralRules(["one", "two", "few"]) { n in
        switch n % 100 {
        case 1: "one"
        case 2: "two"
        case 3, 4: "few"
        default: "other"
        }
    }
    /// Upper and Lower Sorbian.
    private static let sorbian = slovenian
    private static let lithuanian = PluralRules(["one", "few", "many"]) { n in
        let (ten, hundred) = (n % 10, n % 100)
        if (11...19).contains(hundred) { return "other" }
        return ten == 1 ? "one" : ten >= 2 ? "few" : "other"
    }
    private static let latvian = PluralRules(["zero", "one"]) { n in
        let (ten, hundred) = (n % 10, n % 100)
        if ten == 0 || (11...19).contains(hundred) { return "zero" }
        return ten == 1 && hundred != 11 ? "one" : "other"
    }
    private static let romanian = PluralRules(["one", "few"]) { n in
        if n == 1 { return "one" }
        return n == 0 || (1...19).contains(n % 100) ? "few" : "other"
    }
    private static let arabic = PluralRules(["zero", "one", "two", "few", "many"]) { n in
        switch (n, n % 100) {
        case (0, _): "zero"
        case (1, _): "one"
        case (2, _): "two"
        case (_, 3...10): "few"
        case (_, 11...99): "many"
        default: "other"
        }
    }
    private static let hebrew = PluralRules(["one", "two"]) { n in n == 1 ? "one" : n == 2 ? "two" : "other" }
    private static let irish = PluralRules(["one", "two", "few", "many"]) { n in
        switch n {
        case 1: "one"
        case 2: "two"
        case 3...6: "few"
        case 7...10: "many"
        default: "other"
        }
    }
    private static let welsh = PluralRules(["zero", "one", "two", "few", "many"]) { n in
        switch n {
        case 0: "zero"
        case 1: "one"
        case 2: "two"
        case 3: "few"
        case 6: "many"
        default: "other"
        }
    }
    private static let maltese = PluralRules(["one", "two", "few", "many"]) { n in
        switch (n, n % 100) {
        case (1, _): "one"
        case (2, _): "two"
        case (0, _), (_, 3...10): "few"
        case (_, 11...19): "many"
        default: "other"
        }
    }
    /// Inuktitut, the Sami languages, Nama, Santali: a dual.
    private static let dual = PluralRules(["one", "two"]) { n in n == 1 ? "one" : n == 2 ? "two" : "other" }
    /// Filipino, Tagalog, Cebuano: numbers ending in 4, 6 or 9 take the other form.
    private static let filipino = PluralRules(["one"]) { n in [4, 6, 9].contains(n % 10) ? "other" : "one" }
    private static let scottishGaelic = PluralRules(["one", "two", "few"]) { n in
        switch n {
        case 1, 11: "one"
        case 2, 12: "two"
        case 3...10, 13...19: "few"
        default: "other"
        }
    }
    private static let manx = PluralRules(["one", "two", "few", "many"]) { n in
        if n % 10 == 1 { return "one" }
        if n % 10 == 2 { return "two" }
        return [0, 20, 40, 60, 80].contains(n % 100) ? "few" : "other"
    }
    private static let breton = PluralRules(["one", "two", "few", "many"]) { n in
        let (ten, hundred) = (n % 10, n % 100)
        if ten == 1 && ![11, 71, 91].contains(hundred) { return "one" }
        if ten == 2 && ![12, 72, 92].contains(hundred) { return "two" }
        if [3, 4, 9].contains(ten) && !((10...19).contains(hundred) || (70...79).contains(hundred) || (90...99).contains(hundred)) {
            return "few"
        }
        return n != 0 && n % 1_000_000 == 0 ? "many" : "other"
    }
    /// Colognian and Langi: none has a form of its own.
    private static let zeroOneOther = PluralRules(["zero", "one"]) { n in n == 0 ? "zero" : n == 1 ? "one" : "other" }
    /// Icelandic and Macedonian: 21, 31 … take the singular.
    private static let endsInOne = PluralRules(["one"]) { n in n % 10 == 1 && n % 100 != 11 ? "one" : "other" }

    private static let byLanguage: [String: PluralRules] = {
        var rules: [String: PluralRules] = [:]
        func set(_ languages: String, _ rule: PluralRules) {
            for language in languages.split(separator: " ") { rules[String(language)] = rule }
        }
        set("bm bo dz id ig ii in ja jbo jv jw kde kea km ko lkt lo ms my nqo osa sah ses sg su th to tpi vi wo yo yue zh", otherOnly)
        set("iu naq sat se sma smi smj smn sms", dual)
        set("fil tl ceb", filipino)
        set("gd", scottishGaelic)
        set("gv", manx)
        set("br", breton)
        set("ksh lag", zeroOneOther)
        set("ak am as bho bn doi fa ff gu guw hi hy kab kn ln mg nso pa pcm si ti wa zu", zeroAndOne)
        set("fr", millions(oneForZero: true))
        set("pt", millions(oneForZero: true))
        set("es it ca pt-pt vec lld scn", millions(oneForZero: false))
        set("ru uk be", eastSlavic)
        set("pl", polish)
        set("cs sk", czech)
        set("hr sr bs sh", westSouthSlavic)
        set("sl", slovenian)
        set("hsb dsb", sorbian)
        set("lt", lithuanian)
        set("lv prg", latvian)
        set("ro mo", romanian)
        set("ar ars", arabic)
        set("he iw", hebrew)
        set("ga", irish)
        set("cy", welsh)
        set("mt", maltese)
        set("is mk", endsInOne)
        return rules
    }()
}
