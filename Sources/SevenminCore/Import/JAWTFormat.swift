// SPDX-License-Identifier: GPL-3.0-or-later
/// Just Another Workout Timer's files: a backup `{"workouts": [Workout…]}` or one Workout
/// `{title, sets: [{repetitions, exercises: [{name, duration}]}]}`. A rest is an exercise named
/// the app's word for rest; the app counts 10 s in before the first exercise and then runs every
/// exercise of every set, repetition by repetition.
enum JAWTFormat {
    /// The app's fixed lead-in.
    static let leadIn = 10.0
    /// "Rest" in the app's languages; an exercise so named is a rest.
    static let restNames: Set<String> = ["rest", "pause", "repos", "riposo", "отдых", "dinlenme"]

    /// Set names that mark a warm-up or a cool-down; `export` writes the first of each.
    static let stageNames: [String: Stage] = ["warm-up": .warmup, "warmup": .warmup, "warm up": .warmup,
                                              "cool-down": .cooldown, "cooldown": .cooldown, "cool down": .cooldown]

    static func isRest(_ name: String) -> Bool { restNames.contains(name.trimmingBlanks.lowercased()) }

    /// One set: its repetitions and its exercises as the app runs them once.
    struct WorkoutSet: Equatable {
        var repetitions: Int
        var items: [TimelineItem]
        /// Which part of a workout the set's name says it is, as `export` names them.
        var stage: Stage = .main

        /// The set as steps: rests before its first exercise, the steps, and the rest it ends with.
        var circuit: (leading: Double, steps: [RoutineDraft.Step]) { [RoutineDraft.Step].from(items) }
        var hasWork: Bool { items.contains { if case .work = $0 { true } else { false } } }
    }

    static func drafts(_ root: JSONNode, _ walker: inout ImportWalker) -> [RoutineDraft] {
        guard case .object(let members) = root.value else { return [] }
        guard members.contains(where: { $0.key == "workouts" }) else {
            return workout(root, &walker).map { [$0] } ?? []
        }
        guard let m = walker.members(of: root, used: ["workouts"], what: "the backup"),
              let list = m["workouts"] else { return [] }
        guard case .array(let workouts) = list.value else {
            walker.validator.report(list.position, "\"workouts\" must be an array, not \(list.value.typeName)")
            return []
        }
        return workouts.compactMap { workout($0, &walker) }
    }

    static func workout(_ node: JSONNode, _ walker: inout ImportWalker) -> RoutineDraft? {
        guard let m = walker.members(of: node, used: ["title", "sets"], silent: ["version", "position"],
                                     what: "a workout") else { return nil }
        let title = walker.require(m["title"], key: "title", in: node, what: "the workout")
            .flatMap { walker.title($0, key: "title", fallback: "Workout") }
        guard let setsNode = walker.require(m["sets"], key: "sets", in: node, what: "the workout") else { return nil }
        guard case .array(let setNodes) = setsNode.value else {
            walker.validator.report(setsNode.position, "\"sets\" must be an array, not \(setsNode.value.typeName)")
            return nil
        }
        let sets = setNodes.compactMap { workoutSet($0, &walker) }
        guard let title, sets.count == setNodes.count else { return nil }
        guard sets.contains(where: \.hasWork) else {
            walker.validator.report(setsNode.position, "the workout has no exercise other than rests")
            return nil
        }
        var draft = RoutineDraft(name: title, description: "Imported from \(RoutineFormat.jawt.appName)",
                                 getReady: leadIn, exercises: [], position: node.position)
        layOut(sets, into: &draft)
        return draft
    }

    static func workoutSet(_ node: JSONNode, _ walker: inout ImportWalker) -> WorkoutSet? {
        guard let m = walker.members(of: node, used: ["repetitions", "exercises", "name"], silent: ["id"],
                                     what: "a set") else { return nil }
        let name = m["name"].flatMap { node in node.value == .null ? nil : walker.validator.string(node, key: "name") }
        let repetitions = walker.require(m["repetitions"], key: "repetitions", in: node, what: "the set")
            .flatMap { walker.validator.integer($0, key: "repetitions", range: 0...RoutineLoader.maximumRounds) }
        guard let list = walker.require(m["exercises"], key: "exercises", in: node, what: "the set") else { return nil }
        guard case .array(let nodes) = list.value else {
            walker.validator.report(list.position, "\"exercises\" must be an array, not \(list.value.typeName)")
            return nil
        }
        var items: [TimelineItem] = []
        var complete = true
        for exercise in nodes {
            guard let e = walker.members(of: exercise, used: ["name", "duration"], silent: ["id"],
                                         what: "an exercise") else { continue }
            let name = walker.require(e["name"], key: "name", in: exercise, what: "the exercise")
                .flatMap { walker.title($0, key: "name", fallback: "Exercise") }
            // The app's own default when a file has none.
            let duration = e["duration"] == nil ? 30 : walker.seconds(e["duration"], key: "duration")
            guard let name, let duration else {
                complete = false
                continue
            }
            if duration == 0 { continue }
            items.append(isRest(name) ? .rest(duration) : .work(RoutineDraft.Step(title: name, work: duration)))
        }
        guard let repetitions, complete else { return nil }
        let stage = name.flatMap { stageNames[$0.trimmingBlanks.lowercased()] } ?? .main
        return WorkoutSet(repetitions: repetitions, items: items, stage: stage)
    }

    /// Lays the sets out as a routine that runs exactly as the app would. The longest run of
    /// sets with the same exercises becomes the rounds (JAWT has no round rest of its own: a set
    /// that ends with a rest repeats with it); sets before it are the warm-up and sets after it
    /// the cool-down. Rests join the exercise before them; rests before the first exercise
    /// lengthen the get-ready. A rest at the very end is the routine's `finalRest`.
    static func layOut(_ all: [WorkoutSet], into draft: inout RoutineDraft) {
        let sets = all.filter { $0.repetitions > 0 && !$0.items.isEmpty }
        // The run of like sets (each but the last ending in the same rest) worked the most times.
        var best: (start: Int, end: Int, rounds: Int)?
        for start in sets.indices where sets[start].hasWork {
            let first = sets[start].circuit
            var end = start, rounds = sets[start].repetitions
            while end + 1 < sets.count {
                let next = sets[end + 1].circuit, here = sets[end].circuit
                guard next.leading == first.leading, sameExercises(next.steps, first.steps),
                      here.steps.last?.rest == first.steps.last?.rest else { break }
                end += 1
                rounds += sets[end].repetitions
            }
            if rounds > (best?.rounds ?? 1) { best = (start, end, rounds) }
        }
        func unrolled(_ list: ArraySlice<WorkoutSet>) -> [TimelineItem] {
            list.flatMap { set in (0..<set.repetitions).flatMap { _ in set.items } }
        }
        guard let best else {
            // No rounds: sets named as warm-up at the start and cool-down at the end are those
            // stages (as `export` writes them), and the rest is the circuit, run once.
            var start = sets.prefix { $0.stage == .warmup }.count
            var end = sets.count - sets.reversed().prefix { $0.stage == .cooldown }.count
            if !sets[start..<max(start, end)].contains(where: \.hasWork) { (start, end) = (0, sets.count) }
            let (warmLeading, warmup) = [RoutineDraft.Step].from(unrolled(sets[..<start]))
            let (leading, steps) = [RoutineDraft.Step].from(unrolled(sets[start..<end]))
            let (coolLeading, cooldown) = [RoutineDraft.Step].from(unrolled(sets[end...]))
            draft.getReady += warmLeading
            draft.warmup = warmup
            if draft.warmup.isEmpty { draft.getReady += leading } else {
                draft.warmup[draft.warmup.count - 1].rest += leading
            }
            draft.exercises = steps
            draft.exercises[draft.exercises.count - 1].rest += coolLeading
            draft.cooldown = cooldown
            endWorkout(&draft)
            return
        }
        let circuit = sets[best.start].circuit
        let (warmLeading, warmup) = [RoutineDraft.Step].from(unrolled(sets[..<best.start]))
        let (coolLeading, cooldown) = [RoutineDraft.Step].from(unrolled(sets[(best.end + 1)...]))
        draft.getReady += warmLeading
        draft.warmup = warmup
        if draft.warmup.isEmpty { draft.getReady += circuit.leading } else {
            draft.warmup[draft.warmup.count - 1].rest += circuit.leading
        }
        draft.rounds = best.rounds
        draft.roundRest = (circuit.steps.last?.rest ?? 0) + circuit.leading
        draft.exercises = circuit.steps
        // The last round ends as the run's last set does.
        draft.exercises[draft.exercises.count - 1].rest = (sets[best.end].circuit.steps.last?.rest ?? 0) + coolLeading
        draft.cooldown = cooldown
        endWorkout(&draft)
    }

    /// Whether two circuits work the same exercises for the same times with the same rests
    /// between them; the rest after the last may differ.
    static func sameExercises(_ a: [RoutineDraft.Step], _ b: [RoutineDraft.Step]) -> Bool {
        guard a.count == b.count, !a.isEmpty else { return false }
        return zip(a.dropLast(), b.dropLast()).allSatisfy { $0 == $1 }
            && a.last!.title == b.last!.title && a.last!.work == b.last!.work
    }

    /// The workout's last step: a rest after it is run before the finish, as the app runs it.
    static func endWorkout(_ draft: inout RoutineDraft) {
        var steps = draft.cooldown.isEmpty ? draft.exercises : draft.cooldown
        guard let last = steps.indices.last, steps[last].rest > 0 else { return }
        draft.finalRest = steps[last].rest
        steps[last].rest = 0
        if draft.cooldown.isEmpty { draft.exercises = steps } else { draft.cooldown = steps }
    }
}
