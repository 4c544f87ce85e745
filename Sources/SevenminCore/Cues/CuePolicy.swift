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

    /// Whether `cue`, due at `due`, is too late to play at `now`; the finish never is.
    public static func isStale(_ cue: Cue, due: Instant, at now: Instant) -> Bool {
        cue != .finish && now - due > stalenessLimit
    }
}
