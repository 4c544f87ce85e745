// SPDX-License-Identifier: GPL-3.0-or-later
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

/// How a segment presents itself: its kind, its words and its sound. Everything that differs
/// by kind of segment is answered here, so screen, cues, voice and logs never switch on it.
public protocol SegmentPresenting: Sendable {
    var kind: SegmentKind { get }
    /// The exercise worked on, or for a pause the exercise coming next.
    var slot: ExerciseSlot { get }
    /// Whether this segment is exercise rather than a pause.
    var isWork: Bool { get }
    /// The heading shown and logged: the exercise's title while working, else what the pause is.
    func heading(exercise: Exercise) -> String
    /// The cue that sounds when the segment starts, if any.
    var startCue: Cue? { get }
}

extension Segment: SegmentPresenting {
    public var kind: SegmentKind {
        switch self {
        case .getReady: return .getReady
        case .work: return .work
        case .rest: return .rest
        case .roundRest: return .roundRest
        case .switchSides: return .switchSides
        }
    }

    public var slot: ExerciseSlot {
        switch self {
        case .getReady(let s), .work(let s), .rest(let s), .roundRest(let s), .switchSides(let s): return s
        }
    }

    public var isWork: Bool {
        if case .work = self { return true }
        return false
    }

    /// Whether this segment starts an exercise: work, but not an exercise's second side. Exercises
    /// are counted by these, so one done on each side counts once.
    public var startsExercise: Bool { isWork && slot.side != 2 }

    public func heading(exercise: Exercise) -> String { kind.heading(exercise: exercise, round: slot.round) }

    public var startCue: Cue? {
        switch self {
        case .work: return .go
        case .rest, .roundRest: return .rest
        case .switchSides: return .switchSides
        case .getReady: return nil
        }
    }
}
