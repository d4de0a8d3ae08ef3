import Foundation
import FoodPinBase
import FoodPinModel

/// The pictures one build publishes: processed rasters, and files published as they are.
struct BuildPictures {
    var processed: PicturePipeline.Outcome
    var cache: PictureCache
    /// SVGs (once checked), relative to Content/.
    var asIs: [String]
}

extension SiteBuilder {
    /// Stage: raster pictures processed (or taken from the cache), SVGs checked. Rasters are
    /// published in their processed forms only (never the original, with its GPS position); one
    /// that no page names is still processed, for links in Markdown.
    func processPictures(of site: Site, guide: GuideSources, run: inout BuildRun) throws(FoodPinError) -> BuildPictures {
        let referenced = Set(site.contentFiles)
        let unnamed = guide.imageFiles.filter { !referenced.contains($0) }
        var warnings: [Diagnostic] = []
        let uses = PicturePipeline.uses(of: site, imageFiles: guide.imageFiles, layout: layout,
                                        fetchRemote: options.fetchImages || site.config.pictures.fetchRemote, warnings: &warnings)
        run.log.add(contentsOf: warnings)
        // Folders FoodPin writes and cleans: through a link, cleaning would remove files anywhere.
        try OwnPath.requireRealFolders(layout.pictureCache.path, within: layout.root.path)
        try OwnPath.requireRealFolders(layout.remotePictureCache.path, within: layout.root.path)
        let cache = PictureCache(folder: layout.pictureCache.path, trusted: !options.clean)
        let remote = RemotePictures(folder: layout.remotePictureCache.path, reuse: !options.clean,
                                    allowsPrivateAddresses: site.config.pictures.fetchPrivateAddresses)
        let processed = PicturePipeline.run(uses, layout: layout, settings: site.config.pictures, cache: cache, remote: remote)
        run.log.add(contentsOf: processed.diagnostics)
        run.report.picturesProcessed = processed.processed
        run.report.picturesReused = processed.reused
        let asIs = (site.contentFiles + unnamed).filter { !ImageReference.isRaster($0) }
        run.log.add(contentsOf: SVGCheck.diagnostics(for: asIs, layout: layout))
        return BuildPictures(processed: processed, cache: cache, asIs: asIs)
    }
}
