// SPDX-License-Identifier: GPL-3.0-or-later
/// A routine being made from another app's file, before it is written and checked.
struct RoutineDraft: Equatable {
    /// One step worked, with the rest that follows it.
    struct Step: Equatable {
        var title: String
        var work: Double
        var rest: Double = 0
        var sides = 1
        var group: ExerciseGroup?
        var tags: [String] = []
        /// The name of the shipped figure that draws the move.
        var figure: String?
    }

    var name: String
    var description: String
    var getReady: Double
    var rounds = 1
    var roundRest = 0.0
    /// The rest after the very last exercise, before the finish.
    var finalRest = 0.0
    /// The pause to switch sides in a two-sided step.
    var switchRest = 0.0
    var warmup: [Step] = []
    var exercises: [Step]
    var cooldown: [Step] = []
    /// Where the workout is in its file, for problems found once it is put together.
    var position: SourcePosition
    /// What could not be carried over, said once the routine is written.
    var notes: [String] = []
    /// The options of `start` that run it as the app's file asks.
    var startOptions: [String] = []

    /// The routine file: the commonest work and rest at the top and only the exceptions on exercises, so
    /// the file reads like one written by hand. No `$schema`: the schema's `$id` cannot be fetched, and where
    /// `Workouts/schema.json` lies depends on the install; an editor is pointed at it by the user.
    var document: JSONWriter.Value {
        // Which rests the plan runs: every one but the last of the workout, and the main
        // circuit's last only before a cool-down (between rounds the round rest stands in).
        var restsRun: [Double] = warmup.map(\.rest) + exercises.dropLast().map(\.rest)
        if !cooldown.isEmpty { restsRun += exercises.suffix(1).map(\.rest) + cooldown.dropLast().map(\.rest) }
        let rest = RoutineDraft.commonest(restsRun) ?? 0
        let work = RoutineDraft.commonest((warmup + exercises + cooldown).map(\.work)) ?? Routine.defaultWork
        func items(_ steps: [Step], restRuns: (Int) -> Bool) -> JSONWriter.Value {
            .array(steps.indices.map { k in
                let step = steps[k]
                var fields: [JSONWriter.Member] = [.init("title", .string(step.title))]
                if step.work != work { fields.append(.init("work", .number(step.work))) }
                if restRuns(k) && step.rest != rest { fields.append(.init("rest", .number(step.rest))) }
                if step.sides != 1 { fields.append(.init("sides", .integer(step.sides))) }
                if let group = step.group { fields.append(.init("group", .string(group.rawValue))) }
                if !step.tags.isEmpty { fields.append(.init("tags", .array(step.tags.map { .string($0) }))) }
                if let figure = step.figure { fields.append(.init("figure", .string(figure))) }
                return .object(fields)
            })
        }
        var members: [JSONWriter.Member] = [
            .init("name", .string(name)),
            .init("description", .string(description)),
            .init("work", .number(work)),
            .init("rest", .number(rest)),
            .init("getReady", .number(getReady)),
            .init("rounds", .integer(rounds)),
        ]
        if rounds > 1 { members.append(.init("roundRest", .number(roundRest))) }
        // The app's own pause to switch sides (Sweat's 4 s), whatever sevenmin's default.
        if (warmup + exercises + cooldown).contains(where: { $0.sides == 2 }) {
            members.append(.init("switchRest", .number(switchRest)))
        }
        if finalRest > 0 { members.append(.init("finalRest", .number(finalRest))) }
        if !warmup.isEmpty { members.append(.init("warmup", items(warmup) { _ in true })) }
        members.append(.init("exercises", items(exercises) { [cooldown, exercises] k in
            k + 1 < exercises.count || !cooldown.isEmpty
        }))
        if !cooldown.isEmpty { members.append(.init("cooldown", items(cooldown) { [cooldown] k in
            k + 1 < cooldown.count
        })) }
        return .object(members)
    }

    /// The value given most often; the first of those given equally often.
    static func commonest(_ values: [Double]) -> Double? {
        var counts: [Double: Int] = [:]
        for v in values { counts[v, default: 0] += 1 }
        return values.max { counts[$0]! < counts[$1]! }.flatMap { best in
            values.first { counts[$0] == counts[best] }
        }
    }
}

extension Array where Element == RoutineDraft.Step {
    /// Steps from a timeline of work and rest as an app runs it: each rest joins the step before
    /// it; rests before the first step are handed back as `leading`.
    static func from(_ timeline: [TimelineItem]) -> (leading: Double, steps: [RoutineDraft.Step]) {
        var leading = 0.0
        var steps: [RoutineDraft.Step] = []
        for item in timeline {
            switch item {
            case .work(let step): steps.append(step)
            case .rest(let seconds):
                if steps.isEmpty { leading += seconds } else { steps[steps.count - 1].rest += seconds }
            }
        }
        return (leading, steps)
    }
}
