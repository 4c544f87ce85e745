// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin stats --records`: the best of every move, as text or as JSON.
public enum RecordsReport {
    /// What a kind of record is called in the listing.
    static func name(_ kind: RecordKind) -> String {
        switch kind {
        case .hold: return "held"
        }
    }

    /// One line a record, "Plank  held 1:05  2026-12-07", the date local by `utcOffset`; a line saying there
    /// are none yet, and how to set one, for an empty history.
    public static func text(_ records: PersonalRecords, utcOffset: (Double) -> Int) -> String {
        let all = records.all
        guard !all.isEmpty else {
            return "No personal records yet: an exercise with \"until\": \"limit\" keeps the time it was held.\n"
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

    /// `[{"exercise": "Plank", "kind": "hold", "seconds": 65.2, "set_at": "2026-12-07T08:00:00Z"}]`.
    public static func json(_ records: PersonalRecords) -> String {
        JSONWriter.document(.array(records.all.map { record in
            .object([.init("exercise", .string(visible(record.exercise))), .init("kind", .string(record.kind.rawValue)),
                     .init("seconds", .number(record.value)),
                     .init("set_at", .string(HistoryReport.isoUTC(record.setAt)))])
        }), compactFrom: 1)
    }
}
