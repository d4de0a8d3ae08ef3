/// When a restaurant is open: times for each day of the week, and dated exceptions (holidays).
/// Written as pairs, `mon-fri: 11:30-14:30, 18:00-22:00`, `sat: 18:00-01:00` (past midnight),
/// `sun: closed`, `2026-12-25: closed`; a day not written is closed.
public struct OpeningHours: Sendable, Hashable {
    /// Open from `start` to `end`, in minutes from the day's midnight; an `end` past 1440 is the
    /// next day's (`18:00-01:00` is 1080…1500).
    public struct Span: Sendable, Hashable {
        public var start: Int
        public var end: Int
        package init(start: Int, end: Int) { (self.start, self.end) = (start, end) }
    }

    public struct Exception: Sendable, Hashable {
        /// YYYY-MM-DD.
        public var day: String
        /// None: closed that day.
        public var spans: [Span]
    }

    /// Monday first, seven days; an empty day is closed.
    public var week: [[Span]] = Array(repeating: [], count: 7)
    /// By day.
    public var exceptions: [Exception] = []

    public init() {}

    public static let dayKeys = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let dayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// A problem with one written pair (`entry`, in the order written).
    public struct Problem: Error, Equatable {
        public var entry: Int
        public var message: String
        public var hint: String?
    }

    /// Reads written pairs (key, value) in the order written.
    public static func parse(_ pairs: [(key: String, value: String)]) -> Result<OpeningHours, Problem> {
        var hours = OpeningHours()
        var givenBy: [String: String] = [:]
        for (index, pair) in pairs.enumerated() {
            let key = pair.key.trimmed.lowercased()
            let spans: [Span], days: [String]
            switch Self.spans(pair.value) {
            case .success(let found): spans = found
            case .failure(var problem): problem.entry = index; return .failure(problem)
            }
            if key.first?.isASCIIDigit == true {
                guard CalendarDate.isValid(key) else {
                    return .failure(Problem(entry: index, message: "`\(pair.key.trimmed)` in `hours` is not a real date written YYYY-MM-DD"))
                }
                days = [key]
            } else {
                switch Self.days(key) {
                case .success(let found): days = found.map { dayKeys[$0] }
                case .failure(var problem): problem.entry = index; return .failure(problem)
                }
            }
            for day in days {
                if let earlier = givenBy[day] {
                    return .failure(Problem(entry: index, message: "`\(day)` is given twice in `hours` (also by `\(earlier)`)"))
                }
                givenBy[day] = pair.key.trimmed
                if let weekday = dayKeys.firstIndex(of: day) { hours.week[weekday] = spans } else {
                    hours.exceptions.append(Exception(day: day, spans: spans))
                }
            }
            if let clash = hours.spillClash() { return .failure(Problem(entry: index, message: clash)) }
        }
        hours.exceptions.sort { $0.day < $1.day }
        return .success(hours)
    }

    /// `mon`, `monday`, `mon-fri` (`fri-mon` wraps), `daily`, or a list of these: day indices.
    private static func days(_ key: String) -> Result<[Int], Problem> {
        var found: [Int] = []
        for part in key.split(separator: ",").map({ $0.trimmed }) {
            if part == "daily" { found += 0..<7; continue }
            let ends = part.split(separator: "-", omittingEmptySubsequences: false).map { $0.trimmed }
            var indices: [Int] = []
            for end in ends {
                guard let index = dayKeys.firstIndex(of: end) ?? dayNames.firstIndex(of: end) else {
                    let suggestion = Suggestion.nearest(to: end, in: dayKeys + ["daily"])
                    return .failure(Problem(entry: 0,
                        message: "unknown day \"\(end)\" in `hours`; days are mon, tue, wed, thu, fri, sat, sun, ranges like mon-fri, daily, or a date YYYY-MM-DD",
                        hint: suggestion.map { "did you mean `\($0)`?" }))
                }
                indices.append(index)
            }
            guard indices.count <= 2 else {
                return .failure(Problem(entry: 0, message: "`\(part)` in `hours` is not a day or a range of days like mon-fri"))
            }
            if indices.count == 2 {
                var day = indices[0]
                while day != indices[1] { found.append(day); day = (day + 1) % 7 }
            }
            found.append(indices.last!)
        }
        return .success(found)
    }

    /// `closed`, `24h`, or times like `11:30-14:30, 18:00-01:00`: spans sorted, never overlapping.
    private static func spans(_ value: String) -> Result<[Span], Problem> {
        func problem(_ message: String) -> Result<[Span], Problem> { .failure(Problem(entry: 0, message: message)) }
        let written = value.trimmed.lowercased()
        guard !written.isEmpty else { return problem("a day in `hours` needs times like 11:30-14:30, `closed` or `24h`") }
        if written == "closed" { return .success([]) }
        if written == "24h" { return .success([Span(start: 0, end: 1440)]) }
        var spans: [Span] = []
        for part in written.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmed }) {
            guard !part.isEmpty else { return problem("`\(written)` in `hours` has an empty time between commas") }
            let ends = part.split(separator: "-").map { $0.trimmed }
            guard ends.count == 2, let start = minutes(ends[0], allowing24: false), var end = minutes(ends[1], allowing24: true) else {
                return problem("`\(part)` in `hours` is not a time range like 11:30-14:30 (00:00 to 24:00), `closed` or `24h`")
            }
            guard end != start else { return problem("`\(part)` in `hours` opens and closes at the same time") }
            if end < start { end += 1440 }
            spans.append(Span(start: start, end: end))
        }
        spans.sort { $0.start < $1.start }
        for (earlier, later) in zip(spans, spans.dropFirst()) where later.start < earlier.end {
            return problem("`\(Self.text(earlier))` and `\(Self.text(later))` overlap in `hours`")
        }
        return .success(spans)
    }

    /// A day's last span running past midnight into the next day's first: the message, or nil.
    private func spillClash() -> String? {
        for day in 0..<7 {
            guard let last = week[day].last, last.end > 1440, let next = week[(day + 1) % 7].first, next.start < last.end - 1440 else { continue }
            return "`\(Self.dayKeys[day]) \(Self.text(last))` runs past midnight into `\(Self.dayKeys[(day + 1) % 7]) \(Self.text(next))`"
        }
        return nil
    }

    /// `H:MM` or `HH:MM`, 00:00 to 23:59 (24:00 too for a closing time): minutes, or nil.
    private static func minutes(_ text: String, allowing24: Bool) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }), let hour = Int(parts[0]), let minute = Int(parts[1]),
              minute < 60, hour < 24 || (allowing24 && hour == 24 && minute == 0) else { return nil }
        return hour * 60 + minute
    }

    /// `HH:MM` of a minute of the day (1500 is 01:00, 1440 is 24:00 as an end).
    public static func clock(_ minutes: Int, end: Bool = false) -> String {
        let wrapped = end && minutes == 1440 ? 1440 : minutes % 1440
        return (wrapped / 60 < 10 ? "0" : "") + "\(wrapped / 60):" + (wrapped % 60 < 10 ? "0" : "") + "\(wrapped % 60)"
    }

    static func text(_ span: Span) -> String { clock(span.start) + "-" + clock(span.end, end: true) }

    /// One line per day given, as `parse` reads them back: how the store and exports keep hours.
    public var pairs: [(key: String, value: String)] {
        func value(_ spans: [Span]) -> String { spans.isEmpty ? "closed" : spans.map(Self.text).joined(separator: ", ") }
        return zip(Self.dayKeys, week).map { ($0, value($1)) } + exceptions.map { ($0.day, value($0.spans)) }
    }

    /// The pairs one per line, `mon: 11:30-14:30`: how the store and the build state keep hours.
    public var lines: String { pairs.map { "\($0.key): \($0.value)" }.joined(separator: "\n") }

    public init?(lines: String) {
        let pairs = lines.split(separator: "\n").map { line -> (key: String, value: String) in
            let parts = line.split(separator: ":", maxSplits: 1)
            return (String(parts.first ?? ""), parts.count > 1 ? String(parts[1]) : "")
        }
        guard case .success(let hours) = Self.parse(pairs) else { return nil }
        self = hours
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension OpeningHours {
    /// Seven groups, Monday first, joined by `|`, each `start-end` minutes joined by `,` (`=`: the
    /// same as the day before); then each exception as ` YYYY-MM-DD=spans`:
    /// `690-870,1080-1320|=|=|=|=|1080-1500| 2026-12-25=`.
    package var compact: String {
        func spans(_ spans: [OpeningHours.Span]) -> String { spans.map { "\($0.start)-\($0.end)" }.joined(separator: ",") }
        let days = week.indices.map { day in
            day > 0 && !week[day].isEmpty && week[day] == week[day - 1] ? "=" : spans(week[day])
        }
        return days.joined(separator: "|") + exceptions.map { " \($0.day)=" + spans($0.spans) }.joined()
    }
}
