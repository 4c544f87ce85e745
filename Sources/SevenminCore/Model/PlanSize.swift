// SPDX-License-Identifier: GPL-3.0-or-later
/// How long a routine's plan lasts and how many segments it has, worked out from the routine's
/// numbers without laying the plan out, so an oversized routine is refused before it takes memory.
public struct PlanSize: Equatable, Sendable {
    /// A plan may last at most a day: more is a typo, not a workout.
    public static let maximumSeconds = 86_400.0
    /// Far beyond any real workout (a day of one-second exercises has 86,400), and small enough
    /// that `start` and `list --json` never hold more than a few megabytes of plan.
    public static let maximumSegments = 100_000

    public var seconds: Double
    /// Saturates rather than overflowing for absurd round counts.
    public var segments: Int

    /// One exercise as the plan counts it: its work and the rest that follows it.
    public struct Step: Equatable, Sendable {
        public var work: Double
        public var rest: Double
        /// The pause between an exercise's sides, which splits its work in two; 0 for none.
        public var switchRest: Double

        public init(work: Double, rest: Double, switchRest: Double = 0) {
            self.work = work
            self.rest = rest
            self.switchRest = switchRest
        }
    }

    /// Counts as `Plan` lays out: get ready, then every exercise in order with its rest (or, before
    /// each later round, a round rest) between two, leaving out pauses of zero seconds. Rounds
    /// multiply sums, never lists, so an absurd round count costs no more than one round.
    public init(getReady: Double, roundRest: Double, rounds: Int,
                warmup: [Step], exercises: [Step], cooldown: [Step]) {
        let rounds = Double(max(1, rounds))
        let stepCount = Double(warmup.count) + rounds * Double(exercises.count) + Double(cooldown.count)
        // (seconds, segments) of the rests after `list`'s exercises.
        func rests(_ list: ArraySlice<Step>) -> (Double, Double) {
            (list.reduce(0) { $0 + $1.rest }, Double(list.filter { $0.rest > 0 }.count))
        }
        // Work, and the switch between sides, which parts one exercise's work into three segments.
        func works(_ list: [Step]) -> (Double, Double) {
            (list.reduce(0) { $0 + $1.work + $1.switchRest },
             list.reduce(0) { $0 + ($1.work > 0 ? ($1.switchRest > 0 ? 3 : 1) : 0) })
        }
        var seconds = 0.0, count = 0.0
        func add(_ part: (Double, Double), times: Double = 1) {
            seconds += part.0 * times
            count += part.1 * times
        }
        if stepCount > 0 { add((getReady, getReady > 0 ? 1 : 0)) }
        add(works(warmup))
        add(works(exercises), times: rounds)
        add(works(cooldown))
        // Every exercise but the very last is followed by its rest, except that a round rest
        // takes the place of the rest after each round but the last.
        let afterMain = !cooldown.isEmpty
        let afterWarmup = afterMain || !exercises.isEmpty
        add(rests(afterWarmup ? warmup[...] : warmup.dropLast()))
        add(rests(exercises.dropLast()), times: rounds)
        if let last = exercises.last, afterMain { add(rests([last][...])) }
        add(rests(cooldown.dropLast()))
        if !exercises.isEmpty { add((roundRest, roundRest > 0 ? 1 : 0), times: rounds - 1) }
        self.seconds = seconds
        segments = count >= Double(Int.max / 2) ? Int.max / 2 : Int(count)
    }

    public init(_ routine: Routine) {
        func steps(_ list: [Exercise]) -> [Step] {
            list.map { Step(work: $0.work, rest: routine.rest(after: $0), switchRest: routine.switchRest(of: $0)) }
        }
        self.init(getReady: routine.getReady, roundRest: routine.roundRest, rounds: routine.rounds,
                  warmup: steps(routine.warmup), exercises: steps(routine.exercises), cooldown: steps(routine.cooldown))
    }

    /// Why a plan of this size is refused, or nil if it is not.
    public var problem: String? {
        if seconds > PlanSize.maximumSeconds {
            return "the workout would last \(JSONWriter.number(seconds.rounded(.up))) seconds, more than a day (86400)"
        }
        if segments > PlanSize.maximumSegments {
            return "the workout would have \(segments) segments, more than \(PlanSize.maximumSegments)"
        }
        return nil
    }
}
