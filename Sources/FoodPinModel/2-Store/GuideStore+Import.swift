import Foundation
import FoodPinBase

/// `foodpin import`: what one file did.
public struct FileImport: Sendable {
    public var path: String
    public var counts: ImportCounts
}

extension GuideStore {
    /// Imports city files in one transaction. If any file cannot be read as JSON, nothing is imported.
    public func importFiles(_ urls: [URL], layout: GuideLayout) throws(FoodPinError) -> (imports: [FileImport], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var files: [(CityFile, String)] = []
        for url in urls {
            let file = CityFile.read(url, displayPath: GuideLayout.displayPath(url))
            diagnostics += file.diagnostics
            // Inside Content/ a file is named as the build's sync names it, so the two agree.
            files.append((file, layout.contentRelativePath(url) ?? url.standardizedFileURL.path))
        }
        let failed = diagnostics.contains { $0.severity == .error }
        let imports: [FileImport] = try write { db in
            guard !failed else { return ([], false) }
            var imports: [FileImport] = []
            for (file, source) in files {
                imports.append(FileImport(path: file.path, counts: try CityImporter.upsert(file, source: source, in: db)))
            }
            return (imports, true)
        }
        return (imports, diagnostics + imports.flatMap(\.counts.conflicts))
    }
}
