import FoundationEssentials
import Glibc
import CSQLite
import Dispatch
import SevenminCore

/// The history database: sessions and their segments in one SQLite file, shared safely by
/// several sevenmin processes (WAL, a busy timeout, write transactions taken up front).
public final class HistoryStore {
    public let path: String
    /// Internal, not private, so tests can reach the connection (to make the disk "full").
    let db: SQLiteConnection
    /// Set once the file proved damaged and was moved aside; every later call reports it again.
    private var damage: HistoryError?

    /// Whether the user turned history off: `SEVENMIN_HISTORY=off` (or `0`, `no`, `false`).
    public static func isDisabled(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        ["off", "0", "no", "false"].contains(environment["SEVENMIN_HISTORY"]?.lowercased() ?? "")
    }

    /// Opens (creating it and its folder if need be) and migrates the database. With `readOnly`,
    /// for `history` and `stats`, nothing is written; a file that does not exist yet reads as empty.
    public init(path: String, readOnly: Bool = false, busyTimeoutMilliseconds: Int32 = 5000) throws(HistoryError) {
        self.path = path
        do {
            if readOnly {
                db = try HistoryStore.openForReading(path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
                return
            }
            // A folder that cannot be made shows up as sqlite3_open_v2 failing, with SQLite's words for it.
            try? FileManager.default.createDirectory(atPath: PathText.folder(of: path),
                                                     withIntermediateDirectories: true)
            db = try SQLiteConnection(path: path)
            try db.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
            // SQLite opens a file it may not write read-only without saying so; say so now, not mid-workout.
            if db.isReadOnly { throw HistoryError.readOnly(path: path) }
            // Reading the header first tells a damaged file from a busy one before anything is written.
            let version = try HistorySchema.version(of: db)
            if version > HistorySchema.currentVersion { throw HistoryError.tooNew(path: path, version: version) }
            // Two processes opening a new file at once both ask for WAL, and SQLite answers one of them
            // BUSY at once rather than wait (it would be a deadlock): that one tries again, within the timeout.
            let connection = db
            try HistoryStore.retryingBusy(for: busyTimeoutMilliseconds) {
                _ = try connection.rows("PRAGMA journal_mode = WAL")
            }
            // In WAL mode FULL syncs at every commit, so a finished segment survives a power cut too.
            try db.execute("PRAGMA synchronous = FULL")
            if version < HistorySchema.currentVersion {
                try HistoryStore.retryingBusy(for: busyTimeoutMilliseconds) { try HistorySchema.migrate(connection) }
            }
        } catch let error as HistoryError {
            throw error
        } catch let error as SQLiteError {
            throw HistoryStore.failure(error, path: path)
        } catch {
            throw HistoryError.failed(path: path, SQLiteError(call: "open", code: -1, message: "\(error)"))
        }
    }

    /// Runs `body` again while SQLite answers BUSY without waiting (a lock upgrade it refuses, to avoid a
    /// deadlock), for up to `milliseconds` in all.
    static func retryingBusy(for milliseconds: Int32, _ body: () throws -> Void) throws {
        let deadline = DispatchTime.now() + .milliseconds(Int(milliseconds))
        while true {
            do {
                try body()
                return
            } catch let error as SQLiteError where error.primary == SQLITE_BUSY && DispatchTime.now() < deadline {
                usleep(20_000)
            }
        }
    }

    /// The file read-only; or, where there is no history yet (no file, or one never given its
    /// tables), an empty database in memory, so that readers need no special case.
    private static func openForReading(_ path: String, busyTimeoutMilliseconds: Int32) throws -> SQLiteConnection {
        if FileManager.default.fileExists(atPath: path) {
            let file = try SQLiteConnection(path: path, readOnly: true)
            try file.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
            let version = try HistorySchema.version(of: file)
            if version > HistorySchema.currentVersion { throw HistoryError.tooNew(path: path, version: version) }
            if version > 0 { return file }
        }
        let empty = try SQLiteConnection(path: ":memory:")
        try HistorySchema.migrate(empty)
        return empty
    }

    // MARK: Writing

    /// Records the start of a workout, owned by process `pid` until it finishes; returns its id.
    public func beginSession(_ record: SessionRecord, pid: Int32 = getpid()) throws(HistoryError) -> Int64 {
        try guarded {
            try db.run("""
                INSERT INTO sessions (routine, routine_file, content_hash, seed, options, started_at, utc_offset,
                    planned_seconds, planned_exercises, outcome, pid, parts)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, 1)
                """, [.text(record.routine), .text(record.routineFile), .text(record.contentHash),
                      record.seed.map { .integer(Int64(bitPattern: $0)) } ?? .null, .text(record.options),
                      .real(record.startedAt), .integer(Int64(record.utcOffset)), .real(record.plannedSeconds),
                      .integer(Int64(record.plannedExercises)), .integer(Int64(pid))])
            return db.lastInsertRowID
        }
    }

    /// Records one ended segment, committed at once.
    public func recordSegment(_ s: SegmentRecord) throws(HistoryError) {
        try guarded {
            try db.run("""
                INSERT INTO segments (session_id, idx, kind, exercise, round, planned, actual, ended, ended_at, part)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [.integer(s.sessionID), .integer(Int64(s.index)), .text(s.kind), .text(s.exercise),
                      .integer(Int64(s.round)), .real(s.planned), .real(s.actual), .text(s.ended.rawValue),
                      .real(s.endedAt), .integer(Int64(s.part))])
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

    /// The id of the most recently started session, if any.
    public func latestSessionID() throws(HistoryError) -> Int64? {
        try guarded {
            try db.rows("SELECT id FROM sessions ORDER BY started_at DESC, id DESC LIMIT 1").first?.first?.int
        }
    }

    /// Marks as interrupted every unfinished session whose process is gone, or which began more
    /// than `staleAfter` seconds ago (its pid may have been reused). Returns how many it marked.
    @discardableResult
    public func markInterrupted(now: Double = Date().timeIntervalSince1970, staleAfter: Double = 86400,
                                isAlive: (Int32) -> Bool = HistoryStore.processIsAlive) throws(HistoryError) -> Int {
        try guarded {
            try db.transaction {
                let running = try db.rows("SELECT id, pid, started_at FROM sessions WHERE outcome IS NULL")
                var marked = 0
                for row in running {
                    let pid = row[1].int.map { Int32(truncatingIfNeeded: $0) }
                    let alive = pid.map(isAlive) ?? false
                    guard !alive || now - (row[2].double ?? now) > staleAfter else { continue }
                    try db.run("UPDATE sessions SET outcome = ?, pid = NULL WHERE id = ? AND outcome IS NULL",
                               [.text(SessionOutcome.interrupted.code), row[0]])
                    marked += 1
                }
                return marked
            }
        }
    }

    /// Takes an interrupted session back for `start --resume`: it runs again, as its next part,
    /// owned by `pid`. Returns the part number to give its new segments.
    public func reopen(_ id: Int64, pid: Int32 = getpid()) throws(HistoryError) -> Int {
        let part: Int? = try guarded {
            try db.transaction {
                guard let row = try db.rows("SELECT outcome, parts FROM sessions WHERE id = ?", [.integer(id)]).first,
                      let outcome = row[0].string.flatMap(SessionOutcome.init(code:)), outcome.isResumable
                else { return nil }
                let part = Int(row[1].int ?? 1) + 1
                try db.run("UPDATE sessions SET outcome = NULL, pid = ?, parts = ? WHERE id = ?",
                           [.integer(Int64(pid)), .integer(Int64(part)), .integer(id)])
                return part
            }
        }
        guard let part else { throw HistoryError.notResumable(id: id) }
        return part
    }

    /// Runs `body`'s writes as one transaction, with one sync instead of one per row: for imports
    /// and generated data. `markInterrupted` and `reopen` take their own and cannot be nested in it.
    public func batch<T>(_ body: () throws(HistoryError) -> T) throws(HistoryError) -> T {
        try guarded { try db.transaction { try body() } }
    }

    // MARK: Reading

    private static let summaryColumns = """
        s.id, s.routine, s.routine_file, s.content_hash, s.seed, s.options, s.started_at, s.utc_offset,
        s.planned_seconds, s.planned_exercises, s.outcome, s.parts, s.effort,
        COALESCE(SUM(CASE WHEN g.kind = 'work' THEN g.actual END), 0),
        COUNT(DISTINCT CASE WHEN g.kind = 'work' AND g.actual + 1e-6 >= g.planned * \(SegmentRecord.doneFraction)
            THEN g.idx END)
        FROM sessions s LEFT JOIN segments g ON g.session_id = s.id
        """

    /// The `limit` most recent sessions started at or after `since` (UTC seconds), oldest first,
    /// with what was done in each.
    public func sessions(since: Double? = nil, limit: Int? = nil) throws(HistoryError) -> [SessionSummary] {
        try guarded {
            let rows = try db.rows("""
                SELECT \(Self.summaryColumns) WHERE s.started_at >= ?
                GROUP BY s.id ORDER BY s.started_at DESC, s.id DESC LIMIT ?
                """, [.real(since ?? -Double.greatestFiniteMagnitude), .integer(Int64(limit ?? -1))])
            return rows.reversed().map(Self.summary)
        }
    }

    /// One session with what was done in it, over all its parts.
    public func session(_ id: Int64) throws(HistoryError) -> SessionSummary? {
        try guarded {
            try db.rows("SELECT \(Self.summaryColumns) WHERE s.id = ? GROUP BY s.id", [.integer(id)])
                .first.map(Self.summary)
        }
    }

    private static let segmentColumns = "session_id, idx, kind, exercise, round, planned, actual, ended, ended_at, part"

    /// A session's segments in the order they ended.
    public func segments(of id: Int64) throws(HistoryError) -> [SegmentRecord] {
        try guarded {
            try db.rows("SELECT \(Self.segmentColumns) FROM segments WHERE session_id = ? ORDER BY id", [.integer(id)])
                .map(Self.segment)
        }
    }

    /// Every segment of workout (not getting ready) that ran out, and all work however it ended, which is
    /// all `HistoryStats` needs. Read with the few exercise titles shared, as it can be a hundred thousand rows.
    public func completedSegments() throws(HistoryError) -> [SegmentRecord] {
        try guarded {
            var titles: [String: String] = [:]
            return try db.each("""
                SELECT session_id, idx, exercise, round, planned, actual, ended_at, part, kind, ended FROM segments
                WHERE kind != 'getReady' AND (ended = 'ranOut' OR kind = 'work')
                """) { row in
                let text = row.text(2)
                let title = titles[text] ?? { titles[text] = text; return text }()
                return SegmentRecord(sessionID: row.int(0), index: Int(row.int(1)), kind: row.text(8), exercise: title,
                                     round: Int(row.int(3)), planned: row.double(4), actual: row.double(5),
                                     ended: SegmentEnding(rawValue: row.text(9)) ?? .ranOut, endedAt: row.double(6),
                                     part: Int(row.int(7)))
            }
        }
    }

    /// Every session, oldest first, without totals.
    public func allSessions() throws(HistoryError) -> [SessionRecord] {
        try guarded {
            try db.rows("""
                SELECT id, routine, routine_file, content_hash, seed, options, started_at, utc_offset,
                    planned_seconds, planned_exercises, outcome, parts, effort FROM sessions ORDER BY started_at, id
                """).map(Self.record)
        }
    }

    /// The most recent session that can be resumed, after marking any left by dead processes:
    /// where to start again (the segment after the last one that ended) and what was done so far.
    public func latestInterrupted() throws(HistoryError) -> ResumePoint? {
        try markInterrupted()
        let resumable = [SessionOutcome.interrupted, .signal(1), .signal(15)].filter(\.isResumable).map(\.code)
        let id: Int64? = try guarded {
            try db.rows("""
                SELECT id FROM sessions WHERE outcome IN (\(resumable.map { _ in "?" }.joined(separator: ", ")))
                ORDER BY started_at DESC, id DESC LIMIT 1
                """, resumable.map { .text($0) }).first?.first?.int
        }
        guard let id, let summary = try session(id) else { return nil }
        let last: Int64? = try guarded {
            try db.rows("SELECT idx FROM segments WHERE session_id = ? ORDER BY id DESC LIMIT 1", [.integer(id)])
                .first?.first?.int
        }
        return ResumePoint(session: summary.record, segmentIndex: last.map { Int($0) + 1 } ?? 0, doneSoFar: summary)
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

    // MARK: Faults

    /// Runs `body`, turning SQLite failures into `HistoryError`; a damaged file is moved aside once.
    private func guarded<T>(_ body: () throws -> T) throws(HistoryError) -> T {
        if let damage { throw damage }
        do {
            return try body()
        } catch let error as HistoryError {
            throw error
        } catch let error as SQLiteError {
            let failure = HistoryStore.failure(error, path: path)
            if case .corrupt = failure { damage = failure }
            throw failure
        } catch {
            throw HistoryError.failed(path: path, SQLiteError(call: "history", code: -1, message: "\(error)"))
        }
    }

    /// Classifies `error`; if it says the file is damaged, first moves the file (and its WAL and
    /// shared-memory files) aside, so that nothing is lost and the next run starts afresh.
    private static func failure(_ error: SQLiteError, path: String) -> HistoryError {
        guard HistoryError.isCorruption(error) else { return HistoryError.classify(error, path: path) }
        let stamp = HistoryReport.isoUTC(Date().timeIntervalSince1970).replacing("-", with: "").replacing(":", with: "")
        var target = path + ".corrupt-" + stamp
        var n = 1
        while FileManager.default.fileExists(atPath: target) { n += 1; target = path + ".corrupt-" + stamp + "-\(n)" }
        guard rename(path, target) == 0 else {
            let reason = String(cString: strerror(errno))
            return .failed(path: path, SQLiteError(call: "rename", code: error.code, message: "\(error.message); " +
                "could not move the damaged file aside: \(reason)"))
        }
        // The WAL may hold the latest commits: it goes with the file. Should it fail to move, a new
        // database ignores it, since its header no longer matches.
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            _ = rename(path + suffix, target + suffix)
        }
        return .corrupt(path: path, movedTo: target)
    }

    // MARK: Rows

    private static func record(_ row: [SQLiteValue]) -> SessionRecord {
        SessionRecord(id: row[0].int ?? 0, routine: row[1].string ?? "", routineFile: row[2].string ?? "",
                      contentHash: row[3].string ?? "", seed: row[4].int.map { UInt64(bitPattern: $0) },
                      options: row[5].string ?? "{}", startedAt: row[6].double ?? 0, utcOffset: Int(row[7].int ?? 0),
                      plannedSeconds: row[8].double ?? 0, plannedExercises: Int(row[9].int ?? 0),
                      outcome: row[10].string.flatMap(SessionOutcome.init(code:)), parts: Int(row[11].int ?? 1),
                      effort: row[12].int.map { Int($0) })
    }

    private static func summary(_ row: [SQLiteValue]) -> SessionSummary {
        SessionSummary(record: record(row), workedSeconds: row[13].double ?? 0, exercisesDone: Int(row[14].int ?? 0))
    }

    private static func segment(_ row: [SQLiteValue]) -> SegmentRecord {
        SegmentRecord(sessionID: row[0].int ?? 0, index: Int(row[1].int ?? 0), kind: row[2].string ?? "",
                      exercise: row[3].string ?? "", round: Int(row[4].int ?? 0), planned: row[5].double ?? 0,
                      actual: row[6].double ?? 0, ended: SegmentEnding(rawValue: row[7].string ?? "") ?? .ranOut,
                      endedAt: row[8].double ?? 0, part: Int(row[9].int ?? 1))
    }
}
