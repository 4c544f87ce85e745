// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import SevenminCore
import Testing

/// Why an app would refuse a file.
struct AppRefusal: Error, CustomStringConvertible {
    var description: String
}

/// Reading a file as the apps' Dart code does: a key they require must be there, an `int` must be a
/// whole number (Dart's jsonDecode makes `30.0` or `3e1` a double, which `as int` refuses), a
/// `String` a string; keys they do not know are dropped.
struct DartJSON {
    var node: JSONNode

    func member(_ key: String, required: Bool = true) throws -> DartJSON? {
        guard case .object(let members) = node.value else { throw AppRefusal(description: "not a map at \(key)") }
        guard let found = members.last(where: { $0.key == key }) else {
            if required { throw AppRefusal(description: "missing required key \(key)") }
            return nil
        }
        return found.value.value == .null ? nil : DartJSON(node: found.value)
    }

    func int(_ key: String, required: Bool = true) throws -> Int? {
        guard let value = try member(key, required: required) else { return nil }
        guard case .number(let n) = value.node.value, n == n.rounded(), let whole = Int(exactly: n) else {
            throw AppRefusal(description: "\(key) is not an int")
        }
        return whole
    }

    func string(_ key: String, required: Bool = true) throws -> String? {
        guard let value = try member(key, required: required) else { return nil }
        guard case .string(let s) = value.node.value else { throw AppRefusal(description: "\(key) is not a String") }
        return s
    }

    func list(_ key: String) throws -> [DartJSON] {
        guard let value = try member(key) else { return [] }
        guard case .array(let items) = value.node.value else { throw AppRefusal(description: "\(key) is not a List") }
        return items.map { DartJSON(node: $0) }
    }
}

/// Every number in a JSON text that is written with a point or an exponent: what Dart reads as a double.
func numbersDartReadsAsDoubles(_ text: String) -> [String] {
    var out: [String] = []
    var inString = false, escaped = false, token = ""
    for c in text {
        if inString {
            if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
            continue
        }
        if c == "\"" { inString = true } else if "0123456789-+.eE".contains(c) { token.append(c); continue }
        if token.contains(where: { ".eE".contains($0) }) { out.append(token) }
        token = ""
    }
    return out
}

/// Just Another Workout Timer v1.13.0: lib/workout.g.dart's fromJson and toJson, and
/// lib/utils/storage_helper.dart's export, `jsonEncode(…).codeUnits`.
enum JAWTApp {
    struct Exercise { var name: String, id: String?, duration: Int }
    struct WorkoutSet { var repetitions: Int, id: String?, exercises: [Exercise] }
    struct Workout { var title: String, sets: [WorkoutSet], version: Int, position: Int }

    static func read(_ text: String) throws -> Workout {
        let root = DartJSON(node: try JSONParser.parse(Array(text.utf8)))
        return Workout(
            title: try root.string("title") ?? "Workout",
            sets: try root.list("sets").map { set in
                WorkoutSet(repetitions: try set.int("repetitions") ?? 1, id: try set.string("id", required: false),
                           exercises: try set.list("exercises").map { e in
                    Exercise(name: try e.string("name") ?? "Exercise", id: try e.string("id", required: false),
                             duration: try e.int("duration") ?? 30)
                })
            },
            version: try root.int("version", required: false) ?? 1,
            position: try root.int("position", required: false) ?? -1)
    }

    /// The app's Export of one workout: a backup of it, one byte a UTF-16 code unit.
    static func export(_ w: Workout) -> [UInt8] {
        let workout = JSONWriter.Value.object([
            .init("title", .string(w.title)),
            .init("sets", .array(w.sets.map { set in
                .object([.init("repetitions", .integer(set.repetitions)),
                         .init("id", set.id.map { .string($0) } ?? .null),
                         .init("exercises", .array(set.exercises.map { e in
                    .object([.init("name", .string(e.name)), .init("id", e.id.map { .string($0) } ?? .null),
                             .init("duration", .integer(e.duration))])
                }))])
            })),
            .init("version", .integer(w.version)),
            .init("position", .integer(w.position)),
        ])
        let text = JSONWriter.line(.object([.init("workouts", .array([workout]))]))
        return text.utf16.map { UInt8(truncatingIfNeeded: $0) }
    }
}

/// OpenHIIT v1.7.0: lib/core/models/timer_type.dart's TimerType.fromJson and toJson, with
/// timer_time_settings.dart's and timer_sound_settings.dart's.
enum OpenHIITApp {
    struct Timer {
        var id: String, name: String, timerIndex: Int, totalTime: Int, intervals: Int, activeIntervals: Int
        var activities: [String], showMinutes: Int, color: Int
        var times: [(String, Int)]
        var timeIDs: (String, String)
        var sounds: [(String, String)]
    }

    static let timeKeys = ["workTime", "restTime", "breakTime", "warmupTime", "cooldownTime", "getReadyTime",
                           "restarts"]
    static let soundKeys = ["workSound", "restSound", "halfwaySound", "endSound", "countdownSound", "breakSound"]

    static func read(_ text: String) throws -> [Timer] {
        guard case .array(let items) = try JSONParser.parse(Array(text.utf8)).value else {
            throw AppRefusal(description: "Invalid JSON list.")
        }
        return try items.map { DartJSON(node: $0) }.map { t in
            guard let timeSettings = try t.member("timeSettings"), let soundSettings = try t.member("soundSettings")
            else { throw AppRefusal(description: "no settings") }
            return Timer(
                id: try t.string("id", required: false) ?? "", name: try t.string("name", required: false) ?? "",
                timerIndex: try t.int("timerIndex", required: false) ?? 0,
                totalTime: try t.int("totalTime", required: false) ?? 0,
                intervals: try t.int("intervals", required: false) ?? 0,
                activeIntervals: try t.int("activeIntervals", required: false) ?? 0,
                activities: try t.list("activities").map { a in
                    guard case .string(let s) = a.node.value else { throw AppRefusal(description: "activity") }
                    return s
                },
                showMinutes: try t.int("showMinutes", required: false) ?? 0,
                color: try t.int("color", required: false) ?? 4_280_391_411,
                times: try timeKeys.map { ($0, try timeSettings.int($0, required: false) ?? 0) },
                timeIDs: (try timeSettings.string("id", required: false) ?? "",
                          try timeSettings.string("timerId", required: false) ?? ""),
                sounds: try soundKeys.map { ($0, try soundSettings.string($0, required: false) ?? "") })
        }
    }

    static func export(_ timers: [Timer]) -> String {
        JSONWriter.line(.array(timers.map { t in
            .object([
                .init("id", .string(t.id)), .init("name", .string(t.name)), .init("timerIndex", .integer(t.timerIndex)),
                .init("totalTime", .integer(t.totalTime)), .init("intervals", .integer(t.intervals)),
                .init("activeIntervals", .integer(t.activeIntervals)),
                .init("activities", .array(t.activities.map { .string($0) })),
                .init("showMinutes", .integer(t.showMinutes)), .init("color", .integer(t.color)),
                .init("timeSettings", .object([.init("id", .string(t.timeIDs.0)),
                                               .init("timerId", .string(t.timeIDs.1))]
                    + t.times.map { .init($0.0, .integer($0.1)) })),
                .init("soundSettings", .object([.init("id", .string("")), .init("timerId", .string(t.id))]
                    + t.sounds.map { .init($0.0, .string($0.1)) })),
            ])
        }))
    }
}

@Suite("Exports the apps' own readers accept")
struct AppReaderTests {
    static let shipped = ["classic", "classic-3x", "original", "standing", "tabata", "advanced"]

    static func routine(_ name: String) throws -> Routine {
        try RoutineLoader.parse(try bytes(shippedRoutines + "/\(name).json"), path: name)
    }

    /// A routine with halves of seconds in it.
    static var fractional: Routine {
        Routine(name: "Halves", rest: 7.5, getReady: 10, exercises: [
            Exercise(title: "Squat", color: RGB(hex: "#336699")!, work: 12.5),
            Exercise(title: "Lunge", color: RGB(hex: "#993366")!, work: 12.5),
        ])
    }

    static func same(_ a: Routine, _ b: Routine) {
        #expect(a.name == b.name && a.rounds == b.rounds)
        for (x, y) in [(a.warmup, b.warmup), (a.exercises, b.exercises), (a.cooldown, b.cooldown)] {
            #expect(x.map(\.title) == y.map(\.title) && x.map(\.work) == y.map(\.work))
        }
    }

    @Test(arguments: shipped + ["halves"])
    func everyExportIsReadByTheAppsOwnTypes(name: String) throws {
        let routine = name == "halves" ? Self.fractional : try Self.routine(name)
        let jawt = try RoutineExport.file(routine, as: .jawt).get()
        #expect(numbersDartReadsAsDoubles(jawt.text).isEmpty)
        let workout = try JAWTApp.read(jawt.text)
        #expect(workout.version == 2 && workout.sets.allSatisfy { $0.id != nil && $0.repetitions > 0 })
        // OpenHIIT has no switch of sides and one warm-up at most: these are refused, with the reason.
        let refused = ["classic", "classic-3x", "standing", "advanced"]
        let result = RoutineExport.file(routine, as: .openhiit)
        if case .failure(let refusal) = result {
            #expect(refused.contains(name) && refusal.reasons.contains("an exercise switches sides"))
            return
        }
        #expect(!refused.contains(name))
        let openhiit = try result.get()
        #expect(numbersDartReadsAsDoubles(openhiit.text).isEmpty)
        let timers = try OpenHIITApp.read(openhiit.text)
        // OpenHIIT's own sounds for a new timer, not silence.
        #expect(timers.count == 1 && timers[0].sounds.map(\.1) == ["short-whistle", "short-rest-beep",
            "short-halfway-beep", "long-bell", "countdown-beep", "horn"])
    }

    /// sevenmin → the app's reader and its own Export → sevenmin.
    @Test(arguments: shipped)
    func jawtRoundTripThroughTheAppKeepsNamesDurationsRoundsAndSets(name: String) throws {
        var routine = try Self.routine(name)
        routine.name += " für Rücken"
        // Longer than the app's 10 s in: a set of rest before all else.
        routine.getReady = 15
        let export = try RoutineExport.file(routine, as: .jawt).get()
        let app = try JAWTApp.read(export.text)
        let result = try RoutineImport.convert(json: JAWTApp.export(app), path: "Backup.json")
        #expect(result.warnings.count == 1)
        let back = try #require(result.routines.first).routine
        // The app's export cuts "ü" to a byte its import shows as U+FFFD, and so does sevenmin's.
        var shown = routine
        shown.name = asTheJAWTAppShows(routine.name)
        #expect(shown.name.hasSuffix(" f\u{FFFD}r R\u{FFFD}cken"))
        Self.same(shown, back)
        #expect(back.getReady == 15)
        if routine.rounds > 1 { #expect(back.roundRest == routine.roundRest) }
        // The warm-up and cool-down are sets of their own, the app's first after the rest and its last.
        #expect(app.sets.first?.exercises.map(\.name) == ["Rest"] && app.sets.first?.exercises.first?.duration == 5)
        if !routine.warmup.isEmpty { #expect(app.sets[1].exercises.first?.name == routine.warmup[0].title) }
        if !routine.cooldown.isEmpty { #expect(app.sets.last?.exercises.first?.name == routine.cooldown[0].title) }
    }

    @Test func openHIITRoundTripThroughTheAppKeepsNamesDurationsAndRounds() throws {
        let tabata = try Self.routine("tabata")
        var warm = tabata
        warm.warmup = [Exercise(title: "Warm-up", color: RGB(hex: "#336699")!, work: 90)]
        warm.cooldown = [Exercise(title: "Cool-down", color: RGB(hex: "#336699")!, work: 60, rest: 0)]
        warm.exercises[warm.exercises.count - 1].rest = 0
        warm.getReady = 5
        var single = tabata
        single.exercises = [single.exercises[0]]
        single.rest = 0
        single.roundRest = 0
        for routine in [tabata, warm, single] {
            let export = try RoutineExport.file(routine, as: .openhiit).get()
            let again = OpenHIITApp.export(try OpenHIITApp.read(export.text))
            let back = try #require(try RoutineImport.convert(json: Array(again.utf8), path: "t.json").routines.first)
            Self.same(routine, back.routine)
            #expect(timeline(back.routine) == timeline(routine))
            #expect(try OpenHIITApp.read(export.text)[0].totalTime == Int(Plan(routine).totalDuration))
        }
    }

    @Test func fractionsAreRoundedAndSaidInOneLine() throws {
        let jawt = try RoutineExport.file(Self.fractional, as: .jawt).get()
        #expect(jawt.notes.first == "Just Another Workout Timer counts whole seconds, so these are rounded: rest "
            + "7.5 s to 8 s, \"Squat\" 12.5 s to 13 s, \"Lunge\" 12.5 s to 13 s")
        #expect(jawt.notes.filter { $0.contains("whole seconds") }.count == 1)
        let back = try imported(jawt.text).routines[0].routine
        #expect(back.exercises.map(\.work) == [13, 13] && Plan(back).totalDuration == 10 + 13 + 8 + 13)
        let openhiit = try RoutineExport.file(Self.fractional, as: .openhiit).get()
        #expect(openhiit.notes.first?.hasPrefix("OpenHIIT counts whole seconds, so these are rounded: ") == true)
    }

    @Test func openHIITRefusesRoundsWithNoRestWhenItsExercisesRest() throws {
        var routine = try Self.routine("classic-3x")
        routine.exercises = routine.exercises.filter { $0.sides == 1 }
        routine.roundRest = 0
        let refusal = try #require(throws: RoutineExport.Refusal.self) {
            try RoutineExport.file(routine, as: .openhiit).get()
        }
        #expect(refusal.reasons == ["it has no rest between rounds, which OpenHIIT runs as its rest between exercises"])
    }
}
