// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore

/// Get ready 0–2, A 2–5, rest 5–6, ten push-ups from 6 for as long as they take, rest 1, B 3.
let repsPlan = Plan(Routine(name: "Reps", rest: 1, getReady: 2, exercises: [
    exercise("A", work: 3),
    Exercise(title: "Push-up", color: FlatColor.teal.rgb, work: 30, reps: 10),
    exercise("B", work: 3),
]))

@Suite("Steps counted in reps")
struct RepsStepTests {
    // MARK: The timer's stopwatch

    @Test func aStopwatchCountsUpFromStoredInstantsAndPausesExactly() {
        var watch = CountdownTimer(mode: .stopwatch)
        #expect(watch.counted(at: 5) == 0 && watch.countdownTime == .infinity)
        watch.start(at: 10)
        #expect(watch.counted(at: 22.5) == 12.5)
        #expect(watch.finishInstant == nil, "with no limit it never ends by itself")
        #expect(watch.nextWholeSecond(after: 22.5) == 23)
        watch.pause(at: 30)
        #expect(watch.counted(at: 500) == 20 && watch.nextWholeSecond(after: 500) == nil)
        watch.resume(at: 100)
        #expect(watch.counted(at: 100.25) == 20.25)
        #expect(watch.nextWholeSecond(after: 100.25) == 101)
    }

    @Test func aStopwatchWithALimitStopsThere() {
        var watch = CountdownTimer(mode: .stopwatch, countdownTime: 45)
        watch.start(at: 0)
        #expect(watch.finishInstant == 45)
        #expect(watch.remaining(at: 40) == 5 && watch.counted(at: 40) == 40)
        #expect(watch.counted(at: 90) == 45)
        #expect(watch.nextWholeSecond(after: 44.5) == 45)
        // A countdown has no count-up seconds.
        var countdown = CountdownTimer(mode: .countdown, countdownTime: 30)
        countdown.start(at: 0)
        #expect(countdown.nextWholeSecond(after: 3) == nil)
    }

    // MARK: The plan

    @Test func theStepStaysInThePlanWithNoTimeAndIsCountedOpen() {
        #expect(repsPlan.segments.map(\.kind) == [.getReady, .work, .rest, .work, .rest, .work])
        #expect(repsPlan.segments[3].reps == 10 && repsPlan.segments[3].duration == 0)
        #expect(repsPlan.totalDuration == 10 && repsPlan.openSteps == 1)
        #expect(repsPlan.totalTime == "0:10 + 1 open")
        #expect(repsPlan.openSteps(after: 3) == 0 && repsPlan.openSteps(after: 2) == 1)
    }

    // MARK: The session

    @Test func theSessionCountsUpSaysNothingOnTheWayAndWaitsForTheUser() {
        var session = WorkoutSession(plan: repsPlan)
        _ = session.start(at: 0)
        _ = session.advance(to: 6)
        #expect(session.index == 3)
        let during = session.advance(to: 100)
        #expect(during.isEmpty, "no seconds, countdown or halfway: \(during.summary)")
        #expect(session.index == 3 && session.counted(at: 100) == 94 && session.remaining(at: 100) == 0)
        #expect(session.nextDeadline() == 101, "the clock counting up changes each whole second")
        #expect(session.totalRemaining(at: 100) == 4)
        // Paused, it holds; time cannot be added to it.
        _ = session.pause(at: 100)
        #expect(session.nextDeadline() == nil && session.counted(at: 400) == 94)
        _ = session.resume(at: 400)
        _ = session.addTime(10, at: 400)
        #expect(session.counted(at: 400) == 94)
        let done = session.next(at: 410)
        #expect(done.summary == ["segment 4@410.0"])
        #expect(session.completedWork.contains(3), "ended by the user, its reps are done")
        // The rest after it is timed from there.
        #expect(session.advance(to: 411).summary.contains("segment 5@411.0"))
    }

    @Test func backAndRestartStartTheCountAgain() {
        var session = WorkoutSession(plan: repsPlan)
        _ = session.start(at: 0)
        _ = session.advance(to: 20)
        _ = session.restartSegment(at: 20)
        #expect(session.index == 3 && session.counted(at: 25) == 5)
        _ = session.previous(at: 30)
        #expect(session.index == 3 && session.counted(at: 30) == 0, "past the grace, this step from its start")
        _ = session.previous(at: 31)
        #expect(session.index == 1, "in its first seconds, the exercise before")
        #expect(!session.completedWork.contains(3))
    }

    @Test func withItsOwnWorkTheStepEndsWhenThatTimeIsUp() {
        let plan = Plan(Routine(name: "Capped", rest: 0, getReady: 0, exercises: [
            Exercise(title: "Squat", color: FlatColor.red.rgb, work: 45, reps: 20, repsLimit: 45),
            exercise("B", work: 3),
        ]))
        #expect(plan.segments[0].duration == 45 && plan.totalTime == "0:48 + 1 open")
        var session = WorkoutSession(plan: plan)
        _ = session.start(at: 0)
        #expect(session.advance(to: 44).isEmpty && session.remaining(at: 44) == 1)
        #expect(session.advance(to: 45.5).summary == ["segment 1@45.0"])
    }

    // MARK: The app

    func started(_ settings: CoachSettings = CoachSettings()) -> WorkoutApp {
        var app = WorkoutApp(plan: repsPlan, settings: settings)
        _ = app.start(at: 0)
        _ = app.handle(.audio(.device("test")), at: 0)
        _ = app.handle(.tick, at: 6)
        return app
    }

    var ended: (HistoryEntry) -> SegmentEnd? {
        { if case .segmentEnded(let s) = $0 { s } else { nil } }
    }

    @Test func enterEndsTheStepAsDoneAndTheHistoryHasTheSecondsItTook() throws {
        // Enter on a timed step does nothing.
        var timed = WorkoutApp(plan: repsPlan)
        _ = timed.start(at: 0)
        _ = timed.handle(.tick, at: 3)
        var e = timed.handle(.key(.character("\r")), at: 3.5)
        #expect(e.records.isEmpty && timed.session.index == 1)

        var app = started()

        _ = app.handle(.tick, at: 20)
        e = app.handle(.key(.character("\r")), at: 27.5)
        let step = try #require(e.records.compactMap(ended).first)
        #expect(step.index == 3 && step.title == "Push-up" && step.actual == 21.5 && step.ranOut == true)
        #expect(step.planned == 0, "it planned no time: it took the time it took")
        #expect(app.session.index == 4)
        #expect(e.cues == [.rest])
        // Done, the workout can still be completed.
        e = app.handle(.tick, at: 40)
        #expect(e.records.contains(.finished(.completed)))
        #expect(app.summary(at: 40).exercisesDone == 3)
    }

    @Test func nEndsItAsDoneTooButQuittingOrGoingBackDoesNot() {
        var app = started()
        var e = app.handle(.key(.character("n")), at: 10)
        #expect(e.records.compactMap(ended).first?.ranOut == true && app.session.index == 4)
        app = started()
        e = app.handle(.key(.character("p")), at: 10)
        #expect(e.records.compactMap(ended).first?.ranOut == false)
        app = started()
        _ = app.handle(.key(.character("q")), at: 10)
        e = app.handle(.key(.character("y")), at: 11)
        let cut = e.records.compactMap(ended).first
        #expect(cut?.ranOut == false && cut?.actual == 4, "the quit prompt paused it at 10")
        #expect(!SegmentRecord.isDone(actual: 4, planned: 0, ranOut: false))
        #expect(app.summary(at: 11).exercisesDone == 1)
    }

    @Test func theVoiceSaysHowManyAndNothingOnTheWay() {
        var app = WorkoutApp(plan: repsPlan, settings: CoachSettings(voice: true))
        _ = app.start(at: 0)
        _ = app.handle(.audio(.device("test")), at: 0)
        var said: [String] = []
        for t in stride(from: 0.5, through: 60, by: 0.5) {
            for case .announce(let a) in app.handle(.tick, at: t) { said.append(a.phrase.text) }
        }
        #expect(said.contains("Ten push-ups."), "\(said)")
        #expect(said.filter { $0 == "Halfway there." }.count == 1, "only the timed A has a halfway, not the reps")
        #expect(app.session.index == 3, "nobody said it was done")
        let ahead = VoicePolicy.phrases(in: repsPlan, countAloud: false).map(\.text)
        #expect(ahead.contains("Ten push-ups."))
    }

    @Test func theScreenCountsUpAndShowsTheRepsInBigType() throws {
        var app = started()
        let e = app.handle(.tick, at: 18.4)
        let model = try #require(e.model)
        #expect(model.reps == 10 && model.clock == "0:12" && model.openAhead == 1)
        #expect(e.titles.last == "0:12 Push-up · sevenmin")
        let grid = WorkoutScreen.render(model, width: 80, height: 24, glyphs: .unicode)
        let rows = grid.text.split(separator: "\n", omittingEmptySubsequences: false)
        // The big words are the count and the name, as a routine's exercise named "10 × Push-up" would show
        // them: the name was one small row under "10 REPS".
        var named = model
        named.reps = nil
        named.exercise.title = "10 × Push-up"
        let same = WorkoutScreen.render(named, width: 80, height: 24, glyphs: .unicode).text
            .split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows[1...3] == same[1...3] && !rows[1].allSatisfy { $0 == " " }, "\(grid.text)")
        #expect(!rows[4...].contains { $0.trimmingCharacters(in: .whitespaces) == "Push-up" })
        // Under the count, on the screen itself, that it counts up and how to end it: it read as a countdown.
        let under = rows[(digitBox(grid).rows.max() ?? 0) + 1]
        #expect(under.contains("so far · Enter when done") && !grid.text.contains("limit"), "\(grid.text)")
        #expect(rows.last?.contains("0:12 · Enter when done · 0:04 + 1 open to go") == true, "\(rows.last ?? "")")
        // At the start, the total says a step is open.
        var fresh = WorkoutApp(plan: repsPlan)
        let first = fresh.start(at: 0).model
        #expect(first?.toGo == "0:10 + 1 open")
    }

    /// A step's time limit is on its screen: it was never shown, and the step ended there unannounced. At
    /// 40×12 the line under the count keeps the limit and leaves how to end it to the status line.
    @Test(arguments: [(80, 24, "so far · time limit 0:45 · Enter when done"), (40, 12, "so far · time limit 0:45")])
    func theTimeLimitIsShownUnderTheCount(width: Int, height: Int, line: String) {
        let plan = Plan(Routine(name: "Capped", rest: 0, getReady: 0, exercises: [
            Exercise(title: "Squat", color: FlatColor.red.rgb, work: 45, reps: 20, repsLimit: 45),
            exercise("B", work: 3),
        ]))
        var session = WorkoutSession(plan: plan)
        _ = session.start(at: 0)
        _ = session.advance(to: 10)
        let model = ScreenModel(session: session, at: 10)
        #expect(model.repsLimit == 45 && model.clock == "0:10")
        let grid = WorkoutScreen.render(model, width: width, height: height)
        let rows = grid.text.split(separator: "\n", omittingEmptySubsequences: false)
        let under = rows[(digitBox(grid).rows.max() ?? 0) + 1]
        #expect(under.trimmingCharacters(in: .whitespaces) == line, "\(grid.text)")
        #expect(bigWordRows(grid).count >= 3, "20 × Squat in big type:\n\(grid.text)")
    }

    @Test func withNobodyAtTheKeysTheStepIsDoneAfterItsWork() {
        var settings = CoachSettings()
        settings.keysAtHand = false
        var app = started(settings)
        #expect(app.nextDeadline().map { $0 <= 36 } == true)
        let e = app.handle(.tick, at: 36.5)
        #expect(e.records.compactMap(ended).first?.actual == 30 && app.session.index == 4)
        let track = AudioSchedule.items(for: repsPlan, voice: true, countAloud: false)
        #expect(track.contains { $0.sound == .phrase(Phrases.english.reps(10, title: "Push-up")) && $0.offset > 6 })
    }

    // MARK: Words

    @Test(arguments: [
        (CoachLanguage.en, 10, "Push-up", "Ten push-ups."),
        (.en, 1, "Push-up", "One push-up."),
        (.en, 12, "Jumping Jacks", "Twelve jumping jacks."),
        (.en, 5, "Burpee", "Five burpees."),
        (.en, 8, "Stretch", "Eight stretches."),
        (.en, 20, "Plank hold 30 s", "Plank hold 30 s: twenty reps."),
        (.de, 10, "Liegestütz", "Liegestütz: zehn Wiederholungen."),
        (.de, 1, "Liegestütz", "Liegestütz: eine Wiederholung."),
        (.fr, 21, "Pompes", "Pompes : vingt et une répétitions."),
        (.es, 21, "Flexiones", "Flexiones: veintiuna repeticiones."),
        (.es, 200, "Saltos", "Saltos: doscientas repeticiones."),
        (.it, 1, "Piegamenti", "Piegamenti: una ripetizione."),
        (.nl, 10, "Opdrukken", "Opdrukken: tien herhalingen."),
    ])
    func repsAreSaidInEachLanguage(language: CoachLanguage, count: Int, title: String, said: String) {
        #expect(Phrases(language).reps(count, title: title).text == said)
    }

    // MARK: The file

    @Test func theLoaderReadsRepsWithAnyLimitAndRefusesThemWithSides() throws {
        let routine = try load(#"{"name": "N", "work": 40, "exercises": [{"title": "A", "reps": 12}, "#
            + #"{"title": "B", "reps": 5, "work": 60}, {"title": "C"}]}"#)
        #expect(routine.exercises.map(\.reps) == [12, 5, nil])
        #expect(routine.exercises.map(\.repsLimit) == [nil, 60, nil])
        #expect(routine.exercises.map(\.plannedSeconds) == [0, 60, 40])
        #expect(problems(#"{"name": "N", "exercises": [{"title": "A", "reps": 0}]}"#)
            == ["r.json:1:52: \"reps\" must be from 1 to 1000, not 0"])
        #expect(problems(#"{"name": "N", "exercises": [{"title": "A", "reps": 2.5}]}"#)
            == ["r.json:1:52: \"reps\" must be a whole number, not 2.5"])
        #expect(problems(#"{"name": "N", "exercises": [{"title": "A", "reps": 8, "sides": 2}]}"#)
            == ["r.json:1:64: an exercise counted in \"reps\" cannot have \"sides\": 2; "
                + "list each side as an exercise of its own"])
    }

    /// An open step counted in reps, its exercise with a moving figure: the figure moves on with the seconds
    /// counted up, frame after frame, as in a timed step (its moment was infinite, and the pose's index a trap).
    @Test func anOpenStepMovesItsFigureWithTheSecondsCounted() throws {
        let routine = try load(#"{"name": "R", "work": 5, "rest": 2, "getReady": 1, "exercises": ["#
            + #"{"title": "Push-up", "reps": 10, "figure": "push-up"}, {"title": "Squat", "work": 3}]}"#)
        var app = WorkoutApp(plan: Plan(routine), settings: CoachSettings())
        let renderer = ScreenRenderer(depth: .palette256, glyphs: .unicode, metrics: .unicode)
        var moments: [Double] = []
        var grids: [CellGrid] = []
        for effect in app.start(at: 0) + app.handle(.audio(.muted), at: 0) {
            if case .draw(let model) = effect { grids.append(renderer.render(model, width: 80, height: 24)) }
        }
        while let next = app.nextDeadline(), next < 4 {
            for case .draw(let model) in app.handle(.tick, at: next) {
                if model.reps != nil, let moment = model.figureMoment { moments.append(moment) }
                grids.append(renderer.render(model, width: 80, height: 24))
            }
        }
        #expect(app.session.segment.reps == 10, "still on the open step")
        #expect(moments.count > 10 && moments.allSatisfy(\.isFinite), "\(moments)")
        #expect(moments == moments.sorted() && (moments.last ?? 0) > 2.5)
        // The figure is drawn moving: its cells change from frame to frame.
        #expect(Set(grids.suffix(8).map(\.text)).count > 1)
    }

    @Test func listJSONCarriesRepsAndCountsOpenSteps() {
        let json = PlanJSON.encode(repsPlan, seed: nil)
        #expect(json.contains("\"total\": 10,\n  \"open\": 1,"))
        #expect(json.contains(#""title": "Push-up", "round": 1, "start": 6, "duration": 0, "reps": 10}"#), "\(json)")
    }
}
