/// What a stretch of the workout is for.
public enum SegmentKind: String, Sendable, CaseIterable {
    case getReady, work, rest, roundRest
}

/// Which part of the workout a segment belongs to.
public enum Stage: String, Sendable {
    case warmup, main, cooldown
}

/// One stretch of the plan: get ready, work on an exercise, rest, or rest between rounds.
public struct Segment: Equatable, Sendable {
    public var kind: SegmentKind
    /// Warm-up, the circuit itself, or cool-down; for pauses, that of the exercise coming next.
    public var stage: Stage = .main
    /// The exercise worked on, or for the pauses the exercise coming next.
    public var exercise: Exercise
    /// Index of that exercise within its stage's list (warm-up, exercises or cool-down).
    public var exerciseIndex: Int
    /// 1-based round this segment belongs to.
    public var round: Int
    /// Offset from the start of the workout, in seconds, before any pause or skip.
    public var offset: Double
    public var duration: Double

    public var end: Double { offset + duration }

    /// The words shown for the segment when it is not a work segment.
    public var heading: String {
        switch kind {
        case .getReady: return "Get ready"
        case .work: return exercise.title
        case .rest: return "Rest"
        case .roundRest: return "Round rest"
        }
    }
}

/// The routine laid out on a timeline: every segment with its absolute offset.
public struct Plan: Equatable, Sendable {
    public let routine: Routine
    public let segments: [Segment]
    public let rounds: Int

    public init(_ routine: Routine) {
        self.routine = routine
        self.rounds = routine.rounds
        var list: [Segment] = []
        var t = 0.0
        func add(_ kind: SegmentKind, _ stage: Stage, _ exercise: Exercise, _ index: Int, _ round: Int, _ duration: Double) {
            guard duration > 0 else { return }
            list.append(Segment(kind: kind, stage: stage, exercise: exercise, exerciseIndex: index,
                                round: round, offset: t, duration: duration))
            t += duration
        }
        // Everything that is worked, in order, with what kind of pause comes before each.
        var steps: [(stage: Stage, exercise: Exercise, index: Int, round: Int, pauseBefore: SegmentKind)] = []
        for (k, e) in routine.warmup.enumerated() { steps.append((.warmup, e, k, 1, .rest)) }
        for round in 1...max(1, routine.rounds) {
            for (k, e) in routine.exercises.enumerated() {
                steps.append((.main, e, k, round, k == 0 && round > 1 ? .roundRest : .rest))
            }
        }
        for (k, e) in routine.cooldown.enumerated() { steps.append((.cooldown, e, k, routine.rounds, .rest)) }

        if let first = steps.first { add(.getReady, first.stage, first.exercise, first.index, 1, routine.getReady) }
        for (n, step) in steps.enumerated() {
            if n > 0 {
                let pause = step.pauseBefore
                add(pause, step.stage, step.exercise, step.index, step.round, pause == .roundRest ? routine.roundRest : routine.rest)
            }
            add(.work, step.stage, step.exercise, step.index, step.round, step.exercise.work)
        }
        self.segments = list
    }

    public var totalDuration: Double { segments.last?.end ?? 0 }
    public var workSegmentCount: Int { segments.filter { $0.kind == .work }.count }

    /// How many exercises a stage has.
    public func exerciseCount(in stage: Stage) -> Int {
        switch stage {
        case .warmup: return routine.warmup.count
        case .main: return routine.exercises.count
        case .cooldown: return routine.cooldown.count
        }
    }

    /// 1-based position of a work segment among all work segments.
    public func workNumber(ofSegment index: Int) -> Int {
        segments[...index].filter { $0.kind == .work }.count
    }
}
