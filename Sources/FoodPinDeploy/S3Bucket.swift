import Crypto
import Foundation
import FoodPinBase

/// An S3 bucket (AWS, Cloudflare R2, Backblaze B2, MinIO, any service that speaks S3's REST API)
/// as a deploy target: objects sent with `PUT`, removed a thousand at a time, listed with
/// `ListObjectsV2`, through `AWSRequests`.
struct S3Bucket: DeployDestination {
    let bucket: String
    /// Empty, or ending in `/`: what every key starts with.
    let prefix: String
    /// To `https://bucket.s3.region.amazonaws.com` by default; with `--endpoint`, to that address
    /// with the bucket as the path's first part (what MinIO, R2 and local servers expect).
    let requests: AWSRequests
    let bucketInPath: Bool

    init(bucket: String, prefix: String, credentials: AWSCredentials, region: String, endpoint: URL?, connections: Int) {
        self.bucket = bucket
        self.prefix = prefix
        // A bucket name with dots does not fit AWS's certificate for `*.s3.region.amazonaws.com`.
        bucketInPath = endpoint != nil || bucket.contains(".")
        let base = endpoint ?? URL(string: bucketInPath ? "https://s3.\(region).amazonaws.com" : "https://\(bucket).s3.\(region).amazonaws.com")!
        requests = AWSRequests(base: base, signer: AWSSignature(credentials: credentials, region: region, service: "s3"), connections: connections)
    }

    var requestCount: Int { requests.counted.value }

    func close() async { await requests.close() }

    func put(_ path: String, body: [UInt8], headers: DeployHeaders) async throws(FoodPinError) {
        var sent = [("Content-Type", headers.contentType), ("Cache-Control", headers.cacheControl)]
        if let encoding = headers.contentEncoding { sent.append(("Content-Encoding", encoding)) }
        _ = try await send("PUT", key: prefix + path, headers: sent, body: body, doing: "send \(path)")
    }

    /// A thousand keys a request (S3's most), each answer read for keys it could not remove. The
    /// deploy asks for one wave at a time: S3 removes a batch's keys in no set order.
    func delete(_ paths: [String]) async throws(FoodPinError) {
        for start in stride(from: 0, to: paths.count, by: 1000) {
            let batch = paths[start..<min(start + 1000, paths.count)]
            let objects = batch.map { "<Object><Key>\(XMLText.escape(prefix + $0))</Key></Object>" }.joined()
            let body = Array("<Delete><Quiet>true</Quiet>\(objects)</Delete>".utf8)
            let md5 = Data(Insecure.MD5.hash(data: body)).base64EncodedString()
            let answer = try await send("POST", key: nil, query: [("delete", "")], headers: [("Content-MD5", md5)], body: body,
                                        doing: "remove \(batch.count) old files")
            // Quiet: the answer lists only the keys that could not be removed (some services list all).
            if let error = XMLText.values(of: "Error", in: answer).first {
                let key = XMLText.values(of: "Key", in: error).first ?? "a file"
                throw failure("remove \(key)", code: XMLText.values(of: "Code", in: error).first ?? "an error", status: 200,
                              message: XMLText.values(of: "Message", in: error).first)
            }
        }
    }

    /// A thousand keys a page: a listing of 100 million objects, far past any site (a million
    /// restaurants make about 1.2 million files).
    static let maxListPages = 100_000

    func list() async throws(FoodPinError) -> [String: String] {
        var held: [String: String] = [:]
        var token: String?
        // A service that hands out a token it gave before (or pages for ever) would be listed for ever.
        var tokens: Set<String> = []
        repeat {
            if let token, token.utf8.count > 1024 || !tokens.insert(token).inserted || tokens.count > Self.maxListPages {
                let what = token.utf8.count > 1024 ? "a continuation token over 1,024 bytes"
                    : tokens.count > Self.maxListPages ? "over \(Self.maxListPages) pages" : "continuation token repeated"
                throw FoodPinError(.io, at: "s3://\(bucket)/\(prefix)", "cannot list the bucket: the service's listing never ends (\(what))",
                                   hint: "the service answers ListObjectsV2 wrongly; deploy again, or ask its operator")
            }
            var query = [("list-type", "2"), ("prefix", prefix)]
            if let token { query.append(("continuation-token", token)) }
            let answer = try await send("GET", key: nil, query: query, doing: "list the bucket")
            let keys = XMLText.values(of: "Key", in: answer), tags = XMLText.values(of: "ETag", in: answer)
            for (key, tag) in zip(keys, tags) where key.hasPrefix(prefix) {
                let path = String(key.dropFirst(prefix.count))
                // What a deploy never sends, it never removes: dot files (`.well-known/`) and odd keys.
                guard DeployManifest.isSitePath(path), !BuiltSite.isHidden(path) else { continue }
                held[path] = tag.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            token = XMLText.values(of: "IsTruncated", in: answer).first == "true" ? XMLText.values(of: "NextContinuationToken", in: answer).first : nil
        } while token != nil
        return held
    }

    /// The answer's body, or the error the user reads.
    private func send(_ method: String, key: String?, query: [(String, String)] = [], headers: [(String, String)] = [],
                      body: [UInt8] = [], doing: String) async throws(FoodPinError) -> String {
        var path = requests.base.path.hasSuffix("/") ? String(requests.base.path.dropLast()) : requests.base.path
        if bucketInPath { path += "/" + bucket }
        path += key.map { "/" + $0 } ?? (bucketInPath ? "" : "/")
        let answer: AWSRequests.Answer
        do { answer = try await requests.send(method, path: path, query: query, headers: headers, body: body) } catch {
            throw failure(doing, code: AWSRequests.describe(error), status: 0)
        }
        guard answer.succeeded else { throw failure(doing, code: answer.code, status: answer.status, message: answer.message) }
        return answer.body
    }

    /// What the user reads: what failed, the service's own words, and what to try. Never a key.
    private func failure(_ doing: String, code: String, status: UInt, message: String? = nil) -> FoodPinError {
        let hint: String? = switch code {
        case "InvalidAccessKeyId", "SignatureDoesNotMatch", "AccessDenied":
            "check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or --profile), and that they may write to s3://\(bucket)"
        case "NoSuchBucket": "create the bucket first, or check its name and --endpoint"
        case "RequestTimeTooSkewed": "this machine's clock is off; set it right and deploy again"
        case "PermanentRedirect", "AuthorizationHeaderMalformed": "the bucket is in another region: name it with --region"
        default: status == 0 ? "check the network and --endpoint, then deploy again: it goes on where this one stopped" : nil
        }
        let said = message.map { ": \($0)" } ?? ""
        return FoodPinError(.io, at: "s3://\(bucket)/\(prefix)", "cannot \(doing): \(code)\(said)", hint: hint)
    }
}
