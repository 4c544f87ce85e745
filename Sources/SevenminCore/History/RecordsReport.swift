// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin stats --records`: the best of every move, as text or as JSON.
public enum RecordsReport {
    /// What a kind of record is called in the listing.
    static func name(_ kind: RecordKind) -> String {
        switch kind {
        case .hold: return "held"
        case .reps, .repsIn: return "did"
        }
    }

    /// One line a record, "Plank  held 1:05  2026-12-07", the date local by `utcOffset`; a line saying there
    /// are none yet, and how to set one, for an empty history.
    public static func text(_ records: PersonalRecords, utcOffset: (Double) -> Int) -> String {
        let all = records.all
        guard !all.isEmpty else {
            return "No personal records yet: an exercise with \"until\": \"limit\" keeps the time it was held, "
                + "one with \"reps\": \"max\" the reps done.\n"
        }
        let titles = all.map { visible($0.exercise) }
        let widest = titles.map(\.count).max() ?? 0
        var out = "Personal records\n"
        for (record, title) in zip(all, titles) {
            let day = CivilTime(record.setAt, utcOffset: utcOffset(record.setAt))
            out += "  " + title + String(repeating: " ", count: widest - title.count) + "  " + name(record.kind)
                + " " + record.valueText + "  \(day.year)-\(CivilTime.pad(day.month))-\(CivilTime.pad(day.day))\n"
        }
        return out
    }

    /// `[{"exercise": "Plank", "kind": "hold", "seconds": 65.2, "set_at": "2026-12-07T08:00:00Z"}]`; a count
    /// `{"exercise": "Push-up", "kind": "reps", "reps": 12, …}`, and in a time `"kind": "reps_in", "reps": 20,
    /// "in_seconds": 60`.
    public static func json(_ records: PersonalRecords) -> String {
        JSONWriter.document(.array(records.all.map { record in
            var fields: [JSONWriter.Member] = [.init("exercise", .string(visible(record.exercise)))]
            switch record.kind {
            case .hold: fields += [.init("kind", .string("hold")), .init("seconds", .number(record.value))]
            case .reps: fields += [.init("kind", .string("reps")), .init("reps", .integer(Int(record.value)))]
            case .repsIn(let seconds):
                fields += [.init("kind", .string("reps_in")), .init("reps", .integer(Int(record.value))),
                           .init("in_seconds", .integer(seconds))]
            }
            return .object(fields + [.init("set_at", .string(HistoryReport.isoUTC(record.setAt)))])
        }), compactFrom: 1)
    }
}
