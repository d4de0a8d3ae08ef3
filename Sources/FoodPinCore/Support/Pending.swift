import Foundation

/// Work started on another thread at once, its result taken when needed: for two stages that do
/// not need each other (the theme is parsed while the content is read).
final class Pending<Value>: @unchecked Sendable {
    private var result: Value?
    private let done = DispatchGroup()

    init(_ work: @escaping @Sendable () -> Value) {
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            result = work()
            done.leave()
        }
    }

    /// The work's result, once it has finished.
    var value: Value {
        done.wait()
        return result!
    }
}
