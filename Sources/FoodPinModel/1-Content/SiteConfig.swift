import Foundation
import FoodPinBase

/// Hosts that read `_headers` (cache and security headers by path) and `_redirects` from the site.
public enum StaticHost: String, Sendable, CaseIterable {
    case netlify, cloudflare
}

/// Settings from `Content/site.yml`.
public struct SiteConfig: Sendable, Equatable {
    public var title = "FoodPin"
    public var description = "A food guide"
    public var baseURL: BaseURL?
    public var language = "en"
    public var pageSize = 24
    /// How many entries each feed lists.
    public var feedSize = 50
    /// The IANA time zone opening hours are read in (`America/New_York`); nil: the visitor's own.
    public var timezone: String?
    /// site.yml named a zone that is none (its error said so): no warning that it names none.
    /// A build with that error stops, so no state keeps it.
    public var timezoneRefused = false
    public var unsafeHTML = false
    public var author: String?
    public var pictures = PictureSettings()
    /// A tile server for city maps (`{z}`, `{x}`, `{y}` filled in) and the credit it asks for.
    public var mapTiles: String?
    public var mapAttribution: String?
    /// Where the review form proposes new files: a repository's "new file" page, like
    /// https://github.com/owner/guide/new/main; nil means the form only makes the file.
    public var contributeURL: String?
    /// The static host named in `host:`: the build adds the files it reads (`_headers`, `_redirects`).
    public var host: StaticHost?
    /// site.yml's `strings`: single theme strings the guide words its own way.
    package var stringOverrides: FieldValue?
    /// Where `language` is written, for the warning when the theme has no strings for it.
    package var languageLocation: SourceLocation?

    public init() {}

    /// Reads site.yml; a missing file means the defaults.
    package static func load(from url: URL, displayPath: String, boundary: GuideBoundary) -> (SiteConfig, [Diagnostic]) {
        let config = SiteConfig()
        if let refusal = boundary.refusal(of: url.path, shownAs: displayPath) { return (config, [refusal]) }
        guard let data = FileManager.default.contents(atPath: url.path) else { return (config, []) }
        guard let text = String(data: data, encoding: .utf8) else {
            return (config, [.error(at: SourceLocation(path: displayPath), "site.yml is not UTF-8 text")])
        }
        switch FrontMatter.parseYAMLFile(text, path: displayPath) {
        case .failure(let diagnostic):
            return (config, [diagnostic])
        case .success(let document):
            var fields = document.fields
            let read = read(&fields)
            fields.warnAboutUnknownFields(kind: "site.yml")
            return (read, fields.diagnostics)
        }
    }

    /// Every key site.yml may hold: those `read` asks for (reading an empty file asks for them all).
    package static var keys: Set<String> {
        var fields = FieldReader(path: "site.yml", entries: [], fallback: SourceLocation(path: "site.yml"))
        _ = read(&fields)
        return fields.knownKeys
    }

    private static func read(_ fields: inout FieldReader) -> SiteConfig {
        var config = SiteConfig()
        if let title = fields.string("title") { config.title = title }
        if let description = fields.string("description") { config.description = description }
        if let base = fields.string("base_url") {
            if let url = BaseURL(base) { config.baseURL = url } else {
                fields.error("base_url", BaseURL.problem(base, name: "`base_url`"))
            }
        }
        if let language = fields.string("language") {
            if language.range(of: #"^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$"#, options: .regularExpression) != nil {
                config.language = language
                config.languageLocation = fields.location("language")
            } else {
                fields.error("language", "`language` must be a language tag like en, zh-Hans or pt-BR; found \"\(language)\"")
            }
        }
        config.stringOverrides = fields.entries["strings"]?.value
        fields.accept(["strings"])
        if let size = fields.int("page_size", in: 1...1000) { config.pageSize = size }
        if let size = fields.int("feed_size", in: 1...1000) { config.feedSize = size }
        if let unsafe = fields.bool("unsafe_html") { config.unsafeHTML = unsafe }
        config.author = fields.string("author")
        if let tiles = fields.string("map_tiles") {
            if WebURL.isSafe(tiles.replacingOccurrences(of: "{z}", with: "1").replacingOccurrences(of: "{x}", with: "1")
                .replacingOccurrences(of: "{y}", with: "1")), tiles.contains("{z}"), tiles.contains("{x}"), tiles.contains("{y}") { config.mapTiles = tiles } else {
                fields.error("map_tiles", "`map_tiles` must be an http or https address with {z}, {x} and {y}; found \"\(tiles)\"",
                             hint: "for example https://tile.openstreetmap.org/{z}/{x}/{y}.png")
            }
        }
        config.mapAttribution = fields.string("map_attribution")
        if config.mapTiles != nil, config.mapAttribution == nil {
            fields.warning("map_tiles", "`map_tiles` without `map_attribution`: most tile servers require their credit on the map")
        }
        if let contribute = fields.string("contribute_url") {
            if WebURL.isSafe(contribute) { config.contributeURL = contribute } else {
                fields.error("contribute_url", "`contribute_url` must be an http or https address; found \"\(contribute)\"",
                             hint: "for example https://github.com/owner/guide/new/main")
            }
        }
        if let host = fields.string("host") {
            if let known = StaticHost(rawValue: host) { config.host = known } else {
                fields.error("host", "`host` names a static host whose own files FoodPin writes: \(StaticHost.allCases.map(\.rawValue).joined(separator: " or ")); found \"\(host)\"",
                             hint: "leave `host` out for any other host")
            }
        }
        if let zone = fields.string("timezone") {
            if zone.contains("/") || zone == "UTC", TimeZone(identifier: zone) != nil { config.timezone = zone } else {
                config.timezoneRefused = true
                let suggestion = Suggestion.nearest(to: zone, in: TimeZone.knownTimeZoneIdentifiers)
                fields.error("timezone", "`timezone` must be an IANA time zone name like America/New_York or Europe/Paris; found \"\(zone)\"",
                             hint: suggestion.map { "did you mean `\($0)`?" })
            }
        }
        config.pictures.read(&fields)
        return config
    }
}

extension SiteConfig: BinaryEncodable {
    package func encode(to writer: inout BinaryWriter) {
        writer.write(title)
        writer.write(description)
        writer.write(baseURL?.text)
        writer.write(language)
        writer.write(pageSize)
        writer.write(feedSize)
        writer.write(timezone)
        writer.write(unsafeHTML)
        writer.write(author)
        writer.write(mapTiles)
        writer.write(mapAttribution)
        writer.write(contributeURL)
        writer.write(host?.rawValue)
    }
}
