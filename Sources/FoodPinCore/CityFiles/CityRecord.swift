import Foundation

/// One restaurant from a JSON city file (the LetsEat format), cleaned of the real files' quirks.
public struct CityRecord: Sendable, Equatable, Codable {
    public var id: Int
    public var name: String
    public var address: String?
    public var city: String?
    public var state: String?
    public var area: String?
    public var postalCode: String?
    public var country: String?
    public var phone: String?
    public var lat: Double?
    public var long: Double?
    public var price: Int?
    public var cuisines: [String]
    public var reserveURL: String?
    public var mobileReserveURL: String?
    public var imageURL: String?
    /// Set only when the file says so (an exported store carries it).
    public var favorite: Bool?
    /// Set only in an exported store: the city file the record first came from.
    public var source: String?
    /// Fields this format does not name, kept as JSON text so an export loses nothing.
    public var extra: [String: String]

    static let knownKeys: Set<String> = [
        "id", "name", "address", "city", "state", "area", "postal_code", "country", "phone", "lat", "long",
        "price", "cuisines", "reserve_url", "mobile_reserve_url", "image_url", "favorite", "source",
    ]
}

/// A city file read and checked: its records with where each starts, plus what was wrong.
public struct CityFile: Sendable {
    public var path: String
    public var records: [(record: CityRecord, location: SourceLocation)]
    public var rejected: Int
    public var diagnostics: [Diagnostic]

    /// Reads a city file; a syntax error makes the whole file an error, a bad record only skips it.
    public static func read(_ url: URL, displayPath: String) -> CityFile {
        var file = CityFile(path: displayPath, records: [], rejected: 0, diagnostics: [])
        guard var data = FileManager.default.contents(atPath: url.path) else {
            file.diagnostics.append(.error(at: SourceLocation(path: displayPath), "cannot read the city file"))
            return file
        }
        if String(data: data, encoding: .utf8) == nil {
            // Older exports are Windows-1252; read them rather than turn accents into U+FFFD.
            if let text = String(data: data, encoding: .windowsCP1252) {
                data = Data(text.utf8)
                file.diagnostics.append(.warning(at: SourceLocation(path: displayPath),
                                                 "the file is not UTF-8; it was read as Windows-1252 (Latin-1)"))
            }
        }
        let lines = LineIndex(data)
        let root: LocatedJSON
        do {
            root = try LocatedJSONParser.parse(data)
        } catch {
            file.diagnostics.append(.error(at: lines.location(ofOffset: error.offset, path: displayPath),
                                           "invalid JSON: \(error.message)"))
            return file
        }
        let items: [LocatedJSON]
        switch root.value {
        case .array(let array): items = array
        case .object:
            // Some exports wrap the list: {"restaurants": [...]}.
            if case .array(let array)? = root["restaurants"]?.value { items = array } else {
                file.diagnostics.append(.error(at: lines.location(ofOffset: root.offset, path: displayPath),
                                               "a city file must be a JSON list of restaurants: [ {…}, {…} ]"))
                return file
            }
        default:
            file.diagnostics.append(.error(at: lines.location(ofOffset: root.offset, path: displayPath),
                                           "a city file must be a JSON list of restaurants: [ {…}, {…} ]"))
            return file
        }
        var seen: [Int: Int] = [:]
        for item in items {
            let location = lines.location(ofOffset: item.offset, path: displayPath)
            var decoder = CityRecordDecoder(item: item, lines: lines, path: displayPath)
            guard let record = decoder.decode() else {
                file.rejected += 1
                file.diagnostics.append(contentsOf: decoder.diagnostics)
                continue
            }
            file.diagnostics.append(contentsOf: decoder.diagnostics)
            if let earlier = seen[record.id] {
                let earlierLine = file.records[earlier].location.line
                file.diagnostics.append(.warning(at: location,
                    "id \(record.id) appears again (first at line \(earlierLine)); this later record is used"))
                file.records[earlier] = (record, location)
                continue
            }
            seen[record.id] = file.records.count
            file.records.append((record, location))
        }
        return file
    }
}

/// Reads one record leniently: numbers as text, text as numbers, lists as comma strings.
struct CityRecordDecoder {
    let item: LocatedJSON
    let lines: LineIndex
    let path: String
    private(set) var diagnostics: [Diagnostic] = []

    init(item: LocatedJSON, lines: LineIndex, path: String) {
        self.item = item
        self.lines = lines
        self.path = path
    }

    private func at(_ node: LocatedJSON) -> SourceLocation { lines.location(ofOffset: node.offset, path: path) }

    mutating func decode() -> CityRecord? {
        guard case .object(let members) = item.value else {
            diagnostics.append(.warning(at: at(item), "skipped: a restaurant must be a JSON object {…}"))
            return nil
        }
        guard let idNode = item["id"], let id = integer(idNode), id > 0 else {
            diagnostics.append(.warning(at: item["id"].map(at) ?? at(item),
                                        "skipped: the restaurant has no usable `id` (a positive whole number)"))
            return nil
        }
        guard let name = text(item["name"]) else {
            diagnostics.append(.warning(at: item["name"].map(at) ?? at(item), "skipped: restaurant \(id) has no `name`"))
            return nil
        }
        var record = CityRecord(
            id: id, name: name, address: text(item["address"]), city: text(item["city"]), state: text(item["state"]),
            area: text(item["area"]), postalCode: text(item["postal_code"]), country: text(item["country"]),
            phone: text(item["phone"]), lat: nil, long: nil, price: nil, cuisines: [],
            reserveURL: nil, mobileReserveURL: nil, imageURL: nil, favorite: nil, source: nil, extra: [:])
        record.lat = coordinate("lat", limit: 90)
        record.long = coordinate("long", limit: 180)
        record.price = price()
        record.cuisines = cuisines()
        record.reserveURL = url("reserve_url")
        record.mobileReserveURL = url("mobile_reserve_url")
        record.imageURL = url("image_url")
        if let node = item["favorite"], case .bool(let favorite) = node.value { record.favorite = favorite }
        if let node = item["source"], case .string(let source) = node.value, !source.isEmpty { record.source = source }
        for (key, value) in members where !CityRecord.knownKeys.contains(key) {
            record.extra[key] = JSONText.encode(value)
        }
        return record
    }

    private func integer(_ node: LocatedJSON) -> Int? {
        switch node.value {
        case .number(let raw): return Int(raw) ?? Double(raw).flatMap { $0.rounded() == $0 ? Int(exactly: $0) : nil }
        case .string(let raw): return Int(raw.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    /// Text with outer white space trimmed; `nil` when absent, null or empty. Inner spacing is kept as written.
    private func text(_ node: LocatedJSON?) -> String? {
        guard let node else { return nil }
        let value: String
        switch node.value {
        case .string(let string): value = string
        case .number(let raw): value = raw
        case .bool(let flag): value = flag ? "true" : "false"
        default: return nil
        }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    private mutating func coordinate(_ key: String, limit: Double) -> Double? {
        guard let node = item[key] else { return nil }
        let value: Double?
        switch node.value {
        case .number(let raw): value = Double(raw)
        case .string(let raw): value = Double(raw.trimmingCharacters(in: .whitespaces))
        case .null: return nil
        default: value = nil
        }
        guard let value, value.isFinite, abs(value) <= limit else {
            diagnostics.append(.warning(at: at(node), "`\(key)` is not a coordinate between -\(Int(limit)) and \(Int(limit)); it is left out"))
            return nil
        }
        return value
    }

    private mutating func price() -> Int? {
        guard let node = item["price"] else { return nil }
        var value: Int?
        switch node.value {
        case .null: return nil
        case .number: value = integer(node)
        case .string(let raw):
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { return nil }
            value = Int(trimmed) ?? (trimmed.allSatisfy { $0 == "$" } ? trimmed.count : nil)
        default: value = nil
        }
        guard let value, (1...4).contains(value) else {
            diagnostics.append(.warning(at: at(node), "`price` must be from 1 to 4; it is left out"))
            return nil
        }
        return value
    }

    private func cuisines() -> [String] {
        guard let node = item["cuisines"] ?? item["cuisine"] else { return [] }
        var names: [String] = []
        switch node.value {
        case .array(let items): names = items.compactMap { text($0) }
        case .string(let raw): names = raw.split(separator: ",").map { String($0) }
        default: break
        }
        var seen: Set<String> = []
        return names.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && seen.insert(Slug.fold($0)).inserted }
    }

    private mutating func url(_ key: String) -> String? {
        guard let node = item[key], let value = text(node) else { return nil }
        guard WebURL.isSafe(value) else {
            diagnostics.append(.warning(at: at(node), "`\(key)` is not an http(s) URL; it is left out"))
            return nil
        }
        return value
    }
}

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
