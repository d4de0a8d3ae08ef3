import Foundation

extension StringProtocol where UTF8View: BidirectionalCollection {
    /// Without white space (newlines included) at either end. Most values have none: those are
    /// returned at the cost of two byte checks, not a Foundation scan.
    package var trimmed: String {
        let utf8 = self.utf8
        if let first = utf8.first, let last = utf8.last,
           first > 0x20, first < 0x80, last > 0x20, last < 0x80 {
            return String(self)
        }
        return trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
