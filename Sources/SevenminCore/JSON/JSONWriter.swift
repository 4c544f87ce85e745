// SPDX-License-Identifier: GPL-3.0-or-later
/// Writes JSON text: the one writer behind the events file, `list --json` and routine templates.
public enum JSONWriter {
    /// A value to write.
    public enum Value: Equatable, Sendable {
        case string(String)
        /// Written with microsecond precision, enough to judge millisecond timing.
        case seconds(Double)
        /// Written in the shortest form that reads back exactly; whole numbers without a point.
        case number(Double)
        case integer(Int)
        case object([Member])
        case array([Value])
        case bool(Bool)
        case null
    }

    /// One key and its value, in the order written.
    public struct Member: Equatable, Sendable {
        public var key: String
        public var value: Value

        public init(_ key: String, _ value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// `value` on one line, with a space after each `:` and `,`.
    public static func line(_ value: Value) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    /// A file for people to read and edit: objects and lists of objects one member or item a
    /// line, indented by two spaces a level, down to `compactFrom` levels deep; deeper values, and
    /// lists of plain values, on one line. Ends with a newline.
    public static func document(_ value: Value, compactFrom depth: Int = 2) -> String {
        var out = ""
        writeIndented(value, indent: "", levels: depth, into: &out)
        return out + "\n"
    }

    static func writeIndented(_ value: Value, indent: String, levels: Int, into out: inout String) {
        let inner = indent + "  "
        func container(_ v: Value) -> Bool {
            switch v {
            case .object, .array: return true
            default: return false
            }
        }
        switch value {
        case .object(let members) where levels > 0 && !members.isEmpty:
            out += "{\n"
            for (k, member) in members.enumerated() {
                out += inner + quote(member.key) + ": "
                writeIndented(member.value, indent: inner, levels: levels - 1, into: &out)
                out += k + 1 < members.count ? ",\n" : "\n"
            }
            out += indent + "}"
        case .array(let items) where levels > 0 && items.contains(where: container):
            out += "[\n"
            for (k, item) in items.enumerated() {
                out += inner
                writeIndented(item, indent: inner, levels: levels - 1, into: &out)
                out += k + 1 < items.count ? ",\n" : "\n"
            }
            out += indent + "]"
        default:
            write(value, into: &out)
        }
    }

    static func write(_ value: Value, into out: inout String) {
        switch value {
        case .string(let s): out += quote(s)
        case .seconds(let d): out += seconds(d)
        case .number(let d): out += number(d)
        case .integer(let n): out += String(n)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            out += "["
            for (k, item) in items.enumerated() {
                if k > 0 { out += ", " }
                write(item, into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (k, member) in members.enumerated() {
                if k > 0 { out += ", " }
                out += quote(member.key) + ": "
                write(member.value, into: &out)
            }
            out += "}"
        }
    }

    /// A JSON string literal; control characters are escaped, so the text can never drive a terminal.
    public static func quote(_ s: String) -> String {
        // Most text (every key, most values) is printable ASCII with nothing to escape: as it is.
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) { return "\"" + s + "\"" }
        var out = JSONBytes(capacity: s.utf8.count + 8)
        out.string(s)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Whole numbers without a decimal point; others in the shortest form that reads back exactly.
    public static func number(_ v: Double) -> String {
        var out = JSONBytes()
        out.number(v)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Fixed six decimals: microseconds.
    public static func seconds(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        let micro = (d * 1_000_000).rounded()
        let sign = micro < 0 ? "-" : ""
        let m = Int(abs(micro))
        let fraction = String(m % 1_000_000)
        return sign + String(m / 1_000_000) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}
