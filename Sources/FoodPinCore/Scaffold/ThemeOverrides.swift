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
        /// A unified diff from the built-in file to the guide's.
        case changed(String)
        /// No built-in file has this name: the guide's own (a new partial, a picture).
        case own
    }

    /// Every file of the guide's `Templates/`, by its path there, and how it compares.
    public static func compare(_ layout: GuideLayout) -> (files: [(name: String, state: State)], diagnostics: [Diagnostic]) {
        let (theme, diagnostics) = Theme.load(templates: layout.templates, boundary: GuideBoundary(layout))
        let files = theme.overrides.keys.sorted().map { name -> (name: String, state: State) in
            guard let builtIn = Theme.builtInFiles[name] else { return (name, .own) }
            let text = theme.files[name] ?? ""
            if text == builtIn { return (name, .identical) }
            return (name, .changed(LineDiff.unified(from: builtIn, to: text, oldName: "built-in/\(name)", newName: "Templates/\(name)")))
        }
        return (files, diagnostics)
    }

    /// The built-in files `names` (paths in the theme, e.g. `restaurant.mustache`), or all with
    /// `names` empty and `all`, copied into `Templates/`. An unknown name or a file already there
    /// changes nothing.
    public static func eject(_ names: [String], all: Bool, layout: GuideLayout) throws(FoodPinError) -> [String] {
        let builtIn = Theme.builtInFiles
        let chosen = all ? builtIn.keys.sorted() : names.map { $0.hasPrefix("Templates/") ? String($0.dropFirst("Templates/".count)) : $0 }
        for name in chosen where builtIn[name] == nil {
            throw .usage("the built-in theme has no file `\(name)`; nothing was changed",
                         hint: Suggestion.nearest(to: name, in: Array(builtIn.keys)).map { "did you mean `\($0)`?" } ?? "`foodpin theme list` names its files")
        }
        for name in chosen { try NewFile.refuseExisting(layout.templates.appending(path: name)) }
        for name in chosen { try NewFile.write(builtIn[name]!, to: layout.templates.appending(path: name)) }
        // Copies just made to be changed are not worth a notice at the next build.
        _ = identicalCopiesNotice(layout)
        return chosen.map { "Templates/\($0)" }
    }

    /// What `foodpin build` says of copies identical to the built-in theme: only when the set of
    /// them differs from the one it last said (kept in the build cache), so it is said once.
    public static func identicalCopiesNotice(_ layout: GuideLayout) -> String? {
        let identical = compare(layout).files.filter { $0.state == .identical }.map(\.name)
        let record = layout.cache.appending(path: "identical-theme-copies.txt")
        let listed = identical.joined(separator: "\n")
        guard (try? String(contentsOf: record, encoding: .utf8)) != listed else { return nil }
        try? FileManager.default.createDirectory(at: layout.cache, withIntermediateDirectories: true)
        try? listed.write(to: record, atomically: true, encoding: .utf8)
        guard !identical.isEmpty else { return nil }
        let shown = identical.prefix(5).map { "Templates/\($0)" }.joined(separator: ", ") + (identical.count > 5 ? ", …" : "")
        let files = identical.count == 1 ? "1 file in Templates/ is" : "\(identical.count) files in Templates/ are"
        return "note: \(files) the same as the built-in theme (\(shown)): deleting them lets "
            + "later FoodPin versions' fixes reach this guide; `foodpin theme diff` lists them."
    }
}
