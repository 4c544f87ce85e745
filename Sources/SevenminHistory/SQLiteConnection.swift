import CSQLite

/// One open SQLite database. Each C call has one small wrapper that throws `SQLiteError`
/// naming the call. Not thread-safe: one connection belongs to one thread or queue at a time.
final class SQLiteConnection {
    let handle: OpaquePointer
    let path: String

    /// `sqlite3_open_v2`.
    init(path: String, readOnly: Bool = false) throws(SQLiteError) {
        var db: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_close_v2(db)
            throw SQLiteError(call: "sqlite3_open_v2", code: rc, message: message)
        }
        handle = db
        self.path = path
    }

    // close_v2 cannot fail on a valid handle: it defers the close until the last statement is finalised.
    deinit { sqlite3_close_v2(handle) }

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

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back if it throws. IMMEDIATE takes
    /// the write lock at the start, so two writers queue on the busy timeout instead of deadlocking.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // The body's error is the one to report; if ROLLBACK fails, SQLite has already rolled back.
            try? execute("ROLLBACK")
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

    /// Runs a statement with `values` bound, for its effect.
    func run(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) {
        let statement = try prepare(sql)
        try statement.bind(values)
        while try statement.step() {}
    }
}
