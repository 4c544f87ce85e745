// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore

/// The sums `stats` and the streak read, and the rows a reader leaves out.
extension HistoryStore {
    /// Every session `allSessions` reads, in the same order, by its id and uuid and whether it was
    /// completed: what `HistoryLibrary.totals` needs to count each workout once.
    /// The readers' range checks are made in SQL, so that nothing else of a session is read.
    public func sessionKeys() throws(HistoryError) -> [(id: Int64, uuid: String, completed: Bool)] {
        try surveySessions()
        return try read("""
            SELECT id, CASE WHEN typeof(uuid) = 'text' THEN uuid ELSE '' END, outcome IS 'completed'
            FROM \(Self.soundSessions) ORDER BY started_at, id
            """) { row in (row.int(0), row.text(1), row.int(2) == 1) }
    }

    /// Every session `allSessions` reads, removed or not, by its id, uuid and start: what
    /// `HistoryLibrary.numbers` numbers the workouts of every machine by.
    public func sessionStarts() throws(HistoryError) -> [(id: Int64, uuid: String, startedAt: Double)] {
        try surveySessions()
        return try read("""
            SELECT id, CASE WHEN typeof(uuid) = 'text' THEN uuid ELSE '' END, started_at
            FROM \(Self.soundSessions) ORDER BY started_at, id
            """) { row in (row.int(0), row.text(1), row.double(2)) }
    }

    /// The sums of every segment `HistoryTotals` counts, of every session the readers keep, as the
    /// file's triggers keep them (`day_totals`, `exercise_totals`): a row a day and a row an exercise.
    /// The session counts are left at 0.
    public func keptTotals() throws(HistoryError) -> HistoryTotals {
        try totals(days: "SELECT day, workout, work FROM day_totals",
                   exercises: "SELECT exercise, times, seconds FROM exercise_totals")
    }

    /// The same sums over the sessions `ids` only, added up from their segments: for a file some of
    /// whose sessions another file already holds.
    public func totals(of ids: [Int64]) throws(HistoryError) -> HistoryTotals {
        let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
        let kept = "counted_segments WHERE session_id IN (SELECT value FROM json_each(?))"
        return try totals(days: "SELECT day, SUM(workout), SUM(work) FROM \(kept) GROUP BY day",
                          exercises: "SELECT exercise, COUNT(*), SUM(workout) FROM \(kept) AND done GROUP BY exercise",
                          [.text(list)])
    }

    private func totals(days: String, exercises: String, _ values: [SQLiteValue] = []) throws(HistoryError)
        -> HistoryTotals {
        var sums = HistoryTotals()
        // The sums are data too: a day outside the years an instant may be, or a sum that is not a
        // number, is skipped like any other row.
        let dayRange = Self.dayRange
        for (day, workout, work) in try read(days, values, { row -> (Int, Double, Double)? in
            guard let day = StoredBounds.int(row.int(0), in: dayRange),
                  let workout = StoredBounds.double(row.double(1), in: StoredBounds.sum),
                  let work = StoredBounds.double(row.double(2), in: StoredBounds.sum) else { return nil }
            return (day, max(0, workout), max(0, work))
        }) {
            sums.days[day] = HistoryTotals.Day(workout: workout, work: work)
        }
        for (title, times, seconds) in try read(exercises, values, { row -> (String, Int, Double)? in
            guard let times = StoredBounds.int(row.int(1), in: StoredBounds.times),
                  let seconds = StoredBounds.double(row.double(2), in: StoredBounds.sum) else { return nil }
            return (row.text(0), times, max(0, seconds))
        }) where times > 0 {
            sums.exercises[title] = HistoryTotals.Exercise(times: times, seconds: seconds)
        }
        return sums
    }

    /// How many rows hold values out of range, which every reader skips: for `doctor`, which must
    /// not call such a file intact. Counted in SQL, nothing else read.
    public func rowsOutOfRange() throws(HistoryError) -> Int {
        let bounds = StoredBounds.sum, dayRange = Self.dayRange
        let found = try read("""
            SELECT (SELECT COUNT(*) FROM sessions s WHERE NOT \(HistorySchema.soundSession("s")))
                + (SELECT COUNT(*) FROM segments g WHERE NOT (\(HistorySchema.soundSegment("g"))))
                + (SELECT COUNT(*) FROM day_totals WHERE NOT (day BETWEEN \(dayRange.lowerBound) AND
                    \(dayRange.upperBound) AND workout BETWEEN \(bounds.lowerBound) AND \(bounds.upperBound)
                    AND work BETWEEN \(bounds.lowerBound) AND \(bounds.upperBound)))
                + (SELECT COUNT(*) FROM exercise_totals WHERE NOT (times BETWEEN \(StoredBounds.times.lowerBound)
                    AND \(StoredBounds.times.upperBound) AND seconds BETWEEN \(bounds.lowerBound) AND
                    \(bounds.upperBound)))
                + (SELECT COUNT(*) FROM heart_rate WHERE NOT (at BETWEEN \(StoredBounds.instant.lowerBound) AND
                    \(StoredBounds.instant.upperBound) AND bpm BETWEEN \(StoredBounds.recordedRates.lowerBound) AND
                    \(StoredBounds.recordedRates.upperBound)))
            """) { StoredBounds.int($0.int(0), in: 0...Int64(Int.max)) }
        return found.first ?? 0
    }

    /// Days since 1970 that a session's local start can fall on.
    static let dayRange =
        Int64(StoredBounds.instant.lowerBound / 86400) - 1...Int64(StoredBounds.instant.upperBound / 86400) + 1

    /// Counts in `skippedRows` the segments `completedSegments` would skip, without reading the rest.
    public func countUnsoundSegments() throws(HistoryError) {
        let found = try read("""
            SELECT COUNT(*) FROM segments g WHERE \(HistorySchema.countedKinds("g."))
                AND NOT (\(HistorySchema.soundSegment("g")))
            """) { StoredBounds.int($0.int(0), in: 0...Int64(Int.max)) }
        skippedRows += found.first ?? 0
    }
}
