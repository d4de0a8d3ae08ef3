import Foundation
import Testing
@testable import FoodPinCore

@Suite struct ParallelMapTests {
    /// Every slot is written once and in order, whatever the count next to the chunk size.
    @Test(arguments: [0, 1, 2, 7, 63, 1000, 1001, 4099])
    func keepsOrder(count: Int) {
        let inputs = (0..<count).map { "item \($0)" }
        #expect(ParallelMap.map(inputs) { $0.uppercased() } == inputs.map { $0.uppercased() })
    }
}
