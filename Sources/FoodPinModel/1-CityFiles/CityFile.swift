import Foundation
import FoodPinBase

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
    /// Ids of records skipped (a name missing, say): the file still lists them, so the store keeps
    /// what it had for them.
    public var skippedIDs: [Int] = []
    public var diagnostics: [Diagnostic]

    /// Reads a city file; a syntax error makes the whole file an error, a bad record only skips it.
    public static func read(_ url: URL, displayPath: String) -> CityFile {
        // Read into the one buffer the parser takes (through Data it was two: a gigabyte for a million records).
        guard let bytes = FileBytes.read(url.path, expectedSize: FileStamp(path: url.path).map { Int($0.size) }) else {
            var file = CityFile(path: displayPath, records: [], rejected: 0, diagnostics: [])
            file.diagnostics.append(.error(at: SourceLocation(path: displayPath), "cannot read the city file"))
            return file
        }
        return parse(bytes, displayPath: displayPath)
    }

    /// A city file's bytes, as `read` takes them from the file.
    package static func parse(_ bytes: [UInt8], displayPath: String) -> CityFile {
        var file = CityFile(path: displayPath, records: [], rejected: 0, diagnostics: [])
        var bytes = bytes
        if let invalid = UTF8Check.firstInvalidOffset(bytes) {
            // Older exports are Windows-1252; read them rather than turn accents into U+FFFD.
            if let text = String(data: Data(bytes), encoding: .windowsCP1252) {
                bytes = Array(text.utf8)
                file.diagnostics.append(.warning(at: SourceLocation(path: displayPath),
                                                 "the file is not UTF-8; it was read as Windows-1252 (Latin-1)"))
            } else {
                let place = LineIndex(bytes).location(ofOffset: invalid, path: displayPath)
                file.diagnostics.append(.error(at: place, String(format: "byte 0x%02X is neither UTF-8 nor Windows-1252 text", bytes[invalid]),
                                               hint: "save the file as UTF-8"))
                return file
            }
        }
        let lines = LineIndex(bytes)
        var seen: [Int: Int] = [:]
        // Each record is decoded as soon as it is read; the list itself is never kept.
        func take(_ item: LocatedJSON) {
            let location = lines.location(ofOffset: item.offset, path: displayPath)
            var decoder = CityRecordDecoder(lines: lines, path: displayPath)
            guard let entry = decoder.decode(item) else {
                file.rejected += 1
                if let id = item["id"].flatMap(CityRecordDecoder.integer), id > 0 { file.skippedIDs.append(id) }
                file.diagnostics.append(contentsOf: decoder.diagnostics)
                return
            }
            file.diagnostics.append(contentsOf: decoder.diagnostics)
            let id = entry.record.id
            if let earlier = seen[id] {
                let first = file.records[earlier].location
                file.diagnostics.append(.error(at: location,
                    "id \(id) is listed twice in this file (first at line \(first.line), column \(first.column)): one of the two would be lost",
                    hint: "give one of them another id, or delete the copy"))
                return
            }
            seen[id] = file.records.count
            file.records.append(entry)
        }
        let root: LocatedJSON
        let before = file.diagnostics.count
        do {
            root = try LocatedJSONParser.parse(bytes, eachListItem: take)
        } catch {
            // A syntax error makes the whole file an error: the records read before it do not count.
            file.records = []
            file.rejected = 0
            file.diagnostics.removeSubrange(before...)
            file.diagnostics.append(.error(at: lines.location(ofOffset: error.offset, path: displayPath), "invalid JSON: \(error.message)"))
            return file
        }
        switch root.value {
        case .array:
            break
        case .object:
            // Some exports wrap the list: {"restaurants": [...]}.
            if case .array(let array)? = root["restaurants"]?.value { array.forEach(take) } else {
                file.diagnostics.append(.error(at: lines.location(ofOffset: root.offset, path: displayPath),
                                               "a city file must be a JSON list of restaurants: [ {…}, {…} ]"))
            }
        default:
            file.diagnostics.append(.error(at: lines.location(ofOffset: root.offset, path: displayPath),
                                           "a city file must be a JSON list of restaurants: [ {…}, {…} ]"))
        }
        return file
    }
}

