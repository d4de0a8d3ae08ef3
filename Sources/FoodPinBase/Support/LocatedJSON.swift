import Foundation

/// A JSON value that remembers the byte offset where it starts, so errors can name line and column.
package struct LocatedJSON: Sendable {
    package indirect enum Value: Sendable {
        case null
        case bool(Bool)
        /// The number's exact text, so integers keep every digit.
        case number(String)
        case string(String)
        case array([LocatedJSON])
        case object([(key: String, value: LocatedJSON)])
    }

    package var value: Value
    package var offset: Int

    package subscript(key: String) -> LocatedJSON? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }?.value
    }
}

package struct JSONSyntaxError: Error {
    package var offset: Int
    package var message: String
}

/// A strict JSON parser (RFC 8259) over UTF-8 bytes that keeps offsets.
package struct LocatedJSONParser {
    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0

    package static func parse(_ data: Data) throws(JSONSyntaxError) -> LocatedJSON {
        try parse([UInt8](data)) { _ in }
    }

    /// Parses `bytes`. When the value is a list, each item goes to `item` as soon as it is read and
    /// is not kept (the list returned is empty): a city file of a million records is never whole
    /// in memory as a tree.
    package static func parse(_ bytes: [UInt8], eachListItem item: (LocatedJSON) -> Void) throws(JSONSyntaxError) -> LocatedJSON {
        var parser = LocatedJSONParser(bytes: bytes)
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.position = 3 }
        parser.skipWhitespace()
        let value: LocatedJSON
        if parser.position < bytes.count, bytes[parser.position] == UInt8(ascii: "[") {
            let start = parser.position
            try parser.parseArray(streaming: item)
            value = LocatedJSON(value: .array([]), offset: start)
        } else {
            value = try parser.parseValue()
        }
        parser.skipWhitespace()
        guard parser.position == parser.bytes.count else {
            throw JSONSyntaxError(offset: parser.position, message: "unexpected text after the end of the JSON value")
        }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private func fail(_ message: String) -> JSONSyntaxError { JSONSyntaxError(offset: position, message: message) }

    private func describeCurrent() -> String {
        guard position < bytes.count else { return "the end of the file" }
        let byte = bytes[position]
        return byte >= 0x20 && byte < 0x7F ? "'\(Character(UnicodeScalar(byte)))'" : String(format: "byte 0x%02X", byte)
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> LocatedJSON {
        guard position < bytes.count else { throw fail("expected a value but the file ends") }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "{"): return LocatedJSON(value: try parseObject(), offset: start)
        case UInt8(ascii: "["): return LocatedJSON(value: try parseArray(), offset: start)
        case UInt8(ascii: "\""): return LocatedJSON(value: .string(try parseString()), offset: start)
        case UInt8(ascii: "t"): try expectWord("true"); return LocatedJSON(value: .bool(true), offset: start)
        case UInt8(ascii: "f"): try expectWord("false"); return LocatedJSON(value: .bool(false), offset: start)
        case UInt8(ascii: "n"): try expectWord("null"); return LocatedJSON(value: .null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return LocatedJSON(value: .number(try parseNumber()), offset: start)
        default:
            throw fail("expected a value but found \(describeCurrent())")
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        for byte in word.utf8 {
            guard position < bytes.count, bytes[position] == byte else { throw fail("expected `\(word)`") }
            position += 1
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > 512 { throw fail("JSON nested too deeply") }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> LocatedJSON.Value {
        var items: [LocatedJSON] = []
        try parseArray { items.append($0) }
        return .array(items)
    }

    private mutating func parseArray(streaming item: (LocatedJSON) -> Void) throws(JSONSyntaxError) {
        try enter()
        defer { depth -= 1 }
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return }
        while true {
            skipWhitespace()
            item(try parseValue())
            skipWhitespace()
            guard position < bytes.count else { throw fail("the list is never closed with ']'") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return }
            throw fail("expected ',' or ']' after a list item but found \(describeCurrent())")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> LocatedJSON.Value {
        try enter()
        defer { depth -= 1 }
        position += 1
        var members: [(key: String, value: LocatedJSON)] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw fail("expected a field name in double quotes but found \(describeCurrent())")
            }
            let key = try parseString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw fail("expected ':' after the field name \"\(key)\" but found \(describeCurrent())")
            }
            position += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            guard position < bytes.count else { throw fail("the object is never closed with '}'") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
            throw fail("expected ',' or '}' after a field but found \(describeCurrent())")
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = position
        func digits() -> Int {
            let from = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            return position - from
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integer = position
        guard digits() > 0 else { throw fail("a number needs digits") }
        // RFC 8259: no leading zeros (a 0 followed by digits may be meant as octal elsewhere).
        if bytes[integer] == UInt8(ascii: "0"), position - integer > 1 {
            position = integer
            throw fail("a number cannot start with 0 followed by more digits (write 7, not 07)")
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw fail("a number needs digits after '.'") }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw fail("a number needs digits in its exponent") }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        func flushRun() {
            if runStart < position { scalars.append(contentsOf: String(decoding: bytes[runStart..<position], as: UTF8.self).unicodeScalars) }
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                flushRun()
                position += 1
                return String(scalars)
            }
            if byte < 0x20 { throw fail("a control character (newline or tab) must be escaped inside a string") }
            if byte == UInt8(ascii: "\\") {
                flushRun()
                position += 1
                guard position < bytes.count else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800...0xDBFF).contains(code) {
                        // A surrogate pair; a lone half becomes U+FFFD rather than an error.
                        if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                            position += 2
                            let low = try parseHex4()
                            code = (0xDC00...0xDFFF).contains(low) ? 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
                        } else {
                            code = 0xFFFD
                        }
                    }
                    scalars.append(UnicodeScalar(code) ?? "\u{FFFD}")
                default:
                    position -= 1
                    throw fail("unknown escape '\\\(Character(UnicodeScalar(escape)))' in a string")
                }
                runStart = position
                continue
            }
            position += 1
        }
        throw fail("a string is never closed with '\"'")
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw fail("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("expected four hex digits after \\u")
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }
}

/// Turns byte offsets into 1-based line and column (columns count characters, as Unicode scalars,
/// not bytes). Each lookup costs O(log lines + 256), whatever the length of the line: a city file
/// written on one line would otherwise cost a scan of the line per record.
package struct LineIndex {
    private let lineStarts: [Int]
    private let bytes: [UInt8]
    /// Characters before each 256-byte block.
    private let charactersBefore: [Int]
    private static let block = 256

    package init(_ data: Data) { self.init([UInt8](data)) }

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var before: [Int] = []
        before.reserveCapacity(bytes.count / Self.block + 1)
        var characters = 0
        for (index, byte) in bytes.enumerated() {
            if index % Self.block == 0 { before.append(characters) }
            if byte == 0x0A { starts.append(index + 1) }
            if byte & 0xC0 != 0x80 { characters += 1 }
        }
        before.append(characters)
        lineStarts = starts
        charactersBefore = before
    }

    /// Characters in bytes[0..<offset].
    private func characters(upTo offset: Int) -> Int {
        let block = offset / Self.block
        var count = charactersBefore[block]
        for byte in bytes[(block * Self.block)..<offset] where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    package func location(ofOffset offset: Int, path: String) -> SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let column = characters(upTo: offset) - characters(upTo: lineStarts[low]) + 1
        return SourceLocation(path: path, line: low + 1, column: column)
    }
}
