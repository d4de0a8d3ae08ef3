/// Whole numbers read from and written to ASCII bytes with no `String` between: a manifest of
/// 100,000 lines holds half a million of them, and a string of more than 15 digits is allocated.
package enum ASCIINumbers {
    /// Base-10 digits, or base-16 in lower case, with a leading `-` if `signed`; nil for anything
    /// else, for no digit, or for a number too large.
    package static func parse(_ text: some Collection<UInt8>, radix: UInt64 = 10, signed: Bool = false) -> Int64? {
        var digits = text[...]
        let negative = signed && digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, let magnitude = unsigned(digits, radix: radix) else { return nil }
        if negative { return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// The whole range of `UInt64` (a hash, an inode).
    package static func unsigned(_ text: some Collection<UInt8>, radix: UInt64 = 10) -> UInt64? {
        guard !text.isEmpty else { return nil }
        var value: UInt64 = 0
        for byte in text {
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt64(byte - UInt8(ascii: "a")) + 10
            default: return nil
            }
            let (shifted, over) = value.multipliedReportingOverflow(by: radix)
            let (sum, carry) = shifted.addingReportingOverflow(digit)
            guard !over, !carry else { return nil }
            value = sum
        }
        return value
    }

    package static func append(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        append(value.magnitude, to: &bytes)
    }

    package static func append(_ value: UInt64, radix: UInt64 = 10, to bytes: inout [UInt8]) {
        let start = bytes.count
        var rest = value
        repeat {
            let (quotient, digit) = rest.quotientAndRemainder(dividingBy: radix)
            bytes.append(digit < 10 ? UInt8(ascii: "0") + UInt8(digit) : UInt8(ascii: "a") + UInt8(digit) - 10)
            rest = quotient
        } while rest > 0
        bytes[start...].reverse()
    }
}
