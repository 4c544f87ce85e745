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
