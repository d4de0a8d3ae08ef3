import Foundation

/// Settings from `Content/site.yml`.
public struct SiteConfig: Sendable, Equatable {
    public var title = "FoodPin"
    public var description = "A food guide"
    public var baseURL: BaseURL?
    public var language = "en"
    public var pageSize = 24
    public var unsafeHTML = false
    public var author: String?
    public var pictures = PictureSettings()

    public init() {}

    /// Reads site.yml; a missing file means the defaults.
    static func load(from url: URL, displayPath: String, boundary: GuideBoundary) -> (SiteConfig, [Diagnostic]) {
        var config = SiteConfig()
        if let refusal = boundary.refusal(of: url.path, shownAs: displayPath) { return (config, [refusal]) }
        guard let data = FileManager.default.contents(atPath: url.path) else { return (config, []) }
        guard let text = String(data: data, encoding: .utf8) else {
            return (config, [.error(at: SourceLocation(path: displayPath), "site.yml is not UTF-8 text")])
        }
        // site.yml is plain YAML; give it fences so it shares the front matter reader.
        let parsed = FrontMatter.parse("---\n" + text + "\n---\n", path: displayPath)
        switch parsed {
        case .failure(let diagnostic):
            var shifted = diagnostic
            shifted.location.line = max(1, diagnostic.location.line - 1)
            return (config, [shifted])
        case .success(let document):
            var fields = document.fields
            if let title = fields.string("title") { config.title = title }
            if let description = fields.string("description") { config.description = description }
            if let base = fields.string("base_url") {
                if let url = BaseURL(base) { config.baseURL = url } else {
                    fields.error("base_url", BaseURL.problem(base, name: "`base_url`"))
                }
            }
            if let language = fields.string("language") { config.language = language }
            if let size = fields.int("page_size", in: 1...1000) { config.pageSize = size }
            if let unsafe = fields.bool("unsafe_html") { config.unsafeHTML = unsafe }
            config.author = fields.string("author")
            config.pictures.read(&fields)
            fields.warnAboutUnknownFields(kind: "site.yml")
            // The fence we added shifts every line by one.
            let diagnostics = fields.diagnostics.map { diagnostic -> Diagnostic in
                var shifted = diagnostic
                shifted.location.line = max(1, diagnostic.location.line - 1)
                return shifted
            }
            return (config, diagnostics)
        }
    }
}
