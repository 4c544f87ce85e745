// SPDX-License-Identifier: GPL-3.0-or-later
import CSQLite

/// A prepared statement, finalised when released.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private let connection: SQLiteConnection
    /// Whether this finalises the statement; a statement the connection keeps prepared is its to finalise.
    private let owned: Bool

    init(_ handle: OpaquePointer, connection: SQLiteConnection, owned: Bool = true) {
        self.handle = handle
        self.connection = connection
        self.owned = owned
    }

    // finalize repeats the last step's error, which `step` has already thrown.
    deinit {
        // ignored: it returns the error of the statement's last step, which step already reported
        if owned { sqlite3_finalize(handle) }
    }

    /// `sqlite3_bind_*`, one parameter per value, from 1.
    func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        for (k, value) in values.enumerated() {
            let index = Int32(k + 1)
            switch value {
            case .integer(let v): try connection.check(sqlite3_bind_int64(handle, index, v), "sqlite3_bind_int64")
            case .real(let d): try connection.check(sqlite3_bind_double(handle, index, d), "sqlite3_bind_double")
            case .null: try connection.check(sqlite3_bind_null(handle, index), "sqlite3_bind_null")
            case .text(let s):
                try connection.check(sqlite3_bind_text(handle, index, s, -1, csqlite_transient()), "sqlite3_bind_text")
            }
        }
    }

    /// `sqlite3_reset` and `sqlite3_clear_bindings`: ready to run again, with nothing bound.
    func reset() {
        // ignored: reset repeats the last step's error, which step already threw
        sqlite3_reset(handle)
        // ignored: clear_bindings cannot fail on a valid statement
        sqlite3_clear_bindings(handle)
    }

    /// `sqlite3_step`: true while there is a row to read.
    func step() throws(SQLiteError) -> Bool {
        let rc = sqlite3_step(handle)
        if rc == SQLITE_ROW { return true }
        try connection.check(rc, "sqlite3_step")
        return false
    }

    /// `sqlite3_column_int64`.
    func int(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    /// `sqlite3_column_double`.
    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    /// `sqlite3_column_text`, decoded as UTF-8; empty for NULL.
    func text(_ column: Int32) -> String { sqlite3_column_text(handle, column).map { String(cString: $0) } ?? "" }

    /// `sqlite3_column_*` for every column of the current row.
    func row() -> [SQLiteValue] {
        (0..<sqlite3_column_count(handle)).map(value)
    }

    /// `sqlite3_column_*` for one column of the current row, by its type.
    func value(_ column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
        case SQLITE_NULL: return .null
        default: return .text(sqlite3_column_text(handle, column).map { String(cString: $0) } ?? "")
        }
    }
}
