// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

/// Short two-exercise plan: get ready 0–2, A 2–5, rest 5–6, B 6–9, switching sides at half time.
let shortPlan = Plan(Routine(name: "Short", rest: 1, getReady: 2,
                             exercises: [exercise("A", work: 3), exercise("B", work: 3, sides: 2)], switchRest: 0))

extension [Effect] {
    var cues: [Cue] { compactMap { if case .playCue(let c, _) = $0 { c } else { nil } } }
    var logged: [String] { compactMap { if case .log(let r) = $0 { r.event } else { nil } } }
    var records: [HistoryEntry] { compactMap { if case .record(let e) = $0 { e } else { nil } } }
    var ending: WorkoutEnding? { compactMap { if case .quit(let e) = $0 { e } else { nil } }.first }
    var model: ScreenModel? { compactMap { if case .draw(let m) = $0 { m } else { nil } }.last }
    var bells: Int { filter { $0 == .bell }.count }
    var titles: [String] { compactMap { if case .setTitle(let t) = $0 { t } else { nil } } }
}

@Suite("Workout app: the core's decisions")
struct WorkoutAppTests {
    func started(_ settings: CoachSettings = CoachSettings(), audio: AudioStatus = .device("test")) -> WorkoutApp {
        var app = WorkoutApp(plan: shortPlan, settings: settings)
        _ = app.start(at: 0)
        _ = app.handle(.audio(audio), at: 0)
        return app
    }

    /// Stopped for ten minutes (SIGSTOP) and continued: the time stopped is a pause, so the workout is
    /// where it was, not finished and credited to the day; the status is published again.
    @Test func aLongStopIsAPauseNotExercise() {
        var app = started()
        _ = app.handle(.tick, at: 3)
        let e = app.handle(.signal(.continued), at: 603)
        #expect(app.session.state == .running && app.session.index == 1)
        #expect(e.records.allSatisfy { if case .finished = $0 { false } else { true } })
        #expect(e.logged.contains("pause") && e.logged.contains("resume"))
        // The history's pause began when the process stopped, 600 s before it went on.
        #expect(e.records == [.paused(ago: 600), .resumed(ago: 0)])
        #expect(e.contains { if case .status(let s?) = $0 { abs(s.remaining - 2) < 0.01 } else { false } })
        #expect(app.summary(at: 603).exercisesDone == 0)
        // A continue after a Ctrl-Z, or soon after the last wake-up, changes nothing.
        var quick = started()
        _ = quick.handle(.tick, at: 3)
        _ = quick.handle(.signal(.continued), at: 4)
        #expect(quick.session.index == 1 && quick.session.state == .running)
    }

    @Test func startLogsAndDrawsAndTitles() {
        var app = WorkoutApp(plan: shortPlan)
        let effects = app.start(at: 100)
        #expect(effects.logged == ["start", "segment"])
        #expect(effects.model?.kind == .getReady)
        #expect(effects.titles == ["0:02 Get ready · sevenmin"])
    }

    @Test func theQuitPromptPausesAndCancellingResumes() {
        var app = started()
        var e = app.handle(.key(.character("q")), at: 1)
        #expect(app.overlay == .confirmQuit && app.session.state == .paused)
        #expect(e.logged == ["pause"])
        e = app.handle(.key(.character("n")), at: 1.5)
        #expect(app.overlay == .none && app.session.state == .running)
        #expect(e.logged == ["resume"])
    }

    @Test func quitWhilePausedThenNoStaysPaused() {
        var app = started()
        _ = app.handle(.key(.character(" ")), at: 1)
        _ = app.handle(.key(.character("q")), at: 2)
        #expect(app.overlay == .confirmQuit)
        let e = app.handle(.key(.character("n")), at: 3)
        #expect(app.overlay == .none)
        #expect(app.session.state == .paused, "cancelling the prompt must not resume a workout paused before it")
        #expect(e.logged.isEmpty)
        // And the workout is still where it was.
        #expect(app.session.remaining(at: 50) == 1)
    }

    @Test func confirmingQuitEndsWithQuitAndRecordsTheSegmentCutShort() {
        var app = started()
        _ = app.handle(.tick, at: 3)
        _ = app.handle(.key(.character("q")), at: 3.5)
        let e = app.handle(.key(.character("y")), at: 4)
        #expect(e.ending == .quit)
        #expect(e.logged == ["quit"])
        let ended = e.records.compactMap { if case .segmentEnded(let s) = $0 { s } else { nil } }
        #expect(ended.map(\.index) == [1] && ended.first?.ranOut == false)
        #expect(abs((ended.first?.actual ?? 0) - 1.5) < 1e-9)   // 2–3.5 worked, the prompt paused it
        #expect(e.records.last == .finished(.quit))
    }

    @Test(arguments: [
        (WorkoutSignal.interrupt, 2), (.terminate, 15), (.hangUp, 1), (.quit, 3),
    ])
    func terminatingSignalsEndBySignal(signal: WorkoutSignal, number: Int) {
        var app = started()
        let e = app.handle(.signal(signal), at: 1)
        #expect(e.ending == .signal(signal))
        let quit = e.compactMap { if case .log(let r) = $0, r.event == "quit" { r } else { nil } }.first
        #expect(quit?.fields == [JSONWriter.Member("signal", .integer(number))])
    }

    @Test func inputClosedEndsAsAHangUp() {
        var app = started()
        #expect(app.handle(.inputClosed, at: 1).ending == .signal(.hangUp))
    }

    @Test func ctrlZPausesSuspendsAndRepaints() {
        var app = started()
        let e = app.handle(.signal(.suspend), at: 1)
        let order = e.filter { $0 == .suspend || $0 == .repaint }
        #expect(order == [.suspend, .repaint])
        #expect(app.session.state == .paused)
        #expect(app.handle(.signal(.continued), at: 9).contains(.repaint))
        #expect(app.session.state == .paused)
    }

    @Test func resizeRepaints() {
        var app = started()
        #expect(app.handle(.resize, at: 1).contains(.repaint))
        #expect(app.handle(.key(.resize), at: 1).contains(.repaint))
    }

    @Test func helpOverlayTogglesAndQuitFromHelpAsks() {
        var app = started()
        _ = app.handle(.key(.character("?")), at: 1)
        #expect(app.overlay == .help)
        _ = app.handle(.key(.character("q")), at: 1)
        #expect(app.overlay == .confirmQuit)
    }

    /// Every cue of the plan, with a device: go at work, rest at rests, ticks, switch sides, finish.
    @Test func cuesGoToTheDeviceAtTheirInstants() {
        var app = started()
        var cues: [Cue] = []
        for t in stride(from: 0.5, through: 9.5, by: 0.5) { cues += app.handle(.tick, at: t).cues }
        #expect(cues == [.tick, .go, .tick, .halfway, .tick, .rest, .go, .tick, .switchSides, .tick, .finish])
    }

    @Test(arguments: [
        // audio, bell choice → bells rung over the whole plan (go, rest, go, switch, finish)
        (AudioStatus.silent, CoachSettings.Bell.auto, 5),
        (.device("x"), .auto, 0),
        (.device("x"), .always, 5),
        (.silent, .never, 0),
        (.muted, .auto, 0),
    ])
    func theBellStandsInForMissingSound(audio: AudioStatus, bell: CoachSettings.Bell, bells: Int) {
        var app = started(CoachSettings(bell: bell), audio: audio)
        var rung = 0, played = 0
        var deliveries: [String] = []
        for t in stride(from: 0.5, through: 9.5, by: 0.5) {
            let e = app.handle(.tick, at: t)
            rung += e.bells
            played += e.cues.count
            deliveries += e.compactMap { effect in
                guard case .log(let r) = effect, r.event == "cue" else { return nil }
                if case .string(let d)? = r.fields.first(where: { $0.key == "delivery" })?.value { return d }
                return nil
            }
        }
        #expect(rung == bells)
        let heard = audio == .device("x")
        #expect(played == (heard ? 11 : 0))
        // The events file says how each cue was delivered when it was not by the device.
        #expect(deliveries.filter { $0 == "bell" }.count == bells)
        if !heard { #expect(deliveries.count == 11) }
    }

    @Test func staleCuesAfterAStallAreDroppedButTheFinishIsNot() {
        var app = started()
        let e = app.handle(.tick, at: 20)   // slept through everything
        #expect(e.cues == [.finish])
        #expect(e.logged.filter { $0 == "segment" }.count == 3)
    }

    @Test func segmentsAreRecordedAsTheyEnd() {
        var app = started()
        _ = app.handle(.tick, at: 3)
        _ = app.handle(.key(.character("+")), at: 3)           // A now 2–15
        var e = app.handle(.tick, at: 15.2)                       // A ran out with its extra time
        let ranOut = e.records.compactMap { if case .segmentEnded(let s) = $0 { s } else { nil } }
        #expect(ranOut.map(\.index) == [1] && ranOut[0].ranOut && ranOut[0].actual == 13 && ranOut[0].planned == 3)
        e = app.handle(.key(.character("n")), at: 15.5)          // skip the rest
        let skipped = e.records.compactMap { if case .segmentEnded(let s) = $0 { s } else { nil } }
        #expect(skipped.map(\.index) == [2] && !skipped[0].ranOut && abs(skipped[0].actual - 0.5) < 1e-9)
        e = app.handle(.tick, at: 30)
        #expect(e.records.last == .finished(.completed))
        #expect(e.records.count == 2)                              // B ran out, then the outcome
    }

    @Test func skippingThroughToTheEndIsItsOwnOutcomeWithItsOwnWords() {
        var app = started(CoachSettings(notify: true))
        var e: [Effect] = []
        for t in [0.5, 1, 1.5, 2] { e += app.handle(.key(.character("n")), at: t) }
        #expect(app.session.state == .finished)
        #expect(e.records.last == .finished(.skipped))
        let summary = app.summary(at: 2)
        #expect(!summary.isComplete && summary.headline() == "Ended: 0 of 2 exercises done")
        #expect(e.contains(.notify(title: "Ended: 0 of 2 exercises done", body: "Short: 0/2 exercises in 0:02")))
        #expect(e.model?.summary?.headline() == "Ended: 0 of 2 exercises done")
    }

    @Test(arguments: [
        // seconds B (3 s) runs before `n` → the outcome, and how many exercises are done
        (1.4, SessionOutcome.skipped, 1), (1.5, .completed, 2), (2.9, .completed, 2),
    ])
    func anExerciseCountsAsDoneAtHalfItsTime(ran: Double, outcome: SessionOutcome, done: Int) {
        var app = started()
        _ = app.handle(.tick, at: 6)                              // A ran out, B begins at 6
        let e = app.handle(.key(.character("n")), at: 6 + ran)
        #expect(e.records.last == .finished(outcome))
        #expect(app.summary(at: 9).exercisesDone == done && app.summary(at: 9).isComplete == (done == 2))
    }

    @Test func aQuitMidExerciseKeepsTheSecondsItRanAndCountsItWhenHalfDone() {
        var app = started()
        let e = app.handle(.signal(.interrupt), at: 4)            // 2 s into A's 3
        let end = SegmentEnd(index: 1, kind: .work, title: "A", round: 1, planned: 3, actual: 2, ranOut: false)
        #expect(e.records.suffix(2) == [.segmentEnded(end), .finished(.signal(2))])
        #expect(app.summary(at: 4).exercisesDone == 1)
    }

    @Test func aFinishedWorkoutIgnoresKeysForASecondThenDismisses() {
        var app = started()
        let finish = app.handle(.tick, at: 9)
        #expect(finish.model?.summary != nil)
        #expect(app.handle(.key(.character("x")), at: 9.5).ending == nil)
        let e = app.handle(.key(.character("x")), at: 10.1)
        #expect(e.ending == .completed)
        // Completed once, when it finished; dismissing records nothing more.
        #expect(e.records.isEmpty)
    }

    @Test(arguments: [("8", 8 as Int?), ("1", 1), ("0", 10), ("\r", nil), ("x", nil)])
    func theFinishAsksHowHardItWasAndOneKeyAnswers(key: String, effort: Int?) {
        var app = started(CoachSettings(asksEffort: true))
        let finish = app.handle(.tick, at: 9)
        #expect(finish.model?.summary?.asksEffort == true)
        // A digit in the first second was meant for the workout: no rating, no dismissal.
        #expect(app.handle(.key(.character("7")), at: 9.5).ending == nil && app.effort == nil)
        let e = app.handle(.key(.character(Character(key))), at: 10.1)
        #expect(e.ending == .completed)
        #expect(e.records == (effort.map { [.effort($0)] } ?? []))
        #expect(e.logged == (effort == nil ? [] : ["effort"]))
        #expect(app.effort == effort && app.summary(at: 10.1).effort == effort)
    }

    /// A workout skipped through (fewer than half its exercises done) says nothing of how hard the
    /// step is: the finish does not ask, and a digit only dismisses it.
    @Test func aWorkoutMostlySkippedIsNotAskedHowHardItWas() {
        var app = started(CoachSettings(asksEffort: true))
        _ = app.handle(.key(.character("n")), at: 1)
        _ = app.handle(.key(.character("n")), at: 1.5)
        var finish: [Effect] = []
        var t = 2.0
        while app.session.state != .finished, t < 20 {
            finish = app.handle(.key(.character("n")), at: t)
            t += 0.5
        }
        #expect(finish.model?.summary?.exercisesDone == 0 && finish.model?.summary?.asksEffort == false)
        let e = app.handle(.key(.character("8")), at: t + 2)
        #expect(e.ending == .completed && e.records.isEmpty && app.effort == nil)
    }

    /// The plan and its step are on the workout's header and its finish, and the question says what the
    /// answer does: it moves the plan only for the step's own workout.
    @Test(arguments: [true, false])
    func theHeaderAndTheFinishShowThePlansStep(counts: Bool) {
        var settings = CoachSettings(flash: false, asksEffort: true)
        settings.planStep = RoutineChoice.PlanStep(plan: "Quick", step: 3, steps: 12, counts: counts)
        var app = started(settings)
        let work = WorkoutScreen.render(app.handle(.tick, at: 3).model!, width: 100, height: 30).text
        let step = "Plan: Quick · step 3 of 12" + (counts ? "" : " · off plan, not counted")
        #expect(work.split(separator: "\n")[0].contains(step), "\(work)")
        let finish = WorkoutScreen.render(app.handle(.tick, at: 9).model!, width: 100, height: 30).text
        #expect(finish.contains(step), "\(finish)")
        // The question in big type, what its answer does under it.
        let effect = counts ? "it sets the next step of your plan" : "it is kept in your history"
        #expect(finish.contains("— " + effect),
                "\(finish)")
    }

    @Test func withoutAHistoryTheFinishDoesNotAskAndDigitsJustDismiss() {
        var app = started()
        #expect(app.handle(.tick, at: 9).model?.summary?.asksEffort == false)
        let e = app.handle(.key(.character("8")), at: 10.1)
        #expect(e.ending == .completed && e.records.isEmpty && app.effort == nil)
    }

    @Test func flashesMarkTransitionsBrieflyUnlessTurnedOff() {
        var first = WorkoutApp(plan: shortPlan, settings: CoachSettings())
        #expect(first.start(at: 0).model?.flash == false, "the first screen is no change")
        var app = started()
        let at2 = app.handle(.tick, at: 2)
        #expect(at2.model?.flash == true)
        #expect(app.nextDeadline() == 2 + WorkoutApp.flashLength)
        #expect(app.handle(.tick, at: 2.2).model?.flash == false)
        var calm = started(CoachSettings(flash: false))
        #expect(calm.handle(.tick, at: 2).model?.flash == false)
    }

    @Test func theTitleFollowsTheCountdownOncePerChange() {
        var app = started()
        #expect(app.handle(.tick, at: 0.5).titles.isEmpty)
        #expect(app.handle(.tick, at: 1).titles == ["0:01 Get ready · sevenmin"])
        #expect(app.handle(.tick, at: 2).titles == ["0:03 A · sevenmin"])
        _ = app.handle(.key(.character(" ")), at: 2.5)
        #expect(app.handle(.tick, at: 3).titles.isEmpty)
        #expect(app.handle(.tick, at: 9).titles.isEmpty)
    }

    /// Every events-file line comes from the core, from its one origin: the audio thread's reports too.
    @Test func deliveriesAreLoggedByTheCoreFromItsOrigin() throws {
        var app = WorkoutApp(plan: shortPlan, settings: CoachSettings(flash: false, voice: true))
        _ = app.start(at: 100)
        _ = app.handle(.audio(.device("test")), at: 100)
        let played = app.handle(.delivered(AudioDelivery(.phrase(Phrase("Get ready.", priority: .high)), due: 100,
                                                         at: 100.004, outcome: .played)), at: 100.01)
        let line = try #require(played.compactMap { if case .log(let r) = $0 { r } else { nil } }.first)
        #expect(line.jsonLine
            == #"{"t": 0.004000, "event": "say", "text": "Get ready.", "planned": 0.000000, "delivery": "device"}"#)
        #expect(played.model == nil, "a delivery alone draws no frame")
        let stale = app.handle(.delivered(AudioDelivery(.cue(.go), due: 100, at: 100.7, outcome: .stale(late: 0.7))),
                               at: 100.7)
        #expect(stale.count == 1)
        let late = try #require(stale.compactMap { if case .log(let r) = $0 { r } else { nil } }.last)
        #expect(late.jsonLine.hasSuffix(#""planned": 0.000000, "delivery": "none", "late": 0.700000}"#), "\(late)")
    }

    /// A phrase whose speech is not rendered when due is said once it is, within the staleness limit…
    @Test func aPhraseNotYetRenderedIsSaidWhenReadyWithinTheLimit() {
        var app = WorkoutApp(plan: shortPlan, settings: CoachSettings(flash: false, voice: true))
        _ = app.start(at: 0)
        let phrase = Phrase("Get ready. First: A.", priority: .high)
        let waiting = app.handle(.delivered(AudioDelivery(.phrase(phrase), due: 0, at: 0.01, outcome: .notRendered)),
                                 at: 0.01)
        #expect(waiting.logged.isEmpty, "nothing is logged while it may still be said")
        #expect(app.nextDeadline() == CuePolicy.stalenessLimit, "the loop wakes to give it up")
        let ready = app.handle(.phraseReady(phrase), at: 0.3)
        #expect(ready == [.announce(Announcement(phrase, due: 0))])
        #expect(app.handle(.phraseReady(phrase), at: 0.35).isEmpty, "said once")
    }

    /// …and skipped, never said late, once the limit has passed.
    @Test func aPhraseNotRenderedInTimeIsSkippedAndLogged() throws {
        var app = WorkoutApp(plan: shortPlan, settings: CoachSettings(flash: false, voice: true))
        _ = app.start(at: 0)
        let phrase = Phrase("Get ready. First: A.", priority: .high)
        _ = app.handle(.delivered(AudioDelivery(.phrase(phrase), due: 0, at: 0.01, outcome: .notRendered)), at: 0.01)
        let expired = app.handle(.tick, at: CuePolicy.stalenessLimit)
        let said = expired.compactMap { if case .log(let r) = $0, r.event == "say" { r } else { nil } }
        let line = try #require(said.first)
        #expect(line.jsonLine == #"{"t": 0.500000, "event": "say", "text": "Get ready. First: A.", "#
                + #""planned": 0.000000, "delivery": "none", "skipped": "not rendered in time"}"#)
        #expect(app.handle(.phraseReady(phrase), at: 0.6).isEmpty, "too late: not said")
        #expect(app.nextDeadline() == 1, "nothing left to wait for but the countdown")
        // One reported already past the limit is skipped at once.
        let old = app.handle(.delivered(AudioDelivery(.phrase(phrase), due: 0, at: 0.9, outcome: .notRendered)),
                             at: 0.9)
        #expect(old.logged == ["say"])
    }

    /// With no sound device the status line says what is true: the bell rings instead, unless it was
    /// turned off, and then the cues are silent.
    @Test func noticesShowOnTheStatusLine() {
        var app = started(audio: .silent)
        let ticked = app.handle(.tick, at: 2)
        #expect(ticked.model?.notice == "no sound device: the terminal bell rings instead" && ticked.bells == 1)
        var never = started(CoachSettings(bell: .never), audio: .silent)
        let quiet = never.handle(.tick, at: 2)
        #expect(quiet.model?.notice == "no sound device: cues are silent" && quiet.bells == 0)
        #expect(app.handle(.notice(.eventsFileStopped(.readerGone)), at: 1).model?.notice
                == "events file: its reader went away; no more events written")
    }
}
