import Foundation
import FoodPinBase
import FoodPinModel
import FoodPinPublish

/// What one build makes of the site: the files to render and write because their inputs
/// changed, the unchanged ones kept (linked from the live folder where the target lacks them),
/// and every rendered file's inputs for the next build.
struct PagePlan {
    /// Each rendered file's output path, in the order of `SiteFiles`.
    var paths: [String]
    /// The files to render, by number.
    var toRender: [Int] = []
    /// Theme assets and pictures to write.
    var files: [OutputFile] = []
    /// Unchanged files the target lacks, linked from the live folder.
    var toLink: [String] = []
    /// The unchanged files the new site keeps, with what they hold.
    var kept: [String: WrittenState] = [:]
    /// Pages the live folder no longer holds as written (changed by hand): written again.
    var changedByHand: [String] = []
    /// An unchanged page written again all the same, for a link where its folder was.
    var liveHasLinks = false
    /// How many pages' inputs were digested (`BuildReport.pagesLookedAt`).
    var lookedAt = 0
    /// By page path: the digest of what the page is made from, for the next build.
    var pageInputs: [String: ContentDigest] = [:]
    var inputsChanged = false
    /// Every path of the new site: pages, then other files.
    var allPaths: [String] = []
    /// How each file of the new site is delivered, for those not delivered as pages (`FolderRecord.deliveries`).
    var deliveries: [String: Delivery] = [:]
}

/// What a session's last plan was made from: a rebuild with the same pages, settings and
/// templates plans only the pages whose inputs can have changed (`patchedPlan`).
struct PlanBasis {
    var shape: [SiteFiles.Shape]
    var paths: [String] = []
    var settings: ContentDigest
    /// By kind of file: the digest of the templates it uses.
    var templates: [ContentDigest]
    /// By kind of file: its inputs digested ahead (`FileKind.inputsAhead`).
    var ahead: [[ContentDigest]?]
}

/// Stage: which pages are rendered, and which files written or kept. Remembers each page's input
/// digest (saved for the next process by the build state) and, within a session, what its last
/// plan was made from, so a save looks only at the pages whose inputs can have changed.
struct PagePlanner {
    let layout: GuideLayout
    let outputPath: String
    let isSession: Bool
    /// By page path: the digest of what the page was last rendered from.
    private(set) var pageInputs: [String: ContentDigest] = [:]
    /// What a session's last page plan was made from (`patchedPlan`).
    private var lastPlan: PlanBasis?

    init(layout: GuideLayout, outputPath: String, session: Bool) {
        self.layout = layout
        self.outputPath = outputPath
        isSession = session
    }

    /// The page inputs as the last process saved them.
    mutating func restore(_ pageInputs: [String: ContentDigest]) { self.pageInputs = pageInputs }

    /// A plan's pages were written: their inputs are what the next plan compares with.
    mutating func planned(_ plan: PagePlan) { pageInputs = plan.pageInputs }

    /// After a failed write nothing written is known for sure: the next plan looks at every page.
    mutating func forget() {
        pageInputs = [:]
        lastPlan = nil
    }

    /// With the publisher's `checksDisk`, a page changed or removed by hand since it was written
    /// is found (a `stat` each).
    mutating func plan(_ files: SiteFiles, pictures: BuildPictures, guide: GuideSources, publisher: Publisher) throws(FoodPinError) -> PagePlan {
        let renderer = files.renderer
        var basis = PlanBasis(shape: files.shape,
                              settings: settingsDigest(renderer.site, pictures: pictures.processed.catalog, theme: guide.theme, strings: renderer.strings),
                              templates: Self.templateDigests(of: files, theme: guide.theme), ahead: files.kinds.map(\.inputsAhead))
        var plan = patchedPlan(basis, files: files, publisher: publisher) ?? fullPlan(basis, files: files, publisher: publisher)
        plan.deliveries = Self.deliveries(of: files)
        try planFiles(&plan, renderer: renderer, pictures: pictures, theme: guide.theme, publisher: publisher)
        // Taken from the live folder, the kept files may include some the new site lets go.
        if plan.kept.count != plan.allPaths.count - plan.toRender.count - plan.files.count {
            let wanted = Set(plan.allPaths)
            plan.kept = plan.kept.filter { wanted.contains($0.key) }
        }
        basis.paths = plan.paths
        lastPlan = isSession ? basis : nil
        return plan
    }

    /// Every page looked at: its inputs digested and compared with the last build's.
    private mutating func fullPlan(_ basis: PlanBasis, files: SiteFiles, publisher: Publisher) -> PagePlan {
        let previous = publisher.liveHeld
        let steps = pageSteps(basis, files: files, previous: previous, checksDisk: publisher.checksDisk)
        var plan = PagePlan(paths: steps.map(\.path), lookedAt: steps.count)
        plan.kept.reserveCapacity(steps.count + 64)
        // The same pages as last time (paths are distinct): only changed digests are replaced,
        // in the table taken over rather than copied.
        let samePages = pageInputs.count == steps.count && steps.allSatisfy { $0.lastInputs != nil }
        if samePages { swap(&plan.pageInputs, &pageInputs) } else { plan.pageInputs.reserveCapacity(steps.count) }
        plan.inputsChanged = !samePages
        for (index, step) in steps.enumerated() {
            let unchangedInputs = step.lastInputs == step.inputs
            if !unchangedInputs || !samePages { plan.pageInputs[step.path] = step.inputs }
            if !unchangedInputs { plan.inputsChanged = true }
            if step.state != nil && !step.holds { plan.changedByHand.append(step.path) }
            let state = unchangedInputs && step.holds ? step.state : nil
            let keeping = state.map { publisher.keepingPage(step.path, as: $0) }
            if let state, keeping != .written {
                plan.kept[step.path] = state
                if keeping == .linked { plan.toLink.append(step.path) }
            } else if state != nil || !unchangedInputs || !step.holds {
                plan.toRender.append(index)
                if state != nil { plan.liveHasLinks = true }
            }
        }
        return plan
    }

    /// Under `serve`, with the last build's kinds of file and settings and the live folder as this
    /// session wrote it (most saves): only the files whose inputs can have changed are looked at,
    /// those of kinds without inputs digested ahead (lists, browse pages, search, feeds, sitemap)
    /// and the others whose digest or templates changed (restaurants); every other file is kept as
    /// the live folder holds it, and linked into the target only where the last build changed it.
    /// A review saved at 10,000 restaurants: the plan stage 75–95 ms → 36–45 ms (`bench/HISTORY.md`).
    private mutating func patchedPlan(_ basis: PlanBasis, files: SiteFiles, publisher: Publisher) -> PagePlan? {
        guard isSession, let lastChanges = publisher.lastChanges, let live = publisher.liveHeld, publisher.targetHeld != nil,
              let last = lastPlan,
              last.shape == basis.shape, last.settings == basis.settings, pageInputs.count == last.paths.count else { return nil }
        var changed: [(index: Int, inputs: ContentDigest)] = []
        var lookedAt = 0, samePaths = true
        files.forEach { index, kind, item in
            guard samePaths else { return }
            if basis.templates[kind] == last.templates[kind], let ahead = basis.ahead[kind], ahead[item] == last.ahead[kind]?[item] { return }
            lookedAt += 1
            // A file of another restaurant or group under the same number: the whole plan is made.
            guard files.kinds[kind].path(item) == last.paths[index] else { samePaths = false; return }
            let inputs = Self.fileDigest(files.kinds[kind], item, kind: kind, basis)
            if inputs != pageInputs[last.paths[index]] { changed.append((index, inputs)) }
        }
        guard samePaths else { return nil }
        // The target lacks only what the last build changed.
        let rendered = Set(changed.map { last.paths[$0.index] })
        var links: [String] = []
        for path in lastChanges where pageInputs[path] != nil && !rendered.contains(path) {
            guard let state = live[path] else { return nil }
            switch publisher.keepingPage(path, as: state) {
            case .written: return nil
            case .linked: links.append(path)
            case .held: break
            }
        }
        var plan = PagePlan(paths: last.paths, toLink: links, lookedAt: lookedAt)
        swap(&plan.pageInputs, &pageInputs)
        plan.kept = live
        for (index, inputs) in changed {
            plan.pageInputs[plan.paths[index]] = inputs
            plan.kept[plan.paths[index]] = nil
            plan.toRender.append(index)
        }
        plan.inputsChanged = !changed.isEmpty
        return plan
    }

    /// Each page's path, the digest of its inputs now and at the last build, what the live folder
    /// held there, and whether it still holds it as written.
    private func pageSteps(_ basis: PlanBasis, files: SiteFiles, previous: [String: WrittenState]?, checksDisk: Bool)
        -> [(path: String, inputs: ContentDigest, lastInputs: ContentDigest?, state: WrittenState?, holds: Bool)] {
        let (lastInputs, outputPath) = (pageInputs, outputPath)
        return ParallelMap.map(Array(0..<files.count)) { number in
            let (kind, item) = files.locate(number)
            let path = files.kinds[kind].path(item)
            let state = previous?[path]
            let holds = Self.stillHolds(state, at: outputPath + "/" + path, checkingDisk: checksDisk)
            return (path, Self.fileDigest(files.kinds[kind], item, kind: kind, basis), lastInputs[path], state, holds)
        }
    }

    /// What a file is made from: the settings, its kind's templates and its own inputs.
    private static func fileDigest(_ files: any FileKind, _ item: Int, kind: Int, _ basis: PlanBasis) -> ContentDigest {
        .of { writer in
            writer.write(basis.settings)
            writer.write(basis.templates[kind])
            writer.write(files.inputs(item))
        }
    }

    /// The rendered files delivered otherwise than as pages, by path.
    private static func deliveries(of files: SiteFiles) -> [String: Delivery] {
        var deliveries: [String: Delivery] = [:]
        for kind in files.kinds {
            for item in 0..<kind.count where kind.delivery(item) != .page { deliveries[kind.path(item)] = kind.delivery(item) }
        }
        return deliveries
    }

    /// By kind of file: the digest of the templates it uses (kinds with the same templates share it).
    private static func templateDigests(of files: SiteFiles, theme: LoadedTheme) -> [ContentDigest] {
        var digests: [[String]: ContentDigest] = [:]
        return files.kinds.map { kind in
            if let known = digests[kind.templates] { return known }
            let digest = theme.templateDigest(kind.templates)
            digests[kind.templates] = digest
            return digest
        }
    }

    /// The theme's assets and the pictures: each kept if the target or the live folder holds it.
    private func planFiles(_ plan: inout PagePlan, renderer: SiteRenderer, pictures: BuildPictures, theme: LoadedTheme,
                           publisher: Publisher) throws(FoodPinError) {
        let assets = theme.assets.files.sorted(by: { $0.key < $1.key }).map { OutputFile(path: $0.key, data: $0.value) }
            + [OutputFile(path: renderer.scriptBundle.path, data: Data(renderer.scriptBundle.text.utf8)),
               OutputFile(path: renderer.reviewForm.path, data: Data(renderer.reviewForm.text.utf8))]
        let catalog = pictures.processed.catalog
        // Content files published as they are (an SVG) keep their names.
        let asIs = pictures.asIs.map { OutputFile(path: $0, copyOf: layout.content.appending(path: $0)) }
        // Two files with the same bytes and name are one picture, published once.
        let processed = Dictionary(catalog.pictures.values.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
            .values.sorted(by: { $0.key < $1.key }).flatMap { picture in
                picture.files.map { OutputFile(path: picture.publishedPath(of: $0),
                                               copyOf: URL(fileURLWithPath: pictures.cache.entryFolder(picture.key) + "/" + $0)) }
            }
        for path in renderer.fingerprintedAssets { plan.deliveries[path] = .fingerprinted }
        for file in processed { plan.deliveries[file.path] = .fingerprinted }
        for file in asIs { plan.deliveries[file.path] = .part }
        for file in assets + asIs + processed {
            let state = try OutputWriter.state(of: file)
            let keeping = publisher.keeping(file.path, as: state)
            plan.kept[file.path] = keeping == .written ? nil : state
            if keeping == .linked { plan.toLink.append(file.path) }
            if keeping == .written { plan.files.append(file) }
        }
        plan.allPaths = plan.paths + assets.map(\.path) + asIs.map(\.path) + processed.map(\.path)
    }

    /// What every page depends on besides its own inputs and templates: the settings, the words,
    /// the pictures and the theme's other files (assets, whose names pages link to).
    private func settingsDigest(_ site: Site, pictures: PictureCatalog, theme: LoadedTheme, strings: ThemeStrings) -> ContentDigest {
        var writer = BinaryWriter()
        writer.write(site.config)
        // The words in use: site.yml's overrides and the language's file, resolved.
        writer.write(strings.script)
        writer.write(strings.templateDigestText)
        // Pictures show on lists, detail pages and in Markdown anywhere: a changed one renders every
        // page again (rare next to text edits, which stay incremental).
        for (image, picture) in pictures.pictures.sorted(by: { $0.key < $1.key }) {
            writer.write(image)
            writer.write(picture)
        }
        // Links in Markdown to pictures that pages use are rewritten to the published copies.
        writer.write(site.contentFiles)
        for (name, text) in theme.files.sorted(by: { $0.key < $1.key }) where !name.hasSuffix(".mustache") {
            writer.write(name)
            writer.write(text)
        }
        return ContentDigest(writer.bytes)
    }

    /// Whether the file at `path` is still what was written there: present, and of the same size
    /// (a file removed or edited by hand is written again). Without `checkingDisk`, whether a page was written.
    private static func stillHolds(_ state: WrittenState?, at path: String, checkingDisk: Bool) -> Bool {
        guard case .bytes(let digest)? = state else { return false }
        return !checkingDisk || FileStamp.plainSize(at: path) == digest.count
    }
}
