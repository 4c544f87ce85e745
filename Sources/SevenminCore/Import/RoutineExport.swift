// SPDX-License-Identifier: GPL-3.0-or-later
/// Writes a routine as another app's file, timed exactly as sevenmin runs it. Pure: no I/O.
public enum RoutineExport {
    /// The file's text, and what the app cannot hold (said, not refused); or why the app cannot
    /// hold the routine at all.
    public static func file(_ routine: Routine, as format: RoutineFormat) -> Result<(text: String, notes: [String]),
                                                                                   Refusal> {
        switch format {
        case .jawt: return .success(JAWTFormat.export(routine))
        case .openhiit: return OpenHIITFormat.export(routine)
        case .sweat: return .failure(Refusal(reasons: ["Sweat's files are read, not written"]))
        }
    }

    /// What is said of steps counted in reps, which neither app has: each is timed there, for its work.
    static func repsNotes(_ routine: Routine, app: RoutineFormat) -> [String] {
        (routine.warmup + routine.exercises + routine.cooldown).filter { $0.reps != nil }.map { e in
            "\"\(e.title)\" is counted in reps here; \(app.appName) counts no reps, so it is timed there, "
                + "for \(JSONWriter.number(e.work)) s"
        }
    }

    /// Why a routine does not fit an app's model.
    public struct Refusal: Error, Equatable, Sendable {
        public var reasons: [String]

        public init(reasons: [String]) { self.reasons = reasons }
    }
}

extension JAWTFormat {
    /// A Workout file. JAWT has no round rest, so when the rounds rest apart the rounds but the
    /// last are one set ending in the round rest and the last another without it; `layOut`
    /// reads such sets back as rounds. Rests are exercises named "Rest".
    static func export(_ routine: Routine) -> (text: String, notes: [String]) {
        var notes: [String] = []
        var sets: [[TimelineItem]] = []
        var repetitions: [Int] = []
        var names: [String?] = []
        func steps(_ list: [Exercise], restAfterLast: Double?) -> [TimelineItem] {
            list.indices.flatMap { k -> [TimelineItem] in
                let e = list[k]
                let rest = k + 1 < list.count ? routine.rest(after: e) : (restAfterLast ?? 0)
                return [.work(RoutineDraft.Step(title: e.title, work: e.work))] + (rest > 0 ? [.rest(rest)] : [])
            }
        }
        if routine.getReady > leadIn {
            sets.append([.rest(routine.getReady - leadIn)])
            repetitions.append(1)
            names.append(nil)
        } else if routine.getReady < leadIn {
            notes.append("Just Another Workout Timer always counts \(JSONWriter.number(leadIn)) s in, so the "
                + "\(JSONWriter.number(routine.getReady)) s get-ready becomes \(JSONWriter.number(leadIn)) s")
        }
        let exercises = routine.exercises
        if !routine.warmup.isEmpty {
            sets.append(steps(routine.warmup, restAfterLast: exercises.first.map { _ in
                routine.rest(after: routine.warmup.last!)
            }))
            repetitions.append(1)
            names.append("Warm-up")
        }
        let last = routine.cooldown.isEmpty ? routine.finalRest : exercises.last.map { routine.rest(after: $0) }
        if routine.rounds > 1 {
            sets.append(steps(exercises, restAfterLast: routine.roundRest))
            repetitions.append(routine.rounds - 1)
            names.append(nil)
        }
        sets.append(steps(exercises, restAfterLast: last))
        repetitions.append(1)
        names.append(nil)
        if !routine.cooldown.isEmpty {
            sets.append(steps(routine.cooldown, restAfterLast: routine.finalRest))
            repetitions.append(1)
            names.append("Cool-down")
        }
        notes += RoutineExport.repsNotes(routine, app: .jawt)
        for e in routine.warmup + exercises + routine.cooldown where e.sides == 2 {
            let pause = routine.switchRest(of: e)
            let without = pause > 0 ? ", without the \(JSONWriter.number(pause)) s to switch sides" : ""
            notes.append("\"\(e.title)\" is one exercise there\(without): Just Another Workout Timer has no cue to "
                + "switch sides")
        }
        var id = 0
        func nextID() -> JSONWriter.Value {
            id += 1
            return .string(exportID(routine.name, id))
        }
        let setValues: [JSONWriter.Value] = sets.indices.map { k in
            .object([
                .init("repetitions", .integer(repetitions[k])),
                .init("id", nextID()),
                .init("name", names[k].map { .string($0) } ?? .null),
                .init("exercises", .array(sets[k].map { item in
                    switch item {
                    case .work(let step):
                        return .object([.init("name", .string(step.title)), .init("id", nextID()),
                                        .init("duration", .number(step.work))])
                    case .rest(let seconds):
                        return .object([.init("name", .string("Rest")), .init("id", nextID()),
                                        .init("duration", .number(seconds))])
                    }
                })),
            ])
        }
        let workout = JSONWriter.Value.object([
            .init("title", .string(routine.name)),
            .init("sets", .array(setValues)),
            .init("version", .integer(2)),
            .init("position", .integer(-1)),
        ])
        let fractional = (routine.warmup + exercises + routine.cooldown).contains { $0.work != $0.work.rounded() }
        if fractional { notes.append("Just Another Workout Timer counts whole seconds; fractions are kept in the "
            + "file but the app may round them") }
        // Expanded down to each exercise, one a line.
        return (JSONWriter.document(workout, compactFrom: 4), notes)
    }

    /// A stable id in the form of a UUID, made from the routine's name and a counter, so that the
    /// same routine exports to the same file.
    static func exportID(_ name: String, _ n: Int) -> String {
        let hex = ContentHash.sha256(Array("\(name)\u{0}\(n)".utf8))
        let d = Array(hex.prefix(32))
        return String(d[0..<8]) + "-" + String(d[8..<12]) + "-4" + String(d[13..<16]) + "-a" + String(d[17..<20])
            + "-" + String(d[20..<32])
    }
}

extension OpenHIITFormat {
    /// A one-timer export, if the routine has OpenHIIT's shape: one work time and one rest for
    /// every exercise, a warm-up and a cool-down of at most one step each, and no rest before the
    /// cool-down.
    static func export(_ routine: Routine) -> Result<(text: String, notes: [String]), RoutineExport.Refusal> {
        var reasons: [String] = []
        let exercises = routine.exercises
        let work = exercises[0].work
        if exercises.contains(where: { $0.work != work }) {
            reasons.append("its exercises do not all work for the same time")
        }
        let rests = exercises.dropLast().map { routine.rest(after: $0) }
        let rest = rests.first ?? routine.rest
        if rests.contains(where: { $0 != rest }) { reasons.append("its rests between exercises differ") }
        if routine.warmup.count > 1 { reasons.append("it warms up with more than one exercise") }
        if routine.cooldown.count > 1 { reasons.append("it cools down with more than one exercise") }
        if let warm = routine.warmup.first, routine.rest(after: warm) != rest {
            reasons.append("the rest after its warm-up differs from the rest between exercises")
        }
        if !routine.cooldown.isEmpty, routine.rest(after: exercises.last!) > 0 {
            reasons.append("it rests before its cool-down")
        }
        if exercises.contains(where: { $0.sides == 2 }) { reasons.append("an exercise switches sides") }
        if routine.finalRest > 0 { reasons.append("it ends on a rest") }
        guard reasons.isEmpty else { return .failure(RoutineExport.Refusal(reasons: reasons)) }
        let restarts = routine.rounds - 1
        let settings: [JSONWriter.Member] = [
            .init("workTime", .number(work)),
            .init("restTime", .number(exercises.count > 1 || !routine.warmup.isEmpty ? rest : 0)),
            .init("breakTime", .number(routine.rounds > 1 ? routine.roundRest : 0)),
            .init("warmupTime", .number(routine.warmup.first?.work ?? 0)),
            .init("cooldownTime", .number(routine.cooldown.first?.work ?? 0)),
            .init("getReadyTime", .number(routine.getReady)),
            .init("restarts", .integer(restarts)),
        ]
        let sounds: [JSONWriter.Member] = ["workSound", "restSound", "halfwaySound", "endSound", "countdownSound"]
            .map { .init($0, .string("")) }
        let timer = JSONWriter.Value.object([
            .init("id", .string(JAWTFormat.exportID(routine.name, 0))),
            .init("name", .string(routine.name)),
            .init("timerIndex", .integer(0)),
            .init("totalTime", .number(Plan(routine).totalDuration)),
            .init("intervals", .integer(exercises.count * routine.rounds)),
            .init("activeIntervals", .integer(exercises.count)),
            .init("restarts", .integer(restarts)),
            .init("activities", .array(exercises.map { .string($0.title) })),
            .init("timeSettings", .object(settings)),
            .init("soundSettings", .object(sounds)),
        ])
        // OpenHIIT's warm-up and cool-down have no names of their own.
        let stages = [(routine.warmup.first, "Warm-up"), (routine.cooldown.first, "Cool-down")]
        let notes = stages.compactMap { step, name in
            step.flatMap { $0.title == name ? nil : "\"\($0.title)\" is OpenHIIT's unnamed \(name.lowercased())" }
        }
        return .success((JSONWriter.document(.array([timer]), compactFrom: 3),
                         notes + RoutineExport.repsNotes(routine, app: .openhiit)))
    }
}
