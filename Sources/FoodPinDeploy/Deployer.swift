import Foundation
import FoodPinBase
import FoodPinPublish

/// What `foodpin deploy` is asked to do.
public struct DeployRequest: Sendable {
    public var target: DeployTarget
    /// The built site (`Output/`).
    public var site: URL
    /// The guide built into `site`: its `.foodpin-cache/` keeps the target's manifest.
    public var guide: GuideLayout
    /// The build's record of `site` (nil: none), read beside the manifest: which files there are
    /// (no walk) and how each is delivered.
    package var record: @Sendable () -> FolderRecord?
    public var dryRun = false
    /// List the target and walk the site, whatever the manifest and the build's record say.
    public var verify = false
    public var settings = DeploySettings()
    /// Uploads in flight at once.
    public var jobs = 16
    // For buckets:
    public var endpoint: URL?
    public var region: String?
    public var credentials: AWSCredentials.Lookup = .init()
    /// A CloudFront distribution told to drop the changed addresses, and its API's address (tests).
    public var cloudFront: String?
    public var cloudFrontEndpoint: URL?

    package init(target: DeployTarget, site: URL, guide: GuideLayout, record: @escaping @Sendable () -> FolderRecord?) {
        self.target = target
        self.site = site
        self.guide = guide
        self.record = record
    }
}

/// What a deploy did (or, dry, would do).
public struct DeployReport: Sendable {
    public var sent: [String] = []
    public var bytesSent: Int64 = 0
    public var deleted: [String] = []
    /// Files the target keeps for `--keep-deleted`.
    public var kept = 0
    public var unchanged = 0
    public var requests = 0
    /// Where the addresses for a CDN to drop were written (nil: nothing changed).
    public var changedList: URL?
    /// The CloudFront invalidation asked for.
    public var invalidation: String?
    public var seconds = 0.0
}

/// Sends a built site to a target: assets and pictures first, then pages, then the home page,
/// `sitemap.xml` and `search.json`, then removals, so a visitor never meets a page whose assets
/// are missing; a deploy stopped at any point leaves the old files or the new, and the next one
/// finishes the job. It holds the site folder's turn, so no build changes it meanwhile.
public enum Deployer {
    public static func deploy(_ request: DeployRequest, progress: @escaping @Sendable (_ sent: Int, _ of: Int) -> Void) async throws(FoodPinError) -> DeployReport {
        let started = Date()
        let turn = try Publisher.takeTurn(request.site)
        defer { turn.end() }
        let manifestURL = DeployManifest.location(for: request.target, endpoint: request.endpoint, in: request.guide.cache)
        // Before the manifest is read: a pipe there would block, a link would carry it out of the guide.
        for file in DeployManifest.files(at: manifestURL) { try OwnPath.prepare(file, within: request.guide.root, making: !request.dryRun) }
        // Read beside the build's record: each takes a tenth of a second at 100,000 files.
        let lastDeploy = Pending { DeployManifest.load(from: manifestURL) }
        let record = request.record()
        // `--verify` and `--force` trust nothing: files added or changed by hand in the folder go too.
        let site = if let record, record.live != nil, !request.verify, !request.settings.force {
            try BuiltSite.recorded(record, in: request.site)
        } else {
            try BuiltSite.scan(request.site, record: record)
        }
        let destination = try destination(for: request)
        let manifest = lastDeploy.value
        var report: DeployReport
        do throws(FoodPinError) {
            let plan = if let manifest, !request.verify, !request.settings.force {
                DeployPlan(site: site, root: request.site, manifest: manifest, settings: request.settings)
            } else {
                DeployPlan(site: site, root: request.site, listing: try await destination.list(), last: manifest, settings: request.settings)
            }
            report = DeployReport(sent: plan.sending.map(\.path), deleted: plan.deletions, kept: plan.manifest.retired.count,
                                  unchanged: plan.unchanged)
            report.bytesSent = plan.sending.reduce(0) { $0 + $1.size }
            if !request.dryRun {
                report.changedList = try await carryOut(consume plan, on: destination, request: request, manifestURL: manifestURL, progress: progress)
            }
        } catch {
            await destination.close()
            // A folder target refused (a link in it): the editor fixes it by hand, so what the manifest
            // says of the folder can no longer be trusted; the next deploy lists it.
            if case .folder = request.target, error.kind == .usage, !request.dryRun {
                for file in DeployManifest.files(at: manifestURL) { unlink(file.path) }
            }
            throw error
        }
        report.requests = destination.requestCount
        await destination.close()
        if let distribution = request.cloudFront, let list = report.changedList {
            let addresses = (try? String(contentsOf: list, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
            let cloudFront = CloudFront(distribution: distribution, credentials: try request.credentials.credentials(), endpoint: request.cloudFrontEndpoint)
            report.invalidation = try await cloudFront.invalidate(addresses, reference: "foodpin-\(request.settings.now)-\(getpid())")
            report.requests += 1
        }
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    private static func destination(for request: DeployRequest) throws(FoodPinError) -> any DeployDestination {
        switch request.target {
        case .folder(let path):
            let site = request.site.standardizedFileURL.resolvingSymlinksInPath().path
            let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            if target == "/" || target == site || target.hasPrefix(site + "/") || site.hasPrefix(target + "/") {
                throw .usage("\(request.target) and the site folder \(GuideLayout.displayPath(request.site)) overlap", hint: "deploy to a folder outside the site")
            }
            guard !request.settings.gzip else {
                throw .usage("--gzip is for buckets, which send a file's encoding with it; a folder's web server compresses as it serves")
            }
            return FolderDestination(root: path)
        case .bucket(let name, let prefix):
            let credentials = try request.credentials.credentials()
            let region = request.region ?? request.credentials.region() ?? "us-east-1"
            return S3Bucket(bucket: name, prefix: prefix, credentials: credentials, region: region, endpoint: request.endpoint,
                            connections: request.jobs)
        }
    }

    /// Waves sent in order, each whole before the next starts; the manifest saved once all is done.
    /// `plan` is its own (consumed), so the entries of files sent change its manifest in place
    /// rather than a copy of 100,000 entries.
    private static func carryOut(_ plan: consuming DeployPlan, on destination: any DeployDestination, request: DeployRequest, manifestURL: URL,
                                 progress: @escaping @Sendable (Int, Int) -> Void) async throws(FoodPinError) -> URL? {
        let total = plan.sending.count
        let done = Counter()
        if total > 0 { try DeployManifest.markPending(plan.sending.map(\.path), for: manifestURL) }
        for wave in plan.uploads where !wave.isEmpty {
            let entries = try await Uploads.send(wave, from: request.site, to: destination, gzip: request.settings.gzip, jobs: request.jobs) {
                done.add()
                progress(done.value, total)
            }
            for (path, entry) in entries { plan.manifest.files[path] = entry }
        }
        for wave in plan.removals.reversed() where !wave.isEmpty { try await destination.delete(wave) }
        // With nothing sent, removed or restamped, the manifest on disk already says all this.
        if !(plan.unchangedManifest && total == 0 && plan.deletions.isEmpty) { try plan.manifest.save(to: manifestURL, target: request.target) }
        DeployManifest.clearPending(for: manifestURL)
        let list = DeployManifest.changedList(at: manifestURL)
        guard !plan.changed.isEmpty else {
            // A list left from an earlier deploy would pass for this one's.
            unlink(list.path)
            return nil
        }
        try ReplaceFile.write(Data(DeployPlan.addresses(of: plan.changed).map { $0 + "\n" }.joined().utf8), to: list)
        return list
    }
}
