// SPDX-License-Identifier: GPL-3.0-or-later
/// The records a workout plays against: the user's bests as the history gave them, with those beaten on the
/// way, what the screen shows of them, and the ghost passed.
struct RecordPlay: Sendable {
    var records: PersonalRecords
    /// Records this workout set, in order, for the finish screen.
    var set: [PersonalRecord] = []
    /// The segment that shows a record just set, big: the one after the step that set it.
    var shown: (index: Int, record: PersonalRecord)?
    /// The last segment whose ghost was passed: said once.
    var ghostPassed: Int?
}

/// Personal records and the ghost: what a hold's end and its time come to.
extension WorkoutApp {
    /// A segment's end as the history keeps it, and for a step that beat the move's record, its news: an
    /// events-file line, "New record." said once, and the record shown big in the segment after. A step of
    /// as many as you can, ended as done with someone at the keys, asks its count (`CountEntry`).
    mutating func segmentEnded(_ end: SegmentEnd, at now: Instant) -> [Effect] {
        var effects: [Effect] = [.record(.segmentEnded(end))]
        if end.ranOut, settings.keysAtHand, let kind = plan.segments[end.index].countKind {
            counting = CountEntry(index: end.index, title: end.title, kind: kind)
            if settings.voice { effects.append(.announce(Announcement(Phrases(settings.language).howMany, due: now))) }
        }
        guard let kind = end.measure, end.ranOut else { return effects }
        // Set now; the history keeps its own time, and this one is only shown.
        let record = PersonalRecord(exercise: end.title, kind: kind, value: end.actual, setAt: 0)
        return effects + offer(record, shownIn: end.index + 1, at: now)
    }

    /// A key while the count is asked: the number typed so far, or once given, the count for the history
    /// (one events-file line) and, where it beats the move's record, its news, shown in the segment under way.
    mutating func countKey(_ key: Key, at now: Instant) -> [Effect] {
        guard var entry = counting else { return [] }
        let outcome = entry.handle(key)
        counting = entry
        guard case .given(let count) = outcome else { return [] }
        counting = nil
        let title = JSONWriter.Value.string(visible(entry.title))
        guard let count else { return [.log(EventRecord(t: now - origin, event: "count", [("exercise", title)]))] }
        let effects: [Effect] = [.record(.counted(index: entry.index, kind: entry.kind, reps: count)),
                                 .log(EventRecord(t: now - origin, event: "count", [
                                    ("exercise", title), ("kind", .string(entry.kind.rawValue)),
                                    ("reps", .integer(count))]))]
        let record = PersonalRecord(exercise: entry.title, kind: entry.kind, value: Double(count), setAt: 0)
        return effects + offer(record, shownIn: session.index, at: now)
    }

    /// Offers `record` to the user's bests; where it beats one, its news: an events-file line, "New record."
    /// said once, and the record shown big in segment `index` and on the finish screen.
    mutating func offer(_ record: PersonalRecord, shownIn index: Int, at now: Instant) -> [Effect] {
        guard let beaten = records.records.offer(record) else { return [] }
        records.set.append(record)
        records.shown = (index, record)
        func value(_ v: Double) -> JSONWriter.Value { record.kind.isCount ? .integer(Int(v)) : .seconds(v) }
        var effects: [Effect] = [.log(EventRecord(t: now - origin, event: "record", [
            ("exercise", .string(visible(record.exercise))), ("kind", .string(record.kind.rawValue)),
            ("value", value(record.value)), ("previous", value(beaten.value))]))]
        if settings.voice { effects.append(.announce(Announcement(Phrases(settings.language).newRecord, due: now))) }
        return effects
    }

    /// On a hold to the limit: the move's record, and with `--ghost` the ghost's time (the record bettered by
    /// the margin); nil on any other step.
    var hold: ScreenModel.Hold? {
        guard session.segment.toLimit, session.segment.segment.isWork else { return nil }
        let record = records.records.record(plan.exercise(of: session.index).title, .hold)?.value
        return ScreenModel.Hold(record: record, ghost: settings.ghostMargin.flatMap { m in record.map { $0 * m } },
                                ghostPassed: records.ghostPassed == session.index)
    }

    /// When the hold under way passes its ghost, if it has one still to pass.
    var ghostDue: Instant? {
        guard session.state == .running, records.ghostPassed != session.index, let ghost = hold?.ghost,
              let start = session.timer.startInstant else { return nil }
        return start + ghost
    }

    /// Passing the ghost, once a hold: one events-file line, and said.
    mutating func passGhost(at now: Instant, into effects: inout [Effect]) {
        guard let due = ghostDue, due <= now, let ghost = hold?.ghost else { return }
        records.ghostPassed = session.index
        effects.append(.log(EventRecord(t: due - origin, event: "ghost", [
            ("exercise", .string(visible(plan.exercise(of: session.index).title))), ("ghost", .seconds(ghost))])))
        if settings.voice {
            effects.append(.announce(Announcement(Phrases(settings.language).ghostPassed, due: due)))
        }
        flash(at: now)
    }
}
