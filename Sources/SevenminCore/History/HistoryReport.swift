// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// `sevenmin history`: one line per session, as text, JSON or CSV.
public enum HistoryReport {
    /// Each workout's short id (when read through every machine's copies), the local date and time it started
    /// where it was done (`localStart`), the routine, time
    /// worked, exercises done of planned, effort, outcome; when any workout has a heart rate, its average and
    /// peak (`138/171`) and its recovery; and, when any workout was read from another machine's file, which machine.
    public static func text(_ sessions: [SessionSummary], metrics: TextMetrics) -> String {
        if sessions.isEmpty { return "No workouts recorded yet.\n" }
        let elsewhere = sessions.contains { $0.record.machine != nil && !$0.record.recordedHere }
        // Which plan and step each workout was done for, once any was: "-" for one off any plan.
        let planned = sessions.contains { $0.record.plan != nil }
        let hearts = sessions.contains { $0.heart?.whole != nil }
        let ids = sessions.contains { $0.record.shortID != nil }
        let header = (ids ? ["ID"] : []) + ["DATE", "ROUTINE", "WORKED", "EXERCISES", "EFFORT"]
            + (hearts ? ["BPM", "RECOVERY"] : []) + ["OUTCOME"] + (planned ? ["PLAN"] : [])
            + (elsewhere ? ["MACHINE"] : [])
        let rows = sessions.map { s -> [String] in
            var row = (ids ? [s.record.shortID ?? "-"] : []) + [localStart(s.record), visible(s.record.routine),
                       TimeFormat.clock(s.workedSeconds, roundingUp: false),
                       "\(s.exercisesDone)/\(s.record.plannedExercises)", s.record.effort.map { "\($0)/10" } ?? "-"]
            if hearts {
                row.append(s.heart?.whole.map { "\($0.average)/\($0.peak)" } ?? "-")
                row.append(s.heart?.recovery.map { "\($0.drop)" } ?? "-")
            }
            row.append(outcomeText(s.record))
            if planned { row.append(planText(s.record)) }
            if elsewhere {
                row.append(s.record.recordedHere ? "this one" : s.record.machine.map(visible) ?? "this one")
            }
            return row
        }
        var widths = header.map(\.count)
        for row in rows { for (k, cell) in row.enumerated() { widths[k] = max(widths[k], metrics.width(cell)) } }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { k, cell in
                let pad = String(repeating: " ", count: widths[k] - metrics.width(cell))
                // Numbers line up on the right, words on the left; the last column is not padded.
                let first = ids ? 3 : 2
                if (first...(first + (hearts ? 4 : 2))).contains(k) { return pad + cell }
                return k == cells.count - 1 ? cell : cell + pad
            }.joined(separator: "  ")
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n") + "\n"
    }

    /// "Quick steps step 3", or "-" for a workout off any plan.
    static func planText(_ r: SessionRecord) -> String {
        guard let plan = r.plan else { return "-" }
        return visible(plan) + (r.planStep.map { " step \($0)" } ?? "")
    }

    /// A JSON array, one object per session, each with its segments as recorded when they are given.
    public static func json(_ sessions: [SessionSummary], segments: [Int64: [SegmentRecord]] = [:]) -> String {
        if sessions.isEmpty { return "[]\n" }
        let objects = sessions.map { jsonObject($0, segments: segments[$0.record.id]) }
        return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }

    /// One session of `json`'s array, on one line, indented; with its segments when they are given.
    public static func jsonObject(_ s: SessionSummary, segments: [SegmentRecord]?) -> String {
        var out = JSONBytes()
        writeJSONObject(s, segments: segments, into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// `jsonObject`, appended to `out`: `history --json` writes 100,000 sessions and millions of
    /// segments into one buffer, a chunk at a time, with no string made per value.
    public static func writeJSONObject(_ s: SessionSummary, segments: [SegmentRecord]?, into out: inout JSONBytes) {
        let r = s.record
        out.raw("  {\"id\": ")
        out.integer(r.id)
        // Dates hold nothing to escape: written as they are, between quotes.
        out.raw(", \"start\": \"")
        writeISOUTC(r.startedAt, into: &out)
        out.raw("\", \"local_start\": \"")
        writeDateTime(r.startedAt + Double(r.utcOffset), into: &out)
        out.raw("\"")
        out.raw(", \"utc_offset\": ")
        out.integer(r.utcOffset)
        out.raw(", \"routine\": ")
        out.string(r.routine)
        out.raw(", \"routine_file\": ")
        out.string(r.routineFile)
        out.raw(", \"content_hash\": ")
        out.string(r.contentHash)
        out.raw(", \"seed\": ")
        if let seed = r.seed { out.raw(String(seed)) } else { out.raw("null") }
        out.raw(", \"options\": ")
        out.string(r.options)
        out.raw(", \"planned_seconds\": ")
        out.thousandthsOf(r.plannedSeconds)
        out.raw(", \"worked_seconds\": ")
        out.thousandthsOf(s.workedSeconds)
        out.raw(", \"exercises_done\": ")
        out.integer(s.exercisesDone)
        out.raw(", \"exercises_planned\": ")
        out.integer(r.plannedExercises)
        out.raw(", \"outcome\": ")
        if let outcome = r.outcome { out.string(outcome.code) } else { out.raw("null") }
        out.raw(", \"parts\": ")
        out.integer(r.parts)
        out.raw(", \"effort\": ")
        if let effort = r.effort { out.integer(effort) } else { out.raw("null") }
        out.raw(", \"uuid\": ")
        out.string(r.uuid)
        if let short = r.shortID {
            out.raw(", \"short_id\": ")
            out.string(short)
        }
        out.raw(", \"machine\": ")
        if let machine = r.machine { out.string(machine) } else { out.raw("null") }
        out.raw(", \"plan\": ")
        if let plan = r.plan { out.string(plan) } else { out.raw("null") }
        out.raw(", \"plan_step\": ")
        if let step = r.planStep { out.integer(step) } else { out.raw("null") }
        out.raw(", \"kind\": ")
        out.string(r.kind.rawValue)
        // Only where a heart rate was recorded, as a segment's side: other workouts are written as they always were.
        if let heart = s.heart, let whole = heart.whole {
            out.raw(", \"heart_rate\": ")
            writeHeart(whole, recovery: .some(heart.recovery), into: &out)
        }
        if let segments {
            out.raw(", \"segments\": [")
            for (k, g) in segments.enumerated() {
                out.raw(k == 0 ? "{\"index\": " : ", {\"index\": ")
                out.integer(g.index)
                out.raw(", \"kind\": ")
                out.string(g.kind)
                out.raw(", \"exercise\": ")
                out.string(g.exercise)
                out.raw(", \"round\": ")
                out.integer(g.round)
                out.raw(", \"planned\": ")
                out.number(g.planned)
                out.raw(", \"actual\": ")
                out.number((g.actual * 1000).rounded() / 1000)
                out.raw(", \"ended\": ")
                out.string(g.ended.rawValue)
                out.raw(", \"part\": ")
                out.integer(g.part)
                if let side = g.side {
                    out.raw(", \"side\": ")
                    out.integer(side)
                }
                if let reps = g.reps {
                    out.raw(", \"reps\": ")
                    out.integer(reps)
                }
                if let heart = s.heart, heart.segments.count == segments.count, let here = heart.segments[k] {
                    out.raw(", \"heart_rate\": ")
                    writeHeart(here, into: &out)
                }
                out.raw("}")
            }
            out.raw("]")
        }
        out.raw("}")
    }

    /// `{"average": 138, "peak": 171, "samples": 420}`, with the recovery when it is given (`{"from": 165,
    /// "to": 133, "drop": 32}`, or null when it could not be measured).
    static func writeHeart(_ heart: HeartRateSummary, recovery: HeartRateSample.Recovery?? = .none,
                           into out: inout JSONBytes) {
        out.raw("{\"average\": ")
        out.integer(heart.average)
        out.raw(", \"peak\": ")
        out.integer(heart.peak)
        out.raw(", \"samples\": ")
        out.integer(heart.samples)
        if case .some(let recovery) = recovery {
            out.raw(", \"recovery\": ")
            if let recovery {
                out.raw("{\"from\": ")
                out.integer(recovery.from)
                out.raw(", \"to\": ")
                out.integer(recovery.to)
                out.raw(", \"drop\": ")
                out.integer(recovery.drop)
                out.raw("}")
            } else {
                out.raw("null")
            }
        }
        out.raw("}")
    }

    /// RFC 4180 CSV with a header row and CRLF line ends; the plan and its step are empty for a workout off any plan.
    public static func csv(_ sessions: [SessionSummary]) -> String {
        let header = ["id", "start", "local_start", "routine", "routine_file", "worked_seconds", "exercises_done",
                      "exercises_planned", "planned_seconds", "outcome", "seed", "parts", "effort", "plan", "plan_step",
                      "average_bpm", "peak_bpm", "recovery_bpm"]
        let rows = sessions.map { s -> [String] in
            let r = s.record
            return [String(r.id), isoUTC(r.startedAt), localStart(r), r.routine,
                    r.routineFile, number(s.workedSeconds), String(s.exercisesDone), String(r.plannedExercises),
                    number(r.plannedSeconds), r.outcome?.code ?? "", r.seed.map { String($0) } ?? "", String(r.parts),
                    r.effort.map { String($0) } ?? "", r.plan ?? "", r.planStep.map { String($0) } ?? "",
                    s.heart?.whole.map { String($0.average) } ?? "", s.heart?.whole.map { String($0.peak) } ?? "",
                    s.heart?.recovery.map { String($0.drop) } ?? ""]
        }
        return ([header] + rows).map { $0.map(csvField).joined(separator: ",") + "\r\n" }.joined()
    }

    /// Quotes a field when it holds a comma, a quote, a line break or edge spaces, doubling inner quotes.
    public static func csvField(_ field: String) -> String {
        let special = field.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard special || field.first == " " || field.last == " " else { return field }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }

    static func outcomeText(_ r: SessionRecord) -> String {
        let outcome = r.outcome?.label ?? "running"
        return r.parts > 1 ? "\(outcome) (\(r.parts) parts)" : outcome
    }

    /// When `record` started, in the local time of where it started (its stored offset, as the streak
    /// counts its day), whatever the zone is now: `2026-11-29 07:05`.
    public static func localStart(_ record: SessionRecord) -> String {
        dateTime(record.startedAt + Double(record.utcOffset))
    }

    /// `2026-11-29T07:05:00Z`; with `milliseconds`, `2026-11-29T07:05:00.042Z`.
    public static func isoUTC(_ t: Double, milliseconds: Bool = false) -> String {
        var out = JSONBytes()
        writeISOUTC(t, into: &out)
        let text = String(decoding: out.bytes, as: UTF8.self)
        guard milliseconds else { return text }
        // To the nearest millisecond, never rounded up into the next second.
        let ms = min(999, Int(((t - t.rounded(.down)) * 1000).rounded()))
        // The rest as a String: a Substring joined to it is generic code, looked up as the log's first line is stamped.
        return String(text.dropLast()) + "." + (ms < 100 ? "0" : "") + CivilTime.pad(ms) + "Z"
    }

    private static func dateTime(_ seconds: Double) -> String {
        var out = JSONBytes()
        writeDateTime(seconds, into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// `isoUTC`, appended to `out`.
    static func writeISOUTC(_ t: Double, into out: inout JSONBytes) {
        writeDateTime(t, separator: UInt8(ascii: "T"), into: &out)
        out.raw(byte: UInt8(ascii: ":"))
        out.twoDigits(CivilTime(t).second)
        out.raw(byte: UInt8(ascii: "Z"))
    }

    /// `2026-11-29 07:05` for `seconds` since 1970 (on whichever clock), appended to `out`.
    static func writeDateTime(_ seconds: Double, separator: UInt8 = UInt8(ascii: " "), into out: inout JSONBytes) {
        let date = CivilTime(seconds)
        out.integer(date.year)
        out.raw(byte: UInt8(ascii: "-"))
        out.twoDigits(date.month)
        out.raw(byte: UInt8(ascii: "-"))
        out.twoDigits(date.day)
        out.raw(byte: separator)
        out.twoDigits(date.hour)
        out.raw(byte: UInt8(ascii: ":"))
        out.twoDigits(date.minute)
    }

    /// Up to three decimals, without trailing zeros: `450`, `29.5`.
    static func number(_ x: Double) -> String {
        var out = JSONBytes()
        out.thousandthsOf(x)
        return String(decoding: out.bytes, as: UTF8.self)
    }
}
