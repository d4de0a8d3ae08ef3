import Foundation
import FoodPinBase

/// Where `foodpin deploy` sends the site: an S3 bucket (any service that speaks S3's API), under
/// an optional prefix, or a folder (a mounted disk, a folder a web server or rsync reads).
public enum DeployTarget: Sendable, Equatable, CustomStringConvertible {
    /// `prefix` is empty or ends in `/`.
    case bucket(name: String, prefix: String)
    case folder(path: String)

    /// `s3://BUCKET[/PREFIX]` or `file:///ABSOLUTE/PATH`.
    public init(parsing text: String) throws(FoodPinError) {
        if text.hasPrefix("s3://") {
            let rest = text.dropFirst("s3://".count)
            let name = String(rest.prefix { $0 != "/" })
            guard Self.isBucketName(name) else {
                throw .usage("\(text) names no S3 bucket: a bucket name is 3 to 63 lower-case letters, digits, dots and hyphens",
                             hint: "write the target as s3://BUCKET or s3://BUCKET/PREFIX")
            }
            let parts = rest.dropFirst(name.count).split(separator: "/")
            guard !parts.contains(where: { $0 == "." || $0 == ".." }) else {
                throw .usage("\(text): a prefix may not hold `.` or `..` parts")
            }
            self = .bucket(name: name, prefix: parts.map { $0 + "/" }.joined())
        } else if text.hasPrefix("file://") {
            let path = String(text.dropFirst("file://".count)).removingPercentEncoding ?? ""
            guard path.hasPrefix("/") else {
                throw .usage("\(text) is not an absolute folder", hint: "write file:///srv/www (three slashes, then the folder's full path)")
            }
            self = .folder(path: URL(fileURLWithPath: path).standardizedFileURL.path)
        } else {
            throw .usage("\(text) is no deploy target", hint: "name a bucket as s3://BUCKET[/PREFIX] or a folder as file:///srv/www")
        }
    }

    public var description: String {
        switch self {
        case .bucket(let name, let prefix): "s3://\(name)/\(prefix)"
        case .folder(let path): "file://\(path)"
        }
    }

    static func isBucketName(_ name: String) -> Bool {
        (3...63).contains(name.count) && name.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-" }
            && name.first != "." && name.first != "-" && name.last != "." && name.last != "-"
    }
}
