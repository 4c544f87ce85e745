// SPDX-License-Identifier: GPL-3.0-or-later
/// The routine laid out on a timeline: every segment with its absolute offset.
///
/// Segments refer to the routine's exercises by slot, and the counts a frame needs (how many
/// work segments come before this one, what the next exercise is) are precomputed, so drawing a
/// frame costs the same however long the plan.
public struct Plan: Equatable, Sendable {
    public let routine: Routine
    public let segments: [ScheduledSegment]
    public let rounds: Int
    public let totalDuration: Double
    /// How many exercises the plan has: its work segments, an exercise done on each side counted once.
    public let workSegmentCount: Int
    /// Steps counted in reps, whose time is the user's: `totalDuration` gives them their limit, or
    /// none, and every total says how many there are.
    public let openSteps: Int
    /// The colour of every exercise, in order: the overview strip, shared by every frame.
    public let workColors: [RGB]
    /// For each segment, how many exercises start at or before it.
    private let worksThrough: [Int]

    public init(_ routine: Routine) {
        let rounds = max(1, routine.rounds)
        var list: [ScheduledSegment] = []
        var t = 0.0
        func add(_ segment: Segment, _ duration: Double, reps: Int? = nil, toLimit: Bool = false,
                 asMany: AsManyAsYouCan? = nil) {
            var step = ScheduledSegment(segment: segment, offset: t, duration: duration, reps: reps, toLimit: toLimit)
            step.asManyAsYouCan = asMany
            // A step that counts up runs as long as it takes: it stays even with no time of its own.
            guard duration > 0 || step.countsUp else { return }
            list.append(step)
            t += duration
        }
        // Everything that is worked, in order; a new round's first exercise follows a round rest.
        var slots: [ExerciseSlot] = []
        slots += routine.warmup.indices.map { ExerciseSlot(stage: .warmup, index: $0, round: 1) }
        for round in 1...rounds {
            slots += routine.exercises.indices.map { ExerciseSlot(stage: .main, index: $0, round: round) }
        }
        slots += routine.cooldown.indices.map { ExerciseSlot(stage: .cooldown, index: $0, round: rounds) }

        if let first = slots.first { add(.getReady(next: first), routine.getReady) }
        for (n, slot) in slots.enumerated() {
            if n > 0 {
                let newRound = slot.stage == .main && slot.index == 0 && slot.round > 1
                if newRound { add(.roundRest(next: slot), routine.roundRest) } else {
                    add(.rest(next: slot), routine.rest(after: Plan.exercise(slots[n - 1], in: routine)))
                }
            }
            let exercise = Plan.exercise(slot, in: routine), pause = routine.switchRest(of: exercise)
            if pause > 0 {
                // Each side its own half, parted by a pause to change sides (Sweat's 4 s, Seconds' pause).
                var first = slot, second = slot
                first.side = 1
                second.side = 2
                add(.work(first), exercise.work / 2)
                add(.switchSides(next: second), pause)
                add(.work(second), exercise.work / 2)
            } else {
                add(.work(slot), exercise.plannedSeconds, reps: exercise.reps, toLimit: exercise.toLimit,
                    asMany: exercise.asManyAsYouCan)
            }
        }
        // A rest with nothing after it but the finish: it names the last exercise, with no next.
        if let last = slots.last { add(.rest(next: last), routine.finalRest) }
        self.init(routine, rounds: rounds, laidOut: list)
    }

    /// A plan of these segments, their offsets laid end to end.
    private init(_ routine: Routine, rounds: Int, laidOut: [ScheduledSegment]) {
        self.routine = routine
        self.rounds = rounds
        var list = laidOut, t = 0.0
        for k in list.indices {
            list[k].offset = t
            t += list[k].duration
        }
        segments = list
        totalDuration = t
        var count = 0
        worksThrough = list.map { s in
            if s.segment.startsExercise { count += 1 }
            return count
        }
        workSegmentCount = count
        openSteps = list.filter(\.countsUp).count
        workColors = list.filter { $0.segment.startsExercise }.map { Plan.exercise($0.slot, in: routine).color }
    }

    /// Where a circuit repeated (`during --until-done`) starts again: after the get-ready.
    public var circuitStart: Int {
        segments.count > 1 && segments[0].kind == .getReady ? 1 : 0
    }

    /// Seconds of the get-ready a resumed workout opens on.
    public static let resumeGetReady = 5.0

    /// The plan as a workout resumed at segment `index` runs it, and the segment it starts on: an
    /// exercise is led into by a short get-ready in place of the pause before it (already done), so
    /// that nobody is thrown into it at full speed. Indices stay those of this plan.
    public func leadingIn(to index: Int) -> (plan: Plan, start: Int) {
        guard index > 0, segments.indices.contains(index), segments[index].segment.isWork,
              !segments[index - 1].segment.isWork else { return (self, index) }
        var list = segments
        list[index - 1] = ScheduledSegment(segment: .getReady(next: segments[index].slot), offset: 0,
                                           duration: Plan.resumeGetReady)
        return (Plan(routine, rounds: rounds, laidOut: list), index - 1)
    }

    static func exercise(_ slot: ExerciseSlot, in routine: Routine) -> Exercise {
        switch slot.stage {
        case .warmup: return routine.warmup[slot.index]
        case .main: return routine.exercises[slot.index]
        case .cooldown: return routine.cooldown[slot.index]
        }
    }

    /// The exercise a slot refers to.
    public func exercise(_ slot: ExerciseSlot) -> Exercise { Plan.exercise(slot, in: routine) }

    /// The exercise a segment concerns: worked on, or for a pause coming next.
    public func exercise(of index: Int) -> Exercise { exercise(segments[index].slot) }

    /// The heading of segment `index`, as shown and logged.
    public func heading(of index: Int) -> String { segments[index].segment.heading(exercise: exercise(of: index)) }

    /// How many exercises a stage has.
    public func exerciseCount(in stage: Stage) -> Int {
        switch stage {
        case .warmup: return routine.warmup.count
        case .main: return routine.exercises.count
        case .cooldown: return routine.cooldown.count
        }
    }

    /// 1-based position of a work segment's exercise among all exercises; for a pause, of the work it
    /// leads to (the switch between sides leads to the same exercise's second side).
    public func workNumber(ofSegment index: Int) -> Int {
        segments[index].segment.isWork || segments[index].side == 2 ? worksThrough[index]
            : min(workSegmentCount, worksThrough[index] + 1)
    }

    /// The exercise started after segment `index`, if any (an exercise's second side is not a new one).
    /// A pause always comes straight before its work, so this looks at most five segments ahead: a first
    /// side, the switch, the second side, a pause, the next exercise.
    public func nextWork(after index: Int) -> Exercise? {
        for k in (index + 1)..<min(segments.count, index + 6) where segments[k].segment.startsExercise {
            return exercise(segments[k].slot)
        }
        return nil
    }

    /// Which segments were done as exercises, from the work segments that ran at least half their time
    /// (`SegmentRecord.isDone`): an exercise done in one go by its segment, and one done on each side,
    /// when both sides were, by its second side's. So "exercises done" counts each exercise once.
    public func exercisesDone(fromWork done: Set<Int>) -> Set<Int> {
        done.filter { i in
            guard segments.indices.contains(i), segments[i].segment.isWork else { return false }
            switch segments[i].side {
            case nil: return true
            case 2: return done.contains(i - 2)
            default: return false
            }
        }
    }

    /// "7:50", or with steps counted in reps "5:20 + 2 open": a time that says what it cannot hold, in
    /// `text`'s language (the command line's is English).
    public static func time(_ seconds: Double, open: Int, text: ScreenText = .english) -> String {
        TimeFormat.clock(seconds) + (open > 0 ? " " + text.open(open) : "")
    }

    /// The plan's length, as `time` says it.
    public var totalTime: String { Plan.time(totalDuration, open: openSteps) }

    /// Steps counted in reps after segment `index`.
    public func openSteps(after index: Int) -> Int {
        segments[(index + 1)...].filter(\.countsUp).count
    }

    /// Seconds of the plan after segment `index` ends.
    public func duration(after index: Int) -> Double { totalDuration - segments[index].end }

    /// Whether segment `index` is the last pause before the final exercise.
    public func isLastPause(_ index: Int) -> Bool {
        !segments[index].segment.isWork && segments[index].side != 2 && workNumber(ofSegment: index) == workSegmentCount
            && !isFinalRest(index)
    }

    /// Whether segment `index` is the rest after the last exercise (`finalRest`), which leads to no exercise.
    public func isFinalRest(_ index: Int) -> Bool {
        index == segments.count - 1 && !segments[index].segment.isWork && index > 0
    }

    /// The exercise a pause leads to; nil for the final rest, which leads to the finish.
    public func comingNext(after index: Int) -> Exercise? {
        isFinalRest(index) ? nil : exercise(of: index)
    }
}
