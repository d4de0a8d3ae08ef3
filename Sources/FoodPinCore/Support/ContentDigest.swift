import Foundation

/// A 64-bit digest of some bytes and their count, to tell whether a file changed without keeping
/// its bytes. Fast (eight bytes a step), not for security.
public struct ContentDigest: Hashable, Sendable {
    public let hash: UInt64
    public let count: Int

    init(hash: UInt64, count: Int) {
        self.hash = hash
        self.count = count
    }

    public init<Bytes: ContiguousBytes>(_ bytes: Bytes) {
        (hash, count) = bytes.withUnsafeBytes { buffer -> (UInt64, Int) in
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(buffer.count)
            var offset = 0
            while offset + 8 <= buffer.count {
                state = Self.mix(state ^ buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < buffer.count {
                tail |= UInt64(buffer[offset]) << shift
                shift += 8
                offset += 1
            }
            return (Self.mix(state ^ tail ^ 0xFF51_AFD7_ED55_8CCD), buffer.count)
        }
    }

    /// A multiply-xorshift round (from SplitMix64): every input bit reaches every output bit.
    private static func mix(_ value: UInt64) -> UInt64 {
        var x = value &* 0xBF58_476D_1CE4_E5B9
        x ^= x >> 31
        x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
        return x ^ (x >> 31)
    }
}
