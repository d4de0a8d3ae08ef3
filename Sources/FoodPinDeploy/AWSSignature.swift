import Crypto
import Foundation
import FoodPinBase

/// AWS Signature Version 4 (what S3 and CloudFront check on every request), over swift-crypto.
/// Checked against the published test suite (`Tests/FoodPinCoreTests/AWSSignatureTests.swift`).
/// S3 signs the path as it is sent, each part encoded once and never normalized.
struct AWSSignature: Sendable {
    let credentials: AWSCredentials
    let region: String
    let service: String

    struct Request {
        var method: String
        /// As the `Host` header carries it (with the port when not the scheme's own).
        var host: String
        /// Not yet encoded: `/bucket/a b.html`.
        var path: String
        var query: [(String, String)] = []
        var headers: [(String, String)] = []
        /// The hex SHA-256 of the body.
        var payloadHash: String
    }

    struct Signed {
        var canonicalRequest: String
        var stringToSign: String
        var signature: String
        /// What to send besides the request's own headers: `x-amz-date`, the session token, `Authorization`.
        var headers: [(String, String)]
    }

    func sign(_ request: Request, at date: Date) -> Signed {
        let (day, stamp) = Self.timestamps(date)
        var headers = request.headers + [("host", request.host), ("x-amz-date", stamp)]
        if let token = credentials.sessionToken { headers.append(("x-amz-security-token", token)) }
        let (canonicalHeaders, signedHeaders) = Self.canonicalHeaders(headers)
        let canonicalRequest = [
            request.method, Self.encode(request.path, keepingSlashes: true), Self.canonicalQuery(request.query),
            canonicalHeaders, signedHeaders, request.payloadHash,
        ].joined(separator: "\n")
        let scope = "\(day)/\(region)/\(service)/aws4_request"
        let stringToSign = ["AWS4-HMAC-SHA256", stamp, scope, Self.hex(SHA256.hash(data: Data(canonicalRequest.utf8)))]
            .joined(separator: "\n")
        var key = SymmetricKey(data: Data("AWS4\(credentials.secretAccessKey)".utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: key)))
        }
        let signature = Self.hex(HMAC<SHA256>.authenticationCode(for: Data(stringToSign.utf8), using: key))
        var sent = [("x-amz-date", stamp)]
        if let token = credentials.sessionToken { sent.append(("x-amz-security-token", token)) }
        sent.append(("Authorization", "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope), SignedHeaders=\(signedHeaders), Signature=\(signature)"))
        return Signed(canonicalRequest: canonicalRequest, stringToSign: stringToSign, signature: signature, headers: sent)
    }

    /// Names in lower case, values trimmed with inner runs of spaces made one, a repeated name's
    /// values joined by commas in the order given; sorted by name. Then the names alone.
    static func canonicalHeaders(_ headers: [(String, String)]) -> (lines: String, names: String) {
        var values: [String: [String]] = [:]
        for (name, value) in headers {
            let squeezed = value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            values[name.lowercased(), default: []].append(squeezed)
        }
        let names = values.keys.sorted()
        let lines = names.map { "\($0):\(values[$0]!.joined(separator: ","))\n" }.joined()
        return (lines, names.joined(separator: ";"))
    }

    /// Each name and value encoded, sorted by name then value, joined with `&`.
    static func canonicalQuery(_ query: [(String, String)]) -> String {
        let pairs: [(name: String, value: String)] = query.map { (encode($0.0, keepingSlashes: false), encode($0.1, keepingSlashes: false)) }
        let sorted = pairs.sorted { $0.name == $1.name ? $0.value < $1.value : $0.name < $1.name }
        return sorted.map { $0.name + "=" + $0.value }.joined(separator: "&")
    }

    /// RFC 3986 encoding as AWS asks for it: every byte but letters, digits and `-._~` as `%XX`.
    static func encode(_ text: String, keepingSlashes: Bool) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) || (keepingSlashes && byte == UInt8(ascii: "/")) {
                encoded.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return encoded
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 { Fingerprint.digits(bytes) }

    static func payloadHash(_ body: [UInt8]) -> String { hex(SHA256.hash(data: body)) }

    /// `20150830` and `20150830T123600Z`, in UTC.
    static func timestamps(_ date: Date) -> (day: String, stamp: String) {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { String(value).leftPadded(to: 2) }
        let day = String(parts.tm_year + 1900) + two(parts.tm_mon + 1) + two(parts.tm_mday)
        return (day, day + "T" + two(parts.tm_hour) + two(parts.tm_min) + two(parts.tm_sec) + "Z")
    }
}
