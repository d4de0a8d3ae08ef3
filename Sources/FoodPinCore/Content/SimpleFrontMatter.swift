/// Reads the front matter that nearly every file has, `key: value` lines with plain, quoted or
/// `[a, b]` values, or a `- item` list of such values under `key:`, in one pass and with the same
/// values and places the YAML parser gives. Anything else (nesting, anchors, tags, multi-line
/// scalars, repeated keys, tabs) returns nil, and the YAML parser reads the file instead: so the
/// shortcut is exact.
enum SimpleFrontMatter {
    static func entries(_ lines: ArraySlice<Substring>, firstLine: Int, path: String) -> [FieldReader.Entry]? {
        var entries: [FieldReader.Entry] = []
        var keys: Set<Substring> = []
        var lineNumber = firstLine - 1
        // After `key:` alone, a block list may follow: its items, their indent and where it starts.
        var expectingValueBlock = false
        var blockItems: [FieldValue] = []
        var blockIndent = 0
        var blockLocation = SourceLocation(path: path)
        func closeBlock() {
            guard !blockItems.isEmpty else { return }
            entries[entries.count - 1].value = .list(blockItems, at: blockLocation)
            blockItems = []
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
            if content.first == "-", expectingValueBlock || !blockItems.isEmpty {
                // `- item`: every item of one list at the indent of its first.
                guard content.count > 1, content[indent + 1] == " ", blockItems.isEmpty || indent == blockIndent else { return nil }
                var start = indent + 1
                while start < characters.count, characters[start] == " " { start += 1 }
                let rest = characters[start...]
                guard !rest.isEmpty, rest.first != "[", rest.first != "#",
                      let (text, plain, end) = scalar(rest), isBlankOrComment(rest[end...]) else { return nil }
                if blockItems.isEmpty {
                    blockIndent = indent
                    blockLocation = SourceLocation(path: path, line: lineNumber, column: indent + 1)
                }
                blockItems.append(.scalar(text, plain: plain, at: SourceLocation(path: path, line: lineNumber, column: start + 1)))
                expectingValueBlock = false
                continue
            }
            // Any other indented line belongs to a block value (a mapping, a folded text).
            if indent != 0 { return nil }
            closeBlock()
            expectingValueBlock = false
            guard let colon = characters.firstIndex(of: ":"), colon > 0 else { return nil }
            let keyScalars = characters[..<colon]
            guard keyScalars.allSatisfy(isKeyCharacter), let first = keyScalars.first, !("0"..."9").contains(first) else {
                return nil
            }
            let key = line[line.startIndex..<line.unicodeScalars.index(line.startIndex, offsetBy: colon)]
            guard keys.insert(key).inserted else { return nil }
            var start = colon + 1
            guard start == characters.count || characters[start] == " " else { return nil }
            while start < characters.count, characters[start] == " " { start += 1 }
            let keyLocation = SourceLocation(path: path, line: lineNumber, column: 1)
            let valueLocation = SourceLocation(path: path, line: lineNumber, column: start + 1)
            let rest = characters[start...]
            let value: FieldValue
            if rest.isEmpty || rest.first == "#" {
                // `key:` alone: empty, unless a block follows.
                expectingValueBlock = true
                value = .scalar("", plain: true, at: SourceLocation(path: path, line: lineNumber, column: colon + 2))
            } else if rest.first == "[" {
                guard let list = flowList(rest, line: lineNumber, path: path) else { return nil }
                value = .list(list, at: valueLocation)
            } else {
                guard let (text, plain, end) = scalar(rest), isBlankOrComment(rest[end...]) else { return nil }
                value = .scalar(text, plain: plain, at: valueLocation)
            }
            entries.append(FieldReader.Entry(key: String(key), keyLocation: keyLocation, value: value))
        }
        closeBlock()
        return entries
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
        let simple: Unicode.Scalar? = switch text.first! {
        case "0": "\u{0}"
        case "a": "\u{7}"
        case "b": "\u{8}"
        case "t": "\t"
        case "n": "\n"
        case "v": "\u{B}"
        case "f": "\u{C}"
        case "r": "\r"
        case "e": "\u{1B}"
        case " ": " "
        case "\"": "\""
        case "/": "/"
        case "\\": "\\"
        case "N": "\u{85}"
        case "_": "\u{A0}"
        case "L": "\u{2028}"
        case "P": "\u{2029}"
        default: nil
        }
        if let simple { return (simple, 1) }
        let digits = switch text.first! {
        case "x": 2
        case "u": 4
        case "U": 8
        default: 0
        }
        guard digits > 0, text.count > digits else { return nil }
        var code: UInt32 = 0
        for scalar in text.dropFirst().prefix(digits) {
            guard let digit = hexDigit(scalar) else { return nil }
            code = code << 4 | digit
        }
        guard let character = Unicode.Scalar(code) else { return nil }
        return (character, 1 + digits)
    }

    private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 48
        case "a"..."f": scalar.value - 87
        case "A"..."F": scalar.value - 55
        default: nil
        }
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
