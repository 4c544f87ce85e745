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
    public internal(set) var skippedRows = 0
    /// Opened for `history`, `stats` and the streak: never written, and never moved aside when damaged.
    let readOnly: Bool
    /// For a reader: the damage a read ran into. What was read before it was still returned.
    public private(set) var damageFound: HistoryError?
    /// Whether the session rows every reader skips have been counted into `skippedRows` (once a store).
    var sessionsSurveyed = false
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
        try guarded {
            try Self.placeCopy(at: path, as: publisher) { temporary in
                let quoted = temporary.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''")
                try db.execute("VACUUM INTO '\(quoted)'")
                let copy = try SQLiteConnection(path: temporary)
                // The copy is a temporary file put in place whole: it needs no journal of its own.
                try copy.execute("PRAGMA journal_mode = OFF")
                return copy
            }
        }
        if let formerly, formerly != path, isStaleCopy(formerly) {
            // ignored: a stale copy left in place is read as another machine's, each workout in it counted once
            unlink(formerly)
        }
    }

    /// Makes a copy for `history.d` at `path`: `write` makes it at the temporary name it is handed, then it is
    /// marked with its `publisher` and put in place whole by `AtomicFile`, readable by its owner alone. A copy
    /// that fails on the way is removed; the failure is thrown.
    static func placeCopy(at path: String, as publisher: Publisher, durable: Bool = true,
                          write: (String) throws -> SQLiteConnection) throws {
        let temporary = AtomicFile.temporaryName(for: path)
        // ignored: a leftover temporary from an earlier run, usually absent; VACUUM INTO fails if it stays
        unlink(temporary)
        do {
            let copy = try write(temporary)
            try copy.execute("CREATE TABLE \(publisherTable) (machine TEXT NOT NULL, host TEXT NOT NULL)")
            try copy.run("INSERT INTO \(publisherTable) VALUES (?, ?)",
                         [.text(publisher.machine), .text(publisher.host)])
        } catch {
            // ignored: removing the copy that could not be written; that error is what is reported
            unlink(temporary)
            throw error
        }
        do throws(SystemError) { try AtomicFile.place(temporary, at: path, mode: 0o600, durable: durable) } catch {
            // ignored: removing the copy that could not be put in place; that error is what is reported
            unlink(temporary)
            let reason = String(cString: strerror(error.errno))
            throw SQLiteError(call: error.call, code: SQLITE_CANTOPEN, message: reason)
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
    static func record(_ row: [SQLiteValue], reading: Bool) -> SessionRecord? {
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
                             plan: row[13].string, planStep: StoredBounds.int(row[14].int, in: StoredBounds.count),
                             // The kind comes before the uuid; a file of another's may spell one sevenmin does not.
                             kind: row[row.count - 3].string.flatMap(SessionKind.init(rawValue:)) ?? .workout)
    }

    /// The stored outcome; a session left unfinished by a process that has gone reads as interrupted
    /// (a reader cannot mark it so in the file, and must not call it running).
    private static func outcome(_ stored: SQLiteValue, pid: SQLiteValue) -> SessionOutcome? {
        if let code = stored.string { return SessionOutcome(code: code) }
        guard let pid = pid.int, let id = Int32(exactly: pid), processIsAlive(id) else { return .interrupted }
        return nil
    }

    static func summary(_ row: [SQLiteValue], reading: Bool) -> SessionSummary? {
        guard let record = record(row, reading: reading),
              let worked = StoredBounds.double(row[15].double ?? 0, in: StoredBounds.worked),
              let done = StoredBounds.int(row[16].int ?? 0, in: StoredBounds.count) else { return nil }
        return SessionSummary(record: record, workedSeconds: worked, exercisesDone: done)
    }

    static func segment(_ row: [SQLiteValue]) -> SegmentRecord? {
        segment { row[Int($0)] }
    }

    /// A segment from the columns of `segmentColumns`, column `k` read by `column(k)`.
    static func segment(_ column: (Int32) -> SQLiteValue) -> SegmentRecord? {
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
                             stage: column(11).string.flatMap(Stage.init(rawValue:)) ?? .main,
                             reps: column(12).int.flatMap { StoredBounds.int($0, in: StoredBounds.count) })
    }

    /// A stored side, 1 or 2; anything else (none, read as 0, or a tampered value) as none.
    static func side(_ value: Int64?) -> Int? {
        value.flatMap { $0 == 1 || $0 == 2 ? Int($0) : nil }
    }
}
