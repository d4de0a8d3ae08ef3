import ArgumentParser
import FoodPinBase
import FoodPinCore

struct ThemeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "theme", abstract: "Change the built-in theme: copy its files to Templates/, and compare them.",
        discussion: "The built-in theme is used for every file Templates/ does not hold, so a later FoodPin's fixes reach the guide; a copy in Templates/ replaces its built-in file.",
        subcommands: [ThemeList.self, ThemeEject.self, ThemeDiff.self])
}

struct ThemeList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the built-in theme's files, marking those Templates/ replaces.")

    @OptionGroup var guide: GuideOptions

    func run() throws {
        let layout = try guide.layout()
        let (files, diagnostics) = ThemeOverrides.compare(layout)
        guide.console().report(diagnostics)
        let states = Dictionary(files.map { ($0.name, $0.state) }, uniquingKeysWith: { first, _ in first })
        for name in Theme.builtInFiles.keys.sorted() {
            let mark = switch states[name] {
            case nil: ""
            case .identical?: "  (Templates/: the same)"
            case .changed?: "  (Templates/: changed)"
            case .own?: ""
            }
            print(name + mark)
        }
        for (name, state) in files where state == .own { print("\(name)  (Templates/ only)") }
    }
}

struct ThemeEject: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eject", abstract: "Copy built-in theme files into Templates/ to change them.",
        discussion: "Copy only what you will change: later FoodPin versions' fixes to a file no longer reach a guide that holds a copy of it (`foodpin theme diff` shows them). Never overwrites a file.")

    @OptionGroup var guide: GuideOptions

    @Argument(help: ArgumentHelp("Files of the theme, e.g. restaurant.mustache assets/site.css (`foodpin theme list`).", valueName: "FILE"))
    var files: [String] = []

    @Flag(help: "Copy every file of the theme.")
    var all = false

    func validate() throws {
        if files.isEmpty && !all { throw ValidationError("name the files to copy (`foodpin theme list`), or give --all") }
        if !files.isEmpty && all { throw ValidationError("give the files to copy or --all, not both") }
    }

    func run() throws {
        let written = try ThemeOverrides.eject(files, all: all, layout: try guide.layout())
        for path in written { guide.console().say("Wrote \(path)") }
    }
}

struct ThemeDiff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff", abstract: "Show how Templates/ differs from this version's built-in theme.",
        discussion: "A unified diff from each built-in file to the guide's copy, so the fixes of a newer FoodPin can be taken into the copy; copies that are the same can be deleted. Exit status 0 either way.")

    @OptionGroup var guide: GuideOptions

    @Argument(help: ArgumentHelp("Only these files of Templates/.", valueName: "FILE"))
    var files: [String] = []

    func run() throws {
        let layout = try guide.layout()
        let (compared, diagnostics) = ThemeOverrides.compare(layout)
        guide.console().report(diagnostics)
        let wanted = Set(files.map { $0.hasPrefix("Templates/") ? String($0.dropFirst("Templates/".count)) : $0 })
        let shown = compared.filter { wanted.isEmpty || wanted.contains($0.name) }
        for name in wanted.subtracting(compared.map(\.name)).sorted() {
            throw FoodPinError.usage("Templates/ holds no file `\(name)`", hint: "`foodpin theme list` shows which files it replaces")
        }
        if shown.isEmpty { guide.console().say("Templates/ replaces no file of the built-in theme.") }
        for (name, state) in shown {
            switch state {
            case .identical: print("Templates/\(name): the same as the built-in theme; it can be deleted")
            case .own: print("Templates/\(name): the guide's own (no built-in file of that name)")
            case .changed: print(ThemeOverrides.diff(name, in: layout), terminator: "")
            }
        }
    }
}
