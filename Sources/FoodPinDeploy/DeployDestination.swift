import Crypto
import Foundation
import FoodPinBase

/// What a deploy asks of a target, in three words: `list` what it holds (a first deploy, or
/// `--verify`), `put` one file, `delete` some. Paths are the site's own (`restaurants/x/index.html`).
protocol DeployDestination: Sendable {
    /// Each file held, with the MD5 of its bytes as stored (S3's ETag for a file sent in one piece).
    func list() async throws(FoodPinError) -> [String: String]
    func put(_ path: String, body: [UInt8], headers: DeployHeaders) async throws(FoodPinError)
    /// Removes one wave's files (`DeployPlan.removals`), in any order.
    func delete(_ paths: [String]) async throws(FoodPinError)
    /// Requests made so far (a folder makes none).
    var requestCount: Int { get }
    func close() async
}

/// What S3 reports as the ETag of an object sent in one piece: the MD5 of its bytes, in hex. MD5
/// only here, to compare with listings; the manifest's digests are FoodPin's one hash (`ContentDigest`).
func storedTag(of bytes: [UInt8]) -> String { Fingerprint.digits(Insecure.MD5.hash(data: bytes)) }
