import Foundation

/// `map` on every core, keeping order.
public enum ParallelMap {
    public static func map<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], _ transform: @Sendable (Input) -> Output
    ) -> [Output] {
        guard inputs.count > 1 else { return inputs.map(transform) }
        let results = ResultSlots<Output>(count: inputs.count)
        let chunk = max(1, inputs.count / (ProcessInfo.processInfo.activeProcessorCount * 4))
        let chunks = (inputs.count + chunk - 1) / chunk
        DispatchQueue.concurrentPerform(iterations: chunks) { index in
            let range = (index * chunk)..<min(inputs.count, (index + 1) * chunk)
            for position in range { results.set(position, transform(inputs[position])) }
        }
        return results.values
    }
}

/// Slots written by index from many threads; each slot is written once.
private final class ResultSlots<Value>: @unchecked Sendable {
    private var storage: [Value?]
    private let lock = NSLock()

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    var values: [Value] { storage.map { $0! } }
}
