// SPDX-License-Identifier: GPL-3.0-or-later
/// Changes asked for on the command line, applied to a loaded routine before it is planned.
public struct RoutineAdjustments: Equatable, Sendable {
    public var work: Double?
    public var rest: Double?
    public var getReady: Double?
    public var rounds: Int?
    /// Exercises carrying any of these tags are left out.
    public var without: [String] = []
    /// Shuffle within groups, with this seed.
    public var shuffleSeed: UInt64?

    public init(work: Double? = nil, rest: Double? = nil, getReady: Double? = nil, rounds: Int? = nil,
                without: [String] = [], shuffleSeed: UInt64? = nil) {
        self.work = work
        self.rest = rest
        self.getReady = getReady
        self.rounds = rounds
        self.without = without
        self.shuffleSeed = shuffleSeed
    }

    /// Why the adjustments cannot apply.
    public enum Failure: Error, Equatable, Sendable {
        /// `--without` left the routine (named here) with no exercises.
        case noExercisesLeft(without: [String], routine: String)
        /// The changes would make the plan too long or too large (`PlanSize.problem` says which).
        case planTooLarge(PlanSize)
    }

    public func apply(to routine: Routine) throws(Failure) -> Routine {
        var r = routine
        if let work {
            for k in r.exercises.indices { r.exercises[k].work = work }
            for k in r.warmup.indices { r.warmup[k].work = work }
            for k in r.cooldown.indices { r.cooldown[k].work = work }
        }
        if let rest {
            // `--rest` is every rest, as `--work` is every exercise's work.
            r.rest = rest
            for k in r.exercises.indices { r.exercises[k].rest = nil }
            for k in r.warmup.indices { r.warmup[k].rest = nil }
            for k in r.cooldown.indices { r.cooldown[k].rest = nil }
        }
        if let getReady { r.getReady = getReady }
        if let rounds { r.rounds = rounds }
        if !without.isEmpty {
            let drop = Set(without)
            let keep = { (e: Exercise) in drop.isDisjoint(with: e.tags) }
            r.exercises = r.exercises.filter(keep)
            r.warmup = r.warmup.filter(keep)
            r.cooldown = r.cooldown.filter(keep)
            if r.exercises.isEmpty { throw .noExercisesLeft(without: without, routine: routine.name) }
        }
        let size = PlanSize(r)
        if size.problem != nil { throw .planTooLarge(size) }
        if let shuffleSeed {
            var generator = SplitMix64(seed: shuffleSeed)
            r.exercises = Shuffle.withinGroups(r.exercises, using: &generator)
        }
        return r
    }
}

/// Reorders exercises randomly while every position keeps its group, so the sequence of
/// groups (cardio, lower, upper, core…) and with it the workout's balance stay as written.
public enum Shuffle {
    public static func withinGroups(_ exercises: [Exercise], using generator: inout SplitMix64) -> [Exercise] {
        var result = exercises
        var positions: [String: [Int]] = [:]
        for (k, e) in exercises.enumerated() { positions[e.group?.rawValue ?? "", default: []].append(k) }
        // Sorted keys: the same seed must give the same order on every run.
        for key in positions.keys.sorted() {
            let slots = positions[key]!
            var members = slots.map { exercises[$0] }
            fisherYates(&members, using: &generator)
            for (slot, exercise) in zip(slots, members) { result[slot] = exercise }
        }
        return result
    }

    /// Fisher–Yates, written out rather than `shuffled(using:)`, whose algorithm the standard
    /// library does not promise to keep: a seed must give the same order after every upgrade.
    /// From the last place down, each place swaps with one drawn from those up to it.
    static func fisherYates<T>(_ items: inout [T], using generator: inout SplitMix64) {
        guard items.count > 1 else { return }
        for k in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(k, Int(generator.below(UInt64(k + 1))))
        }
    }
}
