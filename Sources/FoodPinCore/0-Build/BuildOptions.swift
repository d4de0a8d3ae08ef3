import Foundation
import FoodPinBase
import FoodPinModel
import FoodPinPublish

/// What to build and how.
public struct BuildOptions: Sendable {
    public var root: URL
    public var output: URL?
    /// Overrides site.yml's `base_url`.
    public var baseURL: BaseURL?
    public var includeDrafts = false
    /// False for `foodpin check`: everything is validated, nothing is written (not even the store).
    public var writes = true
    /// Ignore what earlier builds left and redo everything.
    public var clean = false
    /// Save the build state after each build for the next process (`serve` saves it when it stops).
    public var savesState = true
    /// Download remote pictures (once) and process them like local ones (`--fetch-images`).
    public var fetchImages = false
    /// Flush the new site to disk before publishing it (`--durable`), so that even a power cut
    /// leaves the old site or the new one. Otherwise the kernel writes it back in its own time,
    /// as it does Hugo's site, and the build state holds until the
    /// machine restarts only (a restart brings a full build, which rewrites what was lost).
    public var durable = false

    public init(root: URL, output: URL? = nil, baseURL: BaseURL? = nil, includeDrafts: Bool = false, writes: Bool = true,
                clean: Bool = false) {
        self.root = root
        self.output = output
        self.baseURL = baseURL
        self.includeDrafts = includeDrafts
        self.writes = writes
        self.clean = clean
    }
}

public struct BuildReport: Sendable {
    public var diagnostics: [Diagnostic] = []
    public var sync = ImportCounts()
    public var restaurants = 0
    public var reviews = 0
    public var pages = 0
    /// Pages rendered by this build (the others were unchanged since the last one).
    public var rendered = 0
    /// The pages whose inputs were digested: every page, or under `serve` those an edit can reach.
    public var pagesLookedAt = 0
    public var files = 0
    public var changes = OutputWriter.Changes()
    /// Files written or removed by this build, relative to the output folder.
    public var changedPaths: [String] = []
    public var removedPaths: [String] = []
    /// Unchanged files hard-linked from the live site into the folder where the new site is made.
    public var linkedFromLive = 0
    /// Pictures processed by this build, and those taken from the picture cache.
    public var picturesProcessed = 0
    public var picturesReused = 0
    public var seconds = 0.0
    public var output: URL?
    /// Seconds spent in each stage, in order, for `--verbose` and benchmarks.
    public var timings: [(stage: String, seconds: Double)] = []
    public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }
}
