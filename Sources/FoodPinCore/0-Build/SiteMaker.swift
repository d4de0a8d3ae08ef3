import Foundation
import FoodPinBase
import FoodPinSearch
import FoodPinModel
import FoodPinPublish

/// Stage: the city files synced into the store, the site model made from its records, and what
/// the renderer needs of it (each restaurant's digests, the full-text index). Remembers the
/// full-text index (saved for the next process by the build state) and, within a session, the
/// store's records, the restaurants as made and their digests, so a save remakes only what changed.
struct SiteMaker {
    let layout: GuideLayout
    let options: BuildOptions
    let isSession: Bool
    /// What the site model builder can reuse (a session's last site and restaurants).
    let model: ModelMemo
    /// What each restaurant's card and page are made from, as digests (remembered by a session).
    let restaurantDigests: RestaurantDigests
    /// The last build's full-text index, brought up to date by the next (`termIndex`).
    private(set) var terms: TermIndex?
    /// The store's records as last read (kept by a session only), with what they were read from.
    private var storeRecords: StoreRecords?
    private var store: GuideStore?

    private struct StoreRecords {
        var stamp: FileStamp?
        var cityFiles: [String]
        var restaurants: [RestaurantRecord]
    }

    init(layout: GuideLayout, options: BuildOptions, session: Bool) {
        self.layout = layout
        self.options = options
        isSession = session
        restaurantDigests = RestaurantDigests(remembering: session)
        model = ModelMemo(remembering: session)
    }

    /// The full-text index as the last process saved it.
    mutating func restore(_ terms: TermIndex?) { self.terms = terms }

    /// The city files synced into the store, and the site model made from its records.
    /// `output`: checked with every other input, before the store is synced.
    mutating func makeSite(_ guide: GuideSources, output: URL, run: inout BuildRun) throws(FoodPinError) -> Site {
        if options.writes { try OutputWriter(destination: output).checkDestination(layout: layout) }
        // Making a restaurant looks for its pictures on disk, which a file other than text may have changed.
        if isSession && !guide.onlyTextChanged { self.model.forgetRestaurants() }
        let content = guide.content
        let store = try openStore()
        let brokenCityFiles = Set(content.cityFiles.filter(\.hasErrors).map(\.source))
        let cityKey = content.cityFiles.map { "\($0.source)#\($0.fingerprint)#\(brokenCityFiles.contains($0.source))" }
        var log = run.log
        defer {
            run.log = log
            run.storeStamp = FileStamp(path: layout.store.path)
        }
        let (layout, options, memo) = (layout, options, self.model)
        func model(_ stored: [RestaurantRecord]) -> Site {
            let (site, modelDiagnostics) = SiteModelBuilder.build(
                stored: stored, content: content, layout: layout, includeDrafts: options.includeDrafts,
                folderPhotos: Self.folderPhotos(guide.imageFiles), memo: memo)
            log.add(contentsOf: modelDiagnostics)
            return site
        }
        if options.writes, let kept = storeRecords, kept.cityFiles == cityKey, kept.stamp == FileStamp(path: layout.store.path) {
            // Neither the city files nor the store changed since the last build: no query needed.
            return model(kept.restaurants)
        }
        var kept: [RestaurantRecord]?
        var sync = ImportCounts()
        let keeps = isSession && options.writes
        // A broken city file keeps its old records rather than losing them.
        let site = try store.sync(content.cityFiles.filter { !brokenCityFiles.contains($0.source) }) { counts, fetched in
            sync = counts
            log.add(contentsOf: sync.conflicts)
            // Kept for the next build of a `serve` session only: a one-off build frees the
            // records as soon as the model is made (at a million restaurants, hundreds of megabytes).
            if keeps { kept = fetched }
            return (model(fetched), !log.hasErrors)
        }
        run.report.sync = sync
        storeRecords = log.hasErrors ? nil : kept.map { .init(stamp: FileStamp(path: layout.store.path), cityFiles: cityKey, restaurants: $0) }
        return site
    }

    /// This build's files, kind by kind, rendered with the theme's words in the guide's language.
    mutating func makeFiles(_ site: Site, guide: GuideSources, pictures: BuildPictures, log: inout DiagnosticLog) -> SiteFiles {
        let words = guide.strings.value
        log.add(contentsOf: words.diagnostics)
        let digests = restaurantDigests.digests(of: site.restaurants)
        let renderer = SiteRenderer(site: site, theme: guide.theme, strings: words.strings, pictures: pictures.processed.catalog,
                                    cardDigests: digests.cards)
        return SiteFiles(renderer: renderer, restaurantPages: digests.pages, terms: termIndex(site.restaurants, pages: digests.pages))
    }

    /// The full-text index: the last build's brought up to date (`TermIndex.update`), or made whole.
    private mutating func termIndex(_ restaurants: [Restaurant], pages: [ContentDigest]) -> TermIndex {
        guard var terms = self.terms.take() else {
            let made = TermIndex(restaurants, pages: pages)
            self.terms = made
            return made
        }
        // Taken: the one reference left, brought up to date in place, not copied.
        terms.update(restaurants, pages: pages)
        self.terms = terms
        return terms
    }

    private mutating func openStore() throws(FoodPinError) -> GuideStore {
        guard options.writes else { return try GuideStore(copyOf: layout.store) }
        if let store, FileManager.default.fileExists(atPath: layout.store.path) { return store }
        let opened = try GuideStore(url: layout.store)
        store = opened
        return opened
    }

    /// `Content/images/<slug>/…` by slug: a restaurant's gallery folder.
    static func folderPhotos(_ files: [String]) -> [String: [String]] {
        var bySlug: [String: [String]] = [:]
        for path in files {
            let parts = path.split(separator: "/")
            guard parts.count >= 3, parts[0] == "images" else { continue }
            bySlug[String(parts[1]), default: []].append(path)
        }
        return bySlug
    }
}
