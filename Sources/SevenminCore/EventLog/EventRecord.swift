/// One line of the `--events` file: a flat JSON object with `t` and `event` first.
public struct EventRecord: Equatable, Sendable {
    public enum Value: Equatable, Sendable {
        case string(String)
        case number(Double)
        case integer(Int)
    }

    /// Seconds since the workout started, on the monotonic clock.
    public var t: Double
    public var event: String
    public var fields: [(String, Value)]

    public init(t: Double, event: String, _ fields: [(String, Value)] = []) {
        self.t = t
        self.event = event
        self.fields = fields
    }

    public static func == (a: EventRecord, b: EventRecord) -> Bool {
        a.t == b.t && a.event == b.event && a.fields.map(\.0) == b.fields.map(\.0) && a.fields.map(\.1) == b.fields.map(\.1)
    }

    /// The record as one line of JSON, without the newline.
    public var jsonLine: String {
        var out = "{\"t\": \(EventRecord.seconds(t)), \"event\": \(EventRecord.quote(event))"
        for (key, value) in fields {
            out += ", \(EventRecord.quote(key)): "
            switch value {
            case .string(let s): out += EventRecord.quote(s)
            case .number(let d): out += EventRecord.seconds(d)
            case .integer(let n): out += String(n)
            }
        }
        return out + "}"
    }

    /// Microsecond precision, enough to judge millisecond timing.
    static func seconds(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        let micro = (d * 1_000_000).rounded()
        let sign = micro < 0 ? "-" : ""
        let m = Int(abs(micro))
        let fraction = String(m % 1_000_000)
        return sign + String(m / 1_000_000) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    public static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
