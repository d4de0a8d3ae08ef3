import Foundation
import FoodPinBase
import FoodPinSearch
import FoodPinModel

/// Every file the build renders, kind by kind, in the one list of kinds (`init`): HTML pages,
/// then the offline shell, the search files, the feeds, the host files and the sitemaps. A file
/// is known by its number in that order. (Theme assets and pictures are copied, not rendered:
/// `PagePlanner.planFiles`.)
struct SiteFiles: Sendable {
    let kinds: [any FileKind]
    /// Where each kind's files start in the numbering of every file, and the total.
    private let starts: [Int]
    let count: Int
    /// The pages' renderer: its card cache is emptied between batches of pages.
    let renderer: SiteRenderer

    init(renderer: SiteRenderer, restaurantPages: [ContentDigest], terms: TermIndex,
         sitemapLimit: Int = SitemapFiles.protocolLimit) {
        let site = renderer.site
        let pages: [any FileKind] = [
            ListPages(renderer: renderer), RestaurantPages(renderer: renderer, digests: restaurantPages),
            BrowseIndexPage(renderer: renderer, kind: .cities), BrowsePages(renderer: renderer, kind: .cities),
            BrowseIndexPage(renderer: renderer, kind: .cuisines), BrowsePages(renderer: renderer, kind: .cuisines),
        ] + SmallPages.all(renderer)
        let root = PageLinks(pagePath: "index.html", baseURL: site.config.baseURL)
        let search = SearchFiles.kinds(site, terms: terms, cardDigests: renderer.cardDigests, cardTemplates: ListPages.cardTemplates) { index in
            // Each result is the list's own card, linked from the site root; the script prefixes the links.
            renderer.listEntry(index, links: root)["card"]?.text ?? ""
        }
        var kinds = pages + OfflineFiles.all(renderer) + search + [FeedFiles(renderer: renderer)] + HostFiles.all(renderer)
        if let baseURL = site.config.baseURL {
            kinds.append(SitemapFiles(listing: kinds.filter(\.isListed), baseURL: baseURL, limit: sitemapLimit))
        }
        self.kinds = kinds
        self.renderer = renderer
        var starts: [Int] = [], total = 0
        for kind in kinds {
            starts.append(total)
            total += kind.count
        }
        self.starts = starts
        count = total
    }

    /// The kind of file `number`, and its item within that kind.
    func locate(_ number: Int) -> (kind: Int, item: Int) {
        // The last kind starting at or before `number`: a kind of no file starts where the next one does.
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= number { low = middle } else { high = middle - 1 }
        }
        return (low, number - starts[low])
    }

    func path(_ number: Int) -> String {
        let (kind, item) = locate(number)
        return kinds[kind].path(item)
    }

    func bytes(_ number: Int) -> Data {
        let (kind, item) = locate(number)
        return kinds[kind].bytes(item)
    }

    /// What makes the list of files the same as another build's: each kind, and how many files it has.
    var shape: [Shape] { kinds.map { Shape(kind: ObjectIdentifier(type(of: $0)), count: $0.count) } }

    struct Shape: Equatable {
        var kind: ObjectIdentifier
        var count: Int
    }

    /// Each file's number and its kind's, in order.
    func forEach(_ body: (_ number: Int, _ kind: Int, _ item: Int) -> Void) {
        for (index, kind) in kinds.enumerated() {
            for item in 0..<kind.count { body(starts[index] + item, index, item) }
        }
    }
}
