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

    /// Counts as `Plan` lays out: get ready, then every exercise in order with a rest (or, before
    /// each later round, a round rest) between two, leaving out pauses of zero seconds.
    public init(getReady: Double, rest: Double, roundRest: Double, rounds: Int,
                warmup: [Double], exercises: [Double], cooldown: [Double]) {
        let rounds = Double(max(1, rounds))
        let steps = Double(warmup.count) + rounds * Double(exercises.count) + Double(cooldown.count)
        let roundRests = exercises.isEmpty ? 0 : rounds - 1
        let rests = max(0, steps - 1 - roundRests)
        let work = warmup.reduce(0, +) + rounds * exercises.reduce(0, +) + cooldown.reduce(0, +)
        func positive(_ list: [Double]) -> Double { Double(list.filter { $0 > 0 }.count) }
        let worked = positive(warmup) + rounds * positive(exercises) + positive(cooldown)
        seconds = (steps > 0 ? getReady : 0) + work + rests * rest + roundRests * roundRest
        let count = (steps > 0 && getReady > 0 ? 1 : 0) + worked + (rest > 0 ? rests : 0)
            + (roundRest > 0 ? roundRests : 0)
        segments = count >= Double(Int.max / 2) ? Int.max / 2 : Int(count)
    }

    public init(_ routine: Routine) {
        self.init(getReady: routine.getReady, rest: routine.rest, roundRest: routine.roundRest, rounds: routine.rounds,
                  warmup: routine.warmup.map(\.work), exercises: routine.exercises.map(\.work),
                  cooldown: routine.cooldown.map(\.work))
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
