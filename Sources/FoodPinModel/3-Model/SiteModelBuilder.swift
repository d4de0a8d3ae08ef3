import Foundation
import FoodPinBase

/// Merges the store's records with the Markdown content into one `Site`, checking every reference.
public enum SiteModelBuilder {
    /// `folderPhotos`: by folder name, the pictures in `Content/images/<slug>/` (relative to Content/).
    public static func build(
        stored: [RestaurantRecord], content: LoadedContent, layout: GuideLayout, includeDrafts: Bool,
        folderPhotos: [String: [String]] = [:]
    ) -> (Site, [Diagnostic]) {
        build(stored: stored, content: content, layout: layout, includeDrafts: includeDrafts, folderPhotos: folderPhotos,
              memo: ModelMemo(remembering: false))
    }

    /// `memo`: what earlier builds of a `serve` session made and this one can reuse.
    package static func build(
        stored: [RestaurantRecord], content: LoadedContent, layout: GuideLayout, includeDrafts: Bool,
        folderPhotos: [String: [String]], memo: ModelMemo
    ) -> (Site, [Diagnostic]) {
        if let patched = SitePatch.patched(content, stored: stored, layout: layout, includeDrafts: includeDrafts, memo: memo) {
            return patched
        }
        memo.trim(toAbout: stored.count + content.restaurants.count)
        let fromStore = memo.restaurants(from: stored) { fromRecords(stored, layout: layout, memo: memo) }
        var assembly = SiteAssembly(stored: stored, layout: layout, memo: memo, made: fromStore)
        for source in content.restaurants { assembly.add(source, includeDrafts: includeDrafts) }
        assembly.join(content.reviews)
        let joinDiagnostics = assembly.diagnostics
        assembly.finishRestaurants(folderPhotos: folderPhotos)
        let steps = SiteAssembly.steps(content.steps, layout: layout, reporting: &assembly.diagnostics)
        let restaurants = assembly.made.restaurants
        let site = Site(
            config: content.config, restaurants: restaurants, steps: steps,
            cities: groups(restaurants.map { $0.city.map { [$0] } ?? [] }, memo: memo),
            cuisines: groups(restaurants.map { $0.cuisines }, memo: memo),
            contentFiles: SiteAssembly.contentFiles(restaurants, steps))
        if memo.remembers {
            memo.lastSite = SitePatch.LastSite(
                site: site, positions: Dictionary(uniqueKeysWithValues: restaurants.enumerated().map { ($1.slug, $0) }),
                fileOwners: assembly.fileOwners, joinDiagnostics: joinDiagnostics,
                flagged: Set(restaurants.lazy.filter { memo.assembled[$0.slug]?.diagnostics.isEmpty == false }.map(\.slug)))
        }
        return (site, assembly.diagnostics + siteWarnings(site, layout: layout))
    }

    /// What the whole site is warned of: hours without a time zone to read them in; a robots.txt
    /// where crawlers never read it.
    package static func siteWarnings(_ site: Site, layout: GuideLayout) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        let siteFile = SourceLocation(path: GuideLayout.displayPath(layout.siteFile))
        if site.config.timezone == nil, !site.config.timezoneRefused, let first = site.restaurants.first(where: { $0.hours != nil }) {
            warnings.append(.warning(at: siteFile,
                "\(first.name) has opening hours but site.yml names no `timezone`: \"open now\" is worked out in each visitor's own time zone",
                hint: "add `timezone: America/New_York` (the guide's IANA time zone) to site.yml"))
        }
        // Crawlers read robots.txt at a host's root only (RFC 9309).
        if let base = site.config.baseURL, base.path != "/" {
            warnings.append(.warning(at: siteFile,
                "the base URL \(base) is a sub-folder: its robots.txt is published at \(base.path)robots.txt, where crawlers do not read it",
                hint: "to point crawlers at the sitemap, add `Sitemap: \(base)sitemap.xml` to the robots.txt at the host's root"))
        }
        return warnings
    }

    /// The restaurants the store's records make, each with its page address.
    private static func fromRecords(_ stored: [RestaurantRecord], layout: GuideLayout, memo: ModelMemo) -> RecordRestaurants {
        var made = RecordRestaurants()
        made.restaurants.reserveCapacity(stored.count)
        made.indexByID.reserveCapacity(stored.count)
        made.indexBySlug.reserveCapacity(stored.count)
        made.slugOwner.reserveCapacity(stored.count)
        // A city file's records share its location: made once per file, not once per record.
        var fileLocations: [String: SourceLocation] = [:]
        for recordIndex in stored.indices {
            let record = stored[recordIndex]
            let imageLocation = fileLocations[record.source] ?? {
                let location = SourceLocation(path: GuideLayout.displayPath(layout.content.appending(path: record.source)))
                fileLocations[record.source] = location
                return location
            }()
            let slug = memo.slug(record.name) + "-\(record.id)"
            made.indexByID[record.id] = made.restaurants.count
            made.indexBySlug[slug] = made.restaurants.count
            made.slugOwner[slug] = .record(recordIndex)
            made.restaurants.append(Restaurant(
                id: record.id, slug: slug, name: record.name, facts: record.facts,
                image: record.facts.imageURL.map { .web($0) },
                imageLocation: imageLocation,
                favorite: record.favorite, verdict: nil, descriptionMarkdown: ""))
        }
        return made
    }

    /// Groups by the slug of a name, so "Café" and "Cafe" share a page; shows the first spelling met.
    /// `keys`: by restaurant, in the site's order, the names it is listed under.
    private static func groups(_ keys: [[String]], memo: ModelMemo) -> [BrowseGroup] {
        var groups: [BrowseGroup] = []
        var groupBySlug: [String: Int] = [:]
        // Thousands of restaurants share a few dozen names: each name is slugged once.
        var groupByName: [String: Int] = [:]
        for (index, names) in keys.enumerated() {
            for (position, name) in names.enumerated() {
                let group: Int
                if let known = groupByName[name] {
                    group = known
                } else {
                    let slug = memo.slug(name)
                    if let known = groupBySlug[slug] {
                        group = known
                    } else {
                        group = groups.count
                        groups.append(BrowseGroup(name: name, slug: slug, members: []))
                        groupBySlug[slug] = group
                    }
                    groupByName[name] = group
                }
                // Two spellings of one name list a restaurant once. Fifty names at most (the
                // cuisines cap): looking back costs less than a set per restaurant.
                if names[..<position].contains(where: { groupByName[$0] == group }) { continue }
                groups[group].members.append(index)
            }
        }
        return groups.map { (memo.sortKey($0.name), $0) }.sorted { ($0.0, $0.1.slug) < ($1.0, $1.1.slug) }.map(\.1)
    }
}
