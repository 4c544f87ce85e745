// SPDX-License-Identifier: GPL-3.0-or-later
/// The status file's contents: a `StatusSnapshot` placed in wall-clock time, with the writer's pid,
/// so readers compute the time left themselves and can tell a file left behind by a killed process.
public struct StatusRecord: Equatable, Sendable {
    public var pid: Int32
    public var snapshot: StatusSnapshot
    /// When a running segment ends, in seconds since 1970; nil while paused. For other readers:
    /// a wall clock set forward or back moves it.
    public var endsAt: Double?
    /// The same end on `CLOCK_MONOTONIC` (one clock for every process of a boot, never set), which
    /// `sevenmin status` counts down from, so that a wall-clock jump cannot make it wrong.
    public var endsAtMonotonic: Double?

    public init(pid: Int32, snapshot: StatusSnapshot, wallNow: Double, monotonicNow: Double? = nil) {
        self.pid = pid
        self.snapshot = snapshot
        let counting = !snapshot.paused && !snapshot.finished
        endsAt = counting ? wallNow + snapshot.remaining : nil
        endsAtMonotonic = counting ? monotonicNow.map { $0 + snapshot.remaining } : nil
    }

    /// The file's text: one JSON object on one line.
    public var json: String {
        let s = snapshot
        return JSONWriter.line(.object([
            .init("pid", .integer(Int(pid))), .init("routine", .string(s.routine)), .init("title", .string(s.title)),
            .init("segment", .integer(s.segment)), .init("segments", .integer(s.segments)),
            .init("state", .string(s.state)), .init("remaining", .seconds(s.remaining)),
            .init("endsAt", endsAt.map { .seconds($0) } ?? .null),
            .init("endsAtMonotonic", endsAtMonotonic.map { .seconds($0) } ?? .null),
        ] + (s.phone.map { [.init("phone", .string($0))] } ?? []) + StatusRecord.command(s))) + "\n"
    }

    /// The command's members, for the file and `status --json`: `command` (its name) and `commandState`.
    public static func command(_ s: StatusSnapshot) -> [JSONWriter.Member] {
        s.command.map { [.init("command", .string($0.name)), .init("commandState", .string($0.state))] } ?? []
    }

    /// Reads a status file back; nil when it is not one (torn, foreign or from another version).
    public static func parse(_ bytes: [UInt8]) -> StatusRecord? {
        guard let root = try? JSONParser.parse(bytes), case .object(let members) = root.value else { return nil }
        var m: [String: JSONValue] = [:]
        for member in members { m[member.key] = member.value.value }
        guard case .number(let pid)? = m["pid"], let id = Int32(exactly: pid),
              case .string(let routine)? = m["routine"], case .string(let title)? = m["title"],
              case .number(let segment)? = m["segment"], case .number(let segments)? = m["segments"],
              case .string(let state)? = m["state"], case .number(let remaining)? = m["remaining"],
              let index = StoredBounds.int(Int64(exactly: segment), in: StoredBounds.count),
              let count = StoredBounds.int(Int64(exactly: segments), in: StoredBounds.count),
              StoredBounds.duration.contains(remaining) else { return nil }
        var snapshot = StatusSnapshot(routine: routine, title: title, segment: index, segments: count,
                                      paused: state == "paused", remaining: remaining)
        snapshot.finished = state == "finished"
        var record = StatusRecord(pid: id, snapshot: snapshot, wallNow: 0)
        if case .string(let phone)? = m["phone"] { record.snapshot.phone = phone }
        if case .string(let name)? = m["command"], case .string(let state)? = m["commandState"] {
            record.snapshot.command = (name, state)
        }
        // Any number may be in a file: one out of range would trap when the time left is formatted.
        if case .number(let end)? = m["endsAt"] {
            guard StoredBounds.instant.contains(end) else { return nil }
            record.endsAt = end
        } else {
            record.endsAt = nil
        }
        if case .number(let end)? = m["endsAtMonotonic"] {
            guard StoredBounds.instant.contains(end) else { return nil }
            record.endsAtMonotonic = end
        }
        return record
    }

    /// Seconds left in the segment at `monotonicNow` (on `CLOCK_MONOTONIC`) where the writer gave
    /// its end on that clock, else at `wallNow`.
    public func remaining(at wallNow: Double, monotonicNow: Double? = nil) -> Double {
        if let end = endsAtMonotonic, let now = monotonicNow { return max(0, end - now) }
        return endsAt.map { max(0, $0 - wallNow) } ?? snapshot.remaining
    }

    /// The default status line: `Wall Sit 0:12`, with `(paused)` while paused.
    public static let defaultFormat = "{title} {remaining}{paused}{command}"

    /// Fills a format's fields: `{title}`, `{remaining}`, `{routine}`, `{segment}`, `{segments}`,
    /// `{state}` (running, paused, or finished while the command goes on), `{paused}` (` (paused)` or
    /// nothing) and `{command}` (` · make running`, the command `during` runs beside the workout, or nothing).
    /// Printed text is made
    /// safe for the terminal, since routine names come from files. For tmux, which reads `#[…]`,
    /// `#{…}` and `#(…)` in a status command's output as styles, formats and commands, every `#` of
    /// routine text is doubled (tmux's escape), so a title can only ever be shown.
    public func formatted(_ format: String, at wallNow: Double, monotonicNow: Double? = nil,
                          forTmux: Bool = false) -> String {
        let s = snapshot
        func text(_ value: String) -> String {
            forTmux ? visible(value).replacing("#", with: "##") : visible(value)
        }
        let fields = [
            "title": text(s.title), "routine": text(s.routine),
            "remaining": TimeFormat.clock(remaining(at: wallNow, monotonicNow: monotonicNow)),
            "segment": "\(s.segment)",
            "segments": "\(s.segments)", "state": s.state,
            "paused": s.paused ? " (paused)" : "",
            "command": s.command.map { " · " + text($0.name) + " " + text($0.state) } ?? "",
        ]
        var out = "", rest = Substring(format)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"),
                  let value = fields[String(rest[rest.index(after: open)..<close])] else {
                out.append("{")
                rest = rest[rest.index(after: open)...]
                continue
            }
            out += value
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// The names `--format` knows, for help and errors.
    public static let fields = ["title", "remaining", "routine", "segment", "segments", "state", "paused", "command"]
}
