import Foundation
import Testing
@testable import FoodPinCore
import FoodPinBase

@Suite struct ParallelMapTests {
    /// Every slot is written once and in order, whatever the count next to the chunk size (one
    /// input at a time too), on one thread per core and on the disk's many threads.
    @Test(arguments: [0, 1, 2, 7, 63, 1000, 1001, 4099], [ParallelMap.Width.cores, .disk])
    func keepsOrder(count: Int, width: ParallelMap.Width) {
        let inputs = (0..<count).map { "item \($0)" }
        #expect(ParallelMap.map(inputs, width: width) { $0.uppercased() } == inputs.map { $0.uppercased() })
        #expect(ParallelMap.map(inputs, width: width, oneByOne: true) { $0.uppercased() } == inputs.map { $0.uppercased() })
    }

    /// The disk's width runs more threads than there are cores: a read that waits does not hold up
    /// the others. Every item waits until as many items as the disk has threads are waiting
    /// together; one thread per core would never get there (each wait would time out).
    @Test func diskMapsFromSeveralThreadsAndInsideEachOtherAllFinish() {
        // Four callers at once, each mapping on the disk's threads from inside such a map.
        let sums = ParallelMap.map(Array(0..<4)) { caller in
            ParallelMap.map(Array(0..<50), width: .disk) { outer in
                ParallelMap.map(Array(0..<20), width: .disk) { inner in caller * 1_000 + outer * 20 + inner }.reduce(0, +)
            }.reduce(0, +)
        }
        #expect(sums == (0..<4).map { caller in (0..<1_000).reduce(0) { $0 + caller * 1_000 + $1 } })
    }

    @Test func diskWidthKeepsManyWaitsInFlight() {
        let threads = ParallelMap.diskThreads
        let waiting = Barrier(parties: threads)
        let passed = ParallelMap.map(Array(0..<(2 * threads)), width: .disk) { _ in waiting.arriveAndWait(timeout: 2) }
        #expect(passed == Array(repeating: true, count: 2 * threads))
    }
}

/// Lets threads through in groups of `parties`, once that many are waiting.
private final class Barrier: @unchecked Sendable {
    private let parties: Int
    private let condition = NSCondition()
    private var arrived = 0
    private var generation = 0

    init(parties: Int) { self.parties = parties }

    /// Whether the group filled before the timeout.
    func arriveAndWait(timeout: TimeInterval) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let mine = generation
        arrived += 1
        if arrived == parties {
            arrived = 0
            generation += 1
            condition.broadcast()
            return true
        }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while generation == mine {
            if !condition.wait(until: deadline), generation == mine {
                arrived -= 1
                return false
            }
        }
        return true
    }
}
