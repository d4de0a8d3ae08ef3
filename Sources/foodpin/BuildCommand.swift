import ArgumentParser
import FoodPinCore
import Foundation
import FoodPinBase
import FoodPinModel
import FoodPinPublish

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build", abstract: "Build the site into Output/.",
        discussion: "On any content error nothing is written: Output/ stays exactly as it was.")

    @OptionGroup var guide: GuideOptions

    @OptionGroup var site: SiteAddressOptions

    @Flag(help: "Include restaurants marked `draft: true`.")
    var drafts = false

    @Option(help: ArgumentHelp("Where to write the site (default: Output/ in the guide); folders on the way are made.", valueName: "DIR"))
    var output: String?

    @Flag(help: "Ignore what earlier builds left (the build cache) and redo everything.")
    var clean = false

    @Flag(help: "Flush the new site to disk before publishing it, so that even a power cut leaves the old site or the new one (slower: it waits for the disk).")
    var durable = false

    @Flag(help: "Download remote pictures (image_url, image: https://…) once, and publish them in every size like local ones.")
    var fetchImages = false

    func run() throws {
        let console = guide.console()
        var options = BuildOptions(
            root: guide.rootURL, output: output.map { URL(fileURLWithPath: $0, isDirectory: true) },
            baseURL: site.baseURL, includeDrafts: drafts, clean: clean)
        options.fetchImages = fetchImages
        options.durable = durable
        if let warning = OutputFolders.mountPointWarning(for: options.output ?? GuideLayout(root: guide.rootURL).defaultOutput) { console.report([warning]) }
        let report = try SiteBuilder.build(options) { console.progress($0) }
        console.report(report.diagnostics)
        guard report.succeeded else {
            throw FoodPinError.content("Build failed with \(diagnosticsSummary(report.diagnostics)); Output/ was left unchanged.")
        }
        if report.sync != ImportCounts() { console.detail("Store sync: \(report.sync.summary)") }
        for (stage, seconds) in report.timings { console.detail(String(format: "%8.3f s  %@", seconds, stage)) }
        if report.linkedFromLive > 0 { console.detail("Unchanged: \(counted(report.linkedFromLive, "file")) linked from the live site") }
        if let notice = ThemeOverrides.identicalCopiesNotice(GuideLayout(root: guide.rootURL)) { console.say(notice) }
        let place = report.output.map { GuideLayout.displayPath($0) } ?? "Output"
        console.say("Built \(counted(report.pages, "page")) for \(counted(report.restaurants, "restaurant")) and \(counted(report.reviews, "review")) in \(String(format: "%.2f", report.seconds)) s → \(place)/")
    }
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Validate every content file, template and city file; write nothing.")

    @OptionGroup var guide: GuideOptions

    @Flag(help: "Check restaurants marked `draft: true` too.")
    var drafts = false

    func run() throws {
        let console = guide.console()
        let report = try SiteBuilder.build(BuildOptions(root: guide.rootURL, includeDrafts: drafts, writes: false)) {
            console.progress($0)
        }
        console.report(report.diagnostics)
        guard report.succeeded else {
            throw FoodPinError.content("Check found \(diagnosticsSummary(report.diagnostics)).")
        }
        let warnings = report.diagnostics.isEmpty ? "no problems" : diagnosticsSummary(report.diagnostics)
        console.say("Checked \(counted(report.restaurants, "restaurant")) and \(counted(report.reviews, "review")): \(warnings).")
    }
}
