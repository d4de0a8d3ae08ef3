/// FNV-1a, 64 bits: a fast content fingerprint (not for security).
public enum Fingerprint {
    public static func hex<Bytes: Sequence>(_ bytes: Bytes, length: Int = 16) -> String where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return String(String(hash, radix: 16).leftPadded(to: 16).prefix(length))
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
