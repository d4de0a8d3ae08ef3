import Foundation
import FoodPinBase
import FoodPinModel

/// A picture as templates see it. For a processed picture:
/// `src` (the largest JPEG), `srcset` (every JPEG width), `sources` (one `{type, srcset}` per
/// modern format, for `<source>`; `hasSources` when there is one), `width` and `height` (of the largest size: the aspect ratio),
/// `color` (the average colour, a placeholder while loading), `full` (the largest JPEG, for a
/// plain link), `variants` (every file: `{url, width, height, format}`) and `alt`.
/// An SVG or a remote picture has `src`, `alt` and the `width` and `height` the theme asked for.
struct PicturePresentation: Sendable {
    let catalog: PictureCatalog

    func value(_ image: ImageReference?, alt: String, links: PageLinks,
               fallbackSize: (width: Int, height: Int)) -> [String: TemplateValue]? {
        guard let image else { return nil }
        guard let picture = catalog[image] else {
            let url: String = switch image.place {
            case .file(let path): links.link(path)
            case .web(let url): url
            }
            return ["src": .string(url), "full": .string(url), "alt": .string(alt),
                    "width": .int(fallbackSize.width), "height": .int(fallbackSize.height)]
        }
        func url(_ width: Int, _ format: PictureFormat) -> String {
            links.link(picture.publishedPath(width: width, format: format))
        }
        func srcset(_ format: PictureFormat) -> String {
            picture.widths.map { "\(url($0, format)) \($0)w" }.joined(separator: ", ")
        }
        let sources: [TemplateValue] = picture.formats.filter { $0 != .jpeg }.map {
            ["type": .string($0.mimeType), "srcset": .string(srcset($0))]
        }
        let variants: [TemplateValue] = picture.widths.flatMap { width in
            picture.formats.map { format -> TemplateValue in
                ["url": .string(url(width, format)), "width": .int(width),
                 "height": .int(picture.height(atWidth: width)), "format": .string(format.rawValue)]
            }
        }
        return [
            "src": .string(links.link(picture.largestJPEG)), "full": .string(links.link(picture.largestJPEG)),
            "srcset": .string(srcset(.jpeg)), "sources": .list(sources), "hasSources": .bool(!sources.isEmpty),
            "variants": .list(variants),
            "width": .int(picture.width), "height": .int(picture.height), "color": .string(picture.color),
            "alt": .string(alt),
        ]
    }

    /// The absolute URL of a link preview: the 1200 × 630 JPEG, else the picture as it is.
    func previewURL(_ image: ImageReference?, links: PageLinks) -> String? {
        if let picture = catalog[image] { return links.absolute(picture.previewPath ?? picture.largestJPEG) }
        switch image?.place {
        case .web(let url)?: return url
        case .file(let path)?: return links.absolute(path)
        case nil: return nil
        }
    }
}
