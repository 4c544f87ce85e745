// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

/// `sevenmin during`'s quit prompt: while the command runs, `q` and Ctrl-C ask whether to stop it too, leave it
/// running, or go on; a command is never left orphaned unasked.
@Suite("During a command: the quit prompt")
struct DuringQuitTests {
    /// `shortPlan` beside a command named `make`, 3 s in (the first exercise); `keys`: whether a key can answer.
    func started(keys: Bool = true) -> WorkoutApp {
        var settings = CoachSettings()
        settings.keysAtHand = keys
        settings.during = CommandRun(name: "make")
        var app = WorkoutApp(plan: shortPlan, settings: settings)
        _ = app.start(at: 0)
        _ = app.handle(.tick, at: 3)
        return app
    }

    static let enter = Input.key(.character("\r"))

    @Test func qNamesTheCommandAndPausesTheWorkout() {
        var app = started()
        let e = app.handle(.key(.character("q")), at: 3.5)
        #expect(e.ending == nil)
        #expect(app.overlay == .confirmQuitCommand("make") && app.session.state == .paused)
        #expect(e.model?.overlay == .confirmQuitCommand("make"))
    }

    /// y, Enter and q again stop both; b leaves the command running; n, Esc or another key goes on.
    @Test(arguments: [(Input.key(.character("y")), WorkoutEnding?.some(.quit), false), (enter, .quit, false),
                      (.key(.character("q")), .quit, false), (.key(.character("b")), .quit, true),
                      (.key(.character("n")), nil, false), (.key(.character("\u{1B}")), nil, false)])
    func theAnswersToQ(answer: Input, ending: WorkoutEnding?, leaves: Bool) {
        var app = started()
        _ = app.handle(.key(.character("q")), at: 3.5)
        let e = app.handle(answer, at: 4)
        #expect(e.ending == ending)
        #expect(app.leavesCommand == leaves)
        if ending == nil { #expect(app.overlay == .none && app.session.state == .running) }
    }

    /// Ctrl-C asks the same; answered "stop both" (Ctrl-C again, y or Enter), sevenmin ends by SIGINT, as a shell
    /// loop needs to stop; "leave it running" is a quit like `b` after `q`.
    @Test(arguments: [(Input.signal(.interrupt), WorkoutEnding?.some(.signal(.interrupt)), false),
                      (.key(.character("y")), .signal(.interrupt), false), (enter, .signal(.interrupt), false),
                      (.key(.character("b")), .quit, true), (.key(.character("n")), nil, false)])
    func theAnswersToCtrlC(answer: Input, ending: WorkoutEnding?, leaves: Bool) {
        var app = started()
        let asked = app.handle(.signal(.interrupt), at: 3.5)
        #expect(asked.ending == nil && app.overlay == .confirmQuitCommand("make"))
        #expect(app.session.state == .paused)
        let e = app.handle(answer, at: 4)
        #expect(e.ending == ending)
        #expect(app.leavesCommand == leaves)
    }

    /// Gone on from a prompt Ctrl-C opened, a later `q` then `y` is a quit, not a signal.
    @Test func goingOnForgetsTheCtrlC() {
        var app = started()
        _ = app.handle(.signal(.interrupt), at: 3.5)
        _ = app.handle(.key(.character("n")), at: 3.6)
        _ = app.handle(.key(.character("q")), at: 3.7)
        #expect(app.handle(.key(.character("y")), at: 3.8).ending == .quit)
    }

    /// With no key to answer (plain mode, input not a terminal), Ctrl-C stops both at once; SIGTERM and SIGHUP
    /// never ask.
    @Test func ctrlCWithNoKeysAndSigtermDoNotAsk() {
        var plain = started(keys: false)
        #expect(plain.handle(.signal(.interrupt), at: 3.5).ending == .signal(.interrupt))
        for signal in [WorkoutSignal.terminate, .hangUp] {
            var app = started()
            #expect(app.handle(.signal(signal), at: 3.5).ending == .signal(signal))
            #expect(!app.leavesCommand)
        }
    }

    /// Once the command has ended there is nothing to ask about: an open prompt asks only whether to quit, whose
    /// `b` goes on; Ctrl-C ends at once.
    @Test func theCommandEndingTurnsThePromptBackToTheUsualOne() {
        var app = started()
        _ = app.handle(.key(.character("q")), at: 3.5)
        _ = app.handle(.command(.ended(.exited(0))), at: 3.6)
        #expect(app.overlay == .confirmQuit)
        #expect(app.handle(.key(.character("b")), at: 3.7).ending == nil)
        #expect(app.overlay == .none && !app.leavesCommand)
        #expect(app.handle(.signal(.interrupt), at: 3.8).ending == .signal(.interrupt))
    }

    /// A command ending during the prompt in a rest finishes the workout there: the finish, not the prompt, shows.
    @Test func aFinishClearsThePrompt() {
        var app = started()
        _ = app.handle(.tick, at: 5.5)
        _ = app.handle(.key(.character("q")), at: 5.6)
        let e = app.handle(.command(.ended(.exited(0))), at: 5.7)
        #expect(app.session.state == .finished && app.overlay == .none)
        #expect(e.model?.summary != nil && e.model?.overlay == ScreenModel.Overlay.none)
    }

    /// Without a command (`start`), q asks as it always did, and Ctrl-C ends at once.
    @Test func withoutACommandNothingChanges() {
        var app = WorkoutApp(plan: shortPlan)
        _ = app.start(at: 0)
        _ = app.handle(.key(.character("q")), at: 1)
        #expect(app.overlay == .confirmQuit)
        #expect(app.handle(.key(.character("b")), at: 1.5).ending == nil)
        var other = WorkoutApp(plan: shortPlan)
        _ = other.start(at: 0)
        #expect(other.handle(.signal(.interrupt), at: 1).ending == .signal(.interrupt))
    }

    /// The keys the prompt shows are those it takes: stop both, leave it running, go on.
    @Test func theAnswersShownAreTheKeysTaken() {
        let keys = ScreenText.quitCommandAnswers.split(separator: "/").map { Key.character(Character(String($0))) }
        let overlay = ScreenModel.Overlay.confirmQuitCommand("make")
        #expect(keys.map { KeyBindings.action(for: $0, overlay: overlay, finished: false) }
                == [.confirmQuit, .leaveRunning, .cancelQuit])
    }
}

@Suite("During a command: the quit prompt on screen")
struct DuringQuitScreenTests {
    /// The prompt names the command and its three answers where there is room, and keeps its question and keys
    /// whole down to 10×3, in every language.
    @Test(arguments: CoachLanguage.allCases)
    func thePromptIsReadableAtEverySize(language: CoachLanguage) throws {
        let text = ScreenText.of(language), overlay = ScreenModel.Overlay.confirmQuitCommand("make")
        for (width, height) in [(80, 24), (40, 12), (30, 6), (20, 5), (16, 4), (14, 4), (12, 3), (10, 3)] {
            let (grid, _) = try classicScreen(at: 15, width: width, height: height, overlay: overlay,
                                              language: language)
            let shown = grid.text
            let whole = ([text.quitQuestion] + text.quitCommandKeys("make")).allSatisfy { shown.contains($0) }
            let compact = shown.contains(text.quitQuestion) && shown.contains(text.quitCommandCompactKeys)
            let tiny = shown.contains(text.quitWord) && shown.contains(ScreenText.quitCommandAnswers)
            #expect(whole || compact || tiny, "\(language) \(width)x\(height):\n\(shown)")
            if width >= 40 { #expect(whole, "\(language) \(width)x\(height):\n\(shown)") }
        }
    }

    @Test func plainModeSaysTheAnswers() {
        var session = WorkoutSession(plan: shortPlan)
        _ = session.start(at: 0)
        var model = ScreenModel(session: session, at: 0, overlay: .none, notice: nil)
        var transcript = PlainTranscript(unicode: true)
        _ = transcript.lines(for: model)
        model.overlay = .confirmQuitCommand("make")
        #expect(transcript.lines(for: model)
                == ["0:00 Quit this workout? y or Enter stops make too, b leaves it running, any other key goes on"])
    }
}
