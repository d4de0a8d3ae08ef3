import Foundation
import FoodPinBase

/// Tells a CloudFront distribution to drop the addresses whose content a deploy changed
/// (`CreateInvalidation`); above a thousand addresses, everything (`/*`), which CloudFront counts as one.
struct CloudFront: Sendable {
    let distribution: String
    let requests: AWSRequests

    static let apiVersion = "2020-05-31"

    init(distribution: String, credentials: AWSCredentials, endpoint: URL?) {
        self.distribution = distribution
        // CloudFront is global: its requests are signed for us-east-1.
        requests = AWSRequests(base: endpoint ?? URL(string: "https://cloudfront.amazonaws.com")!,
                               signer: AWSSignature(credentials: credentials, region: "us-east-1", service: "cloudfront"), connections: 1)
    }

    /// Returns the invalidation's id.
    func invalidate(_ addresses: [String], reference: String) async throws(FoodPinError) -> String {
        let paths = addresses.count > 1000 ? ["/*"] : addresses.map { AWSSignature.encode($0, keepingSlashes: true) }
        let items = paths.map { "<Path>\(XMLText.escape($0))</Path>" }.joined()
        let body = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<InvalidationBatch xmlns=\"http://cloudfront.amazonaws.com/doc/\(Self.apiVersion)/\">"
            + "<Paths><Quantity>\(paths.count)</Quantity><Items>\(items)</Items></Paths><CallerReference>\(XMLText.escape(reference))</CallerReference></InvalidationBatch>"
        let place = "CloudFront distribution \(distribution)"
        let sent: Result<AWSRequests.Answer, Error>
        do {
            sent = .success(try await requests.send("POST", path: "/\(Self.apiVersion)/distribution/\(distribution)/invalidation",
                                                    headers: [("Content-Type", "application/xml")], body: Array(body.utf8)))
        } catch {
            sent = .failure(error)
        }
        await requests.close()
        guard case .success(let answer) = sent else {
            throw FoodPinError(.io, at: place, "cannot ask it to drop the changed addresses: the network failed",
                               hint: "the site is deployed; drop them by hand from the list the summary names")
        }
        guard answer.succeeded, let id = XMLText.values(of: "Id", in: answer.body).first else {
            throw FoodPinError(.io, at: place, "cannot ask it to drop the changed addresses: \(answer.code)\(answer.message.map { ": \($0)" } ?? "")",
                               hint: "the site is deployed; check the distribution id and that the key may create invalidations")
        }
        return id
    }
}
