import ArgumentParser
import FoodPinCore

struct FoodPin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "foodpin",
        abstract: "Build a food guide website from Markdown and JSON city files.",
        discussion: "Every command works on the guide in the current folder, or the one named by --root.",
        version: FoodPinRelease.this.description,
        subcommands: [
            InitCommand.self, BuildCommand.self, CheckCommand.self, ServeCommand.self, WatchCommand.self,
            ImportCommand.self, ListCommand.self,
            ExportCommand.self, RemoveCommand.self, FavoriteCommand.self, NewCommand.self, ThemeCommand.self, DeployCommand.self,
        ]
    )
}

extension FoodPinRelease {
    /// This binary's release (release.env) and commit, stamped at build time.
    static let this = FoodPinRelease(version: Release.version, commit: Release.commit, homepage: Release.homepage)
}

/// Options every command takes.
struct GuideOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The guide's folder.", valueName: "DIR"))
    var root: String = "."

    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print more detail, warnings included.")
    var verbose = false

    var rootURL: URL { URL(fileURLWithPath: root, isDirectory: true).standardizedFileURL }

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be used together") }
    }

    func console() -> Console { Console(quiet: quiet, verbose: verbose) }

    /// The guide's folders; a folder without `Content/` is no guide (a usage error).
    func layout() throws(FoodPinError) -> GuideLayout {
        let layout = GuideLayout(root: rootURL)
        guard FileManager.default.fileExists(atPath: layout.content.path) else { throw .guideNotFound(layout.root) }
        return layout
    }
}

/// `--base-url`, checked once as a `BaseURL` for every command that takes it.
struct SiteAddressOptions: ParsableArguments {
    @Option(name: .customLong("base-url"),
            help: ArgumentHelp("The site's public address, e.g. https://user.github.io/guide/ (overrides site.yml).", valueName: "URL"),
            transform: { written in
                guard let url = BaseURL(written) else { throw ValidationError(BaseURL.problem(written, name: "--base-url")) }
                return url
            })
    var baseURL: BaseURL?
}

import Foundation
import FoodPinBase
