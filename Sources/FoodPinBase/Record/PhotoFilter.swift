/// A filter applied to a picture when it is processed, as the app's Photo Filter screen offered:
/// `filter: mono` on an `image` or a photo.
public enum PhotoFilter: String, Sendable, Hashable, CaseIterable, Comparable {
    case mono, sepia, vivid, warm, cool, fade

    public static func < (lhs: PhotoFilter, rhs: PhotoFilter) -> Bool { lhs.rawValue < rhs.rawValue }

    package static var wordList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The colour change of every filter but `mono` (which is made grey): each output channel is a
    /// mix of the input's red, green and blue (`mix`, rows for red, green, blue), then scaled and
    /// shifted (`scale`, `offset`, on 0–255).
    package var colourChange: (mix: [Double], scale: [Double], offset: [Double])? {
        switch self {
        case .mono: nil
        // The classic sepia tone matrix.
        case .sepia: ([0.393, 0.769, 0.189, 0.349, 0.686, 0.168, 0.272, 0.534, 0.131], [1, 1, 1], [0, 0, 0])
        // Saturation × 1.4 around Rec. 709 luminance, and a little contrast.
        case .vivid: (Self.saturation(1.4), [1.1, 1.1, 1.1], [-12.8, -12.8, -12.8])
        case .warm: (Self.saturation(1), [1.06, 1.0, 0.88], [10, 4, 0])
        case .cool: (Self.saturation(1), [0.9, 1.0, 1.06], [0, 4, 12])
        // Colours washed out, blacks lifted and whites lowered: 0 → 38, 255 → 242.
        case .fade: (Self.saturation(0.7), [0.8, 0.8, 0.8], [38, 38, 38])
        }
    }

    /// The mix that scales saturation by `factor`, keeping each pixel's luminance.
    private static func saturation(_ factor: Double) -> [Double] {
        let luma = [0.2126, 0.7152, 0.0722]
        return (0..<3).flatMap { row in
            (0..<3).map { column in (1 - factor) * luma[column] + (row == column ? factor : 0) }
        }
    }
}

extension PhotoFilter: RawBinaryCodable {}
