import Foundation
import FoodPinBase

/// The keys that sign requests, found where the AWS tools look: `AWS_ACCESS_KEY_ID` and
/// `AWS_SECRET_ACCESS_KEY` (with `AWS_SESSION_TOKEN`), else the profile `AWS_PROFILE` (or
/// `default`) of `~/.aws/credentials`. Never printed: its description names the key id only.
public struct AWSCredentials: Sendable, CustomStringConvertible, CustomReflectable {
    public let accessKeyID: String
    let secretAccessKey: String
    let sessionToken: String?

    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }

    public var description: String { "AWS key \(accessKeyID)" }
    public var customMirror: Mirror { Mirror(self, children: ["accessKeyID": accessKeyID]) }

    /// Where the AWS tools keep their files, and which profile to read.
    public struct Lookup: Sendable {
        public var environment: [String: String]
        public var profile: String?

        public init(environment: [String: String] = ProcessInfo.processInfo.environment, profile: String? = nil) {
            self.environment = environment
            self.profile = profile
        }

        var profileName: String { profile ?? environment["AWS_PROFILE"] ?? "default" }
        var home: String { environment["HOME"] ?? NSHomeDirectory() }
        var credentialsFile: String { environment["AWS_SHARED_CREDENTIALS_FILE"] ?? home + "/.aws/credentials" }
        var configFile: String { environment["AWS_CONFIG_FILE"] ?? home + "/.aws/config" }

        public func credentials() throws(FoodPinError) -> AWSCredentials {
            if profile == nil, let id = environment["AWS_ACCESS_KEY_ID"], let secret = environment["AWS_SECRET_ACCESS_KEY"],
               !id.isEmpty, !secret.isEmpty {
                return AWSCredentials(accessKeyID: id, secretAccessKey: secret, sessionToken: environment["AWS_SESSION_TOKEN"])
            }
            let section = Self.section(profileName, of: credentialsFile)
            guard let section, let id = section["aws_access_key_id"], let secret = section["aws_secret_access_key"] else {
                throw FoodPinError(.usage, "no AWS credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set, and \(credentialsFile) has no profile [\(profileName)] with both keys",
                                   hint: "set the two variables, or run `aws configure`, or name a profile with --profile")
            }
            return AWSCredentials(accessKeyID: id, secretAccessKey: secret, sessionToken: section["aws_session_token"])
        }

        /// `AWS_REGION`, `AWS_DEFAULT_REGION`, the profile's `region` in `~/.aws/config`; nil when none says.
        public func region() -> String? {
            if profile == nil, let region = environment["AWS_REGION"] ?? environment["AWS_DEFAULT_REGION"], !region.isEmpty { return region }
            let name = profileName == "default" ? "default" : "profile \(profileName)"
            return Self.section(name, of: configFile)?["region"]
        }

        /// One `[name]` section of an INI file the AWS tools write: `key = value` lines.
        static func section(_ name: String, of path: String) -> [String: String]? {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
            var current: String?
            var found: [String: String]?
            for line in text.split(whereSeparator: \.isNewline) {
                let line = line.trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("#") || line.hasPrefix(";") || line.isEmpty { continue }
                if line.hasPrefix("["), line.hasSuffix("]") {
                    current = line.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
                    if current == name, found == nil { found = [:] }
                    continue
                }
                guard current == name, let equals = line.firstIndex(of: "=") else { continue }
                let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
                found?[key] = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            }
            return found
        }
    }
}
