/// A unified diff of two texts by lines (as `diff -u` prints it), for `foodpin theme diff`.
public enum LineDiff {
    private enum Line: Equatable {
        case same(String), removed(String), added(String)
    }

    /// The hunks that turn `old` into `new`, each with `context` unchanged lines around its changes;
    /// empty when the texts are equal.
    public static func unified(from old: String, to new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let lines = edit(from: Self.lines(old), to: Self.lines(new))
        let changed = lines.indices.filter { if case .same = lines[$0] { false } else { true } }
        guard !changed.isEmpty else { return "" }
        var text = "--- \(oldName)\n+++ \(newName)\n"
        // Changes closer than twice the context share a hunk.
        var start = changed[0], end = changed[0]
        for index in changed.dropFirst() {
            // Unchanged lines between the two changes: `diff -u` joins the hunks up to twice the context.
            if index - end - 1 > 2 * context {
                text += hunk(lines, max(0, start - context), min(lines.count, end + context + 1))
                start = index
            }
            end = index
        }
        return text + hunk(lines, max(0, start - context), min(lines.count, end + context + 1))
    }

    /// The text's lines, each with its newline: a last line without one differs from the same line with it.
    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) + "\n" }
        lines[lines.count - 1].removeLast()
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// A line as `diff -u` prints it, marked when the file ends without a newline.
    private static func shown(_ line: String) -> String {
        line.hasSuffix("\n") ? line : line + "\n\\ No newline at end of file\n"
    }

    /// Every line of both texts in order, marked; removals before additions at each change (Myers,
    /// through the standard library's `difference(from:)`).
    private static func edit(from old: [String], to new: [String]) -> [Line] {
        var removed = Set<Int>(), added = Set<Int>()
        for change in new.difference(from: old) {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): added.insert(offset)
            }
        }
        var lines: [Line] = [], i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, removed.contains(i) {
                lines.append(.removed(old[i])); i += 1
            } else if j < new.count, added.contains(j) {
                lines.append(.added(new[j])); j += 1
            } else {
                lines.append(.same(old[i])); i += 1; j += 1
            }
        }
        return lines
    }

    private static func hunk(_ lines: [Line], _ start: Int, _ end: Int) -> String {
        // Line numbers where the hunk starts in each text: the lines before it that each text has.
        var oldStart = 1, newStart = 1
        for line in lines[..<start] {
            if case .added = line {} else { oldStart += 1 }
            if case .removed = line {} else { newStart += 1 }
        }
        var body = "", oldCount = 0, newCount = 0
        for line in lines[start..<end] {
            switch line {
            case .same(let text): body += " " + shown(text); oldCount += 1; newCount += 1
            case .removed(let text): body += "-" + shown(text); oldCount += 1
            case .added(let text): body += "+" + shown(text); newCount += 1
            }
        }
        // `diff -u` numbers an empty side by the line before it.
        return "@@ -\(oldCount == 0 ? oldStart - 1 : oldStart),\(oldCount) +\(newCount == 0 ? newStart - 1 : newStart),\(newCount) @@\n" + body
    }
}
