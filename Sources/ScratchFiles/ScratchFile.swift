/// Editors' temp, swap and backup files: never content, never theme, never a reason to rebuild.
/// One predicate for the content loader, the theme loader and embedder, and the file watcher.
public enum ScratchFile {
    /// Decided by the file's name alone: vim (.swp, .swx, 4913, ~), emacs (.#x, #x#), JetBrains
    /// (___jb_tmp___), `sed -i` (sedXXXXXX), downloads in progress, and hidden files.
    public static func isScratch(_ name: String) -> Bool {
        if name.hasPrefix(".") || name.hasPrefix("#") || name.hasSuffix("~") || name == "4913" { return true }
        let lower = name.lowercased()
        for suffix in [".swp", ".swx", ".swo", ".tmp", ".temp", ".bak", ".crdownload", ".part", ".kate-swp"]
        where lower.hasSuffix(suffix) {
            return true
        }
        if name.utf8.count == 9, name.hasPrefix("sed"), name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
            return true
        }
        return name.contains("___jb_") || name.contains(".sb-")
    }
}
