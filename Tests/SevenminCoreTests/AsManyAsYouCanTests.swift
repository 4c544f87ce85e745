// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore

@Suite("As many as you can (reps: max)")
struct AsManyAsYouCanTests {
    @Test func theLoaderReadsAsManyAsYouCanAndInNSeconds() throws {
        let routine = try load(#"{"name": "N", "work": 40, "exercises": [{"title": "Push-up", "reps": "max"}, "#
            + #"{"title": "Squat", "reps": "max", "work": 60}, {"title": "C", "reps": 10}]}"#)
        #expect(routine.exercises.map(\.asManyAsYouCan) == [true, true, false])
        #expect(routine.exercises.map(\.plannedSeconds) == [0, 60, 0])
        let plan = Plan(routine)
        #expect(plan.openSteps == 3 && plan.segments.filter(\.asManyAsYouCan).map(\.duration) == [0, 60])
    }

    @Test(arguments: [
        (#"{"title": "A", "reps": "all"}"#,
         "r.json:1:52: \"reps\" must be a whole number or \"max\" (as many as you can), not \"all\""),
        (#"{"title": "A", "reps": "max", "sides": 2}"#,
         "r.json:1:68: an exercise counted in \"reps\" cannot have \"sides\": 2; "
            + "list each side as an exercise of its own"),
        (#"{"title": "A", "reps": "max", "until": "limit"}"#,
         "r.json:1:68: \"until\": \"limit\" times a hold; a step counted in \"reps\" cannot have it"),
        (#"{"title": "A", "reps": "max", "max": 60}"#,
         "r.json:1:66: \"max\" caps a step held to the limit; it needs \"until\": \"limit\""),
    ])
    func theLoaderRefusesEachMisuseWhereItIs(exercise: String, problem: String) {
        #expect(problems(#"{"name": "N", "exercises": ["# + exercise + "]}") == [problem])
    }
}
