/// BCP 47 language tags, as `site.yml` names the guide's language.
package enum LanguageTag {
    /// A language tag's language, lowercased: `en` for `en-GB`.
    package static func primary(_ language: String) -> String {
        language.split(separator: "-").first.map { $0.lowercased() } ?? ""
    }
}
