// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// A segment placed on the plan's timeline.
public struct ScheduledSegment: Equatable, Sendable {
    public var segment: Segment
    /// Offset from the start of the workout, in seconds, before any pause or skip.
    public var offset: Double
    public var duration: Double
    /// For a step counted in reps, how many: it counts up and ends on the user's word, its duration
    /// being its time limit (0: none).
    public var reps: Int?

    public init(segment: Segment, offset: Double, duration: Double, reps: Int? = nil) {
        self.segment = segment
        self.offset = offset
        self.duration = duration
        self.reps = reps
    }

    public var end: Double { offset + duration }
    public var kind: SegmentKind { segment.kind }
    public var slot: ExerciseSlot { segment.slot }
    public var round: Int { segment.slot.round }
    public var stage: Stage { segment.slot.stage }
    public var side: Int? { segment.slot.side }
}
