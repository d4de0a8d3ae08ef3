import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import FoodPinBase

/// Signed requests to one AWS-style service (S3, CloudFront), each tried again on a 5xx answer,
/// a throttle (429, `SlowDown`) or a network failure, after 0.2, 0.4, 0.8 … s (with jitter, so
/// parallel uploads do not retry in step), and counted.
struct AWSRequests: Sendable {
    let base: URL
    let signer: AWSSignature
    let client: HTTPClient
    let counted = Counter()
    static let attempts = 6

    struct Answer {
        var status: UInt
        var body: String
        var succeeded: Bool { (200..<300).contains(status) }
        /// The service's error code and message, from its XML.
        var code: String { XMLText.values(of: "Code", in: body).first ?? "HTTP \(status)" }
        var message: String? { XMLText.values(of: "Message", in: body).first }
    }

    init(base: URL, signer: AWSSignature, connections: Int) {
        self.base = base
        self.signer = signer
        // Redirects are not followed: a signed request goes to the service named, and nowhere else.
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(10), read: .seconds(120)))
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: connections)
        // A failed connection fails its attempt at once; `send` tries again. Retried inside the client
        // too, an endpoint refusing connections took 65 s (23 connects) to be reported.
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    func close() async { try? await client.shutdown() }

    /// The last answer (a success, or a failure not worth trying again); throws the network's error
    /// when every attempt failed to get one. `path` is not yet encoded and starts with `/`.
    func send(_ method: String, path: String, query: [(String, String)] = [], headers: [(String, String)] = [],
              body: [UInt8] = []) async throws -> Answer {
        var attempt = 0
        while true {
            attempt += 1
            do {
                let answer = try await once(method, path: path, query: query, headers: headers, body: body)
                if answer.succeeded || !Self.isWorthRetrying(answer) || attempt == Self.attempts { return answer }
            } catch {
                if attempt == Self.attempts { throw error }
            }
            let wait = 0.2 * pow(2, Double(attempt - 1)) * Double.random(in: 0.75...1.25)
            // Cancelled (another upload of the wave failed): stop now, not after the retries.
            try await Task.sleep(nanoseconds: UInt64(wait * 1e9))
        }
    }

    /// A network failure in the user's words: the client's own descriptions nest their causes.
    static func describe(_ error: Error) -> String {
        let text = "\(error)"
        let known = [("Connection refused", "the connection was refused"), ("connectTimeout", "the connection timed out"),
                     ("Network is unreachable", "the network is unreachable"), ("remoteConnectionClosed", "the service closed the connection"),
                     ("deadlineExceeded", "the service did not answer in time"), ("readTimeout", "the service did not answer in time")]
        return known.first { text.contains($0.0) }?.1 ?? text
    }

    /// A busy or failing service, not a refusal: the same request may pass later.
    static func isWorthRetrying(_ answer: Answer) -> Bool {
        answer.status >= 500 || answer.status == 429 || answer.code == "SlowDown" || answer.code == "RequestTimeout"
    }

    private func once(_ method: String, path: String, query: [(String, String)], headers: [(String, String)],
                      body: [UInt8]) async throws -> Answer {
        let host = base.port.map { "\(base.host!):\($0)" } ?? base.host!
        let payloadHash = AWSSignature.payloadHash(body)
        let sent = headers + [("x-amz-content-sha256", payloadHash)]
        let signed = signer.sign(.init(method: method, host: host, path: path, query: query, headers: sent, payloadHash: payloadHash), at: Date())
        let queryText = AWSSignature.canonicalQuery(query)
        var request = HTTPClientRequest(url: "\(base.scheme!)://\(host)\(AWSSignature.encode(path, keepingSlashes: true))"
                                        + (queryText.isEmpty ? "" : "?" + queryText))
        request.method = HTTPMethod(rawValue: method)
        request.headers.add(name: "Host", value: host)
        for (name, value) in sent + signed.headers { request.headers.add(name: name, value: value) }
        if !body.isEmpty || method == "PUT" { request.body = HTTPClientRequest.Body.bytes(ByteBuffer(bytes: body)) }
        counted.add()
        let response = try await client.execute(request, timeout: .seconds(120))
        let answer = try await response.body.collect(upTo: 64 << 20)
        return Answer(status: response.status.code, body: String(buffer: answer))
    }
}
