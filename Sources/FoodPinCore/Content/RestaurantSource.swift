import Foundation

/// A restaurant as written in `Content/restaurants/<slug>.md`.
/// Every field is optional here: with an `id` the file only enriches an imported record.
public struct RestaurantSource: Sendable {
    public var slug: String
    public var location: SourceLocation
    public var id: Int?
    public var name: String?
    public var cuisines: [String]?
    public var address: String?
    public var city: String?
    public var area: String?
    public var phone: String?
    public var price: Int?
    public var image: ImageReference?
    public var favorite: Bool?
    public var verdict: Verdict?
    public var lat: Double?
    public var long: Double?
    public var reserveURL: String?
    public var draft = false
    public var markdown: String
    public var markdownLine: Int
    /// Where `name` is written, for errors about it found later.
    public var nameLocation: SourceLocation

    static let fields = ["name", "type", "cuisines", "location", "address", "city", "area", "phone", "price",
                         "image", "favorite", "rating", "lat", "long", "reserve_url", "draft", "id"]

    static func parse(_ document: FrontMatterDocument, url: URL, layout: GuideLayout) -> (RestaurantSource?, [Diagnostic]) {
        var fields = document.fields
        var source = RestaurantSource(
            slug: Slug.make(url.deletingPathExtension().lastPathComponent),
            location: fields.fileLocation, markdown: document.body, markdownLine: document.bodyLine,
            nameLocation: fields.location("name"))
        source.id = fields.int("id", in: 1...Int.max, what: "a positive whole number (the imported restaurant's id)")
        source.name = source.id == nil && !fields.has("id")
            ? fields.requiredString("name", "every restaurant needs a name")
            : fields.string("name")
        let type = fields.string("type")
        let cuisines = fields.stringList("cuisines")
        if type != nil && cuisines != nil {
            fields.warning("type", "both `type` and `cuisines` are given; `cuisines` is used")
        }
        source.cuisines = cuisines ?? type.map { [$0] }
        let location = fields.string("location")
        let address = fields.string("address")
        source.address = address ?? location
        source.city = fields.string("city")
        source.area = fields.string("area")
        source.phone = fields.string("phone")
        source.price = fields.int("price", in: 1...4, what: "from 1 to 4 (like $ to $$$$)")
        if let written = fields.string("image") {
            switch ImageReference.parse(written, layout: layout) {
            case .success(let image): source.image = image
            case .failure(let problem): fields.error("image", problem.message(for: written), hint: problem.hint)
            }
        }
        source.favorite = fields.bool("favorite")
        if let rating = fields.string("rating") {
            if let verdict = Verdict(rawValue: rating.lowercased()) { source.verdict = verdict } else {
                let suggestion = Suggestion.nearest(to: rating, in: Verdict.allCases.map(\.rawValue))
                fields.error("rating", "`rating` must be one of \(Verdict.wordList); found \"\(rating)\"",
                             hint: suggestion.map { "did you mean `\($0)`?" })
            }
        }
        source.lat = fields.double("lat", in: -90...90)
        source.long = fields.double("long", in: -180...180)
        if let reserve = fields.string("reserve_url") {
            if WebURL.isSafe(reserve) { source.reserveURL = reserve } else {
                fields.error("reserve_url", "`reserve_url` must be an http(s) URL; found \"\(reserve)\"")
            }
        }
        source.draft = fields.bool("draft") ?? false
        fields.warnAboutUnknownFields(kind: "restaurant")
        let failed = fields.diagnostics.contains { $0.severity == .error }
        return (failed ? nil : source, fields.diagnostics)
    }
}

/// A picture named in content: a file under Content/ or a web URL.
public enum ImageReference: Sendable, Hashable {
    case file(relativePath: String)
    case web(String)

    enum Problem: Error {
        case escapes, missing, notAFile, unsafeURL, notAPicture

        func message(for written: String) -> String {
            switch self {
            case .escapes: "image path \"\(written)\" leads outside Content/"
            case .missing: "image \"\(written)\" does not exist under Content/"
            case .notAFile: "image \"\(written)\" is a folder, not a picture"
            case .unsafeURL: "image \"\(written)\" must be a path under Content/ or an http(s) URL"
            case .notAPicture: "image \"\(written)\" is not a picture (\(ImageReference.extensions.joined(separator: ", ")))"
            }
        }

        var hint: String? {
            switch self {
            case .escapes, .missing: "put pictures in Content/images/ and write `image: images/name.jpg`"
            default: nil
            }
        }
    }

    static let extensions = ["jpg", "jpeg", "png", "gif", "webp", "avif", "svg"]

    static func parse(_ written: String, layout: GuideLayout) -> Result<ImageReference, Problem> {
        if written.contains("://") || written.lowercased().hasPrefix("data:") || written.lowercased().hasPrefix("javascript:") {
            return WebURL.isSafe(written) ? .success(.web(written)) : .failure(.unsafeURL)
        }
        switch layout.resolveContentPath(written) {
        case .success(let resolved):
            guard extensions.contains(resolved.url.pathExtension.lowercased()) else { return .failure(.notAPicture) }
            return .success(.file(relativePath: resolved.relative))
        case .failure(.escapes): return .failure(.escapes)
        case .failure(.notAFile): return .failure(.notAFile)
        case .failure: return .failure(.missing)
        }
    }
}

enum WebURL {
    /// Only http(s) URLs with a host may reach an `href` or `src`.
    static func isSafe(_ text: String) -> Bool {
        guard let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty else { return false }
        return !text.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "<" || $0 == ">" })
    }
}
