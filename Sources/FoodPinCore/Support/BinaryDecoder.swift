import Foundation

/// Reads a `Decodable` value in the form `BinaryEncoder` writes. Bytes that run out, a bad flag or
/// an unknown case throw `BinaryReader.Malformed` (the build then starts afresh).
final class BinaryDecoder: Decoder {
    var reader: BinaryReader
    /// The case of the enum being read, from when its synthesized code asks for `allKeys` (twice)
    /// to when it asks for the case's fields.
    private var enumCase: String?
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ reader: BinaryReader) { self.reader = reader }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Fields(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        Elements(decoder: self, count: try reader.readCount())
    }

    func singleValueContainer() -> any SingleValueDecodingContainer { Value(decoder: self) }

    fileprivate func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard let value = T(exactly: try reader.readInt()) else { throw BinaryReader.Malformed() }
        return value
    }

    private struct Fields<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: BinaryDecoder
        var codingPath: [any CodingKey] { [] }

        /// Asked for by an enum's synthesized code only: the case, by its name.
        var allKeys: [Key] {
            if decoder.enumCase == nil { decoder.enumCase = try? decoder.reader.readString() }
            return decoder.enumCase.flatMap { Key(stringValue: $0) }.map { [$0] } ?? []
        }

        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) throws -> Bool { try !decoder.reader.readBool() }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder.reader.readBool() }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder.reader.readString() }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder.reader.readDouble() }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try decoder.reader.readDouble()) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder.reader.readInt() }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder.integer(type) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder.integer(type) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder.integer(type) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder.integer(type) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { UInt(try decoder.reader.readUInt64()) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder.integer(type) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder.integer(type) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder.integer(type) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder.reader.readUInt64() }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try T(from: decoder) }

        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try flagged(type) }
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try flagged(type) }
        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try flagged(type) }
        func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try flagged(type) }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try flagged(type) }
        func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try flagged(type) }
        func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try flagged(type) }
        func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try flagged(type) }
        func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try flagged(type) }
        func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try flagged(type) }
        func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try flagged(type) }
        func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try flagged(type) }
        func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try flagged(type) }
        func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try flagged(type) }
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try flagged(type) }

        private func flagged<T: Decodable>(_ type: T.Type) throws -> T? {
            try decoder.reader.readBool() ? try T(from: decoder) : nil
        }

        /// The case's fields: the case is known by now.
        func nestedContainer<Nested: CodingKey>(keyedBy type: Nested.Type, forKey key: Key) -> KeyedDecodingContainer<Nested> {
            decoder.enumCase = nil
            return decoder.container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try decoder.unkeyedContainer() }
        func superDecoder() -> any Decoder { decoder }
        func superDecoder(forKey key: Key) -> any Decoder { decoder }
    }

    private struct Elements: UnkeyedDecodingContainer {
        let decoder: BinaryDecoder
        let count: Int?
        private(set) var currentIndex = 0
        var codingPath: [any CodingKey] { [] }
        var isAtEnd: Bool { currentIndex == count }

        init(decoder: BinaryDecoder, count: Int) {
            self.decoder = decoder
            self.count = count
        }

        mutating func decodeNil() throws -> Bool { throw BinaryReader.Malformed() }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            guard !isAtEnd else { throw BinaryReader.Malformed() }
            currentIndex += 1
            return try T(from: decoder)
        }

        mutating func nestedContainer<Nested: CodingKey>(keyedBy type: Nested.Type) throws -> KeyedDecodingContainer<Nested> {
            currentIndex += 1
            return decoder.container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            currentIndex += 1
            return try decoder.unkeyedContainer()
        }

        mutating func superDecoder() -> any Decoder { decoder }
    }

    private struct Value: SingleValueDecodingContainer {
        let decoder: BinaryDecoder
        var codingPath: [any CodingKey] { [] }

        func decodeNil() -> Bool { false }
        func decode(_ type: Bool.Type) throws -> Bool { try decoder.reader.readBool() }
        func decode(_ type: String.Type) throws -> String { try decoder.reader.readString() }
        func decode(_ type: Double.Type) throws -> Double { try decoder.reader.readDouble() }
        func decode(_ type: Float.Type) throws -> Float { Float(try decoder.reader.readDouble()) }
        func decode(_ type: Int.Type) throws -> Int { try decoder.reader.readInt() }
        func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try decoder.integer(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try decoder.integer(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer(type) }
        func decode(_ type: UInt.Type) throws -> UInt { UInt(try decoder.reader.readUInt64()) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.integer(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.integer(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.integer(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.reader.readUInt64() }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: decoder) }
    }
}
