import FoodPinCore
import Foundation
import FoodPinBase

/// Terminal output: results on stdout, diagnostics and progress on stderr.
struct Console: Sendable {
    var quiet = false
    var verbose = false

    static let stderrIsTerminal = isatty(STDERR_FILENO) != 0

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Written at once (not buffered), so watch-mode lines show up even through a pipe.
    func say(_ text: String) {
        guard !quiet else { return }
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    func detail(_ text: String) {
        guard verbose else { return }
        Console.error(text)
    }

    /// A progress line for long work, only when someone is watching the terminal.
    func progress(_ text: String) {
        guard !quiet, verbose || Console.stderrIsTerminal else { return }
        Console.error("… \(text)")
    }

    /// A warning about a whole file or folder (no line in it to name), unless quiet.
    func warn(at place: String, _ message: String, hint: String) {
        guard !quiet else { return }
        Console.error("\(place): warning: \(message)\n    hint: \(hint)")
    }

    /// Errors always; warnings unless quiet.
    func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics where diagnostic.severity == .error || !quiet {
            Console.error(diagnostic.description)
        }
    }
}

func counted(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }

func diagnosticsSummary(_ diagnostics: [Diagnostic]) -> String {
    let errors = diagnostics.filter { $0.severity == .error }.count
    let warnings = diagnostics.count - errors
    return [errors > 0 ? counted(errors, "error") : nil, warnings > 0 ? counted(warnings, "warning") : nil]
        .compactMap { $0 }.joined(separator: " and ")
}
