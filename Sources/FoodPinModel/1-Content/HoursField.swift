import FoodPinBase
extension FieldReader {
    /// `hours` as front matter writes it: a mapping of days (or dates) to times, each problem at
    /// the line of the pair it is about.
    package mutating func hours(_ key: String) -> OpeningHours? {
        accept([key])
        guard let node = entries[key]?.value else { return nil }
        guard case .mapping(let fields, _) = node else {
            error(key, "`\(key)` must be a mapping of days to times, one per line, like `mon-fri: 11:30-14:30, 18:00-22:00`")
            return nil
        }
        // In the order written: a day given twice is reported where it is given the second time.
        let written = fields.sorted { ($0.value.location.line, $0.value.location.column) < ($1.value.location.line, $1.value.location.column) }
        var pairs: [(key: String, value: String)] = []
        for (day, value) in written {
            guard case .scalar(let text, _, _) = value else {
                report(.error(at: value.location, "`\(day)` in `\(key)` must be times like 11:30-14:30, `closed` or `24h`"))
                return nil
            }
            pairs.append((day, text))
        }
        switch OpeningHours.parse(pairs) {
        case .success(let hours): return hours
        case .failure(let problem):
            report(.error(at: written[problem.entry].value.location, problem.message, hint: problem.hint))
            // The later pairs' own mistakes too, so one run names them all.
            for index in written.indices.dropFirst(problem.entry + 1) {
                if case .failure(let own) = OpeningHours.parse([pairs[index]]) {
                    report(.error(at: written[index].value.location, own.message, hint: own.hint))
                }
            }
            return nil
        }
    }
}
