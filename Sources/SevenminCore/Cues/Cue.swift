// SPDX-License-Identifier: GPL-3.0-or-later
/// A sound cue, named after its file in `Sounds/` (`tick.wav`, …).
public enum Cue: String, CaseIterable, Sendable {
    case tick, go, halfway
    case switchSides = "switch"
    case rest, finish

    /// Higher plays first and is never held back by a lower one.
    public var priority: Int {
        switch self {
        case .tick, .switchSides: return 2
        case .go, .finish: return 1
        case .halfway, .rest: return 0
        }
    }

    /// Seconds a phrase that goes with this cue waits, so the cue is heard and its first word is
    /// not masked: until the cue has fallen 12 dB below its peak (then, ducked under speech, it
    /// is 24 dB down). Measured on the committed `Sounds/`, which a test holds to these figures.
    /// The segment's own timing does not move; only the words start later.
    public var clearance: Double {
        switch self {
        case .tick: return 0.05
        case .go, .rest: return 0.4
        case .halfway: return 0.45
        case .switchSides: return 0.55
        case .finish: return 1.1
        }
    }
}

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
