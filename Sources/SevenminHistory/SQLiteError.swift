// SPDX-License-Identifier: GPL-3.0-or-later
/// A failed SQLite call: which function, its result code and SQLite's message.
public struct SQLiteError: Error, Equatable, CustomStringConvertible {
    public var call: String
    /// The extended result code.
    public var code: Int32
    public var message: String

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, …) without the extended bits.
    public var primary: Int32 { code & 0xFF }

    public var description: String { "\(call) failed (\(code)): \(message)" }
}
