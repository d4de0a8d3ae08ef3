import FoodPinBase
/// The app's five verdicts, from best to worst, and their star values.
public enum Verdict: String, CaseIterable, Sendable {
    case awesome, good, okay, bad, terrible

    public var stars: Int {
        switch self {
        case .awesome: 5
        case .good: 4
        case .okay: 3
        case .bad: 2
        case .terrible: 1
        }
    }

    package static var wordList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

extension Verdict: RawBinaryCodable {}
