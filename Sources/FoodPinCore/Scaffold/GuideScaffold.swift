import Foundation
import FoodPinBase
import FoodPinModel
import FoodPinPublish

/// Writes new guides and new content files.
public enum GuideScaffold {
    /// `foodpin init DIR`: site.yml, three onboarding steps, an example restaurant and review. No
    /// theme copy: the built-in theme follows FoodPin's upgrades (`foodpin theme eject` copies a file
    /// to change). Never overwrites an existing guide.
    /// `outputs`: the folders builds write the site into (GitLab's CI builds into `public`).
    public static func create(at root: URL, title: String? = nil, outputs: [String] = ["Output"]) throws(FoodPinError) -> [String] {
        let layout = GuideLayout(root: root)
        if FileManager.default.fileExists(atPath: layout.content.path) {
            throw FoodPinError.usage("a guide already exists here; nothing was changed", at: GuideLayout.displayPath(layout.content))
        }
        let guideTitle = title ?? root.lastPathComponent.replacingOccurrences(of: "-", with: " ").capitalized
        let files: [(String, String)] = [
            ("Content/site.yml", """
            # FoodPin settings. See the README for every field.
            title: \(YAMLText.quote(guideTitle))
            description: "Places we love to eat"
            language: en
            page_size: 24
            # base_url: https://example.org/guide/
            # timezone: America/New_York    (the zone restaurants' opening hours are written in)
            # unsafe_html: false

            """),
            ("Content/onboarding/1-create.md", step(1, "Create your own food guide",
                                                    "Pin your favourite restaurants and write what you love about them.")),
            ("Content/onboarding/2-locate.md", step(2, "Show you the location",
                                                    "Every restaurant comes with its address and a map link.")),
            ("Content/onboarding/3-discover.md", step(3, "Discover great restaurants",
                                                      "Search by name, browse by city or cuisine, and read the reviews.")),
            ("Content/restaurants/corner-bakery.md", """
            ---
            name: Corner Bakery
            type: Bakery
            location: 1 Main Street
            city: Springfield
            price: 1
            favorite: true
            rating: good
            ---
            Flaky croissants before eight, and a sourdough loaf that is gone by noon.

            """),
            ("Content/reviews/corner-bakery-first-visit.md", """
            ---
            restaurant: corner-bakery
            name: Sam
            title: Worth the early alarm
            rating: 5
            date: 2026-01-15
            ---
            The almond croissant is the best in town.

            """),
            ("Content/cities/.keep", ""),
            ("Content/images/.keep", ""),
            (".gitignore", gitignore(outputs: outputs)),
        ]
        // Every file is new, or nothing is written: a half-made guide would pass for a guide.
        for (path, _) in files where FileManager.default.fileExists(atPath: root.appending(path: path).path) {
            throw .usage("the file already exists; nothing was changed", at: GuideLayout.displayPath(root.appending(path: path)))
        }
        for (path, text) in files {
            try NewFile.write(text, to: root.appending(path: path))
        }
        return files.map(\.0)
    }

    /// The site and the build cache are made from the rest; the store is not (docs/publishing.md).
    static func gitignore(outputs: [String]) -> String {
        """
        # Made by foodpin build from the rest of the guide:
        \(outputs.flatMap(Publication.ignored).joined(separator: "\n"))
        .foodpin-cache/
        # Content/guide.sqlite, the store, is committed: imported restaurants and what `foodpin favorite`
        # and `foodpin remove` change live only there. Its journal exists only while a command writes it.
        Content/guide.sqlite-journal

        """
    }

    private static func step(_ number: Int, _ heading: String, _ subheading: String) -> String {
        """
        ---
        step: \(number)
        heading: \(YAMLText.quote(heading))
        subheading: \(YAMLText.quote(subheading))
        ---

        """
    }

    /// Front matter from ordered fields, each value quoted so any text is safe YAML.
    public static func frontMatter(_ fields: [(String, String?)], body: String = "") -> String {
        var text = "---\n"
        for (key, value) in fields {
            guard let value else { continue }
            let isNumberOrBool = Int(value) != nil || value == "true" || value == "false"
            text += "\(key): \(isNumberOrBool ? value : YAMLText.quote(value))\n"
        }
        return text + "---\n" + body + (body.isEmpty || body.hasSuffix("\n") ? "" : "\n")
    }
}
