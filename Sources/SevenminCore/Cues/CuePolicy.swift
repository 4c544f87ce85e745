// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// Decides which cue, if any, an event should sound.
public enum CuePolicy {
    /// A cue this late is stale: after a stall it would only be noise, so it is dropped.
    public static let stalenessLimit = 0.5

    public static func cue(for event: SessionEvent, in plan: Plan) -> Cue? {
        switch event.kind {
        case .segmentStarted: return plan.segments[event.segmentIndex].segment.startCue
        case .countdown: return .tick
        case .halfway: return .halfway
        case .switchSides: return .switchSides
        case .finished: return .finish
        case .started, .second, .paused, .resumed: return nil
        }
    }

    /// The cues to play for events handled at `now`, dropping stale ones (except the finish).
    public static func cues(for events: [SessionEvent], in plan: Plan, at now: Instant) -> [(cue: Cue,
        event: SessionEvent)] {
        events.compactMap { event in
            guard let cue = cue(for: event, in: plan) else { return nil }
            if cue != .finish, now - event.due > stalenessLimit { return nil }
            return (cue, event)
        }
    }
}
