import Foundation

/// One restaurant read from a city file, with where it starts.
public struct CityEntry: Sendable {
    /// The record as the file gives it (not a favourite, no source, unless stated below).
    public var record: RestaurantRecord
    /// What the file itself says about these (an exported store does); nil when it says nothing.
    public var statedFavorite: Bool?
    public var statedSource: String?
    public var location: SourceLocation
}

/// A city file read and checked: its records with where each starts, plus what was wrong.
public struct CityFile: Sendable {
    public var path: String
    public var records: [CityEntry]
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
            var decoder = CityRecordDecoder(lines: lines, path: displayPath)
            guard let entry = decoder.decode(item) else {
                file.rejected += 1
                file.diagnostics.append(contentsOf: decoder.diagnostics)
                continue
            }
            file.diagnostics.append(contentsOf: decoder.diagnostics)
            let id = entry.record.id
            if let earlier = seen[id] {
                let earlierLine = file.records[earlier].location.line
                file.diagnostics.append(.warning(at: location,
                    "id \(id) appears again (first at line \(earlierLine)); this later record is used"))
                file.records[earlier] = entry
                continue
            }
            seen[id] = file.records.count
            file.records.append(entry)
        }
        return file
    }
}

