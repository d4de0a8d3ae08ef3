import Foundation

/// Minimal JSON writing for values kept verbatim.
enum JSONText {
    static func encode(_ node: LocatedJSON) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let raw): return raw
        case .string(let string): return quote(string)
        case .array(let items): return "[" + items.map(encode).joined(separator: ",") + "]"
        case .object(let members): return "{" + members.map { quote($0.key) + ":" + encode($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// A JSON string literal that is also safe inside an HTML `<script>` element.
    static func quote(_ string: String) -> String {
        var string = string
        string.makeContiguousUTF8()
        return string.utf8.withContiguousStorageIfAvailable(quote(utf8:)) ?? Array(string.utf8).withUnsafeBufferPointer(quote(utf8:))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Works on UTF-8 bytes: most text needs no escape and is copied in one go.
    private static func quote(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 8)
        output.append(34)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 34: output += [92, 34] // \"
            case 92: output += [92, 92] // \\
            case 10: output += [92, 110] // \n
            case 13: output += [92, 114] // \r
            case 9: output += [92, 116] // \t
            case 60, 62, 38, 0..<32: // < > & and other control characters as \u00XX
                output += [92, 117, 48, 48, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 15)]]
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                // U+2028 and U+2029 end a line in JavaScript.
                output += Array("\\u202".utf8) + [bytes[index + 2] == 0xA8 ? 56 : 57]
                index += 2
            default:
                output.append(byte)
            }
            index += 1
        }
        output.append(34)
        return String(decoding: output, as: UTF8.self)
    }
}
