/// The little XML that S3 answers with: the text of every `<tag>` element, in order, and the
/// escapes a key needs inside an element.
enum XMLText {
    static func values(of tag: String, in xml: String) -> [String] {
        var found: [String] = []
        var rest = xml[...]
        while let open = rest.range(of: "<\(tag)>") {
            guard let close = rest[open.upperBound...].range(of: "</\(tag)>") else { break }
            found.append(unescape(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return found
    }

    /// The text with `& < > " '` escaped and what XML 1.0 has no place for left out, not even
    /// escaped: C0 controls but tab and line breaks, and the noncharacters (U+FFFE, U+FFFF, U+FDD0…
    /// U+FDEF and the last two of every plane), which a city record or a review may hold. By bytes:
    /// feeds escape whole reviews.
    static func escape(_ text: String) -> String {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + 16)
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "&"): escaped += "&amp;".utf8
                case UInt8(ascii: "<"): escaped += "&lt;".utf8
                case UInt8(ascii: ">"): escaped += "&gt;".utf8
                case UInt8(ascii: "\""): escaped += "&quot;".utf8
                case UInt8(ascii: "'"): escaped += "&apos;".utf8
                case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): escaped.append(byte)
                case 0..<0x20: break
                case 0xEF, 0xF0...0xF4:
                    let length = byte == 0xEF ? 3 : 4
                    let sequence = bytes[index..<min(index + length, bytes.count)]
                    if !isNoncharacter(Array(sequence)) { escaped += sequence }
                    index += sequence.count
                    continue
                default: escaped.append(byte)
                }
                index += 1
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// A noncharacter's UTF-8 (valid UTF-8 given): U+FDD0…U+FDEF is EF B7 90…AF; U+nFFFE and
    /// U+nFFFF end in BF BE or BF BF, after EF or after a plane's lead with its low four bits set.
    static func isNoncharacter(_ bytes: [UInt8]) -> Bool {
        if bytes.count == 3, bytes[0] == 0xEF {
            return (bytes[1] == 0xB7 && (0x90...0xAF).contains(bytes[2])) || (bytes[1] == 0xBF && bytes[2] >= 0xBE)
        }
        return bytes.count == 4 && bytes[1] & 0x0F == 0x0F && bytes[2] == 0xBF && bytes[3] >= 0xBE
    }

    static func unescape(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var result = ""
        var rest = text
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { break }
            let name = rest[rest.index(after: amp)..<semicolon]
            switch name {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let number = name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16) : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
                if let number, let scalar = UnicodeScalar(number) { result.unicodeScalars.append(scalar) } else { result += "&\(name);" }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
