// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// One stretch of the plan. Work names the exercise worked on; every pause names the one
/// coming next, so "next" has one meaning.
public enum Segment: Equatable, Hashable, Sendable {
    case getReady(next: ExerciseSlot)
    case work(ExerciseSlot)
    case rest(next: ExerciseSlot)
    /// The longer rest before a new round begins with `next`.
    case roundRest(next: ExerciseSlot)
    /// The pause between an exercise's sides; `next` is its second side.
    case switchSides(next: ExerciseSlot)
}

/// What a segment shows and sounds like, by its kind: its words, the exercise it names and its cue.
extension Segment {
    /// Getting ready, work, a rest, a round's rest or the switch between sides.
    public var kind: SegmentKind {
        switch self {
        case .getReady: return .getReady
        case .work: return .work
        case .rest: return .rest
        case .roundRest: return .roundRest
        case .switchSides: return .switchSides
        }
    }

    /// The exercise worked on, or for a pause the exercise coming next.
    public var slot: ExerciseSlot {
        switch self {
        case .getReady(let s), .work(let s), .rest(let s), .roundRest(let s), .switchSides(let s): return s
        }
    }

    /// Whether this segment is exercise rather than a pause.
    public var isWork: Bool {
        if case .work = self { return true }
        return false
    }

    /// Whether this segment starts an exercise: work, but not an exercise's second side. Exercises
    /// are counted by these, so one done on each side counts once.
    public var startsExercise: Bool { isWork && slot.side != 2 }

    /// The heading shown and logged: the exercise's title while working, else what the pause is.
    public func heading(exercise: Exercise) -> String { kind.heading(exercise: exercise, round: slot.round) }

    /// The cue that sounds when the segment starts, if any.
    public var startCue: Cue? {
        switch self {
        case .work: return .go
        case .rest, .roundRest: return .rest
        case .switchSides: return .switchSides
        case .getReady: return nil
        }
    }
}

/// What a stretch of the workout is for; the name the events file and `list --json` use.
public enum SegmentKind: String, Sendable, CaseIterable {
    case getReady, work, rest, roundRest
    /// The pause between the two sides of an exercise done on each side.
    case switchSides = "switch"

    /// What a segment of this kind is called, on the screen, in the transcript and in the events file:
    /// the exercise's title while working; `round` is the round the segment belongs to (for a round
    /// rest, the round it leads into).
    public func heading(exercise: Exercise, round: Int, words: ScreenWords = .english) -> String {
        switch self {
        case .work: return exercise.title
        case .getReady: return words.getReady
        case .rest: return words.rest
        case .roundRest: return words.restBeforeRound(round)
        case .switchSides: return words.switchSides
        }
    }
}

/// Which part of the workout an exercise belongs to.
public enum Stage: String, Sendable {
    case warmup, main, cooldown
}

/// Where an exercise sits in a routine: its stage, its index in that stage's list, and the round.
/// Segments refer to exercises through a slot instead of copying them, so a plan's size does
/// not grow with the size of its exercises.
public struct ExerciseSlot: Equatable, Hashable, Sendable {
    public var stage: Stage
    public var index: Int
    /// 1-based round; warm-up counts as round 1 and cool-down as the last round.
    public var round: Int
    /// 1 or 2: which side of an exercise done on each side, where a pause parts the sides; nil for an
    /// exercise done in one go.
    public var side: Int?

    public init(stage: Stage, index: Int, round: Int, side: Int? = nil) {
        self.stage = stage
        self.index = index
        self.round = round
        self.side = side
    }
}

/// A segment placed on the plan's timeline.
public struct ScheduledSegment: Equatable, Sendable {
    public var segment: Segment
    /// Offset from the start of the workout, in seconds, before any pause or skip.
    public var offset: Double
    public var duration: Double
    /// For a step counted in reps, how many: it counts up and ends on the user's word, its duration
    /// being its time limit (0: none).
    public var reps: Int?
    /// Held to the limit: it counts up as a step counted in reps does, its duration its `max` (0: none).
    public var toLimit = false
    /// As many as you can (`"reps": "max"`): open, it counts up as a step counted in reps does; timed, it
    /// counts down its duration. Either asks the count when it ends.
    public var asManyAsYouCan: AsManyAsYouCan?

    public init(segment: Segment, offset: Double, duration: Double, reps: Int? = nil, toLimit: Bool = false) {
        self.segment = segment
        self.offset = offset
        self.duration = duration
        self.reps = reps
        self.toLimit = toLimit
    }

    /// Whether the step counts up and ends on the user's word: counted in reps (or as many as you can, open)
    /// or held to the limit.
    public var countsUp: Bool { reps != nil || asManyAsYouCan == .open || toLimit }

    /// What the step's count sets a record for: as many as you can, or as many in its seconds.
    public var countKind: RecordKind? {
        asManyAsYouCan.map { $0 == .open ? .reps : .repsIn(seconds: Int(duration.rounded())) }
    }

    public var end: Double { offset + duration }
    public var kind: SegmentKind { segment.kind }
    public var slot: ExerciseSlot { segment.slot }
    public var round: Int { segment.slot.round }
    public var stage: Stage { segment.slot.stage }
    public var side: Int? { segment.slot.side }
}
