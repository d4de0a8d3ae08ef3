/// Lists of names (cuisines): trimmed, empty ones dropped, each name once whatever its case or accents.
package enum NameList {
    /// The cleaned list, or nil when no name is left (so an empty list reads as "not given").
    package static func given(_ names: [String]) -> [String]? {
        let list = cleaned(names)
        return list.isEmpty ? nil : list
    }

    static func cleaned(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.map { $0.trimmed }
            .filter { !$0.isEmpty && seen.insert(Slug.fold($0)).inserted }
    }
}
