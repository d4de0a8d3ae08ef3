import Foundation

/// `map` on every core, keeping order.
public enum ParallelMap {
    public static func map<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], _ transform: @Sendable (Input) -> Output
    ) -> [Output] {
        guard inputs.count > 1 else { return inputs.map(transform) }
        let chunk = max(1, inputs.count / (ProcessInfo.processInfo.activeProcessorCount * 4))
        let chunks = (inputs.count + chunk - 1) / chunk
        return [Output](unsafeUninitializedCapacity: inputs.count) { buffer, initialized in
            // Each slot is written by exactly one thread, so no lock is needed.
            let slots = Slots(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: chunks) { index in
                for position in (index * chunk)..<min(inputs.count, (index + 1) * chunk) {
                    (slots.base + position).initialize(to: transform(inputs[position]))
                }
            }
            initialized = inputs.count
        }
    }
}

/// The result array's storage, handed to the threads that fill it (each its own range of slots).
private struct Slots<Value>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Value>
}
