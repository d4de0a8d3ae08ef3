import Foundation

/// Minimal JSON writing for values kept verbatim.
package enum JSONText {
    package static func encode(_ node: LocatedJSON) -> String {
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
    package static func quote(_ string: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(string.utf8.count + 8)
        append(quoting: string, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// A JSON array of strings.
    package static func list(_ strings: some Sequence<String>) -> String {
        var output: [UInt8] = []
        append(list: strings, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// `list`, appended to bytes being written.
    package static func append(list strings: some Sequence<String>, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "["))
        for (offset, string) in strings.enumerated() {
            if offset > 0 { output.append(UInt8(ascii: ",")) }
            append(quoting: string, to: &output)
        }
        output.append(UInt8(ascii: "]"))
    }

    /// `quote`, appended to bytes being written.
    static func append(quoting string: String, to output: inout [UInt8]) {
        var string = string
        string.makeContiguousUTF8()
        if string.utf8.withContiguousStorageIfAvailable({ append(utf8: $0, to: &output) }) == nil {
            Array(string.utf8).withUnsafeBufferPointer { append(utf8: $0, to: &output) }
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Works on UTF-8 bytes: runs of text that need no escape are copied in one go.
    private static func append(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        output.append(34)
        var plainFrom = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let escape: [UInt8]
            var length = 1
            switch byte {
            case 34: escape = [92, 34] // \"
            case 92: escape = [92, 92] // \\
            case 10: escape = [92, 110] // \n
            case 13: escape = [92, 114] // \r
            case 9: escape = [92, 116] // \t
            case 60, 62, 38, 0..<32: // < > & and other control characters as \u00XX
                escape = [92, 117, 48, 48, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 15)]]
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                // U+2028 and U+2029 end a line in JavaScript.
                escape = Array("\\u202".utf8) + [bytes[index + 2] == 0xA8 ? 56 : 57]
                length = 3
            default:
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainFrom..<index]))
            output += escape
            index += length
            plainFrom = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainFrom..<bytes.count]))
        output.append(34)
    }
}

/// JSON written straight into bytes, commas placed as members come: no string per member.
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []
    private var needsComma = false

    package init(capacity: Int) { bytes.reserveCapacity(capacity) }

    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// A string member (`key` nil inside an array).
    package mutating func string(_ key: String?, _ text: String) {
        member(key)
        JSONText.append(quoting: text, to: &bytes)
    }

    /// A member written as it is given: a number.
    package mutating func literal(_ key: String?, _ literal: String) {
        member(key)
        bytes += literal.utf8
    }

    package mutating func object(_ key: String?, _ members: (inout JSONWriter) -> Void) {
        nested(key, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), members)
    }

    package mutating func array(_ key: String?, _ items: (inout JSONWriter) -> Void) {
        nested(key, open: UInt8(ascii: "["), close: UInt8(ascii: "]"), items)
    }

    private mutating func nested(_ key: String?, open: UInt8, close: UInt8, _ body: (inout JSONWriter) -> Void) {
        member(key)
        bytes.append(open)
        needsComma = false
        body(&self)
        bytes.append(close)
        needsComma = true
    }

    private mutating func member(_ key: String?) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
        guard let key else { return }
        JSONText.append(quoting: key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }
}
