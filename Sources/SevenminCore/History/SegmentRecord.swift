// SPDX-License-Identifier: GPL-3.0-or-later
/// One segment of a recorded workout, written when it ends.
public struct SegmentRecord: Equatable, Sendable {
    public var sessionID: Int64
    /// Position in the plan, so that a resumed session knows where to pick up.
    public var index: Int
    /// `getReady`, `work`, `rest`, `roundRest` or `switch`.
    public var kind: String
    /// The exercise worked, or for a pause the one coming next.
    public var exercise: String
    public var round: Int
    public var planned: Double
    /// Seconds it really lasted, pauses excluded.
    public var actual: Double
    public var ended: SegmentEnding
    /// When it ended, in seconds since 1970 UTC.
    public var endedAt: Double
    /// Which part of a resumed session it belongs to (1 for the first).
    public var part: Int
    /// 1 or 2 for a side of an exercise done on each side, or for the switch to its second; nil otherwise.
    public var side: Int?
    /// Warm-up, main or cool-down (`SegmentEnd.stage`); main where a history from before stages says none.
    public var stage: Stage
    /// What the step measured for the personal records: `hold` for one held to the limit, `reps` (or
    /// `reps_in_N`) for as many as you can, with its count given; nil for the rest.
    public var measure: RecordKind?
    /// The reps a step of as many as you can did, as typed when it ended; nil when none was given.
    public var reps: Int?

    public init(sessionID: Int64 = 0, index: Int, kind: String, exercise: String, round: Int, planned: Double,
                actual: Double, ended: SegmentEnding, endedAt: Double, part: Int = 1, side: Int? = nil,
                stage: Stage = .main, measure: RecordKind? = nil, reps: Int? = nil) {
        self.measure = measure
        self.reps = reps
        self.sessionID = sessionID
        self.index = index
        self.kind = kind
        self.exercise = exercise
        self.round = round
        self.planned = planned
        self.actual = actual
        self.ended = ended
        self.endedAt = endedAt
        self.part = part
        self.side = side
        self.stage = stage
    }

    /// The share of its planned time an exercise must run to count as done: a workout is `completed`
    /// only when every exercise ran at least this much, and "exercises done" counts these.
    public static let doneFraction = 0.5

    /// Whether an exercise that ran `actual` seconds of its `planned` counts as done. A step counted in
    /// reps plans none (0): it is done when it ended as done (`ranOut`), not when it was left.
    public static func isDone(actual: Double, planned: Double, ranOut: Bool) -> Bool {
        planned > 0 ? actual + 1e-6 >= planned * doneFraction : ranOut
    }

    /// Work that ran at least half its time, or reps done: an exercise done.
    public var isDoneWork: Bool {
        kind == "work" && SegmentRecord.isDone(actual: actual, planned: planned, ranOut: ended == .ranOut)
    }

    /// Work that ran its full time: what the totals per exercise count.
    public var isCompletedWork: Bool { kind == "work" && ended == .ranOut }

    /// A stretch of the workout itself (work or rest, not getting ready) that ran its full time:
    /// what streaks, minutes and calories count, as a workout app counts a workout's minutes.
    public var isCompletedWorkout: Bool { kind != "getReady" && ended == .ranOut }
}
