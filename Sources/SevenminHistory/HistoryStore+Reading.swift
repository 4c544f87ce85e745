// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore

/// Reading sessions, their segments and heart rate, and where to resume.
extension HistoryStore {
    /// The sessions every reader reads: those with every stored value in range, in the order of their
    /// start, through its index. Going through the index also means a damaged page of the sessions'
    /// table is found damaged (SQLite checks the row the index names), not read as empty rows.
    static let soundSessions =
        "sessions s INDEXED BY sessions_by_start WHERE \(HistorySchema.soundSession("s"))"

    /// Counts, once a store, the session rows every reader leaves out as out of range, into
    /// `skippedRows`: `history`, `stats`, `rate` and a plan then say the same number.
    func surveySessions() throws(HistoryError) {
        guard !sessionsSurveyed else { return }
        sessionsSurveyed = true
        let unsound = try read("""
            SELECT COUNT(*) FROM sessions s INDEXED BY sessions_by_start WHERE NOT \(HistorySchema.soundSession("s"))
            """) { StoredBounds.int($0.int(0), in: 0...Int64(Int.max)) }
        skippedRows += unsound.first ?? 0
    }

    /// Each session of `table` (as `s`) that `filter` keeps, newest first, with what was done in it, over
    /// all its parts; `tail` ends the statement (a `LIMIT`). Grouped in the order the sessions are read,
    /// so that SQLite adds each one's segments up as it reads them: grouped by id, it sorted every
    /// segment (2.4 million for 100,000 workouts) in a temporary file first, three quarters of the time.
    private static func summaries(of table: String, where filter: String, then tail: String = "") -> String { """
        SELECT s.id, s.routine, s.routine_file, s.content_hash, s.seed, s.options, s.started_at, s.utc_offset,
        s.planned_seconds, s.planned_exercises, s.outcome, s.parts, s.effort, s.plan, s.plan_step,
        COALESCE(SUM(CASE WHEN g.kind = 'work' THEN g.actual END), 0),
        COUNT(DISTINCT CASE WHEN g.kind = 'work' AND \(done("g")) AND (g.side IS NULL OR g.side = 2 AND EXISTS (
            SELECT 1 FROM segments f WHERE f.session_id = g.session_id AND f.idx = g.idx - 2 AND f.side = 1
                AND \(done("f")))) THEN g.idx END), s.kind, s.uuid, s.pid
        FROM \(table) LEFT JOIN segments g ON g.session_id = s.id
        WHERE \(filter)
        GROUP BY s.started_at, s.id ORDER BY s.started_at DESC, s.id DESC \(tail)
        """
    }

    /// The `limit` most recent sessions started at or after `since`, oldest first, with what was done in
    /// each. `since` is a local time (seconds since 1970 on the clock where each workout was done, its
    /// stored offset added), as `HistoryReport` shows the start: `--since` a date keeps what it shows on that day.
    public func sessions(since: Double? = nil, limit: Int? = nil) throws(HistoryError) -> [SessionSummary] {
        try surveySessions()
        let from = since ?? -Double.greatestFiniteMagnitude
        return try read(Self.summaries(of: "sessions s INDEXED BY sessions_by_start", where: """
            \(HistorySchema.soundSession("s")) AND s.started_at >= ? AND s.started_at + s.utc_offset >= ?
            """, then: "LIMIT ?"), [.real(from - Double(StoredBounds.utcOffset.upperBound)), .real(from),
                   .integer(Int64(limit ?? -1))]) {
            Self.summary($0.row(), reading: readOnly)
        }.reversed()
    }

    /// One session with what was done in it, over all its parts; nil when it holds a value out of range.
    public func session(_ id: Int64) throws(HistoryError) -> SessionSummary? {
        try read(Self.summaries(of: "sessions s", where: "s.id = ? AND \(HistorySchema.soundSession("s"))"),
                 [.integer(id)]) {
            Self.summary($0.row(), reading: readOnly)
        }.first
    }

    /// SQL for whether segment `row` ran at least half its time (`SegmentRecord.isDone`). An exercise done on
    /// each side is done when both sides are, and counted by its second (`Plan.exercisesDone(fromWork:)`).
    private static func done(_ row: String) -> String {
        // A step counted in reps plans no time: it is done when it ended so (`SegmentRecord.isDone`).
        "(CASE WHEN \(row).planned > 0 THEN \(row).actual + 1e-6 >= \(row).planned * \(SegmentRecord.doneFraction) "
            + "ELSE \(row).ended = 'ranOut' END)"
    }

    private static let segmentColumns =
        "session_id, idx, kind, exercise, round, planned, actual, ended, ended_at, part, side, stage, reps"

    /// A session's segments in the order they ended.
    public func segments(of id: Int64) throws(HistoryError) -> [SegmentRecord] {
        try read("SELECT \(Self.segmentColumns) FROM segments WHERE session_id = ? ORDER BY id", [.integer(id)]) {
            Self.segment($0.row())
        }
    }

    /// The segments of every session started at or after `since`, session by session in the order
    /// `sessions` lists them (by start, then id), each handed to `body` with its session's id as soon as
    /// it is read: one query, streamed, for `history --json` over a long history.
    public func eachSessionsSegments(since: Double? = nil,
                                     _ body: (Int64, [SegmentRecord]) -> Void) throws(HistoryError) {
        var current: Int64?, group: [SegmentRecord] = []
        _ = try read("""
            SELECT g.session_id, g.idx, g.kind, g.exercise, g.round, g.planned, g.actual, g.ended, g.ended_at, g.part,
                g.side, g.stage, g.reps
            FROM segments g JOIN sessions s ON s.id = g.session_id WHERE s.started_at >= ?
            ORDER BY s.started_at, s.id, g.id
            """, [.real(since ?? -Double.greatestFiniteMagnitude)]) { row -> Void? in
            // Column by column, with no row of values made: there can be millions.
            guard let segment = Self.segment(row.value) else { return nil }
            if segment.sessionID != current {
                if let current { body(current, group) }
                current = segment.sessionID
                group.removeAll(keepingCapacity: true)
            }
            group.append(segment)
            return ()
        }
        if let current { body(current, group) }
    }

    /// Session `id`'s heart-rate samples in time order; a sample out of range (a time no instant can be, a rate
    /// no release recorded) is skipped and counted, and a rate an earlier release believed and this one does
    /// not is left out.
    public func heartRate(of id: Int64) throws(HistoryError) -> [HeartRateSample] {
        let rates = HeartRateMeasurement.rates, recorded = StoredBounds.recordedRates
        return try read("""
            SELECT at, bpm FROM heart_rate WHERE session_id = ?
                AND NOT (bpm BETWEEN \(recorded.lowerBound) AND \(recorded.upperBound)
                    AND bpm NOT BETWEEN \(rates.lowerBound) AND \(rates.upperBound))
            ORDER BY at
            """, [.integer(id)]) { row in
            guard let at = StoredBounds.double(row.double(0), in: StoredBounds.instant),
                  let bpm = StoredBounds.int(row.int(1), in: Int64(rates.lowerBound)...Int64(rates.upperBound))
            else { return nil }
            return HeartRateSample(at: at, bpm: bpm)
        }
    }

    /// The ids of the sessions that have a heart rate recorded.
    public func sessionsWithHeartRate() throws(HistoryError) -> Set<Int64> {
        Set(try read("SELECT DISTINCT session_id FROM heart_rate") { $0.int(0) })
    }

    /// Every segment of workout (not getting ready) that ran out, and all work however it ended, which is
    /// all `HistoryStats` needs. Read with the few exercise titles shared, as it can be a hundred thousand rows.
    public func completedSegments() throws(HistoryError) -> [SegmentRecord] {
        var titles: [String: String] = [:]
        return try read("""
            SELECT session_id, idx, exercise, round, planned, actual, ended_at, part, kind, ended, side FROM segments
            WHERE \(HistorySchema.countedKinds(""))
            """) { row -> SegmentRecord? in
                guard let index = StoredBounds.int(row.int(1), in: StoredBounds.count),
                      let round = StoredBounds.int(row.int(3), in: StoredBounds.count),
                      let planned = StoredBounds.double(row.double(4), in: StoredBounds.duration),
                      let actual = StoredBounds.double(row.double(5), in: StoredBounds.duration),
                      let endedAt = StoredBounds.double(row.double(6), in: StoredBounds.instant),
                      let part = StoredBounds.int(row.int(7), in: StoredBounds.parts) else { return nil }
                let text = row.text(2)
                let title = titles[text] ?? { titles[text] = text; return text }()
                return SegmentRecord(sessionID: row.int(0), index: index, kind: row.text(8), exercise: title,
                                     round: round, planned: planned, actual: actual,
                                     ended: SegmentEnding(rawValue: row.text(9)) ?? .ranOut, endedAt: endedAt,
                                     part: part, side: Self.side(row.int(10)))
        }
    }

    /// Every session, oldest first, without totals.
    public func allSessions() throws(HistoryError) -> [SessionRecord] {
        try surveySessions()
        return try read("""
            SELECT id, routine, routine_file, content_hash, seed, options, started_at, utc_offset,
                planned_seconds, planned_exercises, outcome, parts, effort, plan, plan_step, kind, uuid, pid
            FROM \(Self.soundSessions) ORDER BY started_at, id
            """) { Self.record($0.row(), reading: readOnly) }
    }


    /// The most recent session that can be resumed, after marking any left by dead processes:
    /// where to start again (the segment after the last one that ended) and what was done so far.
    public func latestInterrupted() throws(HistoryError) -> ResumePoint? {
        try markInterrupted()
        let resumable = [SessionOutcome.interrupted, .signal(1), .signal(15)].filter(\.isResumable).map(\.code)
        let marks = resumable.map { _ in "?" }.joined(separator: ", ")
        let id: Int64? = try guarded {
            try db.rows("""
                SELECT id FROM \(Self.soundSessions) AND outcome IN (\(marks)) AND kind = 'workout'
                ORDER BY started_at DESC, id DESC LIMIT 1
                """, resumable.map { .text($0) }).first?.first?.int
        }
        guard let id, let summary = try session(id) else { return nil }
        let last: Int64? = try guarded {
            try db.rows("SELECT idx FROM segments WHERE session_id = ? ORDER BY id DESC LIMIT 1", [.integer(id)])
                .first?.first?.int
        }
        let next = last.flatMap { StoredBounds.int($0, in: StoredBounds.count) }.map { $0 + 1 } ?? 0
        return ResumePoint(session: summary.record, segmentIndex: next, doneSoFar: summary)
    }

    /// `PRAGMA integrity_check`: `ok`, or SQLite's list of problems.
    public func integrityCheck() throws(HistoryError) -> String {
        try guarded {
            try db.rows("PRAGMA integrity_check").compactMap { $0.first?.string }.joined(separator: "\n")
        }
    }

    /// Whether process `pid` still runs: `kill(pid, 0)` succeeds, or fails only for want of permission.
    public static func processIsAlive(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }
}
