// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// What the history keeps of a workout as it goes.
public enum HistoryEntry: Equatable, Sendable {
    /// A segment ended, by running out or by being left (skipped, restarted, or quit).
    case segmentEnded(SegmentEnd)
    /// The workout ended, as the history is to call it.
    case finished(SessionOutcome)
    /// The user said how hard it was, 1 to 10, on the finish screen.
    case effort(Int)
}
