import Foundation
import Testing
@testable import FoodPinCore
import FoodPinBase

/// City maps drawn at build time: pins inside the drawing, overlapping ones grouped, tiles when asked.
@Suite struct CityMapTests {
    private func place(_ name: String, _ lat: Double, _ long: Double) -> CityMap.Place {
        CityMap.Place(restaurant: 0, name: name, lat: lat, long: long)
    }

    @Test func theBoxAroundThePlacesFillsTheDrawing() {
        let map = CityMap(places: [place("west", 42.35, -71.10), place("east", 42.35, -71.00), place("north", 42.40, -71.05)])
        #expect(map.pins.count == 3)
        let xs = map.pins.map(\.x), ys = map.pins.map(\.y)
        // The wider extent meets the padding; west is left of east, north above the others.
        #expect(abs(xs.min()! - CityMap.padding) < 0.01 || abs(ys.min()! - CityMap.padding) < 0.01)
        #expect(xs.allSatisfy { $0 >= CityMap.padding - 0.01 && $0 <= CityMap.width - CityMap.padding + 0.01 })
        #expect(ys.allSatisfy { $0 >= CityMap.padding - 0.01 && $0 <= CityMap.height - CityMap.padding + 0.01 })
        let byName = Dictionary(uniqueKeysWithValues: map.pins.map { ($0.members[0].name, $0) })
        #expect(byName["west"]!.x < byName["east"]!.x)
        #expect(byName["north"]!.y < byName["west"]!.y)
        #expect(abs(byName["west"]!.y - byName["east"]!.y) < 0.01)
    }

    @Test func placesCloserThanAFingerAreOnePinAtTheirMean() {
        let map = CityMap(places: [place("a", 42.3500, -71.0600), place("b", 42.35001, -71.06001), place("far", 42.40, -71.00)])
        #expect(map.pins.map { $0.members.map(\.name) }.sorted { $0.count > $1.count } == [["a", "b"], ["far"]])
        let lone = CityMap(places: [place("only", 42.35, -71.06)])
        #expect(lone.pins.count == 1)
        #expect(lone.pins[0].x == CityMap.width / 2 && lone.pins[0].y == CityMap.height / 2)
    }

    @Test func pinsEitherSideOfACellEdgeAreGroupedToo() {
        // Three places a few pixels apart straddling cell edges, and one far away fixing the scale.
        let map = CityMap(places: [place("a", 42.0, -71.0), place("b", 42.0, -70.9999), place("c", 42.00005, -71.00005),
                                   place("far", 42.5, -70.0)])
        #expect(map.pins.map { $0.members.map(\.name).sorted() }.sorted { $0.count > $1.count } == [["a", "b", "c"], ["far"]])
    }

    @Test func twentyThousandPlacesMakeAtMostOnePinPerCell() {
        var places: [CityMap.Place] = []
        for index in 0..<20_000 { places.append(place("p\(index)", 42.3 + Double(index % 200) * 0.0005, -71.1 + Double(index / 200) * 0.001)) }
        let map = CityMap(places: places)
        let cells = Int(CityMap.width / CityMap.cell + 1) * Int(CityMap.height / CityMap.cell + 1)
        #expect(map.pins.count <= cells)
        #expect(map.pins.reduce(0) { $0 + $1.members.count } == 20_000)
    }

    @Test func tilesCoverTheDrawingAtTheZoomThatFits() {
        let map = CityMap(places: [place("west", 42.35, -71.10), place("east", 42.35, -71.00)],
                          tileURL: "https://tiles.example/{z}/{x}/{y}.png")
        // 0.1° of longitude is 582 px at zoom 13, the most that fits 584 px; 1,165 at 14 would not.
        let zooms = Set(map.tiles.map { $0.url.split(separator: "/")[2] })
        #expect(zooms == ["13"])
        // Every tile touches the drawing, and together they cover it.
        #expect(map.tiles.allSatisfy { $0.x < CityMap.width && $0.x + 256 > 0 && $0.y < CityMap.height && $0.y + 256 > 0 })
        #expect(map.tiles.map(\.x).min()! <= 0 && map.tiles.map(\.x).max()! + 256 >= CityMap.width)
        #expect(map.tiles.contains { $0.url == "https://tiles.example/13/2479/3030.png" })
    }
}
