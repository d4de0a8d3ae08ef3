import Foundation
import FoodPinBase
import FoodPinModel
import FoodPinPublish

extension SiteBuilder {
    /// The report of a build with nothing to do, when nothing changed since the last one: the
    /// same sources, the same store, and every output file still the size it was written.
    func unchangedReport(fingerprint: ContentDigest?) -> BuildReport? {
        guard !options.clean, let last = memory.last, let fingerprint, last.fingerprint == fingerprint,
              last.storeStamp == FileStamp(path: layout.store.path) else { return nil }
        let writer = OutputWriter(destination: output)
        let holding = ParallelMap.map(Array(last.written)) { writer.isCurrent($0.key, state: $0.value, previous: $0.value) }
        guard !holding.contains(false) else { return nil }
        var report = BuildReport()
        report.diagnostics = last.diagnostics
        (report.restaurants, report.reviews, report.pages) = (last.counts.restaurants, last.counts.reviews, last.counts.pages)
        report.output = output
        report.files = last.written.count
        report.changes.unchanged = last.written.count
        return report
    }
}
