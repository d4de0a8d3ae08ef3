import Foundation
import FoodPinBase

/// Under `serve`, most saves edit one restaurant's or review's Markdown file in place. Such a save
/// changes only the restaurants those files belong to: the last build's site is taken and only
/// they are made again, so the model costs what the edit touches rather than what the guide holds
/// (10,000 restaurants, a review saved: the model 103 ms → 3 ms; `bench/HISTORY.md`).
///
/// Templates do not reach the model, and walkthrough steps are taken as they are now. Whatever
/// could reach further makes the whole model again: a content file added or removed, another content
/// file changed (site.yml, a city file, a picture), a restaurant's id, name, city or cuisines changed
/// (its place in lists and its city and cuisine pages), a review given another restaurant or one
/// that was broken, drafts.
package enum SitePatch {
    /// What the last build's model was, beyond the restaurants `ModelMemo` keeps by slug.
    package struct LastSite {
        package var site: Site
        /// By slug, the restaurant's index in `site.restaurants`.
        package var positions: [String: Int]
        /// By Markdown file, the slug of the restaurant it went into (`SiteAssembly.fileOwners`).
        package var fileOwners: [String: String]
        /// The diagnostics found putting restaurants and reviews together (ids, pages, joins).
        package var joinDiagnostics: [Diagnostic]
        /// The slugs of the restaurants whose making found diagnostics (kept in step with
        /// `ModelMemo.assembled`, which holds them: a patch lists them without a pass over the guide).
        package var flagged: Set<String>
    }

    /// The site with the edited files' restaurants made again, or nil when the whole model must be.
    package static func patched(_ content: LoadedContent, stored: [RestaurantRecord], layout: GuideLayout, includeDrafts: Bool,
                        memo: ModelMemo) -> (Site, [Diagnostic])? {
        guard let edits = content.edits, let last = memo.lastSite, memo.madeFromSame(stored),
              let changed = changedInputs(edits, last: last, memo: memo, includeDrafts: includeDrafts) else { return nil }
        var made: [(position: Int, inputs: RestaurantInputs, restaurant: Restaurant, diagnostics: [Diagnostic])] = []
        for (slug, inputs) in changed {
            guard let position = last.positions[slug] else { return nil }
            let before = last.site.restaurants[position]
            let (restaurant, diagnostics) = inputs.assemble(in: layout)
            guard restaurant.name == before.name, restaurant.city == before.city, restaurant.cuisines == before.cuisines else { return nil }
            made.append((position, inputs, restaurant, diagnostics))
        }
        // Taken from the memo: the site's restaurants are replaced in place.
        var next = memo.lastSite.take()!
        var picturesMoved = false
        for patch in made {
            let before = next.site.restaurants[patch.position]
            picturesMoved = picturesMoved || before.image != patch.restaurant.image || before.photos != patch.restaurant.photos
            next.site.restaurants[patch.position] = patch.restaurant
            memo.assembled[before.slug] = (patch.inputs, patch.restaurant, patch.diagnostics)
            if patch.diagnostics.isEmpty { next.flagged.remove(before.slug) } else { next.flagged.insert(before.slug) }
        }
        var stepDiagnostics: [Diagnostic] = []
        let steps = SiteAssembly.steps(content.steps, layout: layout, reporting: &stepDiagnostics)
        if picturesMoved || steps != next.site.steps { next.site.contentFiles = SiteAssembly.contentFiles(next.site.restaurants, steps) }
        next.site.steps = steps
        next.site.config = content.config
        // In any order: the report sorts messages by place.
        let restaurantDiagnostics = next.flagged.flatMap { memo.assembled[$0]?.diagnostics ?? [] }
        let diagnostics = next.joinDiagnostics + restaurantDiagnostics + stepDiagnostics + SiteModelBuilder.siteWarnings(next.site, layout: layout)
        memo.lastSite = next
        memo.patchedBuilds += 1
        return (next.site, diagnostics)
    }

    /// By slug, the inputs of each restaurant an edit reaches, with the edited files in them; nil
    /// when an edit reaches further than its own restaurant.
    private static func changedInputs(_ edits: ContentEdits, last: LastSite, memo: ModelMemo,
                                      includeDrafts: Bool) -> [String: RestaurantInputs]? {
        var changed: [String: RestaurantInputs] = [:]
        func inputs(_ slug: String) -> RestaurantInputs? { changed[slug] ?? memo.assembled[slug]?.inputs }
        func shown(_ source: RestaurantSource) -> Bool { includeDrafts || !source.draft }
        for (old, new) in edits.restaurants {
            guard let old, let new, shown(old), shown(new), new.id == old.id, new.name == old.name,
                  let slug = last.fileOwners[old.location.path], var restaurant = inputs(slug), restaurant.source === old else { return nil }
            restaurant.source = new
            changed[slug] = restaurant
        }
        for (old, new) in edits.reviews {
            guard let old, let new, old.isValid, new.restaurant == old.restaurant, let slug = last.fileOwners[old.location.path],
                  var restaurant = inputs(slug), let index = restaurant.reviews.firstIndex(where: { $0 === old }) else { return nil }
            if new.isValid { restaurant.reviews[index] = new } else { restaurant.reviews.remove(at: index) }
            changed[slug] = restaurant
        }
        return changed
    }
}
