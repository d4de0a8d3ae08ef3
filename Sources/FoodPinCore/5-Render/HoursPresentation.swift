import FoodPinBase
import FoodPinModel
/// Opening hours as pages show them: the week as a table (the same without JavaScript), the
/// compact form `hours.js` reads to say "Open now · closes 22:00" in the guide's time zone, and
/// schema.org's `openingHoursSpecification`.
enum HoursPresentation {
    /// `11:30–14:30, 18:00–01:00`, or the words for closed and open all day.
    static func times(_ spans: [OpeningHours.Span], strings: ThemeStrings) -> String {
        if spans.isEmpty { return strings.text("hours.closed") }
        if spans == [OpeningHours.Span(start: 0, end: 1440)] { return strings.text("hours.all_day") }
        return spans.map { OpeningHours.clock($0.start) + "–" + OpeningHours.clock($0.end, end: true) }.joined(separator: ", ")
    }

    /// The detail page's `hours`: `days` (name, times; Monday first, days in a row with the same
    /// times as one: "Monday – Thursday"), `exceptions` (date, its label, times) and `data` (the
    /// compact form, from which hours.js finds today's row the same way).
    static func value(_ hours: OpeningHours, strings: ThemeStrings) -> [String: TemplateValue] {
        func name(_ day: Int) -> String { strings.text("weekday.\(OpeningHours.dayKeys[day])") }
        var runs: [(first: Int, last: Int)] = []
        for day in 0..<7 {
            if let run = runs.last, hours.week[run.last] == hours.week[day] { runs[runs.count - 1].last = day } else { runs.append((day, day)) }
        }
        let days: [TemplateValue] = runs.map { run in
            let label = run.first == run.last ? name(run.first) : strings.text("hours.days", ["first": name(run.first), "last": name(run.last)])
            return ["name": .string(label), "times": .string(times(hours.week[run.first], strings: strings))]
        }
        let exceptions: [TemplateValue] = hours.exceptions.map { exception in
            ["date": .string(exception.day), "dateLabel": .string(strings.date(exception.day)),
             "times": .string(times(exception.spans, strings: strings))]
        }
        return ["days": .list(days), "exceptions": .list(exceptions), "hasExceptions": .bool(!exceptions.isEmpty),
                "data": .string(hours.compact)]
    }

    private static let schemaDays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// schema.org `OpeningHoursSpecification`s as Google reads them: days with the same times
    /// together; past midnight as a closing time before the opening one; open all day as
    /// 00:00–23:59; a day closed by exception as 00:00–00:00 on that date. Weekly closed days are left out.
    static func specifications(_ hours: OpeningHours, into json: inout JSONWriter) {
        var weekly: [(span: OpeningHours.Span, days: [String])] = []
        for (index, spans) in hours.week.enumerated() {
            for span in spans {
                if let found = weekly.firstIndex(where: { $0.span == span }) { weekly[found].days.append(schemaDays[index]) } else {
                    weekly.append((span, [schemaDays[index]]))
                }
            }
        }
        func times(_ span: OpeningHours.Span, into json: inout JSONWriter) {
            json.string("opens", OpeningHours.clock(span.start))
            json.string("closes", span.end == 1440 ? "23:59" : OpeningHours.clock(span.end))
        }
        json.array("openingHoursSpecification") { json in
            for (span, days) in weekly {
                json.object(nil) { json in
                    json.string("@type", "OpeningHoursSpecification")
                    json.array("dayOfWeek") { json in for day in days { json.string(nil, day) } }
                    times(span, into: &json)
                }
            }
            for exception in hours.exceptions {
                for span in exception.spans.isEmpty ? [OpeningHours.Span(start: 0, end: 0)] : exception.spans {
                    json.object(nil) { json in
                        json.string("@type", "OpeningHoursSpecification")
                        json.string("validFrom", exception.day)
                        json.string("validThrough", exception.day)
                        if exception.spans.isEmpty {
                            json.string("opens", "00:00")
                            json.string("closes", "00:00")
                        } else {
                            times(span, into: &json)
                        }
                    }
                }
            }
        }
    }
}
