import Foundation

/// Work started on another thread at once, its result taken when needed: for two stages that do
/// not need each other (the theme is parsed while the content is read).
package final class Pending<Value>: @unchecked Sendable {
    private var result: Value?
    private let done = DispatchGroup()

    /// `ownThread`: for work that spends its time waiting in system calls, which would hold one of
    /// the few threads the shared queue runs computing work on.
    package init(ownThread: Bool = false, _ work: @escaping @Sendable () -> Value) {
        done.enter()
        let run: @Sendable () -> Void = { [self] in
            result = work()
            done.leave()
        }
        if ownThread { Thread.detachNewThread(run) } else { DispatchQueue.global(qos: .userInitiated).async(execute: run) }
    }

    /// The work's result, once it has finished.
    package var value: Value {
        done.wait()
        return result!
    }
}
