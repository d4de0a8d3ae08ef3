/// Editors' temp, swap and backup files: never content, never theme, never a reason to rebuild.
/// One predicate for the content loader, the theme loader and embedder, and the file watcher.
public enum ScratchFile {
    /// Decided by the file's name alone: vim (.swp, .swx, 4913, ~), emacs (.#x, #x#), JetBrains
    /// (___jb_tmp___), `sed -i` (sedXXXXXX), downloads in progress, and hidden files.
    /// Byte by byte: it runs for every file of a guide on every build.
    public static func isScratch(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, let last = bytes.last else { return false }
        if first == UInt8(ascii: ".") || first == UInt8(ascii: "#") || last == UInt8(ascii: "~") || name == "4913" { return true }
        let lower = bytes.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        for suffix in suffixes where lower.count >= suffix.count && lower.suffix(suffix.count).elementsEqual(suffix) {
            return true
        }
        // sed -i writes sedXXXXXX beside the file, then renames it over.
        if bytes.count == 9, bytes.starts(with: Array("sed".utf8)),
           bytes.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 122) }) {
            return true
        }
        return contains(bytes, "___jb_") || contains(bytes, ".sb-")
    }

    private static let suffixes = [".swp", ".swx", ".swo", ".tmp", ".temp", ".bak", ".crdownload", ".part", ".kate-swp"]
        .map { Array($0.utf8) }

    private static func contains(_ bytes: [UInt8], _ part: String) -> Bool {
        let needle = Array(part.utf8)
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if bytes[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
