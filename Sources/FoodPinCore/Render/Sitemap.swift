/// sitemap.xml and robots.txt.
enum Sitemap {
    static func xml(baseURL: String, paths: [String]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in paths {
            xml += "  <url><loc>\(escape(baseURL + path))</loc></url>\n"
        }
        return xml + "</urlset>\n"
    }

    static func robots(baseURL: String?) -> String {
        var text = "User-agent: *\nAllow: /\n"
        if let baseURL { text += "\nSitemap: \(baseURL)sitemap.xml\n" }
        return text
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&apos;")
    }
}
