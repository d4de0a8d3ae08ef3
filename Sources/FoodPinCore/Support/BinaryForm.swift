/// A plain type's binary form as one list of its fields: written in that order, and read back in
/// that order into `make` (its memberwise initialiser), so writing and reading cannot disagree and
/// a field added to the list is kept with no other change. Not `Codable`: a binary coder over
/// `Codable` was tried and made reading the state of 60,000 files 3.7 times slower (bench/HISTORY.md).
///
///     static let binaryForm = BinaryForm(\SourceLocation.path, \.line, \.column, make: SourceLocation.init)
struct BinaryForm<Root, each Field: BinaryCodable>: Sendable {
    private let fields: (repeat KeyPath<Root, each Field> & Sendable)
    private let make: @Sendable (repeat each Field) -> Root

    init(_ field: repeat KeyPath<Root, each Field> & Sendable, make: @escaping @Sendable (repeat each Field) -> Root) {
        fields = (repeat each field)
        self.make = make
    }

    func write(_ value: Root, to writer: inout BinaryWriter) {
        for field in repeat each fields { writer.write(value[keyPath: field]) }
    }

    func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Root {
        make(repeat try reader.read((each Field).self))
    }
}

/// The form of a value that is only digested (what a page shows), never read back: its fields in order.
struct DigestForm<Root, each Field: BinaryEncodable>: Sendable {
    private let fields: (repeat KeyPath<Root, each Field> & Sendable)

    init(_ field: repeat KeyPath<Root, each Field> & Sendable) { fields = (repeat each field) }

    func write(_ value: Root, to writer: inout BinaryWriter) {
        for field in repeat each fields { writer.write(value[keyPath: field]) }
    }
}

/// A string enumeration is written as its raw value; an unknown one is damage.
protocol RawBinaryCodable: BinaryCodable, RawRepresentable<String> {}

extension RawBinaryCodable {
    func encode(to writer: inout BinaryWriter) { writer.write(rawValue) }
    static func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Self {
        guard let value = Self(rawValue: try reader.readString()) else { throw BinaryReader.Malformed() }
        return value
    }
}

extension Optional: BinaryEncodable where Wrapped: BinaryEncodable {
    func encode(to writer: inout BinaryWriter) { writer.write(self) }
}

extension Optional: BinaryDecodable where Wrapped: BinaryDecodable {
    static func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Self { try reader.readOptional(Wrapped.self) }
}

extension Array: BinaryDecodable where Element: BinaryDecodable {
    static func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Self { try reader.readArray(Element.self) }
}

extension UInt64: BinaryCodable {
    func encode(to writer: inout BinaryWriter) { writer.write(self) }
    static func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Self { try reader.readUInt64() }
}

extension Int64: BinaryCodable {
    func encode(to writer: inout BinaryWriter) { writer.write(Int(self)) }
    static func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Self { Int64(try reader.readInt()) }
}
