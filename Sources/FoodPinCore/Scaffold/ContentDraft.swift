import Foundation
import FoodPinBase
import FoodPinModel

/// A file `foodpin new` is about to write, checked exactly as the next build will read it: the
/// same front-matter reader and field checks, then the whole guide's model with the file in it
/// (so a review of an unknown restaurant, or a page address already taken, is refused too).
public enum ContentDraft {
    public enum Kind: Sendable { case restaurant, review, step }

    /// Where the file may go: inside the folder its kind lives in, whatever a flag made of its name.
    public static func checkPlace(_ url: URL, kind: Kind, layout: GuideLayout) throws(FoodPinError) {
        let folder = switch kind {
        case .restaurant: layout.restaurants
        case .review: layout.reviews
        case .step: layout.onboarding
        }
        let path = url.standardizedFileURL.path
        guard path.hasPrefix(folder.standardizedFileURL.path + "/") else {
            throw .usage("the file would be written outside \(GuideLayout.displayPath(folder))/; nothing was written",
                         at: GuideLayout.displayPath(url), hint: "flags name things, not paths: leave out `/` and `..`")
        }
        // Links resolved: the nearest folder that exists must be one of the guide's own.
        var existing = url.deletingLastPathComponent().standardizedFileURL
        while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" { existing = existing.deletingLastPathComponent() }
        if let refusal = GuideBoundary(layout).refusal(of: existing.path, shownAs: GuideLayout.displayPath(existing)) {
            throw .usage("\(refusal.message); nothing was written", at: refusal.location.path, hint: refusal.hint)
        }
    }

    /// The diagnostics this file would get from a build (those located in it).
    public static func check(_ text: String, at url: URL, kind: Kind, layout: GuideLayout) throws(FoodPinError) -> [Diagnostic] {
        let path = url.standardizedFileURL.path
        let shown = GuideLayout.displayPath(url)
        var content = ContentLoader.load(layout)
        let withoutDraft = content
        var found: [Diagnostic]
        switch FrontMatter.parse(text, path: shown) {
        case .failure(let diagnostic):
            return [diagnostic]
        case .success(let document):
            switch kind {
            case .restaurant:
                let (source, diagnostics) = RestaurantSource.parse(document, path: path)
                found = diagnostics
                if let source { content.restaurants.append(source) }
            case .review:
                let (source, diagnostics) = ReviewSource.parse(document)
                found = diagnostics
                if let source { content.reviews.append(source) }
            case .step:
                let (source, diagnostics) = StepSource.parse(document)
                found = diagnostics
                if let source { content.steps.append(source) }
            }
        }
        // The store as the build will see it: city files synced, in a copy that is thrown away.
        let store = try GuideStore(copyOf: layout.store)
        let stored = try store.sync(content.cityFiles.filter { !$0.hasErrors }) { _, records in (records, false) }
        // What the guide says with the file, against what it says without: the file's own problems,
        // and any error it causes elsewhere (a step number taken twice is reported at the other file).
        let before = Set(SiteModelBuilder.build(stored: stored, content: withoutDraft, layout: layout, includeDrafts: true).1.map(\.description))
        let (_, modelDiagnostics) = SiteModelBuilder.build(stored: stored, content: content, layout: layout, includeDrafts: true)
        found += modelDiagnostics.filter { $0.location.path == shown || ($0.severity == .error && !before.contains($0.description)) }
        return found
    }
}
