// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

/// An exercise done on each side: its two halves parted by a pause to switch (`switchRest`).
@Suite("A pause between sides")
struct SwitchSidesTests {
    /// Get ready 0–2, A 2–12, rest 12–14, B's first side 14–24, the switch 24–29, its second side 29–39.
    let plan = Plan(Routine(name: "S", rest: 2, getReady: 2,
                            exercises: [exercise("A", work: 10), exercise("B", work: 20, sides: 2)]))

    func summary(_ plan: Plan) -> [String] {
        plan.segments.map { s in
            "\(s.kind.rawValue) \(plan.exercise(s.slot).title)\(s.side.map { " side \($0)" } ?? "") "
                + "\(JSONWriter.number(s.offset))+\(JSONWriter.number(s.duration))"
        }
    }

    @Test func theSidesAreSegmentsOfTheirOwnWithTheSwitchBetween() {
        #expect(summary(plan) == ["getReady A 0+2", "work A 2+10", "rest B 12+2", "work B side 1 14+10",
                                  "switch B side 2 24+5", "work B side 2 29+10"])
        #expect(plan.totalDuration == 39)
        // Still two exercises: the sides are one, and the switch leads to the same one.
        #expect(plan.workSegmentCount == 2 && plan.workColors.count == 2)
        #expect((3...5).map { plan.workNumber(ofSegment: $0) } == [2, 2, 2])
        #expect(plan.nextWork(after: 1)?.title == "B" && plan.nextWork(after: 3) == nil)
        // "Last one" is said before B, not before its second side.
        #expect(plan.isLastPause(2) && !plan.isLastPause(4))
        #expect(plan.heading(of: 4) == "Switch sides")
        // The size worked out without laying the plan out agrees.
        let size = PlanSize(plan.routine)
        #expect(size.seconds == plan.totalDuration && size.segments == plan.segments.count)
    }

    @Test(arguments: [(nil, 5.0, 6), (0, 0, 4), (3, 3, 6)] as [(Double?, Double, Int)])
    func theRoutinesPauseOrTheExercisesOwnOrNone(own: Double?, pause: Double, segments: Int) {
        var b = exercise("B", work: 20, sides: 2)
        b.switchRest = own
        let plan = Plan(Routine(name: "S", rest: 2, getReady: 2, exercises: [exercise("A", work: 10), b]))
        #expect(plan.segments.count == segments)
        #expect(plan.totalDuration == 34 + pause)
        #expect(PlanSize(plan.routine).segments == segments && PlanSize(plan.routine).seconds == 34 + pause)
    }

    @Test func theKeyIsCheckedWithItsPosition() throws {
        #expect(try load(#"{"name": "N", "switchRest": 8, "exercises": [{"title": "A", "sides": 2}]}"#)
            .switchRest == 8)
        let own = try load(#"{"name": "N", "exercises": [{"title": "A", "sides": 2, "switchRest": 0}]}"#)
        #expect(own.exercises[0].switchRest == 0 && Plan(own).segments.count == 2)
        #expect(try load(#"{"name": "N", "exercises": [{"title": "A", "sides": 2}]}"#).switchRest == 5)
        #expect(problems(#"{"name": "N", "switchRest": -1, "exercises": [{"title": "A"}]}"#).first?
            .hasPrefix("r.json:1:29: ") == true)
        #expect(problems(#"{"name": "N", "exercises": [{"title": "A", "switchRest": 4}]}"#) == [
            "r.json:1:58: \"switchRest\" is the pause between sides, for an exercise with \"sides\": 2",
        ])
        #expect(problems(#"{"name": "N", "switchrest": 4, "exercises": [{"title": "A"}]}"#).first?
            .contains("did you mean \"switchRest\"") == true)
    }

    @Test func theSwitchHasItsCueAndWordsAndTheSecondSideItsGo() {
        var session = WorkoutSession(plan: plan)
        let events = runToEnd(&session)
        // No halfway inside a side: the switch is the exercise's halfway.
        #expect(!events.contains { $0.kind == .halfway && $0.segmentIndex >= 3 })
        #expect(!events.contains { $0.kind == .switchSides })
        let cues = soundedCues(events, in: plan, at: 0).filter { $0.cue != .tick }
            .map { "\($0.cue.rawValue)@\(JSONWriter.number($0.event.due))" }
        #expect(cues == ["go@2", "halfway@7", "rest@12", "go@14", "switch@24", "go@29", "finish@39"])
        let said = AudioSchedule.items(for: plan, voice: true, countAloud: false).compactMap { item in
            if case .phrase(let p) = item.sound { "\(JSONWriter.number(item.offset)) \(p.text)" } else { nil }
        }
        #expect(said.suffix(4) == ["14.4 Time for B. Ten seconds.", "24.55 Switch sides.",
                                   "29.4 Time for B. Ten seconds.", "40.1 Workout complete. Thirty-nine seconds."])
    }

    @Test func theSwitchIsLoggedAndRecordedWithItsSide() {
        var app = WorkoutApp(plan: plan, settings: CoachSettings(flash: false))
        var effects = app.start(at: 0)
        effects += app.handle(.audio(.device("test")), at: 0)
        for t in stride(from: 1.0, through: 40, by: 1) { effects += app.handle(.tick, at: t) }
        let segments = effects.compactMap { if case .log(let r) = $0, r.event == "segment" { r } else { nil } }
        let line = segments[4].jsonLine
        #expect(line.contains(#""kind": "switch""#) && line.contains(#""title": "Switch sides""#)
            && line.contains(#""side": 2"#))
        let ends = effects.records.compactMap { if case .segmentEnded(let e) = $0 { e } else { nil } }
        #expect(ends.map(\.kind) == [.getReady, .work, .rest, .work, .switchSides, .work])
        #expect(ends.map(\.side) == [nil, nil, nil, 1, 2, 2])
        #expect(effects.records.last == .finished(.completed))
        #expect(app.summary(at: 40).exercisesDone == 2 && app.summary(at: 40).isComplete)
    }

    @Test func bothSidesMakeTheExerciseDone() {
        // Skipping the second side as it starts leaves B undone, and the workout skipped.
        var app = WorkoutApp(plan: plan, settings: CoachSettings(flash: false))
        var effects = app.start(at: 0)
        effects += app.handle(.tick, at: 29.5)
        #expect(app.session.index == 5)
        effects += app.handle(.key(.character("n")), at: 30)
        #expect(app.summary(at: 30).exercisesDone == 1 && effects.records.last == .finished(.skipped))
        #expect(app.screen(at: 30).overviewDone == [0])
    }

    @Test func skipBackAndRestartMoveThroughTheSwitch() {
        var app = WorkoutApp(plan: plan, settings: CoachSettings(flash: false))
        _ = app.start(at: 0)
        _ = app.handle(.tick, at: 15)
        _ = app.handle(.key(.character("n")), at: 15)
        #expect(app.session.index == 4)
        let switching = app.screen(at: 15)
        #expect(switching.kind == .switchSides && switching.side == 2 && switching.upNext?.title == "B")
        _ = app.handle(.key(.character("n")), at: 16)
        #expect(app.session.index == 5 && app.screen(at: 16).side == 2)
        // Back in the first seconds of the second side: to the first, past the switch.
        _ = app.handle(.key(.character("p")), at: 17)
        #expect(app.session.index == 3 && app.screen(at: 17).side == 1)
        _ = app.handle(.key(.character("n")), at: 18)
        _ = app.handle(.key(.character("r")), at: 20)
        #expect(app.session.index == 4 && app.session.remaining(at: 20) == 5)
    }

    @Test func aWorkoutResumedAtTheSecondSideLeadsInAndCountsTheFirst() {
        let app = WorkoutApp(plan: plan, settings: CoachSettings(flash: false),
                             resuming: .init(segmentIndex: 5, exercisesDone: [1, 3], activeTime: 26))
        // A short get-ready in place of the switch, leading to the second side.
        #expect(app.plan.segments[4].kind == .getReady && app.plan.segments[4].side == 2)
        #expect(app.plan.workNumber(ofSegment: 4) == 2)
        #expect(app.summary(at: 0).exercisesDone == 1)
    }

    @Test func thePlainLinesSayWhichSide() {
        var transcript = PlainTranscript(unicode: true)
        var session = WorkoutSession(plan: plan)
        for event in session.start(at: 0) { transcript.happened(event) }
        var lines: [String] = []
        for t in stride(from: 0.0, to: 39, by: 0.5) {
            for event in session.advance(to: t) { transcript.happened(event) }
            lines += transcript.lines(for: ScreenModel(session: session, at: t))
        }
        #expect(lines.suffix(3) == ["0:14 B — 10 s, first side", "0:24 Switch sides — 5 s — next: B",
                                    "0:29 B — 10 s, second side"])
        #expect(!lines.contains { $0.hasSuffix("Halfway") && $0.hasPrefix("0:1") })
    }
}
