// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
@testable import SevenminCore
import SevenminYAML
import Testing

let here = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!))
let fixtures = here + "/Fixtures"
let fixtureNames = ["jawt-backup.json", "jawt-export-de.json", "jawt-export-ru.json", "jawt-workout-v1.7.0.json",
                    "jawt-export-el.json", "jawt-export-ja.json",
                    "openhiit-timers.json", "openhiit-timer-es.json", "openhiit-workouts-2024.json",
                    "sweat-example.yaml", "sweat-dashed-v201909080.yaml", "sweat-de.yaml", "home/.sweat",
                    "sweat-shuffle-no-chair.yaml"]
/// Fixtures the app itself refuses, and so does the import.
let refusedFixtures = ["jawt-export-ru.json", "sweat-unnamed-group.yaml", "sweat-no-chair-no-jumping.yaml"]
let shippedRoutines = here + "/../../Workouts"

func bytes(_ path: String) throws -> [UInt8] {
    try #require(FileManager.default.contents(atPath: path).map { Array($0) }, "cannot read \(path)")
}

/// A file as `sevenmin import` reads it: YAML for .yaml, else JSON.
func imported(_ text: String, yaml: Bool = false, path: String = "in.json") throws(RoutineLoadError)
    -> ImportResult {
    let root: JSONNode
    do { root = yaml ? try YAMLParser.parse(Array(text.utf8)) : try JSONParser.parse(Array(text.utf8)) } catch {
        throw RoutineLoadError([Diagnostic(path: path, position: error.position, message: error.message)])
    }
    return try RoutineImport.convert(root, path: path)
}

/// The figures of the moves sevenmin ships, from the shipped routines.
let shippedFigures = MoveFigures(shipped: ["classic", "advanced", "standing", "tabata", "original", "classic-3x"]
    .compactMap { name in
        (try? bytes(shippedRoutines + "/\(name).json")).flatMap { try? RoutineLoader.parse($0, path: name) }
    })

/// A fixture as `sevenmin import` reads it: YAML for .yaml and .sweat, else JSON from its bytes.
func importedFixture(_ name: String) throws -> ImportResult {
    let data = try bytes(fixtures + "/" + name)
    if name.hasSuffix(".yaml") || name.hasSuffix(".sweat") {
        do {
            return try RoutineImport.convert(YAMLParser.parse(data), path: name, figures: shippedFigures)
        } catch let error as JSONSyntaxError {
            throw RoutineLoadError([Diagnostic(path: name, position: error.position, message: error.message)])
        }
    }
    return try RoutineImport.convert(json: data, path: name, figures: shippedFigures)
}

/// Text as Just Another Workout Timer's export writes it and reads it back: each UTF-16 code unit cut to
/// a byte (`codeUnits`), then `utf8.decode(allowMalformed: true)`.
func asTheJAWTAppShows(_ text: String) -> String {
    String(decoding: text.utf16.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
}

/// The processor time `body` takes on this thread, in seconds: unlike the wall clock, not
/// lengthened by other work on the machine.
func threadSeconds(_ body: () throws -> Void) rethrows -> Double {
    func now() -> Double {
        var t = timespec()
        // ignored: CLOCK_THREAD_CPUTIME_ID is always there on Linux
        _ = clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
    let start = now()
    try body()
    return now() - start
}

/// Each segment as (kind, heading, seconds), the way the workout runs.
func timeline(_ routine: Routine) -> [String] {
    let plan = Plan(routine)
    return plan.segments.indices.map { k in
        "\(plan.segments[k].kind.rawValue) \(plan.heading(of: k)) \(JSONWriter.number(plan.segments[k].duration))"
    }
}

@Suite("Importing other apps' files")
struct ImportTests {
    // Just Another Workout Timer's total, from lib/utils/timetable.dart (v1.13.0; lib/workout_runner.dart
    // in v1.7.0 the same): buildTimetable starts `currentTime` at 10 (the lead-in), then for every set,
    // `repetitions` times, adds each exercise's `duration`, rests too, and the workout is done at the
    // last `currentTime`: 10 + Σ sets repetitions × Σ durations.

    @Test func jawtBackupRunsAsTheAppRunsIt() throws {
        let result = try importedFixture("jawt-backup.json")
        #expect(result.format == .jawt && result.warnings.isEmpty)
        #expect(result.routines.map(\.fileName) == ["morning-burner", "tabata-quick"])
        let burner = result.routines[0].routine
        // 10 + 1 × (45 + 15) + 3 × (30 + 10 + 40 + 20) + 1 × 60.
        #expect(Plan(burner).totalDuration == 430)
        #expect(burner.rounds == 3 && burner.roundRest == 20)
        #expect(timeline(burner) == [
            "getReady Get ready 10", "work Jumping Jacks 45", "rest Rest 15",
            "work Push-ups 30", "rest Rest 10", "work Squats 40", "roundRest Rest before round 2 20",
            "work Push-ups 30", "rest Rest 10", "work Squats 40", "roundRest Rest before round 3 20",
            "work Push-ups 30", "rest Rest 10", "work Squats 40", "rest Rest 20", "work Plank 60",
        ])
        #expect(burner.warmup.map(\.title) == ["Jumping Jacks"] && burner.cooldown.map(\.title) == ["Plank"])
        #expect(result.routines[0].notes.isEmpty)
        // Ids, versions and positions are not worth a word.
        #expect(result.ignored.isEmpty)
    }

    @Test func jawtRestAtTheVeryEndIsRunBeforeTheFinish() throws {
        let tabata = try importedFixture("jawt-backup.json").routines[1]
        // 10 + 8 × (20 + 10): the app runs the last of eight rests too, so it is the final rest.
        let plan = Plan(tabata.routine)
        #expect(plan.totalDuration == 250)
        #expect(tabata.routine.rounds == 8 && tabata.routine.exercises.map(\.title) == ["Burpees"])
        #expect(tabata.routine.finalRest == 10 && tabata.notes.isEmpty)
        #expect(Array(timeline(tabata.routine).suffix(2)) == ["work Burpees 20", "rest Rest 10"])
        // It leads to the finish: no exercise comes next, and the coach says only "Rest now."
        let last = plan.segments.count - 1
        #expect(plan.isFinalRest(last) && plan.comingNext(after: last) == nil && plan.isLastPause(last - 2))
        #expect(VoicePolicy.start(of: last, in: plan).text == "Rest now.")
        #expect(!PlanJSON.encode(plan, seed: nil).split(separator: "\n").dropLast(3).last!.contains("next"))
        // Back to the app and again, the same timeline.
        let export = try RoutineExport.file(tabata.routine, as: .jawt).get()
        let back = try #require(try imported(export.text).routines.first).routine
        #expect(timeline(back) == timeline(tabata.routine) && Plan(back).totalDuration == 250)
        #expect(throws: RoutineExport.Refusal(reasons: ["it ends on a rest"])) {
            try RoutineExport.file(tabata.routine, as: .openhiit).get()
        }
    }

    /// The app reads a file that is not UTF-8 with `utf8.decode(allowMalformed: true)`: "ü", written as
    /// the one byte 0xFC, is U+FFFD there, and so here.
    @Test func jawtExportWrittenOneByteACodeUnitIsReadAsTheAppReadsIt() throws {
        let result = try importedFixture("jawt-export-de.json")
        #expect(result.warnings == [NewAppFileTests.readAsTheApp])
        let routine = try #require(result.routines.first).routine
        #expect(routine.name == "R\u{FFFD}cken & Bauch" && result.routines[0].fileName == "r-cken-bauch")
        // "Pause" is the German app's rest. 10 + 1 × (30 + 10) + 2 × (40 + 20 + 40 + 20) + 1 × 60.
        #expect(Plan(routine).totalDuration == 350)
        #expect(routine.warmup.map(\.title) == ["Hampelmann"] && routine.rounds == 2)
        #expect(routine.exercises.map(\.title) == ["Liegest\u{FFFD}tze", "Unterarmst\u{FFFD}tz"])
        #expect(routine.cooldown.map(\.title) == ["Dehn\u{FFFD}bung"])
    }

    @Test func jawtExportTheAppCannotReadIsRefusedWhereItBreaks() throws {
        // "Табата" cut to one byte a code unit: its "Т" is a quote that ends the title.
        let error = try #require(throws: RoutineLoadError.self) { try importedFixture("jawt-export-ru.json") }
        #expect(error.description == "jawt-export-ru.json:1:25: unexpected '0'; expected ',' or '}'")
        // A file that is not UTF-8 and not the app's is refused at its first byte that is not UTF-8.
        let other = try #require(throws: RoutineLoadError.self) {
            try RoutineImport.convert(json: Array("[{\"name\": \"x".utf8) + [0xE9] + Array("\"}]".utf8), path: "o.json")
        }
        #expect(other.description == "o.json:1:13: the text is not valid UTF-8")
    }

    @Test func jawtOlderWorkoutFileRunsAsTheAppRunsIt() throws {
        // v1.7.0's own workout file: no ids, version or position; "Repos" is the French app's rest.
        let result = try importedFixture("jawt-workout-v1.7.0.json")
        #expect(result.warnings.isEmpty && result.ignored.isEmpty)
        let routine = try #require(result.routines.first).routine
        #expect(routine.name == "Séance éclair")
        // 10 + 1 × (5 + 60) + 4 × (30 + 15 + 30 + 15).
        #expect(Plan(routine).totalDuration == 435)
        #expect(routine.getReady == 15 && routine.warmup.map(\.title) == ["Échauffement"] && routine.rounds == 4)
        #expect(routine.exercises.map(\.title) == ["Pompes", "Fentes"] && routine.finalRest == 15)
    }

    @Test func jawtSetsOfNoRepetitionsAreNotRun() throws {
        // Every set run no times: the app counts its 10 s in and is done; there is nothing to import.
        let text = #"{"title":"x","sets":[{"repetitions":0,"exercises":[{"name":"a","duration":10}]}]}"#
        #expect(throws: RoutineLoadError.self) { try imported(text) }
        do { _ = try imported(text) } catch {
            #expect(error.description == "in.json:1:21: every set with an exercise has 0 repetitions, so the "
                + "workout runs no exercise")
        }
        let some = #"{"title":"x","sets":[{"repetitions":0,"exercises":[{"name":"a","duration":10}]},"#
            + #"{"repetitions":2,"exercises":[{"name":"b","duration":20}]}]}"#
        let routine = try imported(some).routines[0].routine
        // 10 + 0 × 10 + 2 × 20.
        #expect(routine.rounds == 2 && Plan(routine).totalDuration == 50)
    }

    /// What the app would run for more than a day is refused by counting, before the sets are
    /// laid out: 17,000 sets of 100 repetitions were unrolled into 1.7 million steps first.
    @Test func jawtWorkoutOverADayIsRefusedBeforeItIsLaidOut() throws {
        let text = #"{"title":"x","sets":[{"repetitions":100,"exercises":[{"name":"a","duration":500}]},"#
            + #"{"repetitions":100,"exercises":[{"name":"b","duration":500}]}]}"#
        var walker = ImportWalker(validator: Validator(path: "in.json"))
        #expect(JAWTFormat.workout(try JSONParser.parse(Array(text.utf8)), &walker) == nil)
        #expect(walker.validator.diagnostics.map(\.description) == ["in.json:1:1: as a sevenmin routine, the "
            + "workout would last 100010 seconds, more than a day (86400)"])
    }

    /// Like sets are found in one pass: 18,000 of them were compared each with every later one.
    @Test func jawtManyLikeSetsAreLaidOutInLinearTime() throws {
        let set = JAWTFormat.WorkoutSet(repetitions: 1, items: [.work(RoutineDraft.Step(title: "a", work: 1))])
        var draft = RoutineDraft(name: "x", description: "", getReady: 10, exercises: [],
                                 position: SourcePosition(line: 1, column: 1))
        let took = threadSeconds { JAWTFormat.layOut(Array(repeating: set, count: 18_000), into: &draft) }
        #expect(took < 5, "laying out 18,000 sets took \(took) s")
        #expect(draft.rounds == 18_000 && draft.exercises.map(\.title) == ["a"])
    }

    /// 85,000 unknown keys made a 600 KB warning line: the first five are named, then how many more.
    @Test func manyUnknownKeysAreNamedFirstFiveThenCounted() throws {
        let keys = (0..<85_000).map { "\"k\($0)\":0" }.joined(separator: ",")
        let text = #"{"title":"x","# + keys + #","sets":[{"repetitions":1,"exercises":[{"name":"a","duration":10}]}]}"#
        var result: ImportResult?
        let took = try threadSeconds { result = try RoutineImport.convert(json: Array(text.utf8), path: "in.json") }
        #expect(took < 5, "walking 85,000 unknown keys took \(took) s")
        #expect(result?.ignored.count == 85_000)
        #expect(result?.leftOut == "k0 (in a workout), k1 (in a workout), k2 (in a workout), k3 (in a workout), "
            + "k4 (in a workout) and 84995 more")
        #expect(ImportResult(format: .jawt, routines: [], ignored: ["a", "b"]).leftOut == "a, b")
        let six = ["a", "b", "c", "d", "e", "f"]
        #expect(ImportResult(format: .jawt, routines: [], ignored: six).leftOut == "a, b, c, d, e, f", "not '1 more'")
        #expect(ImportResult(format: .jawt, routines: [], ignored: six + ["g"]).leftOut == "a, b, c, d, e and 2 more")
    }

    @Test func jawtNullsTakeTheAppsDefaults() throws {
        // workout.g.dart: a null title is "Workout", repetitions 1, name "Exercise", duration 30.
        let text = #"{"title":null,"sets":[{"repetitions":null,"exercises":[{"name":null,"duration":null}]}]}"#
        let routine = try imported(text).routines[0].routine
        #expect(routine.name == "Workout" && timeline(routine) == ["getReady Get ready 10", "work Exercise 30"])
    }

    @Test(arguments: ["Rest", "pause", "REPOS", "Riposo", "ОТДЫХ", "Dinlenme", " rest "])
    func everyLanguagesRestIsARest(name: String) throws {
        let text = #"{"title": "T", "sets": [{"repetitions": 1, "exercises": ["#
            + #"{"name": "A", "duration": 20}, {"name": "\#(name)", "duration": 7}, {"name": "B", "duration": 20}]}]}"#
        let routine = try imported(text).routines[0].routine
        #expect(timeline(routine) == ["getReady Get ready 10", "work A 20", "rest Rest 7", "work B 20"])
    }

    @Test func jawtSetsWithoutRepeatsStayInOrder() throws {
        let text = #"{"title": "Flat", "sets": ["#
            + #"{"repetitions": 1, "exercises": [{"name": "Rest", "duration": 5}, {"name": "A", "duration": 20}]},"#
            + #"{"repetitions": 1, "exercises": [{"name": "B", "duration": 25}, {"name": "Rest", "duration": 15}]},"#
            + #"{"repetitions": 0, "exercises": [{"name": "Never", "duration": 25}]},"#
            + #"{"repetitions": 1, "exercises": [{"name": "C", "duration": 30}]}]}"#
        let routine = try imported(text).routines[0].routine
        #expect(timeline(routine) == ["getReady Get ready 15", "work A 20", "work B 25", "rest Rest 15", "work C 30"])
        let sum: Double = 10 + 5 + 20 + 25 + 15 + 30
        #expect(Plan(routine).totalDuration == sum)
    }

    // OpenHIIT's timers, from generateIntervalsFromTimer (v1.7.0, lib/core/utils/interval_calculation.dart;
    // generateIntervalsFromSettings in v1.5.0, lib/providers/workout_provider.dart, the same but for no rest
    // after a warm-up): getReadyTime; warmupTime and then restTime; `restarts + 1` times the
    // activeIntervals works of workTime with restTime between two, and between rounds breakTime, or
    // restTime when breakTime is 0; then cooldownTime. An interval of 0 s is not added.

    @Test func openHIITTimersRunAsTheAppRunsThem() throws {
        let result = try importedFixture("openhiit-timers.json")
        #expect(result.format == .openhiit)
        let hiit = result.routines[0].routine
        // 10 + 120 + 10 + 2 × (4 × 20 + 3 × 10) + 60 + 90: the app's own totalTime, 510.
        #expect(Plan(hiit).totalDuration == 510)
        let round = ["work Burpees 20", "rest Rest 10", "work Squats 20", "rest Rest 10", "work Push-ups 20",
                     "rest Rest 10", "work Lunges 20"]
        let expected: [String] = ["getReady Get ready 10", "work Warm-up 120", "rest Rest 10"] + round
            + ["roundRest Rest before round 2 60"] + round + ["work Cool-down 90"]
        #expect(timeline(hiit) == expected)
        // breakTime 0: 10 + 2 × (3 × 40 + 2 × 15) + 15, the rest between rounds the app's restTime.
        let core = result.routines[1].routine
        #expect(Plan(core).totalDuration == 325 && core.rounds == 2 && core.roundRest == 15)
        #expect(result.ignored == ["color (in a timer)", "soundSettings (in a timer)"])
    }

    @Test func openHIITSpanishTimerOfVersion150() throws {
        let routine = try #require(try importedFixture("openhiit-timer-es.json").routines.first).routine
        #expect(routine.name == "Piernas y glúteos")
        #expect(routine.exercises.map(\.title) == ["Sentadillas", "Zancadas", "Puente de glúteos"])
        // 5 + 3 × (3 × 45 + 2 × 15) + 2 × 30 + 60: the app's totalTime, 620.
        #expect(Plan(routine).totalDuration == 620 && routine.rounds == 3)
    }

    // The 2024 workouts (v1.4.3) ran on background_hiit_timer 1.0.0-dev.6 (lib/utils/utils.dart): the
    // "start" status counts getReadyTime; startIntervalEnd goes to the warm-up (first round only) or a
    // work; workIntervalEnd after the warm-up or a work goes to a rest of restTime; after the last
    // work of a round with iterations left, a break of breakTime or, when that is 0, "start" again
    // with getReadyTime; after the last round, the cool-down if cooldownTime > 0. `iterations + 1`
    // rounds (lib/utils/functions.dart listItems counts them the same). halfTime is not used.

    @Test func openHIITWorkoutsOf2024RunAsThatAppRanThem() throws {
        let result = try importedFixture("openhiit-workouts-2024.json")
        let old = result.routines[0].routine
        #expect(old.name == "Old Timer" && old.rounds == 3)
        #expect(old.exercises.map(\.title) == ["Jacks", "Sit-ups", "Squats"])
        // 5 + 3 × (3 × 30 + 2 × 15) + 2 × 5: between rounds the get-ready again.
        #expect(Plan(old).totalDuration == 375 && old.roundRest == 5)
        let tabata = result.routines[1].routine
        // 10 + 120 + 10 + 4 × (2 × 20 + 10) + 3 × 60 + 90.
        #expect(Plan(tabata).totalDuration == 610 && tabata.rounds == 4)
        #expect(timeline(tabata).prefix(4) == ["getReady Get ready 10", "work Warm-up 120", "rest Rest 10",
                                               "work Burpees 20"])
        #expect(result.ignored == ["workSound (in a timer)", "restSound (in a timer)", "halfwaySound (in a timer)",
                                   "completeSound (in a timer)", "countdownSound (in a timer)",
                                   "colorInt (in a timer)"])
    }

    @Test func openHIITTimeSettingsMayBeAnObjectOrAString() throws {
        let text = #"[{"name": "Plain", "activeIntervals": 2, "activities": ["Up", "Down"], "timeSettings": "#
            + #""{\"workTime\": 40, \"restTime\": 0, \"breakTime\": 30, \"warmupTime\": 0, \"cooldownTime\": 0, "#
            + #"\"getReadyTime\": 0, \"restarts\": 2}"}]"#
        let routine = try imported(text).routines[0].routine
        #expect(timeline(routine) == ["work Up 40", "work Down 40", "roundRest Rest before round 2 30",
            "work Up 40", "work Down 40", "roundRest Rest before round 3 30", "work Up 40", "work Down 40"])
    }

    // Sweat's timing, from lib/Sweat.pm (202101030; v201909080 the same): `order` counts rest_length
    // down before every drill, the first too, then drill_length, or for a side-switching drill
    // drill_length / 2, side_switch_length (4 s), drill_length / 2. So n drills last
    // n × (rest_length + drill_length) + 4 s for each side-switching one. (Its countdown loop also
    // waits a second on "0", and it sleeps drill_prep_length, 1 s, after each drill's "Rest."; those
    // are the loop's tick and a pause for the speech, not lengths the configuration sets.)

    @Test func sweatExampleConfigRunsItsTwelveDrills() throws {
        let result = try importedFixture("sweat-example.yaml")
        #expect(result.format == .sweat)
        let sweat = try #require(result.routines.first).routine
        // Round-robin over the four groups, three times.
        #expect(sweat.exercises.map(\.title) == ["jumping jacks", "wall sit", "push-ups", "abdominal crunches",
            "high knees", "squats", "tricep dips", "plank", "step-ups", "knee lunges", "rotational push-ups",
            "side plank"])
        // 12 × (10 + 30) + 4.
        #expect(Plan(sweat).totalDuration == 484 && sweat.getReady == 10)
        #expect(sweat.exercises.last?.sides == 2 && sweat.switchRest == 4)
        // Sweat's shuffle is start's; no_chair and no_jumping, which Sweat does not read, are 0.
        #expect(result.ignored.isEmpty && result.routines[0].startOptions == ["--shuffle"])
        #expect(result.routines[0].fileName == "sweat-example" && sweat.name == "Sweat (example)")
        // The moves sevenmin ships get its figures, matched by title whatever the plural.
        let figures = sweat.exercises.map { e in FigureLibrary.names.first { FigureLibrary.figures[$0] == e.figure } }
        #expect(figures == ["jumping-jack", "wall-sit", "push-up", "crunch", "high-knees", "squat", "triceps-dip",
                            "plank", "step-up", nil, nil, "side-plank"])
    }

    @Test func sweatWithNoGroupsUsesItsDefaultsAndReadsDashedKeys() throws {
        let result = try importedFixture("sweat-dashed-v201909080.yaml")
        let sweat = try #require(result.routines.first).routine
        #expect(sweat.exercises.map(\.title) == ["jumping jacks", "wall sit", "push-ups", "abdominal crunches",
            "high knees", "squats", "tricep dips", "plank"])
        // 8 × (15 + 45): the lead-in is the 15 s rest_length.
        #expect(Plan(sweat).totalDuration == 480 && sweat.getReady == 15)
        #expect(sweat.exercises.allSatisfy { $0.work == 45 })
        #expect(result.ignored.isEmpty)
    }

    @Test func sweatGermanDrillsWithoutAChairSwitchSidesForFourSeconds() throws {
        let result = try importedFixture("sweat-de.yaml")
        let sweat = try #require(result.routines.first).routine
        #expect(sweat.exercises.map(\.title) == ["Hampelmann", "Wandsitzen", "Unterarmstütz", "Hampelmann",
                                                  "Ausfallschritte", "Seitstütz"])
        // 6 × (20 + 40) + 2 × 4.
        #expect(Plan(sweat).totalDuration == 368)
        #expect(timeline(sweat).suffix(3) == ["work Seitstütz 20", "switch Switch sides 4", "work Seitstütz 20"])
        #expect(result.routines[0].notes.isEmpty && result.routines[0].fileName == "sweat-de")
    }

    @Test func sweatRefusesAGroupWithNoDrillLeft() throws {
        let yaml = "jumping: 0\ngroups:\n  - name: aerobic\n    drills:\n      - name: jacks\n"
            + "        requires_jumping: 1\n"
        #expect(throws: RoutineLoadError.self) { try imported(yaml, yaml: true) }
        do { _ = try imported(yaml, yaml: true) } catch {
            #expect(error.description == "in.json:3:5: the group aerobic has no drill left with jumping: 0, and "
                + "Sweat will not run")
        }
    }

    /// An imported routine carries no `$schema` URL that nobody can fetch, and reads back the same.
    @Test func everyWrittenRoutineCarriesNoUnfetchableSchemaAndReadsBackTheSame() throws {
        for name in fixtureNames where !refusedFixtures.contains(name) {
            for imported in try importedFixture(name).routines {
                #expect(imported.text.hasPrefix("{\n  \"name\": ") && !imported.text.contains("$schema"))
                #expect(try RoutineLoader.parse(Array(imported.text.utf8), path: "x.json") == imported.routine)
            }
        }
    }

    /// Broken files: each problem at its line and column, and no routine.
    @Test(arguments: [
        (#"{"title": "T", "sets": [{"repetitions": 1, "exercises": [{"name": "A", "duration": "30"}]}]}"#, false,
         #"in.json:1:84: "duration" must be a number of seconds, not a string"#),
        ("{\"title\": \"T\",\n \"sets\": [{\"exercises\": []}]}", false,
         #"in.json:2:11: the set has no "repetitions""#),
        (#"{"title": "T", "sets": [{"repetitions": 1, "exercises": [{"name": "Rest", "duration": 5}]}]}"#, false,
         "in.json:1:24: the workout has no exercise other than rests"),
        (#"{"title": "T", "title": "U", "sets": [{"repetitions": 1, "exercises": [{"name": "A", "duration": 9}]}]}"#,
         false,
         #"in.json:1:16: duplicate key "title" (first given at 1:2)"#),
        (#"[{"name": "N", "activeIntervals": 2, "timeSettings": "{\"workTime\": 20"}]"#, false,
         #"in.json:1:54: "timeSettings" holds text that is not JSON: unexpected end of file; expected ',' or '}' "#
            + "(at 1:16 of the text)"),
        (#"[{"name": "N", "activeIntervals": 2, "timeSettings": {"restTime": 20}}]"#, false,
         #"in.json:1:54: "timeSettings" has no "workTime""#),
        ("drill_length: 30\ngroups:\n  - name: a\n    drills: [x\n", true,
         "in.json:5:1: did not find expected ',' or ']' (while parsing a flow sequence)"),
        ("groups: &g\n  - name: a\n    drills: [x]\nmore: *g\n", true,
         "in.json:4:7: aliases (*name) are not supported; write the value out"),
        ("drill_length: thirty\ngroups: []\n", true,
         #"in.json:1:15: "drill_length" must be a number of seconds, not a string"#),
        ("chair: 2\ngroups:\n  - name: a\n    drills: [{name: x}]\n", true,
         #"in.json:1:8: "chair" must be 0 or 1, not 2"#),
        // Sweat::Drill->new takes a mapping: a bare name stops Sweat.
        ("groups:\n  - name: a\n    drills: [x]\n", true,
         "in.json:3:14: a drill must be a mapping with its name (name: …), as Sweat reads it, not a bare name"),
        (#"{"title": "T", "sets": [{"repetitions": 1, "exercises": [{"name": "A", "duration": 12.5}]}]}"#, false,
         #"in.json:1:84: "duration" must be a whole number of seconds, as Just Another Workout Timer reads it, "#
            + "not 12.5"),
        (#"{"title": "T", "sets": [{"repetitions": 1, "exercises": [{"name": "A"}]}]}"#, false,
         #"in.json:1:58: the exercise has no "duration""#),
        (#"[{"title": "W", "numExercises": 1, "exercises": "", "exerciseTime": 20.5, "iterations": 0}]"#, false,
         #"in.json:1:69: "exerciseTime" must be a whole number of seconds, as OpenHIIT reads it, not 20.5"#),
        ("drill-length: 12.5\n", true,
         #"in.json:1:15: "drill_length" must be a whole number of seconds, as Sweat reads it, not 12.5"#),
        (#"{"name": "Mine", "exercises": []}"#, false,
         "in.json:1:1: this is already a sevenmin routine; run it as it is, or copy it into your workouts folder"),
        (#"{"title": "Long", "sets": [{"repetitions": 100, "exercises": [{"name": "A", "duration": 86400}]}]}"#,
         false, "in.json:1:1: as a sevenmin routine, the workout would last 8640010 seconds, more than a day (86400)"),
    ] as [(String, Bool, String)])
    func brokenFilesAreReportedWhereTheProblemIs(text: String, yaml: Bool, message: String) throws {
        #expect(throws: RoutineLoadError.self) { try imported(text, yaml: yaml) }
        do {
            _ = try imported(text, yaml: yaml)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func yamlScalarsAreTypedAsYAMLOneOneTypesThem() throws {
        let root = try YAMLParser.parse(Array("a: yes\nb: '12'\nc: 1.5e1\nd: ~\ne: 0x1F\nf: -7\ng: 1_000\n".utf8))
        guard case .object(let members) = root.value else { Issue.record("not a mapping"); return }
        #expect(members.map(\.value.value) == [.bool(true), .string("12"), .number(15), .null, .number(31),
                                               .number(-7), .string("1_000")])
        #expect(members.map(\.keyPosition.line) == [1, 2, 3, 4, 5, 6, 7])
        #expect(members[2].value.position == SourcePosition(line: 3, column: 4))
    }

    /// A file of comments alone (a `.json` too, read as YAML for not beginning as JSON does) was "empty".
    @Test func aYAMLFileOfCommentsAloneIsSaidToHoldNoValue() {
        #expect(throws: JSONSyntaxError(position: SourcePosition(line: 2, column: 1), message: "the file holds no "
            + "value, only comments or blank lines; expected a YAML mapping")) {
            try YAMLParser.parse(Array("# only a comment\n".utf8))
        }
    }

    /// `1e999` was read as infinity, and then said to be "not null"; `.inf` is YAML's way to write infinity.
    @Test func aYAMLNumberTooLargeIsOutOfRangeAtItsPlace() throws {
        #expect(throws: JSONSyntaxError(position: SourcePosition(line: 2, column: 8),
                                        message: "the number -1e999 is out of range")) {
            try YAMLParser.parse(Array("a: 1\nb: [1, -1e999]\n".utf8))
        }
        let root = try YAMLParser.parse(Array("a: .inf\n".utf8))
        #expect(root.value == .object([JSONMember(key: "a", keyPosition: SourcePosition(line: 1, column: 1),
                                                  value: JSONNode(value: .number(.infinity),
                                                                  position: SourcePosition(line: 1, column: 4)))]))
    }

    /// A list and a mapping of 16,384 entries each (a file of 400 KB) come out whole, every value in
    /// place: the tree builder copied the open list or mapping for every value it added, which took a
    /// 128 KB list 51 seconds and a 256 KB one over two minutes.
    @Test func aLargeYAMLListAndMappingAreReadWholeAndInPlace() throws {
        let count = 16_384
        var text = "drills:\n"
        for k in 0..<count { text += "  - d\(k)\n" }
        text += "keys:\n"
        for k in 0..<count { text += "  k\(k): \(k)\n" }
        let root = try YAMLParser.parse(Array(text.utf8))
        guard case .object(let top) = root.value, top.count == 2, case .array(let items) = top[0].value.value,
              case .object(let members) = top[1].value.value else {
            Issue.record("not a list and a mapping: \(root.value.typeName)"); return
        }
        #expect(items.count == count && members.count == count)
        #expect(items.indices.allSatisfy { k in
            items[k].value == .string("d\(k)") && items[k].position == SourcePosition(line: k + 2, column: 5)
        })
        let first = count + 3
        #expect(members.indices.allSatisfy { k in
            members[k].key == "k\(k)" && members[k].value.value == .number(Double(k))
                && members[k].keyPosition == SourcePosition(line: first + k, column: 3)
        })
    }
}

@Suite("Exporting routines to other apps")
struct ExportTests {
    static let shipped = ["classic", "classic-3x", "original", "standing", "tabata", "advanced"]

    /// sevenmin → app → sevenmin keeps every name, duration and round.
    @Test(arguments: shipped)
    func jawtRoundTripKeepsEveryNameDurationAndRound(name: String) throws {
        let routine = try RoutineLoader.parse(try bytes(shippedRoutines + "/\(name).json"), path: name)
        let export = try RoutineExport.file(routine, as: .jawt).get()
        let back = try #require(try imported(export.text).routines.first).routine
        #expect(back.name == routine.name && back.rounds == routine.rounds)
        for (a, b) in [(routine.warmup, back.warmup), (routine.exercises, back.exercises),
                       (routine.cooldown, back.cooldown)] {
            #expect(a.map(\.title) == b.map(\.title) && a.map(\.work) == b.map(\.work))
        }
        // The same timeline, segment by segment: the app runs what sevenmin would, but for the pause to
        // switch sides, which it cannot hold (a note says so).
        let getReadyKept = routine.getReady >= 10
        var unpaused = routine
        unpaused.switchRest = 0
        for k in unpaused.exercises.indices { unpaused.exercises[k].switchRest = nil }
        let (there, again) = (timeline(unpaused), timeline(back))
        #expect(getReadyKept ? again == there : Array(again.dropFirst()) == Array(there.dropFirst()))
        // The app's own sum: 10 s in, then every duration of every repetition of every set.
        if getReadyKept { #expect(Plan(back).totalDuration == Plan(unpaused).totalDuration) }
    }

    @Test func jawtSaysWhatItCannotHold() throws {
        let routine = try RoutineLoader.parse(try bytes(shippedRoutines + "/classic.json"), path: "classic")
        let notes = try RoutineExport.file(routine, as: .jawt).get().notes
        #expect(notes.contains("\"Side Plank\" is one exercise there, without the 5 s to switch sides: Just Another "
            + "Workout Timer has no cue to switch sides"))
    }

    @Test func stepsCountedInRepsGoOutTimedAndSaySo() throws {
        let routine = Routine(name: "Reps", exercises: [
            Exercise(title: "Squat", color: RGB(hex: "#336699")!, work: 30),
            Exercise(title: "Push-up", color: RGB(hex: "#993366")!, work: 30, reps: 10),
        ])
        for format in [RoutineFormat.jawt, .openhiit] {
            let export = try RoutineExport.file(routine, as: format).get()
            #expect(export.notes.contains("\"Push-up\" is counted in reps here; \(format.appName) counts no reps, "
                + "so it is timed there, for 30 s"), "\(export.notes)")
            let back = try #require(try imported(export.text).routines.first).routine
            #expect(back.exercises.map(\.title) == ["Squat", "Push-up"] && back.exercises.allSatisfy { $0.reps == nil })
            #expect(back.exercises.map(\.work) == [30, 30])
        }
    }

    @Test func openHIITRoundTripKeepsEveryNameDurationAndRound() throws {
        let tabata = try RoutineLoader.parse(try bytes(shippedRoutines + "/tabata.json"), path: "tabata")
        var warm = tabata
        warm.warmup = [Exercise(title: "Warm-up", color: RGB(hex: "#336699")!, work: 90)]
        warm.cooldown = [Exercise(title: "Cool-down", color: RGB(hex: "#336699")!, work: 60, rest: 0)]
        warm.exercises[warm.exercises.count - 1].rest = 0
        warm.getReady = 5
        for routine in [tabata, warm] {
            let export = try RoutineExport.file(routine, as: .openhiit).get()
            #expect(export.text.hasPrefix("[\n  {\n    \"id\": "))
            let back = try #require(try imported(export.text).routines.first).routine
            #expect(back.name == routine.name && back.rounds == routine.rounds)
            #expect(back.exercises.map(\.title) == routine.exercises.map(\.title))
            #expect(timeline(back) == timeline(routine))
        }
    }

    @Test func openHIITRefusesWhatItsTimersCannotHold() throws {
        let classic = try RoutineLoader.parse(try bytes(shippedRoutines + "/classic.json"), path: "classic")
        #expect(throws: RoutineExport.Refusal(reasons: ["an exercise switches sides"])) {
            try RoutineExport.file(classic, as: .openhiit).get()
        }
        let advanced = try RoutineLoader.parse(try bytes(shippedRoutines + "/advanced.json"), path: "advanced")
        let refusal = try #require(throws: RoutineExport.Refusal.self) {
            try RoutineExport.file(advanced, as: .openhiit).get()
        }
        #expect(refusal.reasons.contains("it warms up with more than one exercise"))
    }
}
