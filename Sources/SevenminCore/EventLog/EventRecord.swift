// SPDX-License-Identifier: GPL-3.0-or-later
/// One line of the `--events` file: a flat JSON object with `t` and `event` first.
public struct EventRecord: Equatable, Sendable {
    /// Seconds since the workout started, on the monotonic clock.
    public var t: Double
    public var event: String
    public var fields: [JSONWriter.Member]

    public init(t: Double, event: String, _ fields: [(String, JSONWriter.Value)] = []) {
        self.t = t
        self.event = event
        self.fields = fields.map { JSONWriter.Member($0.0, $0.1) }
    }

    /// The record as one line of JSON, without the newline.
    public var jsonLine: String {
        JSONWriter.line(.object([JSONWriter.Member("t", .seconds(t)), JSONWriter.Member("event",
            .string(event))] + fields))
    }
}
