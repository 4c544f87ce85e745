// SPDX-License-Identifier: GPL-3.0-or-later
/// Just Another Workout Timer's files, as its `workout.g.dart` reads them (v1.8.0 to v1.13.0): a
/// backup `{"workouts": [Workout…]}` or one Workout `{title, sets: [{repetitions, id, exercises:
/// [{name, id, duration}]}], version, position}`; v1.7.0 and before wrote the same without ids,
/// version and position. Every key the app requires must be there; a null takes the app's default
/// (title "Workout", repetitions 1, name "Exercise", duration 30), and numbers are whole, as the
/// app's `int`s. A rest is an exercise named the app's word for rest; the app counts 10 s in before
/// the first exercise and then runs every exercise of every set, repetition by repetition.
enum JAWTFormat {
    /// The app's fixed lead-in.
    static let leadIn = 10.0
    /// "Rest" in the app's languages (its `rest` string in lib/l10n); an exercise so named is a rest.
    static let restNames: Set<String> = ["rest", "pause", "repos", "riposo", "отдых", "dinlenme"]

    /// Set names that mark a warm-up or a cool-down, as sevenmin wrote them before the app's own
    /// sets, which have no names, were followed.
    static let stageNames: [String: Stage] = ["warm-up": .warmup, "warmup": .warmup, "warm up": .warmup,
                                              "cool-down": .cooldown, "cooldown": .cooldown, "cool down": .cooldown]

    static func isRest(_ name: String) -> Bool { restNames.contains(name.trimmingBlanks.lowercased()) }

    /// One set: its repetitions and its exercises as the app runs them once.
    struct WorkoutSet: Equatable {
        var repetitions: Int
        var items: [TimelineItem]
        /// Which part of a workout the set is, from its id (see `stageID`) or an old name.
        var stage: Stage = .main

        /// The set as steps: rests before its first exercise, the steps, and the rest it ends with.
        var circuit: (leading: Double, steps: [RoutineDraft.Step]) { [RoutineDraft.Step].from(items) }
        var hasWork: Bool { items.contains { if case .work = $0 { true } else { false } } }
    }

    /// The id `export` gives a warm-up or cool-down set: a UUID made from the stage and the set's
    /// exercises. The app keeps a set's id through its reader and writer but has no set names, so
    /// the stage comes back with the set as long as the set is unchanged.
    static func stageID(_ stage: Stage, _ exercises: [(name: String, duration: Int)]) -> String {
        let text = ([stage.rawValue] + exercises.map { "\($0.name)\u{0}\($0.duration)" }).joined(separator: "\u{0}")
        return uuid(ContentHash.sha256(Array(("sevenmin stage\u{0}" + text).utf8)))
    }

    /// A version 4 UUID's form made from a hash's hex digits.
    static func uuid(_ hex: String) -> String {
        let d = Array(hex.prefix(32))
        return String(d[0..<8]) + "-" + String(d[8..<12]) + "-4" + String(d[13..<16]) + "-a" + String(d[17..<20])
            + "-" + String(d[20..<32])
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
        return walker.drafts(of: workouts, workout)
    }

    static func workout(_ node: JSONNode, _ walker: inout ImportWalker) -> RoutineDraft? {
        guard let m = walker.members(of: node, used: ["title", "sets"], silent: ["version", "position"],
                                     what: "a workout") else { return nil }
        let title = walker.require(m["title"], key: "title", in: node, what: "the workout")
            .flatMap { $0.value == .null ? "Workout" : walker.title($0, key: "title", fallback: "Workout") }
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
        // The app runs a set of 0 repetitions no times.
        guard sets.contains(where: { $0.hasWork && $0.repetitions > 0 }) else {
            walker.validator.report(setsNode.position, "every set with an exercise has 0 repetitions, so the "
                + "workout runs no exercise")
            return nil
        }
        // How long the app runs it, counted before the sets are laid out: many long sets of many
        // repetitions are refused here, as a routine would be, rather than written out first.
        let seconds = sets.reduce(leadIn) { total, set in
            total + Double(set.repetitions) * set.items.reduce(0) { $0 + $1.seconds }
        }
        guard seconds <= PlanSize.maximumSeconds else {
            walker.validator.report(node.position, "as a sevenmin routine, the workout would last "
                + "\(JSONWriter.number(seconds)) seconds, more than a day (86400)")
            return nil
        }
        var draft = RoutineDraft(name: title, description: "Imported from \(RoutineFormat.jawt.appName)",
                                 getReady: leadIn, exercises: [], position: node.position)
        layOut(sets, into: &draft)
        // One workout is at most a day long; the file's workouts together are counted as each is laid out.
        guard walker.admit(exercises: draft.warmup.count + draft.exercises.count + draft.cooldown.count,
                           at: node.position) else { return nil }
        return draft
    }

    static func workoutSet(_ node: JSONNode, _ walker: inout ImportWalker) -> WorkoutSet? {
        guard let m = walker.members(of: node, used: ["repetitions", "exercises", "name", "id"],
                                     what: "a set") else { return nil }
        let name = m["name"].flatMap { node in node.value == .null ? nil : walker.validator.string(node, key: "name") }
        let id = m["id"].flatMap { node in node.value == .null ? nil : walker.validator.string(node, key: "id") }
        let repetitions = walker.require(m["repetitions"], key: "repetitions", in: node, what: "the set")
            .flatMap { $0.value == .null ? 1 : walker.validator.integer($0, key: "repetitions",
                                                                         range: 0...RoutineLoader.maximumRounds) }
        guard let list = walker.require(m["exercises"], key: "exercises", in: node, what: "the set") else { return nil }
        guard case .array(let nodes) = list.value else {
            walker.validator.report(list.position, "\"exercises\" must be an array, not \(list.value.typeName)")
            return nil
        }
        var items: [TimelineItem] = []
        var written: [(name: String, duration: Int)] = []
        var complete = true
        for exercise in nodes {
            guard let e = walker.members(of: exercise, used: ["name", "duration"], silent: ["id"],
                                         what: "an exercise") else {
                complete = false
                continue
            }
            let nameNode = walker.require(e["name"], key: "name", in: exercise, what: "the exercise")
            let raw = nameNode.flatMap { $0.value == .null ? "Exercise" : walker.validator.string($0, key: "name") }
            let durationNode = walker.require(e["duration"], key: "duration", in: exercise, what: "the exercise")
            // The app's `int`: a null is its default of 30 s; a fraction it cannot read.
            let duration = durationNode.flatMap { node -> Int? in
                if node.value == .null { return 30 }
                guard let seconds = walker.seconds(node, key: "duration") else { return nil }
                guard seconds == seconds.rounded() else {
                    walker.validator.report(node.position, "\"duration\" must be a whole number of seconds, as "
                        + "\(RoutineFormat.jawt.appName) reads it, not \(JSONWriter.number(seconds))")
                    return nil
                }
                return Int(seconds)
            }
            guard let raw, let duration else {
                complete = false
                continue
            }
            written.append((raw, duration))
            let title = raw.trimmingBlanks.isEmpty ? "Exercise" : raw.trimmingBlanks
            if duration == 0 { continue }
            let seconds = Double(duration)
            items.append(isRest(title) ? .rest(seconds) : .work(RoutineDraft.Step(title: title, work: seconds)))
        }
        guard let repetitions, complete else { return nil }
        var stage = name.flatMap { stageNames[$0.trimmingBlanks.lowercased()] } ?? .main
        for marked in [Stage.warmup, .cooldown] where id == stageID(marked, written) { stage = marked }
        return WorkoutSet(repetitions: repetitions, items: items, stage: stage)
    }

    /// Lays the sets out as a routine that runs exactly as the app would. The longest run of
    /// sets with the same exercises becomes the rounds (JAWT has no round rest of its own: a set
    /// that ends with a rest repeats with it); sets before it are the warm-up and sets after it
    /// the cool-down. Rests join the exercise before them; rests before the first exercise
    /// lengthen the get-ready. A rest at the very end is the routine's `finalRest`.
    static func layOut(_ all: [WorkoutSet], into draft: inout RoutineDraft) {
        let sets = all.filter { $0.repetitions > 0 && !$0.items.isEmpty }
        let circuits = sets.map(\.circuit)
        // The run of like sets (each but the last ending in the same rest) worked the most times.
        // A run starting inside another, before its last set, ends where it does with fewer
        // rounds, so the next start looked at is the run's last set: each set is compared once
        // or twice, not with every set after it.
        var best: (start: Int, end: Int, rounds: Int)?
        var start = 0
        while start < sets.count {
            guard sets[start].hasWork else {
                start += 1
                continue
            }
            let first = circuits[start]
            var end = start, rounds = sets[start].repetitions
            while end + 1 < sets.count {
                let next = circuits[end + 1], here = circuits[end]
                guard next.leading == first.leading, sameExercises(next.steps, first.steps),
                      here.steps.last?.rest == first.steps.last?.rest else { break }
                end += 1
                rounds += sets[end].repetitions
            }
            if rounds > (best?.rounds ?? 1) { best = (start, end, rounds) }
            start = max(start + 1, end)
        }
        func unrolled(_ list: ArraySlice<WorkoutSet>) -> [TimelineItem] {
            list.flatMap { set in (0..<set.repetitions).flatMap { _ in set.items } }
        }
        guard let best else {
            // No rounds: sets marked as warm-up at the start and cool-down at the end are those
            // stages (as `export` writes them), and the rest is the circuit, run once.
            // A set of rests only before the warm-up (an export's longer get-ready) counts with it.
            var start = sets.prefix { $0.stage == .warmup || !$0.hasWork }.count
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
