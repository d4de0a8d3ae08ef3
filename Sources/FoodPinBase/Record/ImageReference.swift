import Foundation

/// A picture as content names it, with where: resolved against Content/ on every build (not when
/// the file is parsed), so a picture added or deleted later is seen even if the file is unchanged.
public struct WrittenImage: Sendable, Hashable {
    public var text: String
    public var location: SourceLocation
    /// `filter:` beside the picture's path, already checked.
    public var filter: PhotoFilter? = nil

    package init(text: String, location: SourceLocation, filter: PhotoFilter? = nil) {
        (self.text, self.location, self.filter) = (text, location, filter)
    }

    /// The picture, or a located error.
    package func resolve(in layout: GuideLayout) -> Result<ImageReference, Diagnostic> {
        ImageReference.parse(text, layout: layout).flatMap { place in
            if let filter, case .file(let path) = place, !ImageReference.isRaster(path) {
                return .failure(.filterOnDrawing(filter))
            }
            return .success(ImageReference(place: place, filter: filter))
        }.mapError { problem in
            .error(at: location, problem.message(for: text), hint: problem.hint)
        }
    }

    /// The picture, or nil with the error added to `diagnostics`.
    package func resolve(in layout: GuideLayout, reporting diagnostics: inout [Diagnostic]) -> ImageReference? {
        switch resolve(in: layout) {
        case .success(let image): return image
        case .failure(let diagnostic): diagnostics.append(diagnostic); return nil
        }
    }
}

/// A picture named in content: a file under Content/ or a web URL, and the filter it is shown with.
public struct ImageReference: Sendable, Hashable, Comparable {
    public enum Place: Sendable, Hashable {
        case file(relativePath: String)
        case web(String)

        /// The path under Content/ or the URL.
        public var text: String {
            switch self {
            case .file(let path): path
            case .web(let url): url
            }
        }
    }

    public var place: Place
    public var filter: PhotoFilter?

    public static func file(relativePath: String, filter: PhotoFilter? = nil) -> ImageReference {
        ImageReference(place: .file(relativePath: relativePath), filter: filter)
    }

    public static func web(_ url: String, filter: PhotoFilter? = nil) -> ImageReference {
        ImageReference(place: .web(url), filter: filter)
    }

    /// By path or URL, then filter: the order pictures are digested in.
    public static func < (lhs: ImageReference, rhs: ImageReference) -> Bool {
        (lhs.place.text, lhs.filter?.rawValue ?? "") < (rhs.place.text, rhs.filter?.rawValue ?? "")
    }

    enum Problem: Error {
        case escapes, missing, notAFile, unsafeURL, notAPicture, filterOnDrawing(PhotoFilter)

        package func message(for written: String) -> String {
            switch self {
            case .escapes: "image path \"\(written)\" leads outside Content/"
            case .missing: "image \"\(written)\" does not exist under Content/"
            case .notAFile: "image \"\(written)\" is not a regular file (a folder, a named pipe or a device), not a picture"
            case .unsafeURL: "image \"\(written)\" must be a path under Content/ or an http(s) URL"
            case .notAPicture: "image \"\(written)\" is not a picture (\(ImageReference.extensions.joined(separator: ", ")))"
            case .filterOnDrawing(let filter): "`filter: \(filter.rawValue)` cannot apply to the SVG \"\(written)\": filters change photos' pixels, and an SVG is published as it is"
            }
        }

        package var hint: String? {
            switch self {
            case .escapes, .missing: "put pictures in Content/images/ and write `image: images/name.jpg`"
            default: nil
            }
        }
    }

    package static let extensions = ["jpg", "jpeg", "png", "gif", "webp", "avif", "svg"]

    /// Whether a picture is processed into sizes and formats (an SVG is published as it is).
    package static func isRaster(_ path: String) -> Bool {
        let dot = path.lastIndex(of: ".").map { path[path.index(after: $0)...].lowercased() } ?? ""
        return dot != "svg" && extensions.contains(dot)
    }

    static func parse(_ written: String, layout: GuideLayout) -> Result<Place, Problem> {
        if written.contains("://") || written.lowercased().hasPrefix("data:") || written.lowercased().hasPrefix("javascript:") {
            return WebURL.isSafe(written) ? .success(.web(written)) : .failure(.unsafeURL)
        }
        switch layout.resolveContentPath(written) {
        case .success(let resolved):
            guard extensions.contains(resolved.url.pathExtension.lowercased()) else { return .failure(.notAPicture) }
            return .success(.file(relativePath: resolved.relative))
        case .failure(.escapes): return .failure(.escapes)
        case .failure(.notAFile): return .failure(.notAFile)
        case .failure: return .failure(.missing)
        }
    }
}

extension WrittenImage: PlainBinaryCodable {
    package static var blank: WrittenImage { WrittenImage(text: "", location: .blank) }
    package mutating func binaryFields(_ fields: inout some BinaryFieldVisitor) throws(BinaryReader.Malformed) {
        try fields.field(&text)
        try fields.field(&location)
        try fields.field(&filter)
    }
}

extension ImageReference: BinaryEncodable {
    package func encode(to writer: inout BinaryWriter) {
        switch place {
        case .file(let path): writer.write(0); writer.write(path)
        case .web(let url): writer.write(1); writer.write(url)
        }
        writer.write(filter)
    }
}
