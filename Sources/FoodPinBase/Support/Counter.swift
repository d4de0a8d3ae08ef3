import Foundation

/// A count shared by concurrent tasks (uploads done, requests made).
package final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    package init() {}

    package func add(_ amount: Int = 1) {
        lock.lock()
        count += amount
        lock.unlock()
    }

    package var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
