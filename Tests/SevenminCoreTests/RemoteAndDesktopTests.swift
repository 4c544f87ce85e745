// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

extension [Effect] {
    var players: [PlayerState?] { compactMap { if case .player(let p) = $0 { .some(p) } else { nil } } }
    var awake: [Bool] { compactMap { if case .keepAwake(let a) = $0 { a } else { nil } } }
}

/// Media keys, headsets and phone remotes (through the media player), and the screen kept awake:
/// decided in the core, on the test's clock.
@Suite("Remote and desktop")
struct RemoteAndDesktopTests {
    func started() -> (WorkoutApp, [Effect]) {
        var app = WorkoutApp(plan: shortPlan, settings: CoachSettings(flash: false))
        let effects = app.start(at: 0)
        return (app, effects)
    }

    @Test func playAndPauseNeverToggleAndPlayPauseDoes() {
        var (app, _) = started()
        _ = app.handle(.tick, at: 2)
        #expect(app.handle(.remote(.playPause), at: 2.5).logged == ["pause"])
        #expect(app.handle(.remote(.pause), at: 2.6).logged.isEmpty, "already paused")
        #expect(app.handle(.remote(.play), at: 3).logged == ["resume"])
        #expect(app.handle(.remote(.play), at: 3.1).logged.isEmpty, "already running")
        #expect(app.handle(.remote(.pause), at: 3.2).logged == ["pause"])
        #expect(app.handle(.remote(.playPause), at: 4).logged == ["resume"])
        #expect(app.session.state == .running)
    }

    @Test func nextAndPreviousMoveAsTheKeysDo() {
        var (app, _) = started()
        _ = app.handle(.remote(.next), at: 0.5)
        #expect(app.session.index == 1)
        _ = app.handle(.remote(.next), at: 1)
        #expect(app.session.index == 2)
        _ = app.handle(.remote(.previous), at: 1.5)
        var keyed = started().0
        _ = keyed.handle(.key(.character("n")), at: 0.5)
        _ = keyed.handle(.key(.character("n")), at: 1)
        _ = keyed.handle(.key(.character("p")), at: 1.5)
        #expect(app.session.index == keyed.session.index)
    }

    /// Stop asks nothing: the workout ends as `q` then `y` would, recorded as quit.
    @Test func stopEndsTheWorkoutAsQuittingWould() {
        var (app, _) = started()
        _ = app.handle(.tick, at: 2.5)
        let stopped = app.handle(.remote(.stop), at: 3)
        var keyed = started().0
        _ = keyed.handle(.tick, at: 2.5)
        _ = keyed.handle(.key(.character("q")), at: 3)
        let quit = keyed.handle(.key(.character("y")), at: 3)
        #expect(stopped.ending == .quit)
        #expect(stopped.records.last == .finished(.quit))
        #expect(stopped.records == quit.records)
    }

    /// The quit prompt pauses the player; Play or PlayPause answers it "no" and carries on.
    @Test func playAnswersTheQuitPrompt() {
        var (app, _) = started()
        _ = app.handle(.tick, at: 2.5)
        let prompt = app.handle(.key(.character("q")), at: 3)
        #expect(prompt.players.map { $0?.playing } == [false])
        let resumed = app.handle(.remote(.playPause), at: 4)
        #expect(app.overlay == .none && app.session.state == .running)
        #expect(resumed.players.map { $0?.playing } == [true])
        _ = app.handle(.key(.character("q")), at: 5)
        #expect(app.handle(.remote(.next), at: 5.5).records.isEmpty, "the question is still on the screen")
        _ = app.handle(.remote(.play), at: 6)
        #expect(app.overlay == .none && app.session.state == .running)
    }

    /// The player hears of each segment, pause and resume once, never of time passing.
    @Test func thePlayerIsToldOnlyAtChanges() {
        var (app, effects) = started()
        #expect(effects.players == [PlayerState(playing: true, title: "Get ready", routine: "Short", length: 2,
                                                elapsed: 0, at: 0)])
        #expect(app.handle(.tick, at: 1).players.isEmpty)
        #expect(app.handle(.tick, at: 2).players == [PlayerState(playing: true, title: "A", routine: "Short",
                                                                 length: 3, elapsed: 0, at: 2, segment: 1)])
        #expect(app.handle(.tick, at: 3).players.isEmpty)
        #expect(app.handle(.key(.character(" ")), at: 3.5).players == [PlayerState(
            playing: false, title: "A", routine: "Short", length: 3, elapsed: 1.5, at: 3.5, segment: 1)])
        #expect(app.handle(.tick, at: 60).players.isEmpty)
        #expect(app.handle(.wallClockChanged, at: 61).players.isEmpty, "the player's time is the workout's")
        #expect(app.handle(.key(.character(" ")), at: 62).players.map { $0?.playing } == [true])
        #expect(app.handle(.key(.character("+")), at: 62).players.map { $0?.length } == [13])
        #expect(app.handle(.tick, at: 100).players.last == .some(nil), "finished: stopped")
    }

    @Test func theScreenStaysAwakeWhileTheWorkoutRunsAndOnlyThen() {
        var (app, effects) = started()
        #expect(effects.awake == [true])
        _ = app.handle(.key(.character(" ")), at: 1)
        // A pause of five minutes lets the screen blank: at that instant of the workout's clock, not later.
        #expect(app.nextDeadline() == 1 + WorkoutApp.awakePauseLimit)
        #expect(app.handle(.tick, at: 300.9).awake.isEmpty)
        #expect(app.handle(.tick, at: 301).awake == [false])
        #expect(app.nextDeadline() == nil, "nothing more to wake for while paused")
        #expect(app.handle(.key(.character(" ")), at: 400).awake == [true])
        // A shorter pause keeps it.
        _ = app.handle(.key(.character(" ")), at: 401)
        #expect(app.handle(.key(.character(" ")), at: 600).awake.isEmpty)
        #expect(app.handle(.tick, at: 700).awake == [false], "finished")
    }

    /// Ctrl-Z: the player says Paused and the screen may blank before the process stops, not once it continues;
    /// after `fg` the workout stays paused, and the screen is kept awake again only once it is resumed.
    @Test func suspendingTellsTheDesktopBeforeTheProcessStops() throws {
        var (app, _) = started()
        let effects = app.handle(.signal(.suspend), at: 1)
        let stop = try #require(effects.firstIndex(of: .suspend))
        #expect(Array(effects[..<stop]).players.map { $0?.playing } == [false])
        #expect(Array(effects[..<stop]).awake == [false])
        #expect(Array(effects[stop...]).players.isEmpty && Array(effects[stop...]).awake.isEmpty)
        #expect(app.nextDeadline() == nil, "nothing to wake for while stopped")
        #expect(app.handle(.signal(.continued), at: 50).awake.isEmpty, "still paused after fg")
        #expect(app.handle(.tick, at: 51).awake.isEmpty)
        #expect(app.handle(.key(.character(" ")), at: 52).awake == [true], "resumed")
    }

    @Test(arguments: [Input.signal(.terminate), .signal(.hangUp), .signal(.interrupt), .remote(.stop)])
    func everyEndLetsTheScreenBlank(input: Input) {
        var (app, _) = started()
        #expect(app.handle(input, at: 1).awake == [false])
        var keyed = started().0
        _ = keyed.handle(.key(.character("q")), at: 1)
        #expect(keyed.handle(.key(.character("y")), at: 1).awake == [false])
    }

    /// Before the process stops (Ctrl-Z), the loop waits for the desktop to have been told.
    @Test func theLoopFlushesTheDesktopBeforeStopping() throws {
        let clock = ManualClock()
        let desktop = RecordingDesktop()
        let terminal = TestBackend()
        let input = ScriptedInput(clock: clock, [.at(0.5, [.signal(.suspend)]), .at(1, [.remote(.stop)])])
        let loop = WorkoutLoop(app: WorkoutApp(plan: shortPlan), clock: clock, terminal: terminal, input: input,
                               audio: nil, recorder: nil, desktop: desktop)
        #expect(try loop.run() == .quit)
        #expect(terminal.suspensions == 1)
        #expect(Array(desktop.told.dropFirst(2)) == [
            .player(PlayerState(playing: false, title: "Get ready", routine: "Short", length: 2, elapsed: 0.5,
                                at: 0.5)),
            .awake(false),
            .flushed,
            .player(nil),
        ])
    }

    /// The loop hands the player and the screen's wakefulness to the desktop, and a remote's Stop ends it.
    @Test func theLoopTellsTheDesktop() throws {
        let clock = ManualClock()
        let desktop = RecordingDesktop()
        let input = ScriptedInput(clock: clock, [.at(0.5, [.remote(.pause)]), .at(1, [.remote(.stop)])])
        let loop = WorkoutLoop(app: WorkoutApp(plan: shortPlan), clock: clock, terminal: TestBackend(), input: input,
                               audio: nil, recorder: nil, desktop: desktop)
        #expect(try loop.run() == .quit)
        #expect(desktop.told == [
            .player(PlayerState(playing: true, title: "Get ready", routine: "Short", length: 2, elapsed: 0, at: 0)),
            .awake(true),
            .player(PlayerState(playing: false, title: "Get ready", routine: "Short", length: 2, elapsed: 0.5,
                                at: 0.5)),
            .player(nil),
            .awake(false),
        ])
    }
}
