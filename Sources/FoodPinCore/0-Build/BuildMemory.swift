import Foundation
import FoodPinBase
import FoodPinModel
import FoodPinPublish

/// What a builder remembers from one build to the next, as one value: read from the last
/// process's `BuildState` once, brought up to date by each build, and saved as that state again.
struct BuildMemory {
    /// The last successful build as saved; nil when unknown (then nothing is taken as unchanged).
    var last: BuildState?
    /// Each stage's memo, owned by the stage.
    var reader: GuideReader
    var maker: SiteMaker
    var planner: PagePlanner
    /// What the output folders hold: the publisher's record.
    var folders = FolderRecord()
    /// The state file as this builder last saw it: read, written or removed (nil: not there).
    var stateFileSeen: FileStamp?
    /// Whether the saved state was looked for, and whether its sources part was read.
    var summaryRestored = false
    var sourcesRestored = false

    init(layout: GuideLayout, options: BuildOptions, outputPath: String, session: Bool) {
        reader = GuideReader(layout: layout, baseURL: options.baseURL, session: session)
        maker = SiteMaker(layout: layout, options: options, session: session)
        planner = PagePlanner(layout: layout, outputPath: outputPath, session: session)
    }

    /// The small part of the saved state: enough to see that nothing changed.
    mutating func restoreSummary(from files: (state: URL, sources: URL), key: String, clean: Bool) {
        guard !summaryRestored else { return }
        summaryRestored = true
        stateFileSeen = FileStamp(path: files.state.path)
        guard !clean, let state = BuildState.load(from: files.state, key: key) else { return }
        last = state
        folders = state.folders
    }

    /// The parsed sources and page inputs, read once something changed.
    mutating func restoreSources(from files: (state: URL, sources: URL), key: String) {
        guard !sourcesRestored else { return }
        sourcesRestored = true
        guard last != nil, let sources = BuildState.loadSources(from: files.sources, key: key) else { return }
        reader.restore(sources.content)
        planner.restore(sources.pages)
        maker.restore(sources.terms)
    }

    /// After a failed write nothing written is known for sure.
    mutating func forgetOutput() {
        folders.forget()
        planner.forget()
    }

    /// What the stages remember that the next process reads back.
    var sources: BuildState.Sources {
        BuildState.Sources(content: reader.content.snapshot, pages: planner.pageInputs, terms: maker.terms)
    }

    /// Saves what is remembered for the next process, as `state` says the last build left it.
    mutating func save(_ state: BuildState, sources: ReplaceFile? = nil, to files: (state: URL, sources: URL), key: String,
                       durable: Bool) throws(FoodPinError) {
        var state = state
        state.folders = folders.saving(over: state.folders)
        let sourcesFile: ReplaceFile
        if let sources {
            sourcesFile = sources
        } else {
            sourcesFile = try BuildState.writeSources(self.sources, to: files, key: key)
        }
        try state.save(sourcesFile, to: files, key: key, durable: durable)
        stateFileSeen = FileStamp(path: files.state.path)
        reader.content.markSaved()
    }
}
