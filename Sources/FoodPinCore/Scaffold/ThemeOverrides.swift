import Foundation
import FoodPinBase
import FoodPinModel

/// A guide's `Templates/` against the built-in theme of this FoodPin: `foodpin theme eject` copies
/// built-in files there to change them, `foodpin theme diff` shows how the copies differ, and
/// `foodpin build` points out copies that change nothing (they would stop later fixes reaching the guide).
public enum ThemeOverrides {
    public enum State: Sendable, Equatable {
        /// The same text as the built-in file: it can be deleted.
        case identical
        /// Differs from the built-in file (`diff` shows how).
        case changed
        /// No built-in file has this name: the guide's own (a new partial, a picture).
        case own
    }

    /// Every file of the guide's `Templates/`, by its path there, and how it compares.
    public static func compare(_ layout: GuideLayout) -> (files: [(name: String, state: State)], diagnostics: [Diagnostic]) {
        let (theme, diagnostics) = Theme.load(templates: layout.templates, boundary: GuideBoundary(layout))
        let files = theme.overrides.keys.sorted().map { name -> (name: String, state: State) in
            guard let builtIn = Theme.builtInFiles[name] else { return (name, .own) }
            return (name, theme.files[name] == builtIn ? .identical : .changed)
        }
        return (files, diagnostics)
    }

    /// A unified diff from the built-in file `name` to the guide's copy.
    public static func diff(_ name: String, in layout: GuideLayout) -> String {
        let copy = (try? String(contentsOf: layout.templates.appending(path: name), encoding: .utf8)) ?? ""
        return LineDiff.unified(from: Theme.builtInFiles[name] ?? "", to: copy, oldName: "built-in/\(name)", newName: "Templates/\(name)")
    }

    /// The built-in files `names` (paths in the theme, e.g. `restaurant.mustache`), or all with
    /// `all`, copied into `Templates/`. An unknown name, a file already there or anything but a real
    /// folder on the way changes nothing.
    public static func eject(_ names: [String], all: Bool, layout: GuideLayout) throws(FoodPinError) -> [String] {
        let builtIn = Theme.builtInFiles
        var chosen = all ? builtIn.keys.sorted() : names.map { $0.hasPrefix("Templates/") ? String($0.dropFirst("Templates/".count)) : $0 }
        chosen = chosen.enumerated().filter { !chosen[..<$0.offset].contains($0.element) }.map(\.element)
        for name in chosen where builtIn[name] == nil {
            throw .usage("the built-in theme has no file `\(name)`; nothing was changed",
                         hint: likely(name).map { "did you mean `\($0)`?" } ?? "`foodpin theme list` names its files")
        }
        for name in chosen {
            let file = layout.templates.appending(path: name)
            try OwnPath.prepare(file, within: layout.root, making: false)
            try NewFile.refuseExisting(file)
        }
        for name in chosen {
            let file = layout.templates.appending(path: name)
            try OwnPath.makeRealFolders(file.deletingLastPathComponent().path, within: layout.root.path)
            try NewFile.write(builtIn[name]!, to: file)
        }
        // Copies just made to be changed are not worth a notice at the next build.
        _ = identicalCopiesNotice(layout)
        return chosen.map { "Templates/\($0)" }
    }

    /// What `foodpin build` says of copies identical to the built-in theme: only when one it has
    /// not named before appears (those it named are kept in the build cache), so each is named once.
    /// Costs a read of `Templates/`: about 3 ms for a full copy of the theme (`foodpin theme list`
    /// there, 12 ms, against `foodpin --version`, 9 ms; farm-bench medians of 11).
    public static func identicalCopiesNotice(_ layout: GuideLayout) -> String? {
        let identical = compare(layout).files.filter { $0.state == .identical }.map(\.name)
        let record = layout.cache.appending(path: "identical-theme-copies.txt")
        let named = Set(((try? String(contentsOf: record, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init))
        guard !Set(identical).isSubset(of: named) else { return nil }
        // Only into the guide's own cache folder, never through a link.
        guard (try? OwnPath.prepare(record, within: layout.root)) != nil else { return nil }
        try? named.union(identical).sorted().joined(separator: "\n").write(to: record, atomically: true, encoding: .utf8)
        let shown = identical.prefix(5).map { "Templates/\($0)" }.joined(separator: ", ") + (identical.count > 5 ? ", …" : "")
        let files = identical.count == 1 ? "1 file in Templates/ is" : "\(identical.count) files in Templates/ are"
        return "note: \(files) the same as the built-in theme (\(shown)): deleting them lets "
            + "later FoodPin versions' fixes reach this guide; `foodpin theme diff` lists them."
    }

    /// The built-in file a mistyped name most likely means: the one it ends (`site.css`), the one
    /// it names without an extension (`restaurant`), else the nearest by spelling.
    static func likely(_ name: String) -> String? {
        let names = Theme.builtInFiles.keys.sorted()
        return names.first { $0.hasSuffix("/" + name) || $0.hasPrefix(name + ".") || $0.contains("/" + name + ".") }
            ?? Suggestion.nearest(to: name, in: names)
    }
}
