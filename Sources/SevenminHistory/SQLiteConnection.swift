// SPDX-License-Identifier: GPL-3.0-or-later
import CSQLite
import Glibc

/// One open SQLite database. Each C call has one small wrapper that throws `SQLiteError`
/// naming the call. Not thread-safe: one connection belongs to one thread or queue at a time.
final class SQLiteConnection {
    let handle: OpaquePointer
    let path: String
    /// The statements `run` has prepared, by their text, kept for the next run of the same text:
    /// preparing a write compiles the triggers it fires, which costs far more than running it.
    private var prepared: [String: OpaquePointer] = [:]

    /// `sqlite3_open_v2`. A link at the file itself is refused before this, by the store (`lstat`);
    /// SQLite's own `SQLITE_OPEN_NOFOLLOW` is not asked for, as it refuses a link in any folder of the
    /// path too (a linked home, or a `history.d` linked into a synced folder). With `immutable`, a
    /// file SQLite may not lock or keep a shared-memory file beside (its folder is read-only) is read as
    /// it is, through a `file:` URI.
    init(path: String, readOnly: Bool = false, immutable: Bool = false) throws(SQLiteError) {
        var db: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | (immutable ? SQLITE_OPEN_URI : 0)
        let name = immutable ? SQLiteConnection.immutableURI(path) : path
        let rc = sqlite3_open_v2(name, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            // ignored: with _v2 the handle is freed once its statements are; there is nothing left to report to
            sqlite3_close_v2(db)
            throw SQLiteError(call: "sqlite3_open_v2", code: rc, message: message)
        }
        handle = db
        self.path = path
    }

    /// `file://PATH?immutable=1` for an absolute path (`file:PATH?immutable=1` for a relative one), with the
    /// characters a URI gives meaning to escaped. After `file:` alone, a path starting `//` would be read as
    /// an authority (a host), not a path: SQLite then refuses it.
    static func immutableURI(_ path: String) -> String {
        var escaped: [UInt8] = []
        for byte in path.utf8 {
            if byte == UInt8(ascii: "%") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") || byte < 0x21 {
                escaped += Array(("%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)).utf8)
            } else {
                escaped.append(byte)
            }
        }
        return (path.hasPrefix("/") ? "file://" : "file:") + String(decoding: escaped, as: UTF8.self) + "?immutable=1"
    }

    // close_v2 cannot fail on a valid handle: it defers the close until the last statement is finalised.
    deinit {
        // ignored: it returns the error of the statement's last step, which step already reported
        for statement in prepared.values { sqlite3_finalize(statement) }
        // ignored: with _v2 the handle is freed once its statements are; there is nothing left to report to
        sqlite3_close_v2(handle)
    }

    /// Turns a result code into a thrown error naming `call`.
    func check(_ rc: Int32, _ call: String) throws(SQLiteError) {
        guard rc == SQLITE_OK || rc == SQLITE_ROW || rc == SQLITE_DONE else {
            throw SQLiteError(call: call, code: rc, message: String(cString: sqlite3_errmsg(handle)))
        }
    }

    /// `sqlite3_exec`, for statements without parameters or results.
    func execute(_ sql: String) throws(SQLiteError) {
        var error: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &error)
        let message = error.map { String(cString: $0) }
        sqlite3_free(error)
        guard rc == SQLITE_OK else {
            throw SQLiteError(call: "sqlite3_exec", code: rc, message: message ?? String(cString: sqlite3_errstr(rc)))
        }
    }

    /// `sqlite3_serialize`, then `sqlite3_deserialize`: this database's pages (as many as its header
    /// counts, whatever the file's size on disk) as a new database in memory, which SQLite may then grow
    /// and which is never written back. A database in WAL mode is marked as a rollback one in the copy
    /// (header bytes 18 and 19), since an in-memory database cannot have a WAL.
    func copyInMemory() throws(SQLiteError) -> SQLiteConnection {
        var size: Int64 = 0
        guard let bytes = sqlite3_serialize(handle, "main", &size, 0) else {
            throw SQLiteError(call: "sqlite3_serialize", code: SQLITE_NOMEM,
                              message: String(cString: sqlite3_errmsg(handle)))
        }
        if size > 19 { (bytes[18], bytes[19]) = (1, 1) }
        let copy: SQLiteConnection
        do { copy = try SQLiteConnection(path: ":memory:") } catch {
            sqlite3_free(bytes)
            throw error
        }
        // With FREEONCLOSE, SQLite frees the bytes even when deserialising fails.
        let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE)
        try copy.check(sqlite3_deserialize(copy.handle, "main", bytes, size, size, flags), "sqlite3_deserialize")
        return copy
    }

    /// `sqlite3_busy_timeout`: how long to wait for another writer before failing with `SQLITE_BUSY`.
    func setBusyTimeout(milliseconds: Int32) throws(SQLiteError) {
        try check(sqlite3_busy_timeout(handle, milliseconds), "sqlite3_busy_timeout")
    }

    /// `sqlite3_prepare_v2`.
    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(handle, sql, -1, &statement, nil), "sqlite3_prepare_v2")
        guard let statement else {
            throw SQLiteError(call: "sqlite3_prepare_v2", code: SQLITE_MISUSE, message: "no statement in: \(sql)")
        }
        return SQLiteStatement(statement, connection: self)
    }

    /// `sqlite3_last_insert_rowid`.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// `sqlite3_changes`: rows the last statement changed.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// `sqlite3_db_readonly`: whether the file was opened read-only (SQLite does so quietly
    /// when the file's permissions forbid writing).
    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// How many `transaction`s are under way, one inside another.
    private var depth = 0

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back if it throws. IMMEDIATE takes
    /// the write lock at the start, so two writers queue on the busy timeout instead of deadlocking.
    /// Inside another transaction (writes committed together), it is a savepoint of that one: rolled
    /// back alone if it throws, committed with the outer one.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        let inner = depth > 0
        try execute(inner ? "SAVEPOINT inner" : "BEGIN IMMEDIATE")
        depth += 1
        defer { depth -= 1 }
        do {
            let result = try body()
            try execute(inner ? "RELEASE inner" : "COMMIT")
            return result
        } catch {
            // The body's error is the one to report; if ROLLBACK fails, SQLite has already rolled back.
            try? execute(inner ? "ROLLBACK TO inner; RELEASE inner" : "ROLLBACK")
            throw error
        }
    }

    /// Runs a statement with `values` bound and returns its rows.
    func rows(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> [[SQLiteValue]] {
        let statement = try prepare(sql)
        try statement.bind(values)
        var rows: [[SQLiteValue]] = []
        while try statement.step() { rows.append(statement.row()) }
        return rows
    }

    /// Runs a statement with `values` bound and hands each row to `body` as it comes, to read
    /// its columns without building a row of values: for the large reads.
    func each<T>(_ sql: String, _ values: [SQLiteValue] = [],
                 _ body: (SQLiteStatement) -> T) throws(SQLiteError) -> [T] {
        let statement = try prepare(sql)
        try statement.bind(values)
        var out: [T] = []
        while try statement.step() { out.append(body(statement)) }
        return out
    }

    /// Like `each`, but a step that fails part-way keeps the rows read before it, with the failure:
    /// a reader of a damaged file shows what can still be read.
    func eachUntilFailure<T>(_ sql: String, _ values: [SQLiteValue] = [],
                             _ body: (SQLiteStatement) -> T) throws(SQLiteError) -> (rows: [T], failure: SQLiteError?) {
        let statement = try prepare(sql)
        try statement.bind(values)
        var out: [T] = []
        do {
            while try statement.step() { out.append(body(statement)) }
        } catch {
            return (out, error)
        }
        return (out, nil)
    }

    /// Runs a statement with `values` bound, for its effect; prepared once and kept, since a workout
    /// and a bulk load run the same few writes again and again.
    func run(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) {
        let statement: SQLiteStatement
        if let kept = prepared[sql] {
            statement = SQLiteStatement(kept, connection: self, owned: false)
        } else {
            var handle: OpaquePointer?
            try check(sqlite3_prepare_v3(self.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil),
                      "sqlite3_prepare_v3")
            guard let handle else {
                throw SQLiteError(call: "sqlite3_prepare_v3", code: SQLITE_MISUSE, message: "no statement in: \(sql)")
            }
            prepared[sql] = handle
            statement = SQLiteStatement(handle, connection: self, owned: false)
        }
        // Reset even when a step fails, so that a kept statement never holds a lock or a half-run state.
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() {}
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
