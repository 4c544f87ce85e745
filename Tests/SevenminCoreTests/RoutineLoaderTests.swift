// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore

/// The shipped Workouts folder, found from this file's location.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

func load(_ json: String) throws(RoutineLoadError) -> Routine {
    try RoutineLoader.parse(Array(json.utf8), path: "r.json")
}

/// The diagnostics for a broken routine, as printed.
func problems(_ json: String) -> [String] {
    do {
        _ = try load(json)
        return []
    } catch {
        return error.diagnostics.map(\.description)
    }
}

@Suite("Loading routines")
struct RoutineLoaderTests {
    @Test func classicIsKlikaAndJordan() throws {
        let routine = try RoutineLoader.load(path: repositoryRoot.path + "/Workouts/classic.json")
        #expect(routine.exercises.count == 12)
        #expect(routine.exercises.map(\.title) == [
            "Jumping Jacks", "Wall Sit", "Push-up", "Abdominal Crunch", "Step-up onto Chair", "Squat",
            "Triceps Dip on Chair", "Plank", "High Knees Running in Place", "Lunge", "Push-up and Rotation",
            "Side Plank",
        ])
        #expect(routine.exercises.allSatisfy { $0.work == 30 })
        #expect(routine.rest == 10)
        #expect(routine.exercises[0].videoURL == "https://youtu.be/UpH7rm0cYbM")
        #expect(routine.exercises[6].videoURL == "https://youtu.be/0326dy_-CzM")
        #expect(routine.exercises[11].sides == 2)
        #expect(routine.exercises.allSatisfy { !$0.description.isEmpty })
        // Every exercise has its own colour.
        #expect(Set(routine.exercises.map(\.color)).count == 12)
    }

    @Test func defaultsApplyWhenKeysAreAbsent() throws {
        let routine = try load(#"{"name": "N", "exercises": [{"title": "A"}, {"title": "B", "work": 12.5}]}"#)
        #expect(routine.rest == 10 && routine.getReady == 10 && routine.rounds == 1 && routine.roundRest == 60)
        #expect(routine.exercises.map(\.work) == [30, 12.5])
    }

    @Test func routineWorkIsTheDefaultForExercises() throws {
        let routine = try load(#"{"name": "N", "work": 45, "exercises": [{"title": "A"}, {"title": "B", "work": 20}]}"#)
        #expect(routine.exercises.map(\.work) == [45, 20])
    }

    @Test func aFinalRestRunsAfterTheLastExerciseAndLeadsToTheFinish() throws {
        let routine = try load(#"{"name": "N", "work": 20, "rest": 10, "getReady": 10, "rounds": 2, "roundRest": 10, "#
            + #""finalRest": 10, "exercises": [{"title": "A"}]}"#)
        let plan = Plan(routine)
        #expect(plan.segments.map { "\($0.kind.rawValue) \($0.duration)" }
            == ["getReady 10.0", "work 20.0", "roundRest 10.0", "work 20.0", "rest 10.0"])
        #expect(plan.totalDuration == 10 + 2 * (20 + 10), "as JAWT runs a set of A and a rest, twice")
        var app = WorkoutApp(plan: plan)
        _ = app.start(at: 0)
        let model = try #require(app.handle(.tick, at: 65).model)
        #expect(model.kind == .rest && model.upNext == nil && WorkoutScreen.nextUp(model) == "Next: Finished")
        #expect(WorkoutScreen.description(model).isEmpty && model.totalRemaining == 5)
        #expect(app.handle(.tick, at: 70).records.contains(.finished(.completed)))
        #expect(problems(#"{"name": "N", "finalRest": -1, "exercises": [{"title": "A"}]}"#).count == 1)
    }

    @Test func anExercisesOwnRestFollowsItAndTheRoundRestStillEndsARound() throws {
        let routine = try load(#"{"name": "N", "rest": 10, "rounds": 2, "roundRest": 30, "exercises": ["#
            + #"{"title": "A", "rest": 0}, {"title": "B", "work": 20, "rest": 25}, {"title": "C", "work": 15}]}"#)
        #expect(routine.exercises.map(\.rest) == [0, 25, nil])
        let plan = Plan(routine)
        let pauses = plan.segments.filter { !$0.segment.isWork }.map { "\($0.kind.rawValue) \($0.duration)" }
        // A runs straight into B; B's own rest; C's none; the round rest between rounds.
        #expect(pauses == ["getReady 10.0", "rest 25.0", "roundRest 30.0", "rest 25.0"])
        #expect(plan.totalDuration == PlanSize(routine).seconds)
        // --rest is every rest, as --work is every work.
        let even = try RoutineAdjustments(rest: 5).apply(to: routine)
        let evenTotal: Double = 10 + 2 * (65 + 10) + 30
        #expect(even.exercises.map(\.rest) == [nil, nil, nil] && Plan(even).totalDuration == evenTotal)
        #expect(problems(#"{"name": "N", "exercises": [{"title": "A", "rest": -1}]}"#)
            == ["r.json:1:52: \"rest\" must be 0 or more seconds, not -1"])
    }

    @Test func colourNamesAndHexResolve() throws {
        let routine = try load(##"{"name": "N", "exercises": [{"title": "A", "color": "flatRed"}, "##
            + ##"{"title": "B", "color": "#3A7082"}]}"##)
        #expect(routine.exercises[0].color == FlatColor.red.rgb)
        #expect(routine.exercises[1].color == RGB(0x3A, 0x70, 0x82))
    }

    @Test func missingColoursDifferFromNeighbours() throws {
        let titles = (1...30).map { #"{"title": "E\#($0)"}"# }.joined(separator: ",")
        let routine = try load(#"{"name": "N", "exercises": [{"title": "X", "color": "flatRed"}, "#
            + #"\#(titles), {"title": "Y", "color": "flatTeal"}]}"#)
        for (a, b) in zip(routine.exercises, routine.exercises.dropFirst()) {
            #expect(a.color != b.color, "\(a.title) and \(b.title) share a colour")
        }
    }

    @Test func videoURLIsKept() throws {
        let routine = try load(#"{"name": "N", "exercises": [{"title": "A", "video": "https://example.org/a.mp4"}]}"#)
        #expect(routine.exercises[0].videoURL == "https://example.org/a.mp4")
    }

    @Test(arguments: [
        // Syntax errors point at the offending character.
        (#"{"name": "N",}"#, "r.json:1:14: trailing comma before '}'"),
        ("{\n  \"name\": \"N\"\n  \"exercises\": []\n}", "r.json:3:3: unexpected '\"'; expected ',' or '}'"),
        ("", "r.json:1:1: the file is empty; expected a JSON object"),
        (#"{"name": 'N'}"#, "r.json:1:10: strings must use double quotes"),
        (#"{"name": "N", "exercises": [{"title": "A", "work": 01}]}"#,
            "r.json:1:52: numbers may not have leading zeros"),
        ("{\"name\": \"a\u{1B}b\"}", "r.json:1:12: raw ^[ inside a string; write it as an escape"),
        // Bad values point at the value itself.
        (#"{"name": "N", "work": 0, "exercises": [{"title": "A"}]}"#,
            "r.json:1:23: \"work\" must be more than 0 seconds, not 0"),
        (#"{"name": "N", "rest": -5, "exercises": [{"title": "A"}]}"#,
            "r.json:1:23: \"rest\" must be 0 or more seconds, not -5"),
        (#"{"name": "N", "rest": "10", "exercises": [{"title": "A"}]}"#,
            "r.json:1:23: \"rest\" must be a number of seconds, not a string"),
        (#"{"name": "N", "rounds": 1.5, "exercises": [{"title": "A"}]}"#,
            "r.json:1:25: \"rounds\" must be a whole number, not 1.5"),
        (#"{"name": "N", "rounds": 0, "exercises": [{"title": "A"}]}"#,
            "r.json:1:25: \"rounds\" must be from 1 to 100, not 0"),
        (#"{"name": "N", "getReady": 1e999, "exercises": [{"title": "A"}]}"#,
            "r.json:1:27: the number 1e999 is out of range"),
        (#"{"name": "N", "rounds": -1e999, "exercises": [{"title": "A"}]}"#,
            "r.json:1:25: the number -1e999 is out of range"),
        (#"{"name": "N", "work": 90000, "exercises": [{"title": "A"}]}"#,
            "r.json:1:23: \"work\" is 90000 seconds, more than a day (86400)"),
        (#"{"name": "N", "exercises": []}"#,
            "r.json:1:28: \"exercises\" is empty; a routine needs at least one exercise"),
        (#"{"name": "N"}"#, "r.json:1:1: the routine has no \"exercises\""),
        (#"{"exercises": [{"title": "A"}]}"#, "r.json:1:1: the routine has no \"name\""),
        (#"{"name": "N", "exercises": [{"title": "  "}]}"#, "r.json:1:39: \"title\" is empty"),
        (#"{"name": "N", "exercises": [{"work": 3}]}"#, "r.json:1:29: the exercise has no \"title\""),
        (#"{"name": "N", "rets": 5, "exercises": [{"title": "A"}]}"#,
            "r.json:1:15: unknown key \"rets\" in the routine; did you mean \"rest\"?"),
        (#"{"name": "N", "exercises": [{"title": "A", "colour": "flatRed"}]}"#,
            "r.json:1:44: unknown key \"colour\" in an exercise; did you mean \"color\"?"),
        (#"{"name": "N", "exercises": [{"title": "A", "color": "flatRedd"}]}"#,
            "r.json:1:53: unknown colour \"flatRedd\"; did you mean \"flatRed\"?"),
        (##"{"name": "N", "exercises": [{"title": "A", "color": "#12345G"}]}"##,
            "r.json:1:53: bad colour \"#12345G\": expected #RRGGBB with six hexadecimal digits"),
        (#"{"name": "N", "exercises": [{"title": "A", "sides": 3}]}"#,
            "r.json:1:53: \"sides\" must be from 1 to 2, not 3"),
        (#"{"name": "N", "exercises": [{"title": "A", "video": "ftp://x.org/v"}]}"#,
            "r.json:1:53: \"video\" must be an http:// or https:// link"),
        (#"{"name": "N", "exercises": [{"title": "A", "videoId": "short"}]}"#,
            "r.json:1:55: \"videoId\" \"short\" is not a YouTube video id (11 letters, digits, '-' or '_')"),
        (#"{"name": "N", "name": "M", "exercises": [{"title": "A"}]}"#,
            "r.json:1:15: duplicate key \"name\" (first given at 1:2)"),
        (#"{"name": "N\u001b[2J", "exercises": [{"title": "A"}]}"#,
            "r.json:1:10: \"name\" contains the control character ^[; routines may not carry terminal escapes"),
        (#"["not", "an", "object"]"#, "r.json:1:1: the routine must be an object, not an array"),
    ])
    func brokenFilesAreReportedAtThePosition(json: String, expected: String) {
        #expect(problems(json) == [expected])
    }

    @Test func everyProblemIsReportedInFileOrder() {
        let json = """
        {
          "name": "",
          "work": -1,
          "exercises": [
            {"title": "A", "color": "flatGren"},
            {"titel": "B"}
          ]
        }
        """
        #expect(problems(json) == [
            "r.json:2:11: \"name\" is empty",
            "r.json:3:11: \"work\" must be more than 0 seconds, not -1",
            "r.json:5:29: unknown colour \"flatGren\"; did you mean \"flatGreen\"?",
            "r.json:6:5: the exercise has no \"title\"",
            "r.json:6:6: unknown key \"titel\" in an exercise; did you mean \"title\"?",
        ])
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(problems(#"{"name": "Übung—é", "rest": -1, "exercises": [{"title": "A"}]}"#)
            == ["r.json:1:29: \"rest\" must be 0 or more seconds, not -1"])
    }

    @Test func deepNestingIsRefusedWithoutCrashing() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(problems(deep) == ["r.json:1:65: nesting is deeper than 64 levels"])
    }

    @Test func oversizedFilesAreRefused() {
        let big = "{\"name\": \"" + String(repeating: "x", count: RoutineLoader.maximumFileSize) + "\"}"
        #expect(problems(big).first?.hasPrefix("r.json:1:1: the file is") == true)
    }
}
