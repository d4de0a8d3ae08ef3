import Crypto
import Foundation

/// The one hash of FoodPin: SHA-256 (swift-crypto; the processor's SHA instructions where it has
/// them). A `ContentDigest` is its first 64 bits and the byte count, to tell whether a file or a
/// page's inputs changed without keeping the bytes; `Fingerprint` is its hex, for names.
public struct ContentDigest: Hashable, Sendable {
    public private(set) var hash: UInt64
    public private(set) var count: Int

    package init(hash: UInt64, count: Int) {
        self.hash = hash
        self.count = count
    }

    public init<Bytes: ContiguousBytes>(_ bytes: Bytes) {
        (hash, count) = bytes.withUnsafeBytes { buffer in
            let digest = SHA256.hash(data: buffer)
            return (digest.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }, buffer.count)
        }
    }
}

/// SHA-256 as hex, its first `length` digits: names made from content (assets, cache entries).
public enum Fingerprint {
    public static func hex<Bytes: Sequence>(_ bytes: Bytes, length: Int = 16) -> String where Bytes.Element == UInt8 {
        var hasher = SHA256()
        // A city file's bytes are hashed where they are, not copied (hundreds of megabytes at a million records).
        if bytes.withContiguousStorageIfAvailable({ hasher.update(data: UnsafeRawBufferPointer($0)) }) == nil {
            hasher.update(data: Array(bytes))
        }
        return String(digits(hasher.finalize()).prefix(length))
    }

    /// Bytes as lower-case hex, two digits each.
    package static func digits<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }
}

extension String {
    package func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

extension ContentDigest: PlainBinaryCodable {
    package static var blank: ContentDigest { ContentDigest(hash: 0, count: 0) }
    package mutating func binaryFields(_ fields: inout some BinaryFieldVisitor) throws(BinaryReader.Malformed) {
        try fields.field(&hash)
        try fields.field(&count)
    }
}
