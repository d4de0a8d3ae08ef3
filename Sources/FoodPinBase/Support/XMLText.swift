/// The little XML that S3 answers with: the text of every `<tag>` element, in order, and the
/// escapes a key needs inside an element.
package enum XMLText {
    package static func values(of tag: String, in xml: String) -> [String] {
        var found: [String] = []
        var rest = xml[...]
        while let open = rest.range(of: "<\(tag)>") {
            guard let close = rest[open.upperBound...].range(of: "</\(tag)>") else { break }
            found.append(unescape(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return found
    }

    /// The text with `& < > " '` escaped and `isAllowed`'s refusals left out, which a city record
    /// or a review may hold. By bytes, a character decoded only past ASCII: a sitemap escapes a
    /// million addresses at a million restaurants.
    package static func escape(_ text: String) -> String {
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
                case 0..<0x80: if isAllowed(Unicode.Scalar(byte)) { escaped.append(byte) }
                default:
                    // Valid UTF-8: the lead byte says the length; its value is checked as a character.
                    let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2, end = min(index + length, bytes.count)
                    let value = bytes[index + 1..<end].reduce(UInt32(byte) & (0x7F >> length)) { $0 << 6 | UInt32($1 & 0x3F) }
                    if let scalar = Unicode.Scalar(value), isAllowed(scalar) { escaped += bytes[index..<end] }
                    index = end
                    continue
                }
                index += 1
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// XML 1.0 has no place, not even escaped, for C0 controls but tab and line breaks, nor for
    /// U+FFFE and U+FFFF; FoodPin leaves out the other noncharacters too (U+FDD0…U+FDEF, the last
    /// two of every plane), which XML discourages. One rule for feeds, sitemaps and S3 keys.
    package static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 { return value == 0x9 || value == 0xA || value == 0xD }
        return !(0xFDD0...0xFDEF).contains(value) && value & 0xFFFE != 0xFFFE
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
