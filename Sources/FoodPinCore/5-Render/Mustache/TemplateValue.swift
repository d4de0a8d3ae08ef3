import FoodPinBase
import FoodPinModel
/// What a template sees: typed, so a lookup is a dictionary read and a switch, never a dynamic cast.
public enum TemplateValue: Sendable, Equatable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case list([TemplateValue])
    case object([String: TemplateValue])

    /// Mustache's falsey values: `false` and the empty list (an absent name is falsey too).
    var isTruthy: Bool {
        switch self {
        case .bool(let value): value
        case .list(let items): !items.isEmpty
        case .string, .int, .object: true
        }
    }

    /// The text a `{{name}}` tag prints; lists and objects print nothing.
    var text: String {
        switch self {
        case .string(let text): text
        case .int(let number): String(number)
        case .bool(let value): value ? "true" : "false"
        case .list, .object: ""
        }
    }

    func child(_ key: String) -> TemplateValue? {
        if case .object(let fields) = self { fields[key] } else { nil }
    }
}

extension TemplateValue: ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Dictionary(elements) { _, last in last })
    }
}

/// Swift values a template context is written with.
public protocol TemplateConvertible {
    var templateValue: TemplateValue { get }
}

extension TemplateValue: TemplateConvertible { public var templateValue: TemplateValue { self } }
extension String: TemplateConvertible { public var templateValue: TemplateValue { .string(self) } }
extension Int: TemplateConvertible { public var templateValue: TemplateValue { .int(self) } }
extension Bool: TemplateConvertible { public var templateValue: TemplateValue { .bool(self) } }
extension Array: TemplateConvertible where Element: TemplateConvertible {
    public var templateValue: TemplateValue { .list(map { $0.templateValue }) }
}
extension Dictionary: TemplateConvertible where Key == String, Value: TemplateConvertible {
    public var templateValue: TemplateValue { .object(mapValues { $0.templateValue }) }
}

/// A template object of the values that are present: an absent one is simply not there.
/// Pairs, not a dictionary: each key is hashed once, into the result.
func present(_ values: KeyValuePairs<String, (any TemplateConvertible)?>) -> [String: TemplateValue] {
    var result: [String: TemplateValue] = [:]
    result.reserveCapacity(values.count)
    for (key, value) in values {
        if let value { result[key] = value.templateValue }
    }
    return result
}
