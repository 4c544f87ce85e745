// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The rests that wait for the heart, and the steps counted in reps that nobody can end.
extension WorkoutApp {
    /// A rest of a routine with `restUntil`: the first fresh reading in it makes it last the rule's `max` in
    /// all, and a reading under the rule's bpm ends it there and then. Without a reading it runs as set.
    mutating func waitForHeart(at now: Instant, into effects: inout [Effect]) {
        guard let rule = plan.routine.restUntil, session.state == .running || session.state == .paused,
              [.rest, .roundRest].contains(session.segment.kind), !plan.isFinalRest(session.index) else { return }
        if heartRest?.index != session.index { heartRest = (session.index, nil) }
        guard let bpm = heart.fresh(at: now) else { return }
        if heartRest?.added == nil {
            perform(session.addTime(rule.max - currentLength, at: now), at: now, into: &effects)
            // What the timer took, which may be less than asked: a rest past the longest keeps a second.
            heartRest?.added = session.timer.countdownTime - currentLength
            currentLength = session.timer.countdownTime
        }
        if bpm < rule.heartRate {
            heartRestEnd = (session.index + 1, bpm)
            leave(at: now, into: &effects, done: true) { $0.next(at: now) }
        }
    }

    /// The strap was lost (gone, out of reach, Bluetooth off, or no longer read) while a rest waited for it: the
    /// rest is an ordinary one again, as with no strap, rather than last the rule's longest for a reading that
    /// cannot come. A reading that comes again stretches it again. Skin contact lost is not a loss: a strap
    /// shifting on the chest would otherwise end a rest past its own length.
    mutating func stopWaitingForHeart(at now: Instant, into effects: inout [Effect]) {
        guard let rest = heartRest, rest.index == session.index, let added = rest.added else { return }
        heartRest?.added = nil
        perform(session.addTime(-added, at: now), at: now, into: &effects)
        currentLength = session.timer.countdownTime
    }

    /// With no keys at hand (a pipe, an exported track) nobody can say a step counted in reps is done:
    /// it is taken as done after its exercise's work, as a timed step would end.
    var unattendedRepsEnd: Instant? {
        guard !settings.keysAtHand, session.state == .running, session.segment.countsUp,
              let start = session.timer.startInstant else { return nil }
        return start + plan.exercise(of: session.index).work
    }
}
