import Foundation

/// The one check for web addresses that content, city files and flags may put in a page.
public enum WebURL {
    /// An http(s) URL with a host and nothing that could break out of an attribute.
    public static func isSafe(_ text: String) -> Bool { components(text) != nil }

    package static func components(_ text: String) -> URLComponents? {
        guard !text.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "<" || $0 == ">" }),
              let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty, isPort(components.port) else { return nil }
        return components
    }

    /// No port, or one a connection can be made to: 99999 would stop the HTTP client with a trap.
    public static func isPort(_ port: Int?) -> Bool { port.map { (1...65_535).contains($0) } ?? true }
}

/// The site's public address (`base_url` in site.yml, `--base-url`): an http(s) URL without query
/// or fragment, always ending in `/`. Checked once, here, for every command and site.yml.
public struct BaseURL: Sendable, Equatable, CustomStringConvertible {
    public let text: String

    public init?(_ written: String) {
        let trimmed = written.trimmingCharacters(in: .whitespaces)
        guard let components = WebURL.components(trimmed), components.query == nil, components.fragment == nil else {
            return nil
        }
        text = trimmed.hasSuffix("/") ? trimmed : trimmed + "/"
    }

    /// The path part, for pages that link from the site's absolute root (404.html).
    public var path: String {
        let path = URLComponents(string: text)?.path ?? "/"
        return path.hasSuffix("/") ? path : path + "/"
    }

    public var description: String { text }

    public static func problem(_ written: String, name: String) -> String {
        "\(name) must be an http(s) URL like https://example.org/guide/; found \"\(written)\""
    }
}
