import Foundation
import FoodPinBase
import FoodPinModel
import FoodPinPublish

/// What the write stage left: the files the new site holds, and what is still to do to publish it.
struct WrittenSite {
    var files: [String: WrittenState]
    /// Whether the target was written to, or has files to lose.
    var wrote: Bool
    /// Whether readers of the live folder will see a difference (then the new site is published).
    var liveChanged: Bool
    /// The target's files the new site does not have (nil: unknown, found by a walk).
    var gone: Set<String>?
    /// The live folder's files the new site does not have.
    var liveGone: Set<String>
    /// The sources' part of the state, written while the pages are (nil: the state is not saved).
    var pendingSources: Pending<Result<ReplaceFile, FoodPinError>>?

    /// A build that stops before saving removes the unfinished file.
    func discardUnsavedSources() {
        if case .success(let file)? = pendingSources?.value { file.discard() }
    }
}

extension SiteBuilder {
    /// Pages rendered and written together: enough to keep both cores busy, few enough that
    /// memory does not grow with the site.
    static let batchSize = 256

    /// Stage: the pages rendered and the files written into the publisher's target, each on the
    /// thread that made it, on every core; unchanged files linked from the live folder.
    /// The plan's kept files move into the `WrittenSite` (one table, not a copy of it).
    func writeSite(_ plan: inout PagePlan, files: SiteFiles, publisher: Publisher, run: inout BuildRun) throws(FoodPinError) -> WrittenSite {
        run.report.output = publisher.live.destination
        run.report.rendered = plan.toRender.count
        run.report.pagesLookedAt = plan.lookedAt
        run.report.changes.unchanged = plan.kept.count
        run.report.linkedFromLive = plan.toLink.count
        let gone = publisher.targetHeld.map { Self.stale($0, keeping: plan.allPaths) }
        let wrote = publisher.targetHeld == nil || !plan.toRender.isEmpty || !plan.files.isEmpty || !plan.toLink.isEmpty
            || gone?.isEmpty == false
        // Written in place, the target is the live folder: its stale files are the same.
        let liveGone = publisher.linksFromLive ? publisher.liveHeld.map { Self.stale($0, keeping: plan.allPaths) } ?? [] : gone ?? []
        var site = WrittenSite(files: [:], wrote: wrote, liveChanged: publisher.liveHeld == nil || !liveGone.isEmpty || plan.liveHasLinks,
                               gone: gone, liveGone: liveGone)
        swap(&site.files, &plan.kept)
        site.pendingSources = startSavingSources(plan, site: site, run: run)
        // Built once, the page inputs are needed only in the file being saved: they go once it is
        // written (at a million restaurants, 67 MB less at the build's peak).
        if buildsOnce, site.pendingSources != nil { plan.pageInputs = [:] }
        let plan = plan
        do throws(FoodPinError) {
            try publisher.prepare(writing: plan.toRender.map { plan.paths[$0] } + plan.files.map(\.path), linking: plan.toLink,
                                  flushingBatches: options.durable && plan.toRender.count > Self.batchSize)
            for start in stride(from: 0, to: plan.toRender.count, by: Self.batchSize) {
                let batch = Array(plan.toRender[start..<min(start + Self.batchSize, plan.toRender.count)])
                try write(batch.count, into: publisher, &site, &run.report) {
                    OutputFile(path: plan.paths[batch[$0]], data: files.bytes(batch[$0]))
                }
                files.renderer.forgetCards()
                if start + Self.batchSize < plan.toRender.count { publisher.wroteBatch() }
            }
            try write(plan.files.count, into: publisher, &site, &run.report) { plan.files[$0] }
            try publisher.keep(plan.toLink)
            publisher.finishWriting(wrote: wrote, durable: options.durable)
        } catch {
            site.discardUnsavedSources()
            throw abandon(error, publisher)
        }
        return site
    }

    /// Each file is made and written on the same thread, on every core: no barrier between
    /// rendering and writing, and only bookkeeping left for this thread.
    private func write(_ count: Int, into publisher: Publisher, _ site: inout WrittenSite, _ report: inout BuildReport,
                       _ make: @Sendable (Int) -> OutputFile) throws(FoodPinError) {
        let results = ParallelMap.map(Array(0..<count), oneByOne: true) { index in
            let file = make(index)
            return Result { () throws(FoodPinError) in (file.path, try publisher.put(file)) }
        }
        for result in results {
            let (path, outcome) = try result.get()
            if outcome.changed {
                site.liveChanged = true
                report.changes.written += 1
                report.changedPaths.append(path)
            } else {
                report.changes.unchanged += 1
            }
            site.files[path] = outcome.state
        }
    }

    /// From the first write on, the saved state no longer describes the output folders: it is
    /// removed, so a build stopped half-way leaves none. The sources' part of the next one is
    /// written while the pages are, and put in place at the end.
    private func startSavingSources(_ plan: PagePlan, site: WrittenSite, run: BuildRun) -> Pending<Result<ReplaceFile, FoodPinError>>? {
        let saves = options.savesState && (site.wrote || site.liveChanged || plan.inputsChanged || memory.reader.content.changed
            || memory.last?.fingerprint != run.fingerprint || memory.last?.storeStamp != run.storeStamp)
        if site.wrote || site.liveChanged {
            BuildState.remove(stateFiles)
            memory.stateFileSeen = nil
            memory.last = nil
        }
        guard saves else { return nil }
        // The plan holds this build's page inputs; the planner has them once the pages are written
        // (but for a build made once, which lets them go when this file is written).
        let sources = BuildState.Sources(content: memory.reader.content.snapshot, pages: plan.pageInputs, terms: memory.maker.terms)
        let (files, key) = (stateFiles, stateKey)
        return Pending { Result { () throws(FoodPinError) in try BuildState.writeSources(sources, to: files, key: key) } }
    }

    /// Stage: stale files removed from the target, and the new site made the live one.
    func publish(_ site: WrittenSite, plan: PagePlan, pictures: BuildPictures, publisher: Publisher,
                 run: inout BuildRun) throws(FoodPinError) {
        run.report.changes.removed = publisher.removeStale(site.gone, keeping: site.files)
        run.report.removedPaths = site.liveGone.sorted()
        if publisher.linksFromLive { run.report.changes.removed = site.liveGone.count }
        do throws(FoodPinError) {
            let changes = isSession ? Set(run.report.changedPaths + run.report.removedPaths) : nil
            try publisher.commit(site.files, deliveries: plan.deliveries, changes: changes, changed: site.liveChanged,
                                 changedByHand: plan.changedByHand, durable: options.durable, record: &memory.folders)
        } catch {
            site.discardUnsavedSources()
            throw abandon(error, publisher)
        }
        // The site now published uses these pictures only: other cache entries are stale.
        if pictures.cache.changed { pictures.cache.saveIndex(keeping: pictures.processed.sourceFiles) }
        if site.wrote || pictures.cache.changed { pictures.cache.removeAll(except: pictures.processed.keys) }
    }

    /// Stage: what this build leaves is remembered, and saved for the next process.
    func remember(_ site: WrittenSite, plan: PagePlan, run: inout BuildRun) throws(FoodPinError) {
        // The last build's table takes a while to free at scale: done off the caller's path.
        let retired = memory.planner.pageInputs
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(retired) {} }
        memory.planner.planned(plan)
        run.report.files = site.files.count
        let report = run.report
        let state = BuildState(fingerprint: run.fingerprint, storeStamp: run.storeStamp, diagnostics: report.diagnostics,
                               counts: SiteCounts(restaurants: report.restaurants, reviews: report.reviews, pages: report.pages),
                               folders: memory.folders.saved)
        memory.last = state
        guard let pending = site.pendingSources else { return }
        do throws(FoodPinError) {
            try memory.save(state, sources: pending.value.get(), to: stateFiles, key: stateKey, durable: options.durable)
        } catch {
            site.discardUnsavedSources()
            throw error
        }
        BuildState.forgetOutputsThatAreGone(in: layout)
    }

    /// After a failed write nothing written is known for sure: the next build starts afresh.
    private func abandon(_ failure: FoodPinError, _ publisher: Publisher) -> FoodPinError {
        memory.forgetOutput()
        return publisher.abandon(failure)
    }

    /// The files `held` that are not among `paths` (which are distinct). Each path is looked up
    /// once; only when some file is left over is a set of every path made.
    private static func stale(_ held: [String: WrittenState], keeping paths: [String]) -> Set<String> {
        assert(Set(paths).count == paths.count, "a path is published twice")
        let kept = paths.reduce(0) { held[$1] == nil ? $0 : $0 + 1 }
        guard kept != held.count else { return [] }
        let wanted = Set(paths)
        return Set(held.keys.filter { !wanted.contains($0) })
    }
}
