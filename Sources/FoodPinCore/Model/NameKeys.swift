import Foundation

/// The slug and the sort key of each name, made once. Under `serve` one lives as long as the
/// session, so a rebuild slugs and folds only the names it has not met before.
final class NameKeys: @unchecked Sendable {
    private let remembers: Bool
    private var slugs: [String: String] = [:]
    private var sortKeys: [String: String] = [:]

    init(remembering remembers: Bool) { self.remembers = remembers }

    func slug(_ name: String) -> String { remembered(name, in: &slugs, Slug.make) }

    /// What restaurants are sorted by: the name folded (case and accents).
    func sortKey(_ name: String) -> String { remembered(name, in: &sortKeys, Slug.fold) }

    /// Forgets every name when there are far more than the guide has (names edited away).
    func trim(toAbout count: Int) {
        if slugs.count > 2 * count + 1024 { slugs = [:] }
        if sortKeys.count > 2 * count + 1024 { sortKeys = [:] }
    }

    private func remembered(_ name: String, in table: inout [String: String], _ make: (String) -> String) -> String {
        guard remembers else { return make(name) }
        if let known = table[name] { return known }
        let made = make(name)
        table[name] = made
        return made
    }
}
