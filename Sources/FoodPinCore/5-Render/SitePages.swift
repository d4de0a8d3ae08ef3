import Foundation
import FoodPinBase
import FoodPinModel

/// What the pages of many restaurants share: browse kinds, page slices and pagination.
extension SiteRenderer {
    public enum BrowseKind: String, Sendable {
        case cities, cuisines
    }

    /// How many pages a list of `items` takes (0 for none).
    static func pageCount(_ items: Int, pageSize: Int) -> Int { (items + pageSize - 1) / pageSize }

    func groups(_ kind: BrowseKind) -> [BrowseGroup] { kind == .cities ? site.cities : site.cuisines }

    func pageSlice<Items: RandomAccessCollection<Int>>(_ items: Items, page: Int) -> Items.SubSequence where Items.Index == Int {
        let start = items.startIndex + (page - 1) * site.config.pageSize
        return items[min(start, items.endIndex)..<min(start + site.config.pageSize, items.endIndex)]
    }

    func pagination(_ current: Int, total: Int, path: (Int) -> String) -> [String: TemplateValue]? {
        let count = Self.pageCount(total, pageSize: site.config.pageSize)
        guard count > 1 else { return nil }
        let here = PageLinks(pagePath: path(current), baseURL: nil)
        func url(_ number: Int) -> String { here.link(PageLinks.folderURL(of: path(number))) }
        // First, last and two either side of the current page, with gaps between: links stay few at any size.
        let shown = Set([1, count] + Array(max(1, current - 2)...min(count, current + 2))).sorted()
        var entries: [TemplateValue] = []
        for (position, number) in shown.enumerated() {
            if position > 0, number - shown[position - 1] > 1 { entries.append(["isGap": true]) }
            entries.append(["number": .int(number), "url": .string(url(number)), "isCurrent": .bool(number == current)])
        }
        var context: [String: TemplateValue] = ["current": .int(current), "total": .int(count), "pages": .list(entries)]
        if current > 1 { context["previous"] = .string(url(current - 1)) }
        if current < count { context["next"] = .string(url(current + 1)) }
        return context
    }
}
