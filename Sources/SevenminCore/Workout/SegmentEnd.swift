// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// A segment that ended.
public struct SegmentEnd: Equatable, Sendable {
    public var index: Int
    public var kind: SegmentKind
    public var title: String
    public var round: Int
    /// Seconds the plan gave it.
    public var planned: Double
    /// Seconds it really ran, pauses excluded.
    public var actual: Double
    /// True when it ran out; false when it was skipped or cut short.
    public var ranOut: Bool
    /// Which side of an exercise done on each side, as `SegmentRecord.side`.
    public var side: Int? = nil
    /// The part of the workout it belongs to: a warm-up's or a cool-down's exercises and the rests before
    /// them, or the main rounds (getting ready too).
    public var stage: Stage = .main
    /// What it measured for the personal records, as `SegmentRecord.measure`.
    public var measure: RecordKind? = nil
    /// The reps a step of as many as you can did, as typed (`CountEntry`); nil when none was given.
    public var reps: Int? = nil
}
