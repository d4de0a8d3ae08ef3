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
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    result += String(format: "\\u%04x", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
