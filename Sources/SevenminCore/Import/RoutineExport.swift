// SPDX-License-Identifier: GPL-3.0-or-later
/// Writes a routine as another app's file, timed exactly as sevenmin runs it. Pure: no I/O.
public enum RoutineExport {
    /// The file's text, and what the app cannot hold (said, not refused); or why the app cannot
    /// hold the routine at all.
    public static func file(_ routine: Routine, as format: RoutineFormat) -> Result<(text: String, notes: [String]),
                                                                                   Refusal> {
        guard format != .sweat else { return .failure(Refusal(reasons: ["Sweat's files are read, not written"])) }
        // Both apps read every time as an `int`: a fraction is a file they refuse.
        let (whole, rounded) = wholeSeconds(routine)
        let note = rounded.isEmpty ? [] : ["\(format.appName) counts whole seconds, so these are rounded: "
            + rounded.joined(separator: ", ")]
        switch format {
        case .jawt:
            let (text, notes) = JAWTFormat.export(whole)
            return .success((text, note + notes))
        case .openhiit:
            return OpenHIITFormat.export(whole).map { ($0.text, note + $0.notes) }
        case .sweat: return .failure(Refusal(reasons: []))
        }
    }

    /// The routine with every time rounded to a whole second (halves away from zero), and what was
    /// rounded, each as "what 12.5 s to 13 s".
    static func wholeSeconds(_ routine: Routine) -> (Routine, [String]) {
        var out = routine
        var rounded: [String] = []
        func round(_ value: inout Double, _ what: String) {
            guard value != value.rounded() else { return }
            let whole = value.rounded()
            rounded.append("\(what) \(JSONWriter.number(value)) s to \(JSONWriter.number(whole)) s")
            value = whole
        }
        func round(_ value: inout Double?, _ what: String) {
            guard var v = value else { return }
            round(&v, what)
            value = v
        }
        round(&out.getReady, "get-ready")
        round(&out.rest, "rest")
        round(&out.roundRest, "rest between rounds")
        round(&out.switchRest, "switch of sides")
        round(&out.finalRest, "final rest")
        for list in [\Routine.warmup, \Routine.exercises, \Routine.cooldown] {
            for k in out[keyPath: list].indices {
                let title = "\"\(out[keyPath: list][k].title)\""
                round(&out[keyPath: list][k].work, title)
                round(&out[keyPath: list][k].rest, "rest after \(title)")
                round(&out[keyPath: list][k].switchRest, "switch of sides in \(title)")
            }
        }
        return (out, rounded)
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
    /// One Workout, as the app keeps it and its home screen imports it (`workout.g.dart`, v1.13.0):
    /// no set names, which the app does not have. JAWT has no round rest, so when the rounds rest apart the
    /// rounds but the last are one set ending in the round rest and the last another without it;
    /// `layOut` reads such sets back as rounds. A warm-up and a cool-down are sets of their own, the
    /// app's "Set 1" and last set, marked by their ids (`stageID`). Rests are exercises named "Rest".
    /// Times are whole seconds (`RoutineExport.file` rounds them).
    static func export(_ routine: Routine) -> (text: String, notes: [String]) {
        var notes: [String] = []
        var sets: [(items: [TimelineItem], repetitions: Int, stage: Stage)] = []
        func steps(_ list: [Exercise], restAfterLast: Double?) -> [TimelineItem] {
            list.indices.flatMap { k -> [TimelineItem] in
                let e = list[k]
                let rest = k + 1 < list.count ? routine.rest(after: e) : (restAfterLast ?? 0)
                return [.work(RoutineDraft.Step(title: e.title, work: e.work))] + (rest > 0 ? [.rest(rest)] : [])
            }
        }
        if routine.getReady > leadIn {
            sets.append(([.rest(routine.getReady - leadIn)], 1, .main))
        } else if routine.getReady < leadIn {
            notes.append("Just Another Workout Timer always counts \(JSONWriter.number(leadIn)) s in, so the "
                + "\(JSONWriter.number(routine.getReady)) s get-ready becomes \(JSONWriter.number(leadIn)) s")
        }
        let exercises = routine.exercises
        if !routine.warmup.isEmpty {
            sets.append((steps(routine.warmup, restAfterLast: exercises.first.map { _ in
                routine.rest(after: routine.warmup.last!)
            }), 1, .warmup))
        }
        let last = routine.cooldown.isEmpty ? routine.finalRest : exercises.last.map { routine.rest(after: $0) }
        if routine.rounds > 1 {
            sets.append((steps(exercises, restAfterLast: routine.roundRest), routine.rounds - 1, .main))
        }
        sets.append((steps(exercises, restAfterLast: last), 1, .main))
        if !routine.cooldown.isEmpty {
            sets.append((steps(routine.cooldown, restAfterLast: routine.finalRest), 1, .cooldown))
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
        let setValues: [JSONWriter.Value] = sets.map { set in
            let written = set.items.map { item -> (name: String, duration: Int) in
                switch item {
                case .work(let step): return (step.title, Int(step.work))
                case .rest(let seconds): return ("Rest", Int(seconds))
                }
            }
            let setID = set.stage == .main ? nextID() : .string(stageID(set.stage, written))
            return .object([
                .init("repetitions", .integer(set.repetitions)),
                .init("id", setID),
                .init("exercises", .array(written.map { exercise in
                    .object([.init("name", .string(exercise.name)), .init("id", nextID()),
                             .init("duration", .integer(exercise.duration))])
                })),
            ])
        }
        let workout = JSONWriter.Value.object([
            .init("title", .string(routine.name)),
            .init("sets", .array(setValues)),
            .init("version", .integer(2)),
            .init("position", .integer(-1)),
        ])
        // Expanded down to each exercise, one a line.
        return (JSONWriter.document(workout, compactFrom: 4), notes)
    }

    /// A stable id in the form of a UUID, made from the routine's name and a counter, so that the
    /// same routine exports to the same file.
    static func exportID(_ name: String, _ n: Int) -> String {
        uuid(ContentHash.sha256(Array("\(name)\u{0}\(n)".utf8)))
    }
}

extension OpenHIITFormat {
    /// OpenHIIT's own sounds for a new timer (`TimerSoundSettings.empty()`, v1.7.0).
    static let defaultSounds = [("workSound", "short-whistle"), ("restSound", "short-rest-beep"),
                                ("halfwaySound", "short-halfway-beep"), ("endSound", "long-bell"),
                                ("countdownSound", "countdown-beep"), ("breakSound", "horn")]

    /// A one-timer export as `TimerType.toJson` writes it (v1.7.0), if the routine has OpenHIIT's
    /// shape: one work time and one rest for every exercise, a warm-up and a cool-down of at most
    /// one step each, no rest before the cool-down, and a rest between rounds the app can run (its
    /// `breakTime`, or when that is 0 its `restTime`). Times are whole seconds
    /// (`RoutineExport.file` rounds them).
    static func export(_ routine: Routine) -> Result<(text: String, notes: [String]), RoutineExport.Refusal> {
        var reasons: [String] = []
        let exercises = routine.exercises
        let work = exercises[0].work
        if exercises.contains(where: { $0.work != work }) {
            reasons.append("its exercises do not all work for the same time")
        }
        let rests = exercises.dropLast().map { routine.rest(after: $0) }
        let rest = rests.first ?? routine.warmup.first.map { routine.rest(after: $0) } ?? 0
        if rests.contains(where: { $0 != rest }) { reasons.append("its rests between exercises differ") }
        if routine.warmup.count > 1 { reasons.append("it warms up with more than one exercise") }
        if routine.cooldown.count > 1 { reasons.append("it cools down with more than one exercise") }
        if let warm = routine.warmup.first, routine.rest(after: warm) != rest {
            reasons.append("the rest after its warm-up differs from the rest between exercises")
        }
        if !routine.cooldown.isEmpty, routine.rest(after: exercises.last!) > 0 {
            reasons.append("it rests before its cool-down")
        }
        // A break of 0 is the app's rest between exercises, so no rest between rounds needs no rest at all.
        if routine.rounds > 1 && routine.roundRest == 0 && rest > 0 {
            reasons.append("it has no rest between rounds, which OpenHIIT runs as its rest between exercises")
        }
        if exercises.contains(where: { $0.sides == 2 }) { reasons.append("an exercise switches sides") }
        if routine.finalRest > 0 { reasons.append("it ends on a rest") }
        guard reasons.isEmpty else { return .failure(RoutineExport.Refusal(reasons: reasons)) }
        let id = JAWTFormat.exportID(routine.name, 0)
        func seconds(_ value: Double) -> JSONWriter.Value { .integer(Int(value)) }
        let settings: [JSONWriter.Member] = [
            .init("id", .string(JAWTFormat.exportID(routine.name, 1))),
            .init("timerId", .string(id)),
            .init("workTime", seconds(work)),
            .init("restTime", seconds(rest)),
            .init("breakTime", seconds(routine.rounds > 1 ? routine.roundRest : 0)),
            .init("warmupTime", seconds(routine.warmup.first?.work ?? 0)),
            .init("cooldownTime", seconds(routine.cooldown.first?.work ?? 0)),
            .init("getReadyTime", seconds(routine.getReady)),
            .init("restarts", .integer(routine.rounds - 1)),
        ]
        let sounds: [JSONWriter.Member] = [.init("id", .string(JAWTFormat.exportID(routine.name, 2))),
                                           .init("timerId", .string(id))]
            + defaultSounds.map { .init($0.0, .string($0.1)) }
        let timer = JSONWriter.Value.object([
            .init("id", .string(id)),
            .init("name", .string(routine.name)),
            .init("timerIndex", .integer(0)),
            .init("totalTime", seconds(Plan(routine).totalDuration)),
            .init("intervals", .integer(exercises.count * routine.rounds)),
            .init("activeIntervals", .integer(exercises.count)),
            .init("activities", .array(exercises.map { .string($0.title) })),
            .init("showMinutes", .integer(0)),
            .init("color", .integer(4_280_391_411)),
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
