/// What a stretch of the workout is for.
public enum SegmentKind: String, Sendable, CaseIterable {
    case getReady, work, rest, roundRest
}

/// One stretch of the plan: get ready, work on an exercise, rest, or rest between rounds.
public struct Segment: Equatable, Sendable {
    public var kind: SegmentKind
    /// The exercise worked on, or for the pauses the exercise coming next.
    public var exercise: Exercise
    /// Index of that exercise within the routine.
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
        func add(_ kind: SegmentKind, _ index: Int, _ round: Int, _ duration: Double) {
            guard duration > 0 else { return }
            list.append(Segment(kind: kind, exercise: routine.exercises[index], exerciseIndex: index,
                                round: round, offset: t, duration: duration))
            t += duration
        }
        add(.getReady, 0, 1, routine.getReady)
        let last = routine.exercises.count - 1
        for round in 1...max(1, routine.rounds) {
            for (k, exercise) in routine.exercises.enumerated() {
                add(.work, k, round, exercise.work)
                if k < last { add(.rest, k + 1, round, routine.rest) }
            }
            if round < routine.rounds { add(.roundRest, 0, round + 1, routine.roundRest) }
        }
        self.segments = list
    }

    public var totalDuration: Double { segments.last?.end ?? 0 }
    public var workSegmentCount: Int { segments.filter { $0.kind == .work }.count }

    /// 1-based position of a work segment among all work segments.
    public func workNumber(ofSegment index: Int) -> Int {
        segments[...index].filter { $0.kind == .work }.count
    }
}
