import Foundation

/// A place in a source file; line and column count from 1.
public struct SourceLocation: Hashable, Sendable, Comparable {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int = 1, column: Int = 1) {
        self.path = path
        self.line = max(line, 1)
        self.column = max(column, 1)
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.path, a.line, a.column) < (b.path, b.line, b.column)
    }
}

/// One problem found in the content, reported as `path:line:column: error: message`.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }

    public var severity: Severity
    public var location: SourceLocation
    public var message: String
    public var hint: String?

    public init(_ severity: Severity, at location: SourceLocation, _ message: String, hint: String? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.hint = hint
    }

    public static func error(at location: SourceLocation, _ message: String, hint: String? = nil) -> Diagnostic {
        Diagnostic(.error, at: location, message, hint: hint)
    }

    public static func warning(at location: SourceLocation, _ message: String, hint: String? = nil) -> Diagnostic {
        Diagnostic(.warning, at: location, message, hint: hint)
    }

    public var description: String {
        var text = "\(location.path):\(location.line):\(location.column): \(severity.rawValue): \(message)"
        if let hint { text += "\n    hint: \(hint)" }
        return text
    }
}

/// Collects diagnostics from every stage so that a build reports all problems at once.
public struct DiagnosticLog: Sendable {
    public private(set) var entries: [Diagnostic] = []

    public init() {}

    public var hasErrors: Bool { entries.contains { $0.severity == .error } }

    public mutating func add(contentsOf other: [Diagnostic]) { entries.append(contentsOf: other) }

    /// Sorted by place, so output is stable whatever order the files were read in.
    public var sorted: [Diagnostic] { entries.sorted { ($0.location, $0.message) < ($1.location, $1.message) } }
}

extension SourceLocation: PlainBinaryCodable {
    package static var blank: SourceLocation { SourceLocation(path: "") }
    package mutating func binaryFields(_ fields: inout some BinaryFieldVisitor) throws(BinaryReader.Malformed) {
        try fields.field(&path)
        try fields.field(&line)
        try fields.field(&column)
    }
}

extension Diagnostic.Severity: RawBinaryCodable {}

extension Diagnostic: PlainBinaryCodable {
    package static var blank: Diagnostic { Diagnostic(.error, at: .blank, "") }
    package mutating func binaryFields(_ fields: inout some BinaryFieldVisitor) throws(BinaryReader.Malformed) {
        try fields.field(&severity)
        try fields.field(&location)
        try fields.field(&message)
        try fields.field(&hint)
    }
}
