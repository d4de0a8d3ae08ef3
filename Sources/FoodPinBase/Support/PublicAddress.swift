import Foundation

/// Whether a host name leads only to the public internet: every address it resolves to is checked,
/// so a name (or a numeric form like `2130706433`) pointing at this machine or the local network is
/// caught. A guide's picture addresses come from city files anyone may send in.
package enum PublicAddress {
    package struct Resolved: Equatable, Sendable {
        /// As `inet_ntop` writes it: what a connection can be made to without asking DNS again.
        package var text: String
        package var isPublic: Bool

        package init(text: String, isPublic: Bool) { (self.text, self.isPublic) = (text, isPublic) }
    }

    /// Every address `host` resolves to (none when it does not), each said public or not. The
    /// fetch then connects to one of these very addresses: a name answering with a public address
    /// when checked and a private one when connected to ("DNS rebinding") gains nothing.
    @Sendable package static func resolve(_ host: String) -> [Resolved] {
        var hints = addrinfo()
        #if os(Linux)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        var bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        // `127.0.0.1.` is the address with a trailing dot, not a name to ask DNS for.
        var literal = in_addr()
        if bare.hasSuffix("."), inet_aton(String(bare.dropLast()), &literal) != 0 { bare.removeLast() }
        guard getaddrinfo(bare, nil, &hints, &list) == 0, let list else { return [] }
        defer { freeaddrinfo(list) }
        var found: [Resolved] = []
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let current = entry, let address = current.pointee.ai_addr {
            entry = current.pointee.ai_next
            var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                var ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                let bytes = withUnsafeBytes(of: ipv4) { Array($0) }
                inet_ntop(AF_INET, &ipv4, &buffer, socklen_t(buffer.count))
                found.append(Resolved(text: String(cString: buffer), isPublic: isPublic(ipv4: bytes)))
            case AF_INET6:
                var ipv6 = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                let bytes = withUnsafeBytes(of: ipv6) { Array($0) }
                inet_ntop(AF_INET6, &ipv6, &buffer, socklen_t(buffer.count))
                found.append(Resolved(text: String(cString: buffer), isPublic: isPublic(ipv6: bytes)))
            default:
                continue
            }
        }
        return found
    }

    /// RFC 6890's special-purpose IPv4 blocks, none of them on the public internet.
    package static func isPublic(ipv4 b: [UInt8]) -> Bool {
        guard b.count == 4 else { return false }
        switch (b[0], b[1]) {
        case (0, _), (10, _), (127, _): return false                 // this network, private, loopback
        case (100, 64...127): return false                           // shared (carrier-grade NAT)
        case (169, 254): return false                                // link-local
        case (172, 16...31), (192, 168): return false                // private
        case (192, 0) where b[2] == 0 || b[2] == 2: return false     // IETF protocol, documentation
        case (198, 18...19): return false                            // benchmarking
        case (198, 51) where b[2] == 100, (203, 0) where b[2] == 113: return false // documentation
        case (224...255, _): return false                            // multicast, reserved, broadcast
        default: return true
        }
    }

    package static func isPublic(ipv6 b: [UInt8]) -> Bool {
        guard b.count == 16 else { return false }
        if b[0..<10].allSatisfy({ $0 == 0 }) {
            // ::, ::1, and IPv4 mapped (::ffff:a.b.c.d) or compatible: by the IPv4 address inside.
            if b[10] == 0xFF, b[11] == 0xFF { return isPublic(ipv4: Array(b[12..<16])) }
            return false
        }
        if b[0] == 0x00, b[1] == 0x64, b[2] == 0xFF, b[3] == 0x9B { return isPublic(ipv4: Array(b[12..<16])) } // NAT64
        if b[0] == 0x20, b[1] == 0x02 { return isPublic(ipv4: Array(b[2..<6])) }  // 6to4
        if b[0] & 0xFE == 0xFC { return false }                     // unique local
        if b[0] == 0xFE, b[1] & 0x80 == 0x80 { return false }        // link-local, old site-local
        if b[0] == 0xFF { return false }                             // multicast
        if b[0] == 0x20, b[1] == 0x01, b[2] == 0x0D, b[3] == 0xB8 { return false } // documentation
        return true
    }
}
