// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
@testable import SevenminCore
import Testing

@Suite("Importing Just Another Workout Timer's files")
struct JAWTImportTests {
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
}
