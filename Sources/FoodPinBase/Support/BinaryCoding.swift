import Foundation

/// A compact binary form for what the build keeps between runs (`.foodpin-cache/`) and for page
/// input digests: fast to write and read, versioned by the caller, never trusted blindly (a
/// reader that runs out of bytes or meets a bad tag throws, and the build starts afresh).
package struct BinaryWriter {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    /// Hands over what was written so far and starts afresh (to write a large form in pieces).
    /// The bytes move out, not copied: a whole form drained at once (the term index, 110 MB at a
    /// million restaurants) was held twice at the build's peak.
    package mutating func drain() -> [UInt8] {
        var drained: [UInt8] = []
        swap(&drained, &bytes)
        bytes.reserveCapacity(min(drained.count, Self.piece))
        return drained
    }

    /// How much a large form's writer holds before it hands the bytes to its file.
    package static let piece = 1 << 20

    /// Hands the bytes to `file` once they make a piece.
    package mutating func flush(to file: ReplaceFile) throws(FoodPinError) {
        if bytes.count >= Self.piece { try file.append(drain()) }
    }

    package mutating func write(_ value: Int) {
        // Zig-zag varint: small numbers (most of them) take one byte.
        var zigzag = UInt64(bitPattern: Int64(value) << 1 ^ Int64(value) >> 63)
        while zigzag >= 0x80 {
            bytes.append(UInt8(zigzag & 0x7F) | 0x80)
            zigzag >>= 7
        }
        bytes.append(UInt8(zigzag))
    }

    package mutating func write(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    package mutating func write(_ value: Double) { write(value.bitPattern) }
    package mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    package mutating func write(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            write(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    package mutating func write<T: BinaryEncodable>(_ value: T) { value.encode(to: &self) }

    /// Bytes read earlier, written again as they were.
    package mutating func write(_ form: EncodedForm) { bytes.append(contentsOf: form.bytes) }

    package mutating func write<T: BinaryEncodable>(_ value: T?) {
        if let value { bytes.append(1); value.encode(to: &self) } else { bytes.append(0) }
    }

    package mutating func write<T: BinaryEncodable>(_ values: [T]) {
        write(values.count)
        for value in values { value.encode(to: &self) }
    }

    /// Writes a dictionary, handing the bytes to `file` a megabyte at a time (a large site's tables).
    package mutating func write<Value: BinaryEncodable>(_ dictionary: [String: Value], flushingTo file: ReplaceFile) throws(FoodPinError) {
        write(dictionary.count)
        for (key, value) in dictionary {
            write(key)
            write(value)
            try flush(to: file)
        }
    }
}

package struct BinaryReader {
    package struct Malformed: Error { package init() {} }

    /// Keeps the bytes alive (a mapped file's, or a `Data`'s) for as long as the reader reads them.
    private let storage: AnyObject
    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0

    package init(_ data: Data) {
        let storage = data as NSData
        self.storage = storage
        bytes = UnsafeBufferPointer(start: storage.bytes.assumingMemoryBound(to: UInt8.self), count: storage.length)
    }

    /// Reads a file mapped into memory, not copied: at a hundred thousand restaurants the build's
    /// sources take hundreds of megabytes. (`Data`'s mapping is copied when the reader bridges it.)
    package init?(mapping path: String) {
        guard let file = MappedFile(path) else { return nil }
        storage = file
        bytes = file.bytes
    }

    package init(_ bytes: [UInt8]) { self.init(Data(bytes)) }

    package var isAtEnd: Bool { offset == bytes.count }
    package var remaining: Int { bytes.count - offset }

    /// Reads a value and keeps the bytes it was read from, to write it again without encoding it.
    package mutating func readKeepingForm<T: BinaryDecodable>(_ type: T.Type = T.self) throws(Malformed) -> (value: T, form: EncodedForm) {
        let start = offset
        let value = try T.read(from: &self)
        return (value, EncodedForm(owner: storage, bytes: UnsafeBufferPointer(rebasing: bytes[start..<offset])))
    }

    package mutating func readInt() throws(Malformed) -> Int {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count, shift < 64 else { throw Malformed() }
            let byte = bytes[offset]
            offset += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return Int(Int64(bitPattern: result >> 1) ^ -Int64(bitPattern: result & 1))
    }

    mutating func readUInt64() throws(Malformed) -> UInt64 {
        guard offset + 8 <= bytes.count else { throw Malformed() }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
        offset += 8
        return value
    }

    mutating func readDouble() throws(Malformed) -> Double { Double(bitPattern: try readUInt64()) }

    package mutating func readBool() throws(Malformed) -> Bool {
        guard offset < bytes.count, bytes[offset] <= 1 else { throw Malformed() }
        offset += 1
        return bytes[offset - 1] == 1
    }

    package mutating func readString() throws(Malformed) -> String {
        let count = try readInt()
        guard count >= 0, count <= bytes.count - offset else { throw Malformed() }
        defer { offset += count }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + count)]), as: UTF8.self)
    }

    package mutating func read<T: BinaryDecodable>(_ type: T.Type = T.self) throws(Malformed) -> T { try T.read(from: &self) }

    package mutating func readOptional<T: BinaryDecodable>(_ type: T.Type = T.self) throws(Malformed) -> T? {
        try readBool() ? try T.read(from: &self) : nil
    }

    package mutating func readArray<T: BinaryDecodable>(_ type: T.Type = T.self) throws(Malformed) -> [T] {
        let count = try readInt()
        guard count >= 0, count <= bytes.count - offset else { throw Malformed() }
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try T.read(from: &self)) }
        return values
    }

    package mutating func readDictionary<Value: BinaryDecodable>(_ type: Value.Type = Value.self) throws(Malformed) -> [String: Value] {
        let count = try readInt()
        // Each entry takes at least a byte: a larger count is damage, not a reason to allocate.
        guard count >= 0, count <= remaining else { throw Malformed() }
        var result: [String: Value] = [:]
        result.reserveCapacity(count)
        for _ in 0..<count { result[try readString()] = try read(Value.self) }
        return result
    }
}

/// The binary form of a value as it was read, kept with what holds its bytes: most of what a build
/// saves for the next one is what it read from the last (an unchanged file's parsed form), and
/// copying those bytes costs a fraction of encoding the value again.
package struct EncodedForm: @unchecked Sendable {
    /// Immutable once made (a mapped file, or a `Data`'s bytes): safe to read from any thread.
    fileprivate let owner: AnyObject
    package let bytes: UnsafeBufferPointer<UInt8>
}

/// A file's bytes mapped read-only, unmapped when the last reader, or the last form read from it
/// (`EncodedForm`), lets go: under `serve`, the parsed sources keep the mapping of the state they
/// were read from for the session, and with it that file's blocks, even once a newer state has
/// replaced it. Files read so are only ever replaced through a rename, never rewritten in place,
/// so the mapped bytes cannot change (a file truncated by hand under a running build would stop it).
private final class MappedFile {
    let bytes: UnsafeBufferPointer<UInt8>

    init?(_ path: String) {
        // O_NONBLOCK: a named pipe left where a state file was is refused below, never waited on.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        guard size > 0 else {
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else { return nil }
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
    }

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }
}

package protocol BinaryEncodable {
    func encode(to writer: inout BinaryWriter)
}

extension Array: BinaryEncodable where Element: BinaryEncodable {
    package func encode(to writer: inout BinaryWriter) { writer.write(self) }
}

package protocol BinaryDecodable {
    /// A value as `encode(to:)` wrote it. A static function, not an initialiser, so that a final
    /// class is read through its binary form as a struct is.
    static func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Self
}

package typealias BinaryCodable = BinaryEncodable & BinaryDecodable

extension String: BinaryCodable {
    package func encode(to writer: inout BinaryWriter) { writer.write(self) }
    package static func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Self { try reader.readString() }
}

extension Int: BinaryCodable {
    package func encode(to writer: inout BinaryWriter) { writer.write(self) }
    package static func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Self { try reader.readInt() }
}

extension Double: BinaryCodable {
    package func encode(to writer: inout BinaryWriter) { writer.write(self) }
    package static func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Self { try reader.readDouble() }
}

extension Bool: BinaryCodable {
    package func encode(to writer: inout BinaryWriter) { writer.write(self) }
    package static func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Self { try reader.readBool() }
}

extension BinaryEncodable {
    /// The digest of this value's binary form: equal inputs, equal digests, in any process.
    package var digest: ContentDigest {
        var writer = BinaryWriter()
        encode(to: &writer)
        return ContentDigest(writer.bytes)
    }
}

extension ContentDigest {
    /// The digest of what `write` writes: a value's inputs written field by field, in one place.
    package static func of(_ write: (inout BinaryWriter) -> Void) -> ContentDigest {
        var writer = BinaryWriter()
        write(&writer)
        return ContentDigest(writer.bytes)
    }
}
