// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// A value bound to or read from a statement.
enum SQLiteValue: Equatable {
    case integer(Int64), real(Double), text(String), null

    var int: Int64? {
        switch self {
        case .integer(let v): return v
        // Int64(d) traps on a real beyond Int64's range; a stored value may be anything.
        case .real(let d): return Int64(exactly: d.rounded(.towardZero))
        default: return nil
        }
    }
    var double: Double? {
        switch self {
        case .real(let d): return d
        case .integer(let v): return Double(v)
        default: return nil
        }
    }
    var string: String? { if case .text(let s) = self { s } else { nil } }
}
