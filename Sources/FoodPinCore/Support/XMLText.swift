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

    /// The text with `& < > " '` escaped and control characters left out (XML 1.0 has no place for
    /// them, not even escaped). By bytes: feeds escape whole reviews.
    static func escape(_ text: String) -> String {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): escaped += "&amp;".utf8
            case UInt8(ascii: "<"): escaped += "&lt;".utf8
            case UInt8(ascii: ">"): escaped += "&gt;".utf8
            case UInt8(ascii: "\""): escaped += "&quot;".utf8
            case UInt8(ascii: "'"): escaped += "&apos;".utf8
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): escaped.append(byte)
            case 0..<0x20: break
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
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
