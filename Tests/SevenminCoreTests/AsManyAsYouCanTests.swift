// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore

/// Get ready 0–2, A 2–5, rest 5–6, push-ups as many as you can from 6 until Enter, rest 1, squats as many as
/// you can in 20 s, rest 1, B 3.
let asManyPlan = Plan(Routine(name: "Max", rest: 1, getReady: 2, exercises: [
    exercise("A", work: 3),
    { var e = exercise("Push-up", work: 30); e.asManyAsYouCan = .open; return e }(),
    { var e = exercise("Squat", work: 20); e.asManyAsYouCan = .timed; return e }(),
    exercise("B", work: 3),
]))

extension [Effect] {
    /// The counts the history is told.
    var counts: [HistoryEntry] { records.filter { if case .counted = $0 { true } else { false } } }
    var said: [String] { compactMap { if case .announce(let a) = $0 { a.phrase.text } else { nil } } }
}

@Suite("As many as you can (reps: max)")
struct AsManyAsYouCanTests {
    func started(records: [PersonalRecord] = [], keys: Bool = true) -> WorkoutApp {
        var settings = CoachSettings(voice: true, keysAtHand: keys)
        settings.records = PersonalRecords(records)
        var app = WorkoutApp(plan: asManyPlan, settings: settings)
        _ = app.start(at: 0)
        _ = app.handle(.audio(.device("test")), at: 0)
        _ = app.handle(.tick, at: 6)
        return app
    }

    /// Types `text` a character a key, at `t`; the effects of them all.
    func type(_ text: String, into app: inout WorkoutApp, at t: Double) -> [Effect] {
        text.flatMap { app.handle(.key(.character($0)), at: t) }
    }

    // MARK: The file

    @Test func theLoaderReadsAsManyAsYouCanAndInNSeconds() throws {
        let routine = try load(#"{"name": "N", "work": 40, "exercises": [{"title": "Push-up", "reps": "max"}, "#
            + #"{"title": "Squat", "reps": "max", "work": 60}, {"title": "C", "reps": 10}]}"#)
        #expect(routine.exercises.map(\.asManyAsYouCan) == [.open, .timed, nil])
        #expect(routine.exercises.map(\.plannedSeconds) == [0, 60, 0])
        let plan = Plan(routine)
        let steps = plan.segments.filter { $0.asManyAsYouCan != nil }
        #expect(steps.map(\.countsUp) == [true, false], "in 60 seconds, it counts down as a timed step does")
        #expect(steps.map(\.duration) == [0, 60] && steps.map(\.countKind) == [.reps, .repsIn(seconds: 60)])
        #expect(plan.openSteps == 2)
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
        (#"{"title": "A", "reps": "max", "work": 0}"#,
         "r.json:1:67: \"work\" must be more than 0 seconds, not 0"),
        (#"{"title": "A", "reps": "max", "work": -5}"#,
         "r.json:1:67: \"work\" must be more than 0 seconds, not -5"),
    ])
    func theLoaderRefusesEachMisuseWhereItIs(exercise: String, problem: String) {
        #expect(problems(#"{"name": "N", "exercises": ["# + exercise + "]}") == [problem])
    }

    // MARK: The count, keys in

    @Test func theEntryTakesDigitsBackspaceEnterAndEsc() {
        var entry = CountEntry(index: 3, title: "Push-up", kind: .reps)
        #expect(entry.handle(.character("\n")) == .typing, "Enter with nothing typed asks on")
        for key: Key in [.character("0"), .character("1"), .character("x"), .character("3"), .other(263),
                         .character("2")] {
            #expect(entry.handle(key) == .typing)
        }
        #expect(entry.digits == "12", "a leading 0 and a letter are not kept; Backspace took the 3")
        for key: Key in [.other(127), .character("\u{7F}"), .other(8)] { _ = entry.handle(key) }
        #expect(entry.digits == "")
        for c in "123456" { _ = entry.handle(.character(c)) }
        #expect(entry.digits == "1234", "four digits at most")
        #expect(entry.handle(.other(343)) == .given(1234))
        #expect(entry.handle(.character("\u{1B}")) == .given(nil) && entry.handle(.other(27)) == .given(nil))
    }

    @Test func enterEndsTheStepAsksTheCountAndTheHistoryGetsIt() throws {
        var app = started()
        var e = app.handle(.key(.character("\r")), at: 30)
        let step = try #require(e.segmentEnds.first)
        #expect(step.title == "Push-up" && step.ranOut && step.actual == 24 && step.reps == nil)
        #expect(e.said.contains("How many?") && app.counting?.kind == .reps)
        #expect(e.model?.countAsk == ScreenModel.CountAsk(title: "Push-up", digits: "", record: nil))
        e = type("12", into: &app, at: 30.5)
        #expect(e.model?.countAsk?.digits == "12" && e.counts.isEmpty && app.session.index == 4,
                "typing moves nothing: the rest runs on under the question")
        e = app.handle(.key(.character("\n")), at: 31.5)
        #expect(e.counts == [.counted(index: 3, kind: .reps, reps: 12)] && app.counting == nil)
        #expect(e.logged.filter { $0 == "count" }.count == 1 && e.model?.countAsk == nil)
        #expect(!e.logged.contains("record"), "a first count beats no record: no news")
    }

    @Test func aCountOverTheRecordShowsItSaysItOnceAndListsItAtTheFinish() throws {
        var app = started(records: [PersonalRecord(exercise: "Push-up", kind: .reps, value: 12, setAt: 100)])
        _ = app.handle(.key(.character("n")), at: 30)
        let model = try #require(app.handle(.tick, at: 30.2).model)
        #expect(model.countAsk?.record?.valueText == "12 reps")
        assertSnapshot(WorkoutScreen.render(model, width: 80, height: 24), named: "count-80x24")
        assertSnapshot(WorkoutScreen.render(model, width: 10, height: 3), named: "count-10x3")
        var e = type("15", into: &app, at: 30.5)
        let grid = WorkoutScreen.render(try #require(e.model), width: 80, height: 24)
        let big = grid.text.split(separator: "\n").filter { $0.contains("█") }
        #expect(big.count >= 5 && grid.text.contains("record 12 reps"), "the 15 in big type: \(grid.text)")
        e = app.handle(.key(.character("\n")), at: 30.8)
        #expect(e.logged == ["count", "record"] && e.said.filter { $0 == "New record." }.count == 1)
        let news = try #require(e.compactMap { if case .log(let r) = $0, r.event == "record" { r } else { nil } }.first)
        #expect(news.jsonLine.hasSuffix(#""exercise": "Push-up", "kind": "reps", "value": 15, "previous": 12}"#),
                "\(news.jsonLine)")
        #expect(e.model?.newRecord?.line == "Push-up 15 reps" && e.model?.kind == .rest)
        // The squats: counted down for 20 s under their record, then asked, their count a record of their own kind.
        app = started(records: [PersonalRecord(exercise: "Push-up", kind: .reps, value: 12, setAt: 100),
                                PersonalRecord(exercise: "Squat", kind: .repsIn(seconds: 20), value: 21, setAt: 100)])
        _ = app.handle(.key(.character("\n")), at: 30)
        _ = type("15\n", into: &app, at: 30.5)
        var squats = try #require(app.handle(.tick, at: 40).model)
        squats.flash = false
        #expect(squats.clock == "0:11" && WorkoutFrame.heading(squats) == "Max × Squat")
        let text = WorkoutScreen.render(squats, width: 80, height: 24).text
        #expect(text.contains("record 21 reps in 20 s"), "\(text)")
        e = app.handle(.tick, at: 52.5)
        #expect(app.counting?.kind == .repsIn(seconds: 20) && e.said.contains("How many?"))
        e = type("20\n", into: &app, at: 53)
        #expect(e.counts == [.counted(index: 5, kind: .repsIn(seconds: 20), reps: 20)])
        e = app.handle(.tick, at: 60)
        #expect(e.model?.summary?.records.map(\.line) == ["Push-up 15 reps"], "20 squats beat no record of 21")
    }

    @Test func escGivesNoCountAndNobodyAtTheKeysIsAskedNone() throws {
        var app = started()
        _ = app.handle(.key(.character("\n")), at: 20)
        var e = type("9", into: &app, at: 21)
        e = app.handle(.key(.character("\u{1B}")), at: 22)
        #expect(e.counts.isEmpty && app.counting == nil && e.logged == ["count"])
        // Cut short with `n`, a step in 20 s is no count of 20 s.
        e = app.handle(.key(.character("n")), at: 30)
        #expect(app.counting == nil && !e.said.contains("How many?"))
        // From a pipe, the open step ends after its work, and nothing is asked.
        var unattended = started(keys: false)
        var asked = false
        while let next = unattended.nextDeadline(), next < 80 {
            e = unattended.handle(.tick, at: next)
            asked = asked || unattended.counting != nil || e.said.contains("How many?")
        }
        #expect(!asked && unattended.session.state == .finished)
    }

    @Test func plainModeAsksOnALineAndSaysTheRecord() throws {
        var app = started(records: [PersonalRecord(exercise: "Push-up", kind: .reps, value: 12, setAt: 100)])
        var plain = PlainTranscript(unicode: true)
        var lines: [String] = []
        func run(_ e: [Effect]) {
            for effect in e {
                if case .happened(let event) = effect { plain.happened(event) }
                if case .draw(let model) = effect { lines += plain.lines(for: model) }
            }
        }
        run(app.handle(.tick, at: 7))
        run(app.handle(.key(.character("\n")), at: 20))
        run(type("15\n", into: &app, at: 20.5))
        let said = lines.map { String($0.drop { $0 != " " }.dropFirst()) }
        #expect(said.contains("How many? Push-up — Enter: keep · Esc: none"), "\(lines)")
        #expect(said.contains("New record — Push-up 15 reps"), "\(lines)")
    }

    // MARK: The records

    @Test func countsAreRecordsOfTheirOwnKindListedAndWritten() throws {
        #expect(RecordKind(rawValue: "reps_in_60") == .repsIn(seconds: 60) && RecordKind(rawValue: "reps") == .reps)
        #expect(RecordKind(rawValue: "reps_in_0") == nil && RecordKind(rawValue: "reps_in_060") == nil)
        let reps = PersonalRecord(exercise: "Push-up", kind: .reps, value: 15, setAt: 0)
        let timed = PersonalRecord(exercise: "Push-up", kind: .repsIn(seconds: 60), value: 31, setAt: 0)
        let hold = PersonalRecord(exercise: "Push-up", kind: .hold, value: 40, setAt: 0)
        var records = PersonalRecords([reps, timed, hold])
        #expect(records.all.count == 3, "one move, three kinds, three records")
        #expect(records.offer(PersonalRecord(exercise: "Push-up", kind: .reps, value: 16, setAt: 1)) == reps)
        #expect(RecordsReport.text(records) { _ in 0 } == """
            Personal records
              Push-up  held 0:40  1970-01-01
              Push-up  did 16 reps  1970-01-01
              Push-up  did 31 reps in 60 s  1970-01-01

            """)
        let json = RecordsReport.json(records)
        #expect(json.contains(#""kind": "reps", "reps": 16"#) && json.contains(#""kind": "reps_in", "reps": 31, "#
            + #""in_seconds": 60"#), "\(json)")
    }
}
