import Foundation
import ScratchFiles

/// Lists files under a folder, sorted, so builds do not depend on file-system order.
enum FileList {
    static func files(in directory: URL, withExtension ext: String, recursive: Bool) -> [URL] {
        let manager = FileManager.default
        let base = directory.path
        var paths: [String] = []
        if recursive {
            guard let walker = manager.enumerator(atPath: base) else { return [] }
            while let relative = walker.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") { walker.skipDescendants(); continue }
                if (name as NSString).pathExtension.lowercased() == ext && !ScratchFile.isScratch(name) { paths.append(base + "/" + relative) }
            }
        } else {
            for name in (try? manager.contentsOfDirectory(atPath: base)) ?? []
            where (name as NSString).pathExtension.lowercased() == ext && !ScratchFile.isScratch(name) {
                paths.append(base + "/" + name)
            }
        }
        // Sorted as strings, once: builds do not depend on file-system order.
        return paths.sorted().map { URL(fileURLWithPath: $0) }
    }
}
