// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore

/// Get ready 0–2, A 2–5, rest 5–6, a plank held to the limit from 6 for as long as it lasts, rest 1, B 3.
let holdPlan = Plan(Routine(name: "Hold", rest: 1, getReady: 2, exercises: [
    exercise("A", work: 3),
    { var plank = exercise("Plank", work: 30); plank.toLimit = true; return plank }(),
    exercise("B", work: 3),
]))

extension [Effect] {
    /// The segments the history is told ended.
    var segmentEnds: [SegmentEnd] { records.compactMap { if case .segmentEnded(let s) = $0 { s } else { nil } } }
}

@Suite("Holds to the limit, personal records and the ghost")
struct HoldToLimitTests {
    func started(record: Double? = nil, ghost: Double? = nil, voice: Bool = false, keys: Bool = true) -> WorkoutApp {
        var settings = CoachSettings(voice: voice, keysAtHand: keys)
        if let record {
            settings.records = PersonalRecords([PersonalRecord(exercise: "Plank", kind: .hold, value: record,
                                                               setAt: 1_000)])
        }
        settings.ghostMargin = ghost
        var app = WorkoutApp(plan: holdPlan, settings: settings)
        _ = app.start(at: 0)
        _ = app.handle(.audio(.device("test")), at: 0)
        _ = app.handle(.tick, at: 6)
        return app
    }

    // MARK: The file

    @Test func theLoaderReadsAHoldToTheLimitWithItsCap() throws {
        let routine = try load(#"{"name": "N", "work": 40, "exercises": [{"title": "Plank", "until": "limit"}, "#
            + #"{"title": "Wall sit", "until": "limit", "max": 120}, {"title": "C"}]}"#)
        #expect(routine.exercises.map(\.toLimit) == [true, true, false])
        #expect(routine.exercises.map(\.plannedSeconds) == [0, 120, 40])
        let plan = Plan(routine)
        #expect(plan.openSteps == 2 && plan.segments.filter(\.toLimit).map(\.duration) == [0, 120])
    }

    @Test(arguments: [
        (#"{"title": "A", "until": "tired"}"#,
         "r.json:1:53: \"until\" can only be \"limit\" (held until Enter or `n`), not \"tired\""),
        (#"{"title": "A", "until": "limit", "reps": 10}"#,
         "r.json:1:53: \"until\": \"limit\" times a hold; a step counted in \"reps\" cannot have it"),
        (#"{"title": "A", "until": "limit", "sides": 2}"#,
         "r.json:1:71: an exercise held to the limit cannot have \"sides\": 2; "
            + "list each side as an exercise of its own"),
        (#"{"title": "A", "until": "limit", "work": 30}"#,
         "r.json:1:70: a step held to the limit has no \"work\"; \"max\" caps it"),
        (#"{"title": "A", "max": 60}"#,
         "r.json:1:51: \"max\" caps a step held to the limit; it needs \"until\": \"limit\""),
        (#"{"title": "A", "until": "limit", "max": 0}"#,
         "r.json:1:69: \"max\" must be more than 0 seconds, not 0"),
    ])
    func theLoaderRefusesEachMisuseWhereItIs(exercise: String, problem: String) {
        #expect(problems(#"{"name": "N", "exercises": ["# + exercise + "]}") == [problem])
    }

    // MARK: The step

    @Test func itCountsUpAndEnterEndsItAtTheTimeHeldAsAHold() throws {
        var app = started()
        var e = app.handle(.tick, at: 50)
        #expect(e.model?.clock == "0:44" && e.model?.toLimit == true && app.session.index == 3)
        #expect(e.titles.last == "0:44 Plank · sevenmin")
        e = app.handle(.key(.character("\r")), at: 52.5)
        let step = try #require(e.segmentEnds.first)
        #expect(step.actual == 46.5 && step.ranOut && step.measure == .hold && step.planned == 0)
        #expect(app.session.index == 4)
        #expect(!e.logged.contains("record"), "a first hold sets a record, but beats none: no news")
        // Without a record, the line under the time is the count-up's.
        #expect(app.handle(.tick, at: 53).model?.newRecord == nil)
    }

    @Test func theRecordIsUnderTheTimeWithABarFillingTowardIt() throws {
        var app = started(record: 40)
        let model = try #require(app.handle(.tick, at: 26).model)
        #expect(model.hold == ScreenModel.Hold(record: 40) && model.clock == "0:20")
        let grid = WorkoutScreen.render(model, width: 80, height: 24, glyphs: .unicode)
        let rows = grid.text.split(separator: "\n", omittingEmptySubsequences: false)
        let under = rows[(digitBox(grid).rows.max() ?? 0) + 1].trimmingCharacters(in: .whitespaces)
        #expect(under == "record 0:40  " + String(repeating: "█", count: 12) + String(repeating: "░", count: 12),
                "\(grid.text)")
        let ascii = WorkoutScreen.render(model, width: 40, height: 12, glyphs: .ascii).text
        #expect(ascii.contains("record 0:40  ############------------"), "\(ascii)")
    }

    @Test func beatingTheRecordShowsItBigSaysItOnceAndListsItAtTheFinish() throws {
        var app = started(record: 40, voice: true)
        var e = app.handle(.key(.character("\r")), at: 51)
        #expect(e.logged.filter { $0 == "record" }.count == 1)
        let said = e.compactMap { if case .announce(let a) = $0 { a.phrase.text } else { nil } }
        #expect(said.filter { $0 == "New record." }.count == 1, "\(said)")
        var model = try #require(e.model)
        // Drawn as it shows once the change's flash is over.
        model.flash = false
        #expect(model.newRecord?.value == 45 && model.kind == .rest)
        let grid = WorkoutScreen.render(model, width: 80, height: 24, glyphs: .unicode)
        #expect(bigWordRows(grid).count >= 3 && WorkoutFrame.heading(model) == "New record", "\(grid.text)")
        e = app.handle(.tick, at: 60)
        let summary = try #require(e.model?.summary)
        #expect(summary.records.map(\.line) == ["Plank 0:45"])
        var last = try #require(e.model)
        last.flash = false
        let finish = WorkoutScreen.render(last, width: 80, height: 24).text
        #expect(finish.contains("Plank 0:45") && finish.contains("Workout complete"), "\(finish)")
        // Under the record, or at it, is no news.
        app = started(record: 40, voice: true)
        e = app.handle(.key(.character("\r")), at: 46.05)
        #expect(!e.logged.contains("record"))
        #expect(!e.contains { if case .announce(let a) = $0 { a.phrase.text == "New record." } else { false } })
    }

    // MARK: The ghost

    @Test func aHoldNobodyEndedIsNoRecord() throws {
        // With no keys at hand the hold ends after its work (30 s), past the record of 20: no person ended it.
        var app = started(record: 20, voice: true, keys: false)
        var ends: [SegmentEnd] = [], logged: [String] = [], said: [String] = []
        var last: ScreenModel?
        while let next = app.nextDeadline(), next < 60 {
            let e = app.handle(.tick, at: next)
            ends += e.segmentEnds
            logged += e.logged
            said += e.compactMap { if case .announce(let a) = $0 { a.phrase.text } else { nil } }
            last = e.model ?? last
        }
        let plank = try #require(ends.first { $0.title == "Plank" })
        #expect(plank.ranOut && abs(plank.actual - 30) < 1e-9, "it ended as a reps step does")
        #expect(plank.measure == nil, "the history is not told it measured a hold")
        #expect(!logged.contains("record") && !said.contains("New record."), "\(logged) \(said)")
        #expect(try #require(last?.summary).records.isEmpty)
    }

    @Test func theGhostReachesTheBarsEndAtTheRecordBetteredAndPassingItIsOneEvent() throws {
        var app = started(record: 40, ghost: 1.05, voice: true)
        let hold = try #require(app.handle(.tick, at: 6.5).model?.hold)
        #expect(hold.ghost.map { abs($0 - 42) < 1e-9 } == true)
        #expect(HoldBar.cells(counted: 41.8, hold: hold, width: 24)?.ghost == 22)
        #expect(HoldBar.cells(counted: 42, hold: hold, width: 24)?.ghost == 23)
        // Driven by the app's own deadlines, the ghost passes at 42 s into the hold, once.
        var lines: [EventRecord] = [], said: [String] = []
        while let next = app.nextDeadline(), next < 6 + 50 {
            for effect in app.handle(.tick, at: next) {
                if case .log(let line) = effect, line.event == "ghost" { lines.append(line) }
                if case .announce(let a) = effect { said.append(a.phrase.text) }
            }
        }
        #expect(lines.count == 1 && said == ["You passed your ghost."])
        #expect(lines.first.map { abs($0.t - 48) <= 0.2 } == true, "42 s into a hold begun at 6")
        let model = try #require(app.handle(.tick, at: 56).model)
        #expect(model.hold?.ghostPassed == true)
        let text = WorkoutScreen.render(model, width: 80, height: 24).text
        #expect(text.contains("Ghost passed") && text.contains("█│ · Ghost passed"), "\(text)")
        // Without a record there is no ghost.
        var none = started(ghost: 1.05)
        #expect(none.handle(.tick, at: 20).model?.hold?.ghost == nil && none.nextDeadline() == 21)
    }

    // MARK: The records

    @Test func aRecordIsTheBestOfEveryCopyAndAWorkoutInTwoCopiesCountsOnce() {
        let here = PersonalRecord(exercise: "Plank", kind: .hold, value: 40, setAt: 100)
        let there = PersonalRecord(exercise: "Plank", kind: .hold, value: 55, setAt: 200)
        let wall = PersonalRecord(exercise: "Wall sit", kind: .hold, value: 30, setAt: 50)
        let records = PersonalRecords([here, there, wall, there, here])
        #expect(records.all == [there, wall])
        var sameTwice = PersonalRecords([here])
        #expect(sameTwice.offer(here) == nil && sameTwice.all == [here])
        #expect(sameTwice.offer(there) == here, "beaten: the record it beat")
    }
}
