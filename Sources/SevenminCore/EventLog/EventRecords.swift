// SPDX-License-Identifier: GPL-3.0-or-later
/// Which session events become lines of the events file, and what each line says.
public enum EventRecords {
    /// The line for `event`, or nil for events the file does not carry (seconds, halfway).
    public static func record(for event: SessionEvent, in plan: Plan, origin: Instant, now: Instant,
                              seed: UInt64?) -> EventRecord? {
        let t = now - origin, planned = event.due - origin
        switch event.kind {
        case .started:
            var fields: [(String, JSONWriter.Value)] = [
                ("routine", .string(plan.routine.name)),
                ("segments", .integer(plan.segments.count)),
                ("duration", .seconds(plan.totalDuration)),
                // The origin on CLOCK_MONOTONIC, so tools can line events up with other clocks.
                ("clock", .seconds(origin)),
            ]
            if let seed { fields.append(("seed", .string(String(seed)))) }
            return EventRecord(t: t, event: "start", fields)
        case .segmentStarted:
            let segment = plan.segments[event.segmentIndex]
            var fields: [(String, JSONWriter.Value)] = [
                ("kind", .string(segment.kind.rawValue)),
                ("index", .integer(event.segmentIndex)),
                ("title", .string(plan.heading(of: event.segmentIndex))),
                ("round", .integer(segment.round)),
                ("planned", .seconds(planned)),
            ]
            // Which side a side of its own is, or the switch leads to.
            if let side = segment.side { fields.append(("side", .integer(side))) }
            return EventRecord(t: t, event: "segment", fields)
        case .paused: return EventRecord(t: t, event: "pause")
        case .resumed: return EventRecord(t: t, event: "resume")
        case .finished: return EventRecord(t: t, event: "finish", [("planned", .seconds(planned))])
        case .second, .halfway, .switchSides, .countdown: return nil
        }
    }

    /// The line for a cue: when it was handed on, when it was due, and how it was delivered
    /// (`device`, `bell`, or `none` when it could not be heard).
    public static func cue(_ cue: Cue, delivery: String, t: Double, planned: Double) -> EventRecord {
        EventRecord(t: t, event: "cue", [("cue", .string(cue.rawValue)), ("planned", .seconds(planned)),
                                         ("delivery", .string(delivery))])
    }

    /// The line for what the audio side reported: `cue` or `say`, when it was handed on (or given
    /// up), when it was due, and how: `device`, or `none` with why (`late`, `cut`, `skipped`).
    public static func delivery(_ d: AudioDelivery, origin: Instant) -> EventRecord {
        var fields: [(String, JSONWriter.Value)]
        let event: String
        switch d.item {
        case .cue(let cue):
            event = "cue"
            fields = [("cue", .string(cue.rawValue))]
        case .phrase(let phrase):
            event = "say"
            fields = [("text", .string(phrase.text))]
        }
        fields += [("planned", .seconds(d.due - origin)),
                   ("delivery", .string(d.outcome == .played ? "device" : "none"))]
        switch d.outcome {
        case .stale(let late): fields.append(("late", .seconds(late)))
        case .cutOff: fields.append(("cut", .string("by a more important phrase")))
        case .notRendered: fields.append(("skipped", .string("not rendered in time")))
        case .played, .noDevice: break
        }
        return EventRecord(t: d.at - origin, event: event, fields)
    }
}
