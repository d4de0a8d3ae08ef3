/// sitemap.xml and robots.txt.
enum Sitemap {
    static func urlSet(_ urls: [String]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for url in urls { xml += "  <url><loc>\(escape(url))</loc></url>\n" }
        return xml + "</urlset>\n"
    }

    static func index(_ sitemaps: [String]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for url in sitemaps { xml += "  <sitemap><loc>\(escape(url))</loc></sitemap>\n" }
        return xml + "</sitemapindex>\n"
    }

    static func robots(baseURL: BaseURL?) -> String {
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
