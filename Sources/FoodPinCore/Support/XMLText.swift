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

    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            // Control characters have no place in XML 1.0, not even escaped.
            case _ where character.unicodeScalars.contains(where: { $0.value < 0x20 && !"\t\n\r".unicodeScalars.contains($0) }): break
            default: escaped.append(character)
            }
        }
        return escaped
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
