import ArgumentParser
import FoodPinCore
import FoodPinDeploy
import Foundation
import FoodPinBase

struct DeployCommand: AsyncParsableCommand, AsyncCommand {
    static let configuration = CommandConfiguration(
        commandName: "deploy", abstract: "Send the built site to an S3 bucket or a folder, only what changed.",
        discussion: """
        TARGET is s3://BUCKET[/PREFIX] (AWS, or any S3-compatible service with --endpoint) or file:///FOLDER. \
        Assets and pictures go first, then pages, then the home page, sitemap.xml and search.json, then removals: \
        a visitor never gets a page whose assets are missing, and a deploy stopped at any point is finished by the next. \
        Credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or a profile of ~/.aws/credentials.
        """)

    @Argument(help: ArgumentHelp("s3://BUCKET[/PREFIX] or file:///FOLDER.", valueName: "TARGET"))
    var target: String

    @OptionGroup var guide: GuideOptions

    @Option(help: ArgumentHelp("The built site (default: Output/ in the guide).", valueName: "DIR"))
    var output: String?

    @Option(help: ArgumentHelp("An S3-compatible service's address, e.g. https://ACCOUNT.r2.cloudflarestorage.com or http://127.0.0.1:9000.", valueName: "URL"))
    var endpoint: String?

    @Option(help: "The bucket's region (default: AWS_REGION, the profile's, or us-east-1).")
    var region: String?

    @Option(help: "A profile of ~/.aws/credentials and ~/.aws/config.")
    var profile: String?

    @Option(name: .customLong("cloudfront"), help: ArgumentHelp("A CloudFront distribution to tell which addresses changed.", valueName: "ID"))
    var cloudFront: String?

    @Option(name: .customLong("cloudfront-endpoint"), help: ArgumentHelp("CloudFront's API address (default https://cloudfront.amazonaws.com).", valueName: "URL"))
    var cloudFrontEndpoint: String?

    @Flag(help: "Send text gzip-compressed, with Content-Encoding: gzip (buckets).")
    var gzip = false

    @Flag(help: "Print what would be sent and removed; change nothing.")
    var dryRun = false

    @Flag(help: "List the target and walk the site, trusting neither the last deploy nor the build: files changed or added in the site by hand go too.")
    var verify = false

    @Flag(help: "Send every file.")
    var force = false

    @Option(help: "Uploads in flight at once.")
    var jobs = 16

    @Option(help: ArgumentHelp("Leave files the site no longer has on the target this long before removing them (90s, 30m, 12h, 7d), for pages still cached.", valueName: "DURATION"),
            transform: { written in
                guard let seconds = parseDuration(written) else { throw ValidationError("--keep-deleted takes a duration such as 90s, 30m, 12h or 7d, not \(written)") }
                return seconds
            })
    var keepDeleted = 0

    func validate() throws {
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs takes 1 to 256") }
        for (name, address) in [("--endpoint", endpoint), ("--cloudfront-endpoint", cloudFrontEndpoint)] {
            if let address, !WebURL.isSafe(address) || !(address.hasPrefix("http://") || address.hasPrefix("https://")) {
                throw ValidationError("\(name) takes an http:// or https:// address with a port from 1 to 65535, if any; not \(address)")
            }
        }
    }

    func runAsync() async throws {
        let console = guide.console()
        let layout = GuideLayout(root: guide.rootURL)
        let site = output.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? layout.defaultOutput
        var request = DeployRequest(target: try DeployTarget(parsing: target), site: site, guide: layout) {
            BuildState.written(into: site, in: layout)
        }
        request.dryRun = dryRun
        request.verify = verify
        request.jobs = jobs
        request.settings.gzip = gzip
        request.settings.force = force
        request.settings.keepDeleted = keepDeleted
        request.endpoint = endpoint.flatMap { URL(string: $0) }
        request.region = region
        request.credentials.profile = profile
        request.cloudFront = cloudFront
        request.cloudFrontEndpoint = cloudFrontEndpoint.flatMap { URL(string: $0) }
        let ticker = ProgressTicker(console: console)
        let report = try await Deployer.deploy(request) { sent, total in ticker.tick("sent \(sent) of \(total) files") }
        if dryRun {
            for path in report.sent { console.detail("send    \(path)") }
            for path in report.deleted { console.detail("remove  \(path)") }
        }
        let verb = dryRun ? "Would send" : "Sent"
        var summary = "\(verb) \(counted(report.sent.count, "file")) (\(Self.size(report.bytesSent))) to \(request.target)"
        summary += ", \(dryRun ? "would remove" : "removed") \(report.deleted.count), \(report.unchanged) unchanged"
        if report.kept > 0 { summary += ", \(report.kept) kept for --keep-deleted" }
        summary += dryRun ? "." : String(format: " in %.2f s (%@).", report.seconds, counted(report.requests, "request"))
        console.say(summary)
        if let list = report.changedList { console.say("Changed addresses, for a CDN to drop: \(GuideLayout.displayPath(list))") }
        if let invalidation = report.invalidation { console.say("CloudFront invalidation \(invalidation) asked for them.") }
        // Said once the site is sent (an error stops first): only a build given a base URL writes a
        // sitemap; without one, the site names no address of its own.
        if FileManager.default.fileExists(atPath: site.appending(path: "index.html").path),
           !FileManager.default.fileExists(atPath: site.appending(path: "sitemap.xml").path) {
            console.warn(at: GuideLayout.displayPath(site),
                         "this site was built without a base URL: it has no sitemap.xml, and its canonical links, feeds and robots.txt name no address",
                         hint: "build with --base-url https://… (or base_url in site.yml) and deploy again")
        }
    }

    static func size(_ bytes: Int64) -> String {
        bytes < 1 << 20 ? String(format: "%.1f kB", Double(bytes) / 1000) : String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}

/// `90s`, `30m`, `12h`, `7d`, or plain seconds; at most ten years.
func parseDuration(_ text: String) -> Int? {
    let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
    let unit = text.last.flatMap { units[$0] }
    guard let count = Int(unit == nil ? text[...] : text.dropLast()), count >= 0, count <= 3650 * 86400 / (unit ?? 1) else { return nil }
    return count * (unit ?? 1)
}

/// A progress line at most once a second, on a terminal.
final class ProgressTicker: @unchecked Sendable {
    private let console: Console
    private let lock = NSLock()
    private var last = Date.distantPast

    init(console: Console) { self.console = console }

    func tick(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        guard Date().timeIntervalSince(last) >= 1 else { return }
        last = Date()
        console.progress(text)
    }
}
