import Foundation
import FoodPinBase
import FoodPinModel

/// One digest of every file a build reads: its path and stamp, for everything under Content/
/// (but the store, which the build itself writes) and Templates/. Equal to the last successful
/// build's, with the store and the output unchanged too, it means there is nothing to do, and the
/// build stops after one pass of `stat` over the guide.
enum SourceFingerprint {
    /// The digest, and the scan of Content/ (the content loader lists its files from it).
    static func of(_ layout: GuideLayout) -> (digest: ContentDigest, content: FolderScan) {
        var writer = BinaryWriter()
        let store = layout.store.standardizedFileURL.path
        let content = FolderScan(layout.content.standardizedFileURL.path)
        for (folder, scan) in [(layout.content, content), (layout.templates, FolderScan(layout.templates.standardizedFileURL.path))] {
            // The store and its side files (`guide.sqlite-wal`) change when the build writes them.
            let storeFiles = scan.run(withPrefix: store)
            writer.write(folder.path)
            writer.write(scan.entries.count - storeFiles.count)
            for (index, file) in scan.entries.enumerated() where !storeFiles.contains(index) {
                writer.write(file.path)
                writer.write(file.stamp)
            }
        }
        return (ContentDigest(writer.bytes), content)
    }
}
