import FoodPinBase
/// Reads the front matter that nearly every file has, `key: value` lines whose value is a plain or
/// quoted scalar, a `[a, b]` list of them, or a `- item` list of them on the lines under `key:`, in
/// one pass and with the same values and places the YAML parser gives. Anything else (nesting,
/// anchors, tags, multi-line scalars, repeated or over-long keys, tabs) returns nil, and the YAML
/// parser reads the file instead: so the shortcut is exact.
package enum SimpleFrontMatter {
    /// libyaml looks for a key's `:` within 1,024 characters and refuses a longer key; the shortcut
    /// stops a little short, so it never takes what the parser refuses.
    private static let longestKey = 1_000

    package static func entries(_ lines: ArraySlice<Substring>, firstLine: Int, path: String) -> [FieldReader.Entry]? {
        var entries: [FieldReader.Entry] = []
        var keys: Set<Substring> = []
        var lineNumber = firstLine - 1
        // After `key:` alone, a `- item` list may follow: its items, their indent and where it starts.
        var listMayFollow = false
        var listItems: [FieldValue] = []
        var listIndent = 0
        var listLocation = SourceLocation(path: path)
        func closeList() {
            guard !listItems.isEmpty else { return }
            entries[entries.count - 1].value = .list(listItems, at: listLocation)
            listItems = []
        }
        for line in lines {
            lineNumber += 1
            let characters = Array(line.unicodeScalars)
            // Tabs, control characters and the line breaks YAML knows besides \n are the parser's.
            if characters.contains(where: isUnusual) { return nil }
            let content = characters.drop(while: { $0 == " " })
            if content.isEmpty || content.first == "#" {
                continue
            }
            let indent = content.startIndex
            if content.first == "-", listMayFollow || !listItems.isEmpty {
                // `- item`: every item of one list at the indent of its first.
                guard content.count > 1, content[indent + 1] == " ", listItems.isEmpty || indent == listIndent else { return nil }
                let start = afterSpaces(characters, from: indent + 1)
                guard let (text, plain) = wholeScalar(characters[start...]) else { return nil }
                if listItems.isEmpty {
                    listIndent = indent
                    listLocation = SourceLocation(path: path, line: lineNumber, column: indent + 1)
                }
                listItems.append(.scalar(text, plain: plain, at: SourceLocation(path: path, line: lineNumber, column: start + 1)))
                continue
            }
            // Any other indented line belongs to a block value (a mapping, a folded text).
            if indent != 0 { return nil }
            closeList()
            listMayFollow = false
            guard let colon = characters.firstIndex(of: ":"), colon > 0, colon <= longestKey else { return nil }
            let keyScalars = characters[..<colon]
            guard keyScalars.allSatisfy(isKeyCharacter), let first = keyScalars.first, !("0"..."9").contains(first) else {
                return nil
            }
            let key = line[line.startIndex..<line.unicodeScalars.index(line.startIndex, offsetBy: colon)]
            guard keys.insert(key).inserted else { return nil }
            guard colon + 1 == characters.count || characters[colon + 1] == " " else { return nil }
            let start = afterSpaces(characters, from: colon + 1)
            let keyLocation = SourceLocation(path: path, line: lineNumber, column: 1)
            let valueLocation = SourceLocation(path: path, line: lineNumber, column: start + 1)
            let rest = characters[start...]
            let value: FieldValue
            if rest.isEmpty || rest.first == "#" {
                // `key:` alone: empty, unless a list follows.
                listMayFollow = true
                value = .scalar("", plain: true, at: SourceLocation(path: path, line: lineNumber, column: colon + 2))
            } else if rest.first == "[" {
                guard let list = flowList(rest, line: lineNumber, path: path) else { return nil }
                value = .list(list, at: valueLocation)
            } else {
                guard let (text, plain) = wholeScalar(rest) else { return nil }
                value = .scalar(text, plain: plain, at: valueLocation)
            }
            entries.append(FieldReader.Entry(key: String(key), keyLocation: keyLocation, value: value))
        }
        closeList()
        return entries
    }

    private static func afterSpaces(_ characters: [Unicode.Scalar], from index: Int) -> Int {
        var index = index
        while index < characters.count, characters[index] == " " { index += 1 }
        return index
    }

    /// A scalar that is the rest of its line but for a comment: its value and whether plain.
    private static func wholeScalar(_ rest: ArraySlice<Unicode.Scalar>) -> (String, Bool)? {
        guard let (text, plain, end) = scalar(rest), isBlankOrComment(rest[end...]) else { return nil }
        return (text, plain)
    }

    /// What the YAML parser should judge: control characters and tabs, line breaks only YAML sees,
    /// the byte-order mark, and what YAML does not count as printable (U+FFFE, U+FFFF).
    private static func isUnusual(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 || value == 0xFEFF
            || value == 0xFFFE || value == 0xFFFF
    }

    private static func isKeyCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"
    }

    private static func isBlankOrComment(_ rest: ArraySlice<Unicode.Scalar>) -> Bool {
        let content = rest.drop(while: { $0 == " " })
        return content.isEmpty || (content.first == "#" && content.startIndex > rest.startIndex)
    }

    /// A scalar at the start of `text`: its value, whether plain, and where it ends.
    private static func scalar(_ text: ArraySlice<Unicode.Scalar>, inList: Bool = false) -> (String, Bool, Int)? {
        guard let first = text.first else { return nil }
        switch first {
        case "\"":
            var value = String.UnicodeScalarView()
            var index = text.startIndex + 1
            while index < text.endIndex {
                let scalar = text[index]
                if scalar == "\"" { return (String(value), false, index + 1) }
                if scalar == "\\" {
                    guard index + 1 < text.endIndex, let (escaped, length) = escape(text[(index + 1)...]) else { return nil }
                    value.append(escaped)
                    index += 1 + length
                    continue
                }
                value.append(scalar)
                index += 1
            }
            return nil
        case "'":
            var value = String.UnicodeScalarView()
            var index = text.startIndex + 1
            while index < text.endIndex {
                if text[index] == "'" {
                    if index + 1 < text.endIndex, text[index + 1] == "'" {
                        value.append("'")
                        index += 2
                        continue
                    }
                    return (String(value), false, index + 1)
                }
                value.append(text[index])
                index += 1
            }
            return nil
        default:
            // A plain scalar: no indicator first (a minus only before a digit or a point, for
            // numbers), no `: ` or ` #` inside, and in a list no flow characters.
            if isIndicator(first) {
                guard first == "-", text.count > 1, ("0"..."9").contains(text[text.startIndex + 1]) || text[text.startIndex + 1] == "." else {
                    return nil
                }
            }
            var end = text.startIndex
            while end < text.endIndex {
                let scalar = text[end]
                if inList, scalar == "," || scalar == "]" { break }
                if inList, scalar == "[" || scalar == "{" || scalar == "}" { return nil }
                // `: ` ends a key; in a list `:` before `,` or `]` does too (YAML then reads a mapping).
                if scalar == ":", end + 1 == text.endIndex || text[end + 1] == " "
                    || (inList && (isFlowCharacter(text[end + 1]) || text[end + 1] == "?")) { return nil }
                if scalar == " ", end + 1 < text.endIndex, text[end + 1] == "#" { break }
                end += 1
            }
            var last = end
            while last > text.startIndex, text[last - 1] == " " { last -= 1 }
            guard last > text.startIndex else { return nil }
            return (string(text[text.startIndex..<last]), true, end)
        }
    }

    /// The character a double-quoted escape stands for (the text after its backslash), and the
    /// escape's length: YAML's whole set, `\xE3`, `\u017B` and `\U0001F35C` included (how PyYAML
    /// writes anything not ASCII). A code point YAML refuses is left to the parser's error.
    private static func escape(_ text: ArraySlice<Unicode.Scalar>) -> (Unicode.Scalar, Int)? {
        let character: Unicode.Scalar
        switch text.first! {
        case "0": character = "\u{0}"
        case "a": character = "\u{7}"
        case "b": character = "\u{8}"
        case "t": character = "\t"
        case "n": character = "\n"
        case "v": character = "\u{B}"
        case "f": character = "\u{C}"
        case "r": character = "\r"
        case "e": character = "\u{1B}"
        case " ": character = " "
        case "\"": character = "\""
        case "/": character = "/"
        case "\\": character = "\\"
        case "N": character = "\u{85}"
        case "_": character = "\u{A0}"
        case "L": character = "\u{2028}"
        case "P": character = "\u{2029}"
        case "x": return hexEscape(text, digits: 2)
        case "u": return hexEscape(text, digits: 4)
        case "U": return hexEscape(text, digits: 8)
        default: return nil
        }
        return (character, 1)
    }

    private static func hexEscape(_ text: ArraySlice<Unicode.Scalar>, digits: Int) -> (Unicode.Scalar, Int)? {
        guard text.count > digits else { return nil }
        var code: UInt32 = 0
        for scalar in text.dropFirst().prefix(digits) {
            let digit: UInt32
            switch scalar {
            case "0"..."9": digit = scalar.value - ("0" as Unicode.Scalar).value
            case "a"..."f": digit = scalar.value - ("a" as Unicode.Scalar).value + 10
            case "A"..."F": digit = scalar.value - ("A" as Unicode.Scalar).value + 10
            default: return nil
            }
            code = code << 4 | digit
        }
        guard let character = Unicode.Scalar(code) else { return nil }
        return (character, 1 + digits)
    }

    /// Characters that start something other than a plain scalar.
    private static func isIndicator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "-", "?", ":", ",", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`": true
        default: isFlowCharacter(scalar)
        }
    }

    private static func isFlowCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "," || scalar == "[" || scalar == "]" || scalar == "{" || scalar == "}"
    }

    /// The text of scalars, through their UTF-8 bytes (appending scalars to a string one by one costs more).
    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count)
        for scalar in scalars {
            if scalar.isASCII { bytes.append(UInt8(scalar.value)) } else { bytes += UTF8.encode(scalar)! }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `[a, "b", c]` on one line; its items located where they start.
    private static func flowList(_ text: ArraySlice<Unicode.Scalar>, line: Int, path: String) -> [FieldValue]? {
        var items: [FieldValue] = []
        var index = text.startIndex + 1
        func skipSpaces() { while index < text.endIndex, text[index] == " " { index += 1 } }
        skipSpaces()
        if index < text.endIndex, text[index] == "]" {
            return isBlankOrComment(text[(index + 1)...]) ? [] : nil
        }
        while index < text.endIndex {
            skipSpaces()
            guard let (value, plain, end) = scalar(text[index...], inList: true) else { return nil }
            items.append(.scalar(value, plain: plain, at: SourceLocation(path: path, line: line, column: index + 1)))
            index = end
            skipSpaces()
            guard index < text.endIndex else { return nil }
            if text[index] == "]" { return isBlankOrComment(text[(index + 1)...]) ? items : nil }
            guard text[index] == "," else { return nil }
            index += 1
        }
        return nil
    }
}
