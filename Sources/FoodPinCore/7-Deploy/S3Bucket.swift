import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1

/// An S3 bucket (AWS, Cloudflare R2, Backblaze B2, MinIO, any service that speaks S3's REST API)
/// as a deploy target: objects sent with `PUT`, removed a thousand at a time, listed with
/// `ListObjectsV2`. Every request signed (`AWSSignature`), and tried again with a growing wait
/// when the service is busy or the network fails.
struct S3Bucket: DeployDestination {
    let bucket: String
    /// Empty, or ending in `/`: what every key starts with.
    let prefix: String
    let signer: AWSSignature
    /// `https://bucket.s3.region.amazonaws.com` by default; with `--endpoint`, that address and
    /// the bucket as the path's first part (what MinIO, R2 and local servers expect).
    let base: URL
    let bucketInPath: Bool
    let client: HTTPClient
    let counted = Counter()
    static let attempts = 6

    init(bucket: String, prefix: String, credentials: AWSCredentials, region: String, endpoint: URL?, connections: Int) {
        self.bucket = bucket
        self.prefix = prefix
        signer = AWSSignature(credentials: credentials, region: region, service: "s3")
        // A bucket name with dots does not fit AWS's certificate for `*.s3.region.amazonaws.com`.
        bucketInPath = endpoint != nil || bucket.contains(".")
        base = endpoint ?? URL(string: bucketInPath ? "https://s3.\(region).amazonaws.com" : "https://\(bucket).s3.\(region).amazonaws.com")!
        var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(10), read: .seconds(120)))
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: connections)
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    var requests: Int { counted.value }

    func close() async { try? await client.shutdown() }

    func put(_ path: String, body: [UInt8], headers: DeployHeaders) async throws(FoodPinError) {
        var sent = [("Content-Type", headers.contentType), ("Cache-Control", headers.cacheControl)]
        if let encoding = headers.contentEncoding { sent.append(("Content-Encoding", encoding)) }
        _ = try await send("PUT", key: prefix + path, headers: sent, body: body, doing: "send \(path)")
    }

    /// A thousand keys a request (S3's most), each answer read for keys it could not remove.
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

    func list() async throws(FoodPinError) -> [String: String] {
        var held: [String: String] = [:]
        var token: String?
        repeat {
            var query = [("list-type", "2"), ("prefix", prefix)]
            if let token { query.append(("continuation-token", token)) }
            let answer = try await send("GET", key: nil, query: query, doing: "list the bucket")
            let keys = XMLText.values(of: "Key", in: answer), tags = XMLText.values(of: "ETag", in: answer)
            for (key, tag) in zip(keys, tags) where key.hasPrefix(prefix) {
                held[String(key.dropFirst(prefix.count))] = tag.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            token = XMLText.values(of: "IsTruncated", in: answer).first == "true" ? XMLText.values(of: "NextContinuationToken", in: answer).first : nil
        } while token != nil
        return held
    }

    /// One signed request, tried again on a 5xx answer, a throttle (429, `SlowDown`) or a network
    /// failure, after 0.2, 0.4, 0.8 … s (with jitter, so parallel uploads do not retry in step).
    /// The answer's body on success.
    private func send(_ method: String, key: String?, query: [(String, String)] = [], headers: [(String, String)] = [],
                      body: [UInt8] = [], doing: String) async throws(FoodPinError) -> String {
        var attempt = 0
        while true {
            attempt += 1
            let outcome: Result<(UInt, String), Error>
            do { outcome = .success(try await once(method, key: key, query: query, headers: headers, body: body)) } catch {
                outcome = .failure(error)
            }
            switch outcome {
            case .success(let (status, answer)) where (200..<300).contains(status):
                return answer
            case .success(let (status, answer)):
                let code = XMLText.values(of: "Code", in: answer).first ?? "HTTP \(status)"
                guard Self.isPassing(status, code: code), attempt < Self.attempts else {
                    throw failure(doing, code: code, status: status, message: XMLText.values(of: "Message", in: answer).first)
                }
            case .failure(let error):
                guard attempt < Self.attempts else { throw failure(doing, code: "\(error)", status: 0) }
            }
            let wait = 0.2 * pow(2, Double(attempt - 1)) * Double.random(in: 0.75...1.25)
            try? await Task.sleep(nanoseconds: UInt64(wait * 1e9))
        }
    }

    static func isPassing(_ status: UInt, code: String) -> Bool {
        status >= 500 || status == 429 || code == "SlowDown" || code == "RequestTimeout"
    }

    private func once(_ method: String, key: String?, query: [(String, String)], headers: [(String, String)],
                      body: [UInt8]) async throws -> (UInt, String) {
        var path = base.path.hasSuffix("/") ? String(base.path.dropLast()) : base.path
        if bucketInPath { path += "/" + bucket }
        path += key.map { "/" + $0 } ?? (bucketInPath ? "" : "/")
        let host = base.port.map { "\(base.host!):\($0)" } ?? base.host!
        let signed = signer.sign(.init(method: method, host: host, path: path, query: query,
                                       headers: headers + [("x-amz-content-sha256", AWSSignature.payloadHash(body))],
                                       payloadHash: AWSSignature.payloadHash(body)), at: Date())
        let queryText = AWSSignature.canonicalQuery(query)
        var request = HTTPClientRequest(url: "\(base.scheme!)://\(host)\(AWSSignature.encode(path, keepingSlashes: true))"
                                        + (queryText.isEmpty ? "" : "?" + queryText))
        request.method = HTTPMethod(rawValue: method)
        request.headers.add(name: "Host", value: host)
        request.headers.add(name: "x-amz-content-sha256", value: AWSSignature.payloadHash(body))
        for (name, value) in headers + signed.headers { request.headers.add(name: name, value: value) }
        if !body.isEmpty || method == "PUT" { request.body = HTTPClientRequest.Body.bytes(ByteBuffer(bytes: body)) }
        counted.add()
        let response = try await client.execute(request, timeout: .seconds(120))
        let answer = try await response.body.collect(upTo: 64 << 20)
        return (response.status.code, String(buffer: answer))
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
