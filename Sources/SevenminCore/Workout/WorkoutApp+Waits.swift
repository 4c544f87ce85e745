// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The rests that wait for the heart, and the steps counted in reps that nobody can end.
extension WorkoutApp {
    /// A rest of a routine with `restUntil` waits for the heart (`HeartRest`): performs what it answers to
    /// `news` on the session.
    mutating func waitForHeart(_ news: HeartRest.News, at now: Instant, into effects: inout [Effect]) {
        for action in heartRest?.handle(news) ?? [] {
            switch action {
            case .lengthen(let seconds):
                perform(session.addTime(seconds, at: now), at: now, into: &effects)
                // What the timer took, which may be less than asked: a rest past the longest keeps a second.
                _ = heartRest?.handle(.lengthened(by: session.timer.countdownTime - currentLength))
                currentLength = session.timer.countdownTime
            case .shorten(let seconds):
                perform(session.addTime(-seconds, at: now), at: now, into: &effects)
                currentLength = session.timer.countdownTime
            case .end:
                leave(at: now, into: &effects, done: true) { $0.next(at: now) }
            }
        }
    }

    /// The news for a rest that may wait for the heart at `now`, if one is under way.
    func restingNews(at now: Instant) -> HeartRest.News? {
        guard heartRest != nil, session.state == .running || session.state == .paused,
              [.rest, .roundRest].contains(session.segment.kind), !plan.isFinalRest(session.index) else { return nil }
        return .resting(index: session.index, length: currentLength, bpm: heart.fresh(at: now))
    }

    /// With no keys at hand (a pipe, an exported track) nobody can say a step counted in reps is done:
    /// it is taken as done after its exercise's work, as a timed step would end.
    var unattendedRepsEnd: Instant? {
        guard !settings.keysAtHand, session.state == .running, session.segment.countsUp,
              let start = session.timer.startInstant else { return nil }
        return start + plan.exercise(of: session.index).work
    }
}
