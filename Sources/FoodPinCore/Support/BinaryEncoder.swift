import Foundation

/// Writes an `Encodable` value in the binary form `BinaryDecoder` reads: a type's fields in the
/// order it declares them, without their names (its synthesized `init(from:)` asks for them in that
/// order), a list after its count, an optional field after a flag, an enum's case by name. So the
/// types themselves are the schema: a field added to a type is saved and digested with no other
/// change. The form holds no versions: only the same build of FoodPin reads what it wrote
/// (`BuildState`'s key names the binary).
final class BinaryEncoder: Encoder {
    var writer: BinaryWriter
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ writer: BinaryWriter = BinaryWriter()) { self.writer = writer }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        // A dictionary's keys would be lost and its order is the process's: a type holding one
        // encodes it itself, sorted (`FieldValue`). Tests build in debug, where this holds them to it.
        assert(!"\(Key.self)".contains("DictionaryCodingKey"), "a dictionary has no binary form")
        return KeyedEncodingContainer(Fields(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { Elements(encoder: self) }
    func singleValueContainer() -> any SingleValueEncodingContainer { Value(encoder: self) }

    /// Optionals are written as flags by the fields that hold them; an optional inside a list has no form.
    fileprivate static func noNil(_ path: [any CodingKey]) -> EncodingError {
        EncodingError.invalidValue(Optional<Int>.none as Any, .init(codingPath: path, debugDescription: "nil outside a field"))
    }

    private struct Fields<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: BinaryEncoder
        var codingPath: [any CodingKey] { [] }

        func encodeNil(forKey key: Key) throws { encoder.writer.write(false) }
        func encode(_ value: Bool, forKey key: Key) { encoder.writer.write(value) }
        func encode(_ value: String, forKey key: Key) { encoder.writer.write(value) }
        func encode(_ value: Double, forKey key: Key) { encoder.writer.write(value) }
        func encode(_ value: Float, forKey key: Key) { encoder.writer.write(Double(value)) }
        func encode(_ value: Int, forKey key: Key) { encoder.writer.write(value) }
        func encode(_ value: Int8, forKey key: Key) { encoder.writer.write(Int(value)) }
        func encode(_ value: Int16, forKey key: Key) { encoder.writer.write(Int(value)) }
        func encode(_ value: Int32, forKey key: Key) { encoder.writer.write(Int(value)) }
        func encode(_ value: Int64, forKey key: Key) { encoder.writer.write(Int(value)) }
        func encode(_ value: UInt, forKey key: Key) { encoder.writer.write(UInt64(value)) }
        func encode(_ value: UInt8, forKey key: Key) { encoder.writer.write(Int(value)) }
        func encode(_ value: UInt16, forKey key: Key) { encoder.writer.write(Int(value)) }
        func encode(_ value: UInt32, forKey key: Key) { encoder.writer.write(Int(value)) }
        func encode(_ value: UInt64, forKey key: Key) { encoder.writer.write(value) }
        func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try value.encode(to: encoder) }

        func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try flagged(value) }
        func encodeIfPresent(_ value: String?, forKey key: Key) throws { try flagged(value) }
        func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try flagged(value) }
        func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try flagged(value) }
        func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try flagged(value) }
        func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try flagged(value) }
        func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try flagged(value) }
        func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try flagged(value) }
        func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try flagged(value) }
        func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try flagged(value) }
        func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try flagged(value) }
        func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try flagged(value) }
        func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try flagged(value) }
        func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try flagged(value) }
        func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try flagged(value) }

        private func flagged<T: Encodable>(_ value: T?) throws {
            encoder.writer.write(value != nil)
            if let value { try value.encode(to: encoder) }
        }

        /// Asked for by an enum's synthesized code, for the case it is: the case's name goes first.
        func nestedContainer<Nested: CodingKey>(keyedBy type: Nested.Type, forKey key: Key) -> KeyedEncodingContainer<Nested> {
            encoder.writer.write(key.stringValue)
            return KeyedEncodingContainer(Fields<Nested>(encoder: encoder))
        }

        func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { Elements(encoder: encoder) }
        func superEncoder() -> any Encoder { encoder }
        func superEncoder(forKey key: Key) -> any Encoder { encoder }
    }

    /// A list: its count, kept up to date in a fixed slot before the elements as they are written.
    private struct Elements: UnkeyedEncodingContainer {
        let encoder: BinaryEncoder
        let slot: Int
        private(set) var count = 0
        var codingPath: [any CodingKey] { [] }

        init(encoder: BinaryEncoder) {
            self.encoder = encoder
            slot = encoder.writer.reserveCount()
        }

        mutating func encodeNil() throws { throw BinaryEncoder.noNil(codingPath) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try value.encode(to: encoder)
            count += 1
            encoder.writer.setCount(count, at: slot)
        }

        mutating func nestedContainer<Nested: CodingKey>(keyedBy type: Nested.Type) -> KeyedEncodingContainer<Nested> {
            count += 1
            encoder.writer.setCount(count, at: slot)
            return encoder.container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            count += 1
            encoder.writer.setCount(count, at: slot)
            return Elements(encoder: encoder)
        }

        mutating func superEncoder() -> any Encoder { encoder }
    }

    private struct Value: SingleValueEncodingContainer {
        let encoder: BinaryEncoder
        var codingPath: [any CodingKey] { [] }

        func encodeNil() throws { throw BinaryEncoder.noNil(codingPath) }
        func encode(_ value: Bool) { encoder.writer.write(value) }
        func encode(_ value: String) { encoder.writer.write(value) }
        func encode(_ value: Double) { encoder.writer.write(value) }
        func encode(_ value: Float) { encoder.writer.write(Double(value)) }
        func encode(_ value: Int) { encoder.writer.write(value) }
        func encode(_ value: Int8) { encoder.writer.write(Int(value)) }
        func encode(_ value: Int16) { encoder.writer.write(Int(value)) }
        func encode(_ value: Int32) { encoder.writer.write(Int(value)) }
        func encode(_ value: Int64) { encoder.writer.write(Int(value)) }
        func encode(_ value: UInt) { encoder.writer.write(UInt64(value)) }
        func encode(_ value: UInt8) { encoder.writer.write(Int(value)) }
        func encode(_ value: UInt16) { encoder.writer.write(Int(value)) }
        func encode(_ value: UInt32) { encoder.writer.write(Int(value)) }
        func encode(_ value: UInt64) { encoder.writer.write(value) }
        func encode<T: Encodable>(_ value: T) throws { try value.encode(to: encoder) }
    }
}
