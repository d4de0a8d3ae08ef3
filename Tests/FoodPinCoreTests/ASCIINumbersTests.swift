import Testing
@testable import FoodPinCore
import FoodPinBase

struct ASCIINumbersTests {
    @Test func numbersReadBackAsWritten() {
        for value: Int64 in [0, 7, -1, 1_795_747_002_886_325_486, Int64.max, Int64.min] {
            var bytes: [UInt8] = []
            ASCIINumbers.append(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
            #expect(ASCIINumbers.parse(bytes, signed: true) == value)
        }
        var hex: [UInt8] = []
        ASCIINumbers.append(UInt64.max, radix: 16, to: &hex)
        #expect(String(decoding: hex, as: UTF8.self) == "ffffffffffffffff")
        #expect(ASCIINumbers.unsigned(hex, radix: 16) == UInt64.max)
        #expect(ASCIINumbers.unsigned(Array("18446744073709551615".utf8)) == UInt64.max)
    }

    @Test func anythingButDigitsIsRefused() {
        for text in ["", "-", "--5", "+5", " 5", "5 ", "1e3", "AB", "18446744073709551616", "9223372036854775808"] {
            #expect(ASCIINumbers.parse(Array(text.utf8), signed: true) == nil, "\(text)")
        }
        #expect(ASCIINumbers.parse(Array("-5".utf8)) == nil)
        #expect(ASCIINumbers.parse(Array("-9223372036854775809".utf8), signed: true) == nil)
        #expect(ASCIINumbers.unsigned(Array("10000000000000000".utf8), radix: 16) == nil)
    }
}
