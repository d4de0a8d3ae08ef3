import Foundation
import FoodPinBase
import FoodPinModel

/// A city's restaurants drawn at build time: their coordinates projected (Web Mercator) into the
/// box around them, no tiles and nothing from outside unless site.yml names a tile server. Pins
/// closer than a finger's width are grouped into one, so the drawing stays small at any size.
struct CityMap {
    static let width = 640.0
    static let height = 400.0
    static let padding = 28.0
    /// Pins whose centres fall in the same cell of this size (in map pixels) are one group.
    static let cell = 26.0
    /// Names a group lists before "and N more"; restaurants without coordinates listed likewise.
    static let namesPerGroup = 8
    static let unplacedShown = 50

    /// A restaurant by its index in the site and its name: the address of its page is made only
    /// for the few a map names (a city of 250,000 held 20 MB of addresses per page).
    struct Place {
        var restaurant: Int
        var name: String
        var lat: Double
        var long: Double
    }

    struct Pin {
        var x: Double
        var y: Double
        var members: [Place]
    }

    struct Tile {
        var url: String
        var x: Double
        var y: Double
    }

    var pins: [Pin] = []
    var tiles: [Tile] = []

    /// `tileURL`: a template with `{z}`, `{x}` and `{y}` (an interactive map's tile server).
    init(places: [Place], tileURL: String? = nil) {
        guard !places.isEmpty else { return }
        let projected = places.map { (place: $0, point: Self.project(lat: $0.lat, long: $0.long)) }
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for (_, point) in projected {
            minX = min(minX, point.x); maxX = max(maxX, point.x)
            minY = min(minY, point.y); maxY = max(maxY, point.y)
        }
        let spanX = maxX - minX, spanY = maxY - minY
        let room = (x: Self.width - 2 * Self.padding, y: Self.height - 2 * Self.padding)
        // Map pixels per unit of the projection: the box fits, or about a neighbourhood for one place.
        var scale = min(spanX > 0 ? room.x / spanX : .infinity, spanY > 0 ? room.y / spanY : .infinity)
        if !scale.isFinite { scale = 256 * pow(2, 15) }
        if let tileURL {
            // Tiles come in zoom levels: the largest whose world still fits the box.
            let zoom = max(0, min(18, Int(floor(log2(scale / 256)))))
            scale = 256 * pow(2, Double(zoom))
            let origin = (x: (minX + maxX) / 2 * scale - Self.width / 2, y: (minY + maxY) / 2 * scale - Self.height / 2)
            let count = 1 << zoom
            for ty in Int(floor(origin.y / 256))...Int(floor((origin.y + Self.height) / 256)) where ty >= 0 && ty < count {
                for tx in Int(floor(origin.x / 256))...Int(floor((origin.x + Self.width) / 256)) {
                    let wrapped = ((tx % count) + count) % count
                    let url = tileURL.replacingOccurrences(of: "{z}", with: String(zoom))
                        .replacingOccurrences(of: "{x}", with: String(wrapped)).replacingOccurrences(of: "{y}", with: String(ty))
                    tiles.append(Tile(url: url, x: Double(tx * 256) - origin.x, y: Double(ty * 256) - origin.y))
                }
            }
            place(projected, scale: scale, origin: origin)
        } else {
            let origin = (x: (minX + maxX) / 2 * scale - Self.width / 2, y: (minY + maxY) / 2 * scale - Self.height / 2)
            place(projected, scale: scale, origin: origin)
        }
    }

    /// Groups by cell in one pass; a group sits at its members' mean position.
    private mutating func place(_ projected: [(place: Place, point: (x: Double, y: Double))], scale: Double,
                                origin: (x: Double, y: Double)) {
        var cells: [Int: Int] = [:]
        var sums: [(x: Double, y: Double)] = []
        let columns = Int(Self.width / Self.cell) + 1
        for (place, point) in projected {
            let x = point.x * scale - origin.x, y = point.y * scale - origin.y
            let key = Int(y / Self.cell) * columns + Int(x / Self.cell)
            if let index = cells[key] {
                pins[index].members.append(place)
                sums[index].x += x
                sums[index].y += y
            } else {
                cells[key] = pins.count
                pins.append(Pin(x: x, y: y, members: [place]))
                sums.append((x, y))
            }
        }
        for index in pins.indices {
            let count = Double(pins[index].members.count)
            pins[index].x = sums[index].x / count
            pins[index].y = sums[index].y / count
        }
        // Two pins either side of a cell's edge would still overlap: a neighbour closer than a cell joins in.
        var merged = [Bool](repeating: false, count: pins.count)
        for (key, index) in cells.sorted(by: { $0.key < $1.key }) where !merged[index] {
            for offset in [1, columns - 1, columns, columns + 1] {
                guard let other = cells[key + offset], !merged[other], other != index,
                      hypot(pins[index].x - pins[other].x, pins[index].y - pins[other].y) < Self.cell else { continue }
                let (a, b) = (Double(pins[index].members.count), Double(pins[other].members.count))
                pins[index].x = (pins[index].x * a + pins[other].x * b) / (a + b)
                pins[index].y = (pins[index].y * a + pins[other].y * b) / (a + b)
                pins[index].members += pins[other].members
                merged[other] = true
            }
        }
        pins = pins.indices.filter { !merged[$0] }.map { pins[$0] }
    }

    /// Web Mercator, as a fraction of the world (0…1 both ways).
    static func project(lat: Double, long: Double) -> (x: Double, y: Double) {
        let clamped = min(85.0511, max(-85.0511, lat)) * .pi / 180
        return ((long + 180) / 360, (1 - log(tan(clamped) + 1 / cos(clamped)) / .pi) / 2)
    }

    /// The light grid drawn under the pins when there are no tiles.
    static var grid: [[String: TemplateValue]] {
        let vertical = stride(from: 80.0, to: width, by: 80).map { ["x1": rounded($0), "y1": "0", "x2": rounded($0), "y2": rounded(height)] }
        let horizontal = stride(from: 80.0, to: height, by: 80).map { ["x1": "0", "y1": rounded($0), "x2": rounded(width), "y2": rounded($0)] }
        return (vertical + horizontal).map { $0.mapValues { TemplateValue.string($0) } }
    }

    static func rounded(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : String(format: "%.1f", value)
    }
}
