// SPDX-License-Identifier: GPL-3.0-or-later
import CSQLite
import Dispatch
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminSystem

/// The history database: sessions and their segments in one SQLite file, shared safely by
/// several sevenmin processes (WAL, a busy timeout, write transactions taken up front).
public final class HistoryStore {
    public let path: String
    /// Internal, not private, so tests can reach the connection (to make the disk "full").
    let db: SQLiteConnection
    /// Set once the file proved damaged and was moved aside; every later call reports it again.
    private var damage: HistoryError?
    /// Rows the reads so far left out because a stored value was out of range: a tampered or damaged
    /// row is skipped and counted, never trusted (a time of 1e300 would trap when made a whole number).
    public private(set) var skippedRows = 0
    /// Opened for `history`, `stats` and the streak: never written, and never moved aside when damaged.
    private let readOnly: Bool
    /// For a reader: the damage a read ran into. What was read before it was still returned.
    public private(set) var damageFound: HistoryError?
    /// Whether the session rows every reader skips have been counted into `skippedRows` (once a store).
    private var sessionsSurveyed = false
    /// For another machine's copy (`init(sharedFile:)`): who published it, when the copy says so.
    public private(set) var publisher: Publisher?

    /// Whether the user turned history off: `SEVENMIN_HISTORY=off` (or `0`, `no`, `false`).
    public static func isDisabled(environment: [String: String] = ProcessEnvironment.current) -> Bool {
        ["off", "0", "no", "false"].contains(environment["SEVENMIN_HISTORY"]?.lowercased() ?? "")
    }

    /// Opens (creating it and its folder if need be) and migrates the database. With `readOnly`,
    /// for `history` and `stats`, nothing is written; a file that does not exist yet reads as empty.
    public init(path: String, readOnly: Bool = false, busyTimeoutMilliseconds: Int32 = 5000) throws(HistoryError) {
        self.path = path
        self.readOnly = readOnly
        do {
            if readOnly {
                db = try HistoryStore.openForReading(path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
                return
            }
            // A folder that cannot be made shows up as sqlite3_open_v2 failing, with SQLite's words for it.
            try? FileManager.default.createDirectory(atPath: PathText.folder(of: path),
                                                     withIntermediateDirectories: true)
            try HistoryStore.preparePlainFile(path)
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
            // In WAL mode FULL syncs at every commit, so what is written survives a power cut too; the
            // recorder syncs only a workout's end (`syncEveryCommit`).
            try db.execute("PRAGMA synchronous = FULL")
            if version < HistorySchema.currentVersion {
                try HistoryStore.retryingBusy(for: busyTimeoutMilliseconds) { try HistorySchema.migrate(connection) }
            }
        } catch let error as HistoryError {
            throw error
        } catch let error as SQLiteError {
            throw HistoryStore.failure(error, path: path, moveAside: !readOnly)
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
                // ignored: an interruption only shortens the wait before the next try
                usleep(20_000)
            }
        }
    }

    /// The file read-only; or, where there is no history yet (no file, or one never given its
    /// tables), an empty database in memory, so that readers need no special case.
    private static func openForReading(_ path: String, busyTimeoutMilliseconds: Int32) throws -> SQLiteConnection {
        var info = stat()
        if lstat(path, &info) == 0 {
            try requirePlainFile(path)
            var file = try SQLiteConnection(path: path, readOnly: true)
            try file.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
            let version: Int
            switch Result(catching: { () throws(SQLiteError) -> Int in try HistorySchema.version(of: file) }) {
            case .success(let found): version = found
            case .failure(let error):
                // A file in a folder we may not write (no shared-memory file can be made beside it) is
                // read as it is: nobody can be writing it.
                guard error.primary == SQLITE_CANTOPEN || error.primary == SQLITE_READONLY else { throw error }
                file = try SQLiteConnection(path: path, readOnly: true, immutable: true)
                version = try HistorySchema.version(of: file)
            }
            if version > HistorySchema.currentVersion { throw HistoryError.tooNew(path: path, version: version) }
            if version == HistorySchema.currentVersion { return file }
            if version > 0 { return try migratedCopy(of: file) }
        }
        let empty = try SQLiteConnection(path: ":memory:")
        try HistorySchema.migrate(empty)
        return empty
    }

    /// An older file read as it would be once migrated: its pages copied into a database in memory and
    /// brought up to the current schema there; the file itself is never written.
    private static func migratedCopy(of file: SQLiteConnection) throws -> SQLiteConnection {
        let copy = try file.copyInMemory()
        try HistorySchema.migrate(copy)
        return copy
    }

    /// Another machine's history (a file in `history.d`), read-only through SQLite, which reads the pages
    /// a query asks for: the file's size on disk costs no memory. It is opened immutable, so nothing
    /// is locked and no shared-memory file is left beside it in a synced folder: a synced file is replaced
    /// by a rename, never changed where it lies. An older schema is read from a migrated copy in memory.
    public init(sharedFile path: String) throws(HistoryError) {
        self.path = path
        readOnly = true
        do {
            try HistoryStore.requirePlainFile(path)
            let file = try SQLiteConnection(path: path, readOnly: true, immutable: true)
            let version = try HistorySchema.version(of: file)
            if version > HistorySchema.currentVersion { throw HistoryError.tooNew(path: path, version: version) }
            db = version == HistorySchema.currentVersion ? file : try HistoryStore.migratedCopy(of: file)
            publisher = HistoryStore.publisher(of: db)
        } catch let error as HistoryError {
            throw error
        } catch let error as SQLiteError {
            throw HistoryStore.failure(error, path: path, moveAside: false)
        } catch {
            throw HistoryError.failed(path: path, SQLiteError(call: "open", code: -1, message: "\(error)"))
        }
    }

    /// The publisher a copy names, if it names one that could be.
    private static func publisher(of db: SQLiteConnection) -> Publisher? {
        let found = try? db.rows("SELECT machine, host FROM \(publisherTable) LIMIT 1").first
        guard let row = found, row.count == 2, let machine = row[0].string, let host = row[1].string else { return nil }
        return Publisher(machine: machine, host: host)
    }

    /// Writes a consistent copy of this database to `path` (`VACUUM INTO` a temporary name, marked with
    /// its `publisher`, then put in place by `AtomicFile`), for other machines to read; the copy has no WAL
    /// of its own, and is readable by its owner alone, as the history itself is. `formerly` is where this
    /// machine's copy was before copies were named by the machine's id: it is removed once the new copy
    /// is in place, if it is a copy of this history (see `isStaleCopy`). A copy at `path` that another machine
    /// of this id left (`idShared`) is never replaced: that is thrown instead.
    public func publish(to path: String, as publisher: Publisher, formerly: String? = nil) throws(HistoryError) {
        if let there = try? HistoryStore(sharedFile: path),
           let taken = HistoryStore.idShared(there, history: self, host: publisher.host) {
            throw taken
        }
        let temporary = AtomicFile.temporaryName(for: path)
        try guarded {
            // ignored: a leftover temporary from an earlier run, usually absent; VACUUM INTO fails if it stays
            unlink(temporary)
            let quoted = temporary.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''")
            try db.execute("VACUUM INTO '\(quoted)'")
            do {
                // The copy is a temporary file put in place whole: it needs no journal of its own.
                let copy = try SQLiteConnection(path: temporary)
                try copy.execute("PRAGMA journal_mode = OFF")
                try copy.execute("CREATE TABLE \(Self.publisherTable) (machine TEXT NOT NULL, host TEXT NOT NULL)")
                try copy.run("INSERT INTO \(Self.publisherTable) VALUES (?, ?)",
                             [.text(publisher.machine), .text(publisher.host)])
            } catch {
                // ignored: removing the copy that could not be marked; that error is what is reported
                unlink(temporary)
                throw error
            }
            do throws(SystemError) { try AtomicFile.place(temporary, at: path, mode: 0o600) } catch {
                // ignored: removing the copy that could not be put in place; that error is what is reported
                unlink(temporary)
                let reason = String(cString: strerror(error.errno))
                throw SQLiteError(call: error.call, code: SQLITE_CANTOPEN, message: reason)
            }
        }
        if let formerly, formerly != path, isStaleCopy(formerly) {
            // ignored: a stale copy left in place is read as another machine's, each workout in it counted once
            unlink(formerly)
        }
    }

    /// The table of a published copy that says who published it (`Publisher`).
    static let publisherTable = "published_by"

    /// Whether the file at `path` is a copy of this history, published before copies carried their
    /// publisher: it has none, and holds no workout this history lacks. A copy published by another
    /// machine of the same host name holds workouts this one lacks.
    func isStaleCopy(_ path: String) -> Bool {
        guard let old = try? HistoryStore(sharedFile: path), old.publisher == nil else { return false }
        return lacksWorkouts(of: old) == false
    }

    /// Whether `other` holds a workout this history lacks; nil when either cannot be read through.
    func lacksWorkouts(of other: HistoryStore) -> Bool? {
        guard let theirs = try? other.sessionKeys(), other.damageFound == nil,
              let ours = try? sessionKeys() else { return nil }
        return !Set(theirs.map(\.uuid)).isSubset(of: ours.map(\.uuid))
    }

    /// `copy`, a file of `history.d` named by this machine's id, as another machine's (`HistoryError.idShared`):
    /// holding workouts `history` lacks; without a history to compare with, marked as published by a host
    /// other than `host`. A copy the history holds all of is this machine's whatever host name it carries
    /// (the machine may have been renamed): replacing it loses nothing. Nil when it is this machine's.
    static func idShared(_ copy: HistoryStore, history: HistoryStore?, host: String) -> HistoryError? {
        guard let history else {
            guard let mark = copy.publisher, mark.host != host else { return nil }
            return .idShared(path: copy.path, host: mark.host)
        }
        return history.lacksWorkouts(of: copy) == true ? .idShared(path: copy.path, host: nil) : nil
    }

    /// Refuses anything but a plain file at `path`; creates a missing one, readable by its owner alone
    /// (the log and the status file are 0600 too). An existing file keeps the mode its owner gave it:
    /// one made read-only stays so, and is reported as read-only.
    static func preparePlainFile(_ path: String) throws(HistoryError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if fd >= 0 {
            // ignored: the file is only created here, empty: nothing is written that close could lose
            close(fd)
            return
        }
        if errno != EEXIST { return }  // SQLite's open reports it, in its words
        try requirePlainFile(path)
    }

    /// Throws unless `path` is a plain file (checked without following a link).
    static func requirePlainFile(_ path: String) throws(HistoryError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFLNK: throw .notAFile(path: path, kind: "a symbolic link")
        case S_IFIFO: throw .notAFile(path: path, kind: "a FIFO")
        case S_IFDIR: throw .notAFile(path: path, kind: "a folder")
        default: throw .notAFile(path: path, kind: "a device")
        }
    }

    // MARK: Writing

    /// Records the start of a workout, owned by process `pid` until it finishes; returns its id.
    public func beginSession(_ record: SessionRecord, pid: Int32 = getpid()) throws(HistoryError) -> Int64 {
        try guarded {
            try db.run("""
                INSERT INTO sessions (routine, routine_file, content_hash, seed, options, started_at, utc_offset,
                    planned_seconds, planned_exercises, outcome, pid, parts, uuid, plan, plan_step)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, 1, ?, ?, ?)
                """, [.text(record.routine), .text(record.routineFile), .text(record.contentHash),
                      record.seed.map { .integer(Int64(bitPattern: $0)) } ?? .null, .text(record.options),
                      .real(record.startedAt), .integer(Int64(record.utcOffset)), .real(record.plannedSeconds),
                      .integer(Int64(record.plannedExercises)), .integer(Int64(pid)),
                      .text(record.uuid.isEmpty ? UUID().uuidString.lowercased() : record.uuid),
                      record.plan.map { .text($0) } ?? .null, record.planStep.map { .integer(Int64($0)) } ?? .null])
            return db.lastInsertRowID
        }
    }

    /// Records one ended segment, committed at once.
    public func recordSegment(_ s: SegmentRecord) throws(HistoryError) {
        try guarded {
            try db.run("""
                INSERT INTO segments (session_id, idx, kind, exercise, round, planned, actual, ended, ended_at, part,
                    side, stage)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [.integer(s.sessionID), .integer(Int64(s.index)), .text(s.kind), .text(s.exercise),
                      .integer(Int64(s.round)), .real(s.planned), .real(s.actual), .text(s.ended.rawValue),
                      .real(s.endedAt), .integer(Int64(s.part)), s.side.map { .integer(Int64($0)) } ?? .null,
                      s.stage == .main ? .null : .text(s.stage.rawValue)])
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

    // MARK: Reading

    /// The sessions every reader reads: those with every stored value in range, in the order of their
    /// start, through its index. Going through the index also means a damaged page of the sessions'
    /// table is found damaged (SQLite checks the row the index names), not read as empty rows.
    private static let soundSessions =
        "sessions s INDEXED BY sessions_by_start WHERE \(HistorySchema.soundSession("s"))"

    /// Counts, once a store, the session rows every reader leaves out as out of range, into
    /// `skippedRows`: `history`, `stats`, `rate` and a plan then say the same number.
    private func surveySessions() throws(HistoryError) {
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
                AND \(done("f")))) THEN g.idx END), s.uuid, s.pid
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
        "session_id, idx, kind, exercise, round, planned, actual, ended, ended_at, part, side, stage"

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
                g.side, g.stage
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
    /// no heart beats at) is skipped and counted.
    public func heartRate(of id: Int64) throws(HistoryError) -> [HeartRateSample] {
        try read("SELECT at, bpm FROM heart_rate WHERE session_id = ? ORDER BY at", [.integer(id)]) { row in
            guard let at = StoredBounds.double(row.double(0), in: StoredBounds.instant),
                  let bpm = StoredBounds.int(row.int(1), in: Int64(HeartRateSample.rates.lowerBound)...Int64(
                      HeartRateSample.rates.upperBound)) else { return nil }
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
                planned_seconds, planned_exercises, outcome, parts, effort, plan, plan_step, uuid, pid
            FROM \(Self.soundSessions) ORDER BY started_at, id
            """) { Self.record($0.row(), reading: readOnly) }
    }

    // MARK: Sums

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
                    \(StoredBounds.instant.upperBound) AND bpm BETWEEN \(HeartRateSample.rates.lowerBound) AND
                    \(HeartRateSample.rates.upperBound)))
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

    /// The most recent session that can be resumed, after marking any left by dead processes:
    /// where to start again (the segment after the last one that ended) and what was done so far.
    public func latestInterrupted() throws(HistoryError) -> ResumePoint? {
        try markInterrupted()
        let resumable = [SessionOutcome.interrupted, .signal(1), .signal(15)].filter(\.isResumable).map(\.code)
        let marks = resumable.map { _ in "?" }.joined(separator: ", ")
        let id: Int64? = try guarded {
            try db.rows("""
                SELECT id FROM \(Self.soundSessions) AND outcome IN (\(marks))
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

    // MARK: Faults

    /// The rows of a query, each decoded by `body` (nil: a value out of range, skipped and counted). For
    /// a reader, damage part-way is kept in `damageFound` and the rows read before it are returned.
    func read<T>(_ sql: String, _ values: [SQLiteValue] = [],
                 _ body: (SQLiteStatement) -> T?) throws(HistoryError) -> [T] {
        try guarded {
            let (rows, failure) = try db.eachUntilFailure(sql, values, body)
            if let failure {
                guard readOnly, HistoryError.isCorruption(failure) else { throw failure }
                damageFound = HistoryStore.failure(failure, path: path, moveAside: false)
            }
            return sound(rows)
        }
    }

    /// Runs `body`, turning SQLite failures into `HistoryError`; a damaged file is moved aside once
    /// by a writer, and never by a reader.
    func guarded<T>(_ body: () throws -> T) throws(HistoryError) -> T {
        if let damage { throw damage }
        do {
            return try body()
        } catch let error as HistoryError {
            throw error
        } catch let error as SQLiteError {
            let failure = HistoryStore.failure(error, path: path, moveAside: !readOnly)
            if case .corrupt = failure { damage = failure }
            throw failure
        } catch {
            throw HistoryError.failed(path: path, SQLiteError(call: "history", code: -1, message: "\(error)"))
        }
    }

    /// Classifies `error`; if it says the file is damaged and `moveAside` (a writer), first moves the file
    /// (and its WAL and shared-memory files) aside, so that nothing is lost and the next run starts afresh.
    private static func failure(_ error: SQLiteError, path: String, moveAside: Bool) -> HistoryError {
        guard HistoryError.isCorruption(error) else { return HistoryError.classify(error, path: path) }
        guard moveAside else { return .damaged(path: path, detail: error.message) }
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
            // ignored: a WAL left behind is ignored by a new database, whose header no longer matches it
            _ = rename(path + suffix, target + suffix)
        }
        return .corrupt(path: path, movedTo: target)
    }

    // MARK: Rows

    /// Counts `rows` decoded into nil (a stored value out of range) in `skippedRows`, and keeps the rest.
    private func sound<T>(_ rows: [T?]) -> [T] {
        let kept = rows.compactMap { $0 }
        skippedRows += rows.count - kept.count
        return kept
    }

    /// `reading`: for a reader, which cannot mark a session left by a process that has gone.
    private static func record(_ row: [SQLiteValue], reading: Bool) -> SessionRecord? {
        guard let id = row[0].int, let startedAt = StoredBounds.double(row[6].double, in: StoredBounds.instant),
              let offset = StoredBounds.int(row[7].int, in: StoredBounds.utcOffset),
              let planned = StoredBounds.double(row[8].double, in: StoredBounds.duration),
              let exercises = StoredBounds.int(row[9].int, in: StoredBounds.count),
              let parts = StoredBounds.int(row[11].int ?? 1, in: StoredBounds.parts) else { return nil }
        return SessionRecord(id: id, routine: row[1].string ?? "", routineFile: row[2].string ?? "",
                             contentHash: row[3].string ?? "", seed: row[4].int.map { UInt64(bitPattern: $0) },
                             options: row[5].string ?? "{}", startedAt: startedAt, utcOffset: offset,
                             plannedSeconds: planned, plannedExercises: exercises,
                             outcome: reading ? outcome(row[10], pid: row.last ?? .null)
                                 : row[10].string.flatMap(SessionOutcome.init(code:)), parts: parts,
                             effort: StoredBounds.int(row[12].int, in: 1...10),
                             // The uuid is the last column but the pid, in every query that reads sessions.
                             uuid: row[row.count - 2].string ?? "",
                             plan: row[13].string, planStep: StoredBounds.int(row[14].int, in: StoredBounds.count))
    }

    /// The stored outcome; a session left unfinished by a process that has gone reads as interrupted
    /// (a reader cannot mark it so in the file, and must not call it running).
    private static func outcome(_ stored: SQLiteValue, pid: SQLiteValue) -> SessionOutcome? {
        if let code = stored.string { return SessionOutcome(code: code) }
        guard let pid = pid.int, let id = Int32(exactly: pid), processIsAlive(id) else { return .interrupted }
        return nil
    }

    private static func summary(_ row: [SQLiteValue], reading: Bool) -> SessionSummary? {
        guard let record = record(row, reading: reading),
              let worked = StoredBounds.double(row[15].double ?? 0, in: StoredBounds.worked),
              let done = StoredBounds.int(row[16].int ?? 0, in: StoredBounds.count) else { return nil }
        return SessionSummary(record: record, workedSeconds: worked, exercisesDone: done)
    }

    private static func segment(_ row: [SQLiteValue]) -> SegmentRecord? {
        segment { row[Int($0)] }
    }

    /// A segment from the columns of `segmentColumns`, column `k` read by `column(k)`.
    private static func segment(_ column: (Int32) -> SQLiteValue) -> SegmentRecord? {
        guard let session = column(0).int, let index = StoredBounds.int(column(1).int, in: StoredBounds.count),
              let round = StoredBounds.int(column(4).int, in: StoredBounds.count),
              let planned = StoredBounds.double(column(5).double, in: StoredBounds.duration),
              let actual = StoredBounds.double(column(6).double, in: StoredBounds.duration),
              let endedAt = StoredBounds.double(column(8).double, in: StoredBounds.instant),
              let part = StoredBounds.int(column(9).int ?? 1, in: StoredBounds.parts) else { return nil }
        return SegmentRecord(sessionID: session, index: index, kind: column(2).string ?? "",
                             exercise: column(3).string ?? "", round: round, planned: planned, actual: actual,
                             ended: SegmentEnding(rawValue: column(7).string ?? "") ?? .ranOut, endedAt: endedAt,
                             part: part, side: side(column(10).int),
                             stage: column(11).string.flatMap(Stage.init(rawValue:)) ?? .main)
    }

    /// A stored side, 1 or 2; anything else (none, read as 0, or a tampered value) as none.
    private static func side(_ value: Int64?) -> Int? {
        value.flatMap { $0 == 1 || $0 == 2 ? Int($0) : nil }
    }
}
