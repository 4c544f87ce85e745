// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore

/// Writing a workout as it goes, and taking an interrupted one back.
extension HistoryStore {
    /// Records the start of a workout, owned by process `pid` until it finishes; returns its id.
    public func beginSession(_ record: SessionRecord, pid: Int32 = getpid()) throws(HistoryError) -> Int64 {
        try guarded {
            try db.run("""
                INSERT INTO sessions (routine, routine_file, content_hash, seed, options, started_at, utc_offset,
                    planned_seconds, planned_exercises, outcome, pid, parts, uuid, plan, plan_step, kind)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, 1, ?, ?, ?, ?)
                """, [.text(record.routine), .text(record.routineFile), .text(record.contentHash),
                      record.seed.map { .integer(Int64(bitPattern: $0)) } ?? .null, .text(record.options),
                      .real(record.startedAt), .integer(Int64(record.utcOffset)), .real(record.plannedSeconds),
                      .integer(Int64(record.plannedExercises)), .integer(Int64(pid)),
                      .text(record.uuid.isEmpty ? UUID().uuidString.lowercased() : record.uuid),
                      record.plan.map { .text($0) } ?? .null, record.planStep.map { .integer(Int64($0)) } ?? .null,
                      .text(record.kind.rawValue)])
            return db.lastInsertRowID
        }
    }

    /// Records one ended segment, committed at once.
    public func recordSegment(_ s: SegmentRecord) throws(HistoryError) {
        try guarded {
            try db.run("""
                INSERT INTO segments (session_id, idx, kind, exercise, round, planned, actual, ended, ended_at, part,
                    side, stage, measure, reps)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [.integer(s.sessionID), .integer(Int64(s.index)), .text(s.kind), .text(s.exercise),
                      .integer(Int64(s.round)), .real(s.planned), .real(s.actual), .text(s.ended.rawValue),
                      .real(s.endedAt), .integer(Int64(s.part)), s.side.map { .integer(Int64($0)) } ?? .null,
                      s.stage == .main ? .null : .text(s.stage.rawValue),
                      s.measure.map { .text($0.rawValue) } ?? .null, s.reps.map { .integer(Int64($0)) } ?? .null])
        }
    }

    /// Gives the last row of step `index` of session `id`'s part `part` the reps typed when it ended, and what
    /// they measure for the records, committed at once.
    public func recordCount(_ id: Int64, index: Int, part: Int, measure: RecordKind, reps: Int) throws(HistoryError) {
        try guarded {
            try db.run("""
                UPDATE segments SET measure = ?, reps = ? WHERE id = (SELECT max(id) FROM segments
                    WHERE session_id = ? AND idx = ? AND part = ?)
                """, [.text(measure.rawValue), .integer(Int64(reps)), .integer(id), .integer(Int64(index)),
                      .integer(Int64(part))])
        }
    }

    /// Records heart-rate samples of session `id`, in one statement each, committed with the writes around them.
    public func recordHeartRate(_ id: Int64, _ samples: [HeartRateSample]) throws(HistoryError) {
        try guarded {
            for sample in samples {
                try db.run("INSERT INTO heart_rate (session_id, at, bpm) VALUES (?, ?, ?)",
                           [.integer(id), .real(sample.at), .integer(Int64(sample.bpm))])
            }
        }
    }

    /// Records how a session ended and releases it from its process.
    public func finish(_ id: Int64, outcome: SessionOutcome) throws(HistoryError) {
        try guarded {
            try db.run("UPDATE sessions SET outcome = ?, pid = NULL WHERE id = ?", [.text(outcome.code), .integer(id)])
        }
    }

    /// Records how hard session `id` was (1 to 10), replacing any earlier rating. Returns false when there
    /// is no such session.
    @discardableResult
    public func rate(_ id: Int64, effort: Int) throws(HistoryError) -> Bool {
        try guarded {
            try db.run("UPDATE sessions SET effort = ? WHERE id = ?", [.integer(Int64(effort)), .integer(id)])
            return db.changes > 0
        }
    }

    /// The id of the most recently started session that can be read and is not still running, if any: a
    /// session whose stored values are out of range is skipped here as every reader skips it, and one
    /// still under way (its finish screen asks how hard it was) is not over yet.
    public func latestSessionID(owns: (Int32, Double) -> Bool = HistoryStore.processOwns) throws(HistoryError)
        -> Int64? {
        let running = try runningSessionIDs(owns: owns)
        return try read("""
            SELECT id FROM \(Self.soundSessions) ORDER BY started_at DESC, id DESC LIMIT \(running.count + 1)
            """) { $0.int(0) }.first { !running.contains($0) }
    }

    /// The sessions still under way: no outcome yet, and their process runs (and is the one that began them).
    public func runningSessionIDs(owns: (Int32, Double) -> Bool = HistoryStore.processOwns) throws(HistoryError)
        -> Set<Int64> {
        try surveySessions()
        let open = try read("SELECT id, pid, started_at FROM \(Self.soundSessions) AND outcome IS NULL") { row in
            (id: row.int(0), pid: Int32(exactly: row.int(1)) ?? 0, startedAt: row.double(2))
        }
        return Set(open.filter { owns($0.pid, $0.startedAt) }.map(\.id))
    }

    /// Marks as interrupted every unfinished session whose process is gone, or whose pid now belongs to a
    /// process started after the session began (the pid was reused). A live workout is never taken over,
    /// however long it has run. Returns how many it marked.
    @discardableResult
    public func markInterrupted(owns: (Int32, Double) -> Bool = HistoryStore.processOwns) throws(HistoryError) -> Int {
        try guarded {
            try db.transaction {
                let running = try db.rows("SELECT id, pid, started_at FROM sessions WHERE outcome IS NULL")
                var marked = 0
                for row in running {
                    let pid = row[1].int.flatMap { Int32(exactly: $0) }
                    guard !(pid.map { owns($0, row[2].double ?? 0) } ?? false) else { continue }
                    try db.run("UPDATE sessions SET outcome = ?, pid = NULL WHERE id = ? AND outcome IS NULL",
                               [.text(SessionOutcome.interrupted.code), row[0]])
                    marked += 1
                }
                return marked
            }
        }
    }

    /// Whether process `pid` runs and is the one that began a session at `startedAt` (UTC seconds): it
    /// started no later than that, by its start time in `/proc` (when that can be read).
    public static func processOwns(_ pid: Int32, startedAt: Double) -> Bool {
        guard processIsAlive(pid) else { return false }
        guard let started = processStartTime(pid) else { return true }
        return started <= startedAt + 60
    }

    /// When process `pid` started, in UTC seconds: its start in clock ticks after boot (`/proc/PID/stat`,
    /// field 22) plus the boot time (`btime` in `/proc/stat`).
    static func processStartTime(_ pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command name, which may hold spaces: state is field 3, start time field 22.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]),
              let system = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
              let line = system.split(separator: "\n").first(where: { $0.hasPrefix("btime ") }),
              let boot = Double(line.dropFirst(6)) else { return nil }
        return boot + ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Takes an interrupted session back for `start --resume`: it runs again, as its next part,
    /// owned by `pid`. Returns the part number to give its new segments.
    public func reopen(_ id: Int64, pid: Int32 = getpid()) throws(HistoryError) -> Int {
        let part: Int? = try guarded {
            try db.transaction {
                guard let row = try db.rows("SELECT outcome, parts FROM sessions WHERE id = ?", [.integer(id)]).first,
                      let outcome = row[0].string.flatMap(SessionOutcome.init(code:)), outcome.isResumable
                else { return nil }
                guard let parts = StoredBounds.int(row[1].int ?? 1, in: StoredBounds.parts) else { return nil }
                let part = parts + 1
                try db.run("UPDATE sessions SET outcome = NULL, pid = ?, parts = ? WHERE id = ?",
                           [.integer(Int64(pid)), .integer(Int64(part)), .integer(id)])
                return part
            }
        }
        guard let part else { throw HistoryError.notResumable(id: id) }
        return part
    }

    /// Whether each commit waits for the disk (`PRAGMA synchronous`, FULL), as it does from the start, or
    /// only reaches the system (NORMAL): in WAL mode a commit is then written but not synced, so it survives
    /// a killed process and not a power cut until the next synced commit or checkpoint. The recorder syncs
    /// only a workout's end, not each of its segments (DECISIONS.md).
    public func syncEveryCommit(_ sync: Bool) throws(HistoryError) {
        try guarded { try db.execute("PRAGMA synchronous = \(sync ? "FULL" : "NORMAL")") }
    }

    /// `PRAGMA synchronous`: 2 (FULL) or 1 (NORMAL).
    var synchronous: Int {
        get throws(HistoryError) { try guarded { Int(try db.rows("PRAGMA synchronous").first?.first?.int ?? -1) } }
    }

    /// Runs `body`'s writes as one transaction, with one sync instead of one per row: for imports,
    /// generated data and the recorder's writes given together. The transactions `markInterrupted` and
    /// `reopen` take are savepoints inside it.
    public func batch<T>(_ body: () throws(HistoryError) -> T) throws(HistoryError) -> T {
        try guarded { try db.transaction { try body() } }
    }

    /// `batch` for many rows at once (generated histories): the triggers that keep the sums are left out
    /// while `body` writes, and the sums are added up again once at its end, all in the one transaction,
    /// so that no reader ever sees them part-way. A trigger run for each of millions of rows is most of
    /// the cost of writing them.
    public func bulkLoad<T>(_ body: () throws(HistoryError) -> T) throws(HistoryError) -> T {
        try guarded {
            try db.transaction {
                for name in HistorySchema.totalsTriggerNames { try db.execute("DROP TRIGGER \(name)") }
                let result = try body()
                try db.execute("DELETE FROM day_totals; DELETE FROM exercise_totals")
                try db.execute(HistorySchema.fillTotals)
                for sql in HistorySchema.totalsTriggers { try db.execute(sql) }
                return result
            }
        }
    }
}
