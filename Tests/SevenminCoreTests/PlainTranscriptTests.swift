// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

/// A terminal that keeps the plain transcript's lines, as plain mode writes them.
final class TranscriptBackend: TerminalBackend {
    var transcript: PlainTranscript
    private(set) var lines: [String] = []
    private(set) var grids = 0

    init(unicode: Bool = true) { transcript = PlainTranscript(unicode: unicode) }

    var size: (width: Int, height: Int) { (80, 24) }
    func present(_ model: ScreenModel, with renderer: ScreenRenderer) { lines += transcript.lines(for: model) }
    func happened(_ event: SessionEvent) { transcript.happened(event) }
    func draw(_ grid: CellGrid) { grids += 1 }
    func invalidate() {}
    func bell() {}
    func setTitle(_ title: String) {}
    func notify(title: String, body: String) {}
    func suspend() {}
}

@Suite("Plain mode: one line per change")
struct PlainTranscriptTests {
    /// Runs the real loop on `shortPlan` as plain mode does; returns the lines and the ending.
    func transcript(_ steps: [ScriptedInput.Step], unicode: Bool = true, audio: AudioStatus = .device("test"),
                    plan: Plan = shortPlan, settings: CoachSettings = CoachSettings(summaryWaitsForKey: false))
        throws -> (lines: [String], ending: WorkoutEnding) {
        let clock = ManualClock()
        let backend = TranscriptBackend(unicode: unicode)
        let input = ScriptedInput(clock: clock, [.at(0, [.audio(audio)])] + steps)
        let loop = WorkoutLoop(app: WorkoutApp(plan: plan, settings: settings),
                               clock: clock, terminal: backend, input: input, audio: nil, recorder: nil)
        let ending = try loop.run()
        #expect(backend.grids == 0)
        return (backend.lines, ending)
    }

    @Test func anUndisturbedWorkoutSaysEachSegmentItsHalfwayAndTheFinish() throws {
        let run = try transcript(Array(repeating: .untilDeadline, count: 40))
        #expect(run.ending == .completed)
        #expect(run.lines == [
            "0:00 Short — 2 exercises — 0:09 in all",
            "0:00 Get ready — 2 s — next: A",
            "0:02 A — 3 s — next: B",
            "0:03 Halfway",
            "0:05 Rest — 1 s — next: B",
            "0:06 B — 3 s, each side",
            "0:07 Switch sides",
            "0:09 Finished",
        ])
    }

    @Test func keysArePutIntoWords() throws {
        let run = try transcript([
            .at(2.5, [.key(.character(" "))]),
            .at(4, [.key(.character(" "))]),
            .at(4.2, [.key(.character("+"))]),
            .at(4.4, [.key(.character("r"))]),
            .at(4.6, [.key(.character("?"))]),
            .at(4.8, [.key(.character("?"))]),
            .at(5, [.key(.character("q"))]),
            .at(5.5, [.key(.character("y"))]),
        ])
        #expect(run.ending == .quit)
        #expect(Array(run.lines.dropFirst(3)) == [
            "0:02 Paused",
            "0:02 Going on",
            "0:02 A — 0:13 left",
            "0:02 A — 3 s — next: B",
            "0:03 " + ScreenText.english.plainKeys,
            "0:03 Paused",
            "0:03 Quit this workout? y quits, any other key goes on",
        ])
    }

    /// A restart is said because the session says it happened, not guessed from the time left: the
    /// frame before the first `r` showed the segment whole, as it does the instant it starts.
    @Test func aRestartIsSaidEvenBeforeAnyTimeWasShownToRun() throws {
        let run = try transcript([.at(2, []), .at(2.3, [.key(.character("r"))]), .at(2.6, [.key(.character("r"))])])
        #expect(Array(run.lines.dropFirst(2)) == Array(repeating: "0:02 A — 3 s — next: B", count: 3))
    }

    @Test func aResumedWorkoutSaysItOpensPaused() throws {
        let clock = ManualClock()
        let backend = TranscriptBackend()
        let app = WorkoutApp(plan: shortPlan, settings: CoachSettings(summaryWaitsForKey: false),
                             resuming: .init(segmentIndex: 3, exercisesDone: [1], activeTime: 5))
        let loop = WorkoutLoop(app: app, clock: clock, terminal: backend,
                               input: ScriptedInput(clock: clock, [.at(0, [.audio(.device("test"))])]),
                               audio: nil, recorder: nil)
        _ = try loop.run()
        #expect(backend.lines.prefix(3).last == "0:00 Paused")
    }

    /// A step counted in reps says its time limit, as the screen does; one without a limit says none.
    @Test func aRepsStepSaysItsTimeLimit() throws {
        let plan = Plan(Routine(name: "Capped", rest: 0, getReady: 0, exercises: [
            Exercise(title: "Squat", color: FlatColor.red.rgb, work: 45, reps: 20, repsLimit: 90),
            Exercise(title: "Push-up", color: FlatColor.teal.rgb, work: 30, reps: 10),
        ]))
        let run = try transcript([.at(1, [.key(.character("\r"))]), .at(2, [.key(.character("\r"))])], plan: plan)
        #expect(run.lines.contains("0:00 Squat — 20 reps, time limit 1:30, Enter when done — next: Push-up"),
                "\(run.lines)")
        #expect(run.lines.contains { $0.hasSuffix(" Push-up — 10 reps, Enter when done") }, "\(run.lines)")
    }

    /// Plain mode names the plan's step the workout is, as the screen's header does, and a resumed
    /// workout too.
    @Test(arguments: [false, true])
    func thePlanStepIsSaid(resumed: Bool) throws {
        var settings = CoachSettings(summaryWaitsForKey: false)
        settings.planStep = RoutineChoice.PlanStep(plan: "Quick steps", step: 3, steps: 5)
        let clock = ManualClock()
        let backend = TranscriptBackend()
        let app = WorkoutApp(plan: shortPlan, settings: settings,
                             resuming: resumed ? .init(segmentIndex: 3, exercisesDone: [1], activeTime: 5) : nil)
        let loop = WorkoutLoop(app: app, clock: clock, terminal: backend,
                               input: ScriptedInput(clock: clock, [.at(0, [.audio(.device("test"))])]),
                               audio: nil, recorder: nil)
        _ = try loop.run()
        #expect(backend.lines.dropFirst().first?.hasSuffix(" Plan: Quick steps · step 3 of 5") == true,
                "\(backend.lines)")
    }

    @Test func outsideUTF8TheLinesAreASCII() throws {
        let run = try transcript(Array(repeating: .untilDeadline, count: 3), unicode: false)
        #expect(run.lines.prefix(2) == ["0:00 Short - 2 exercises - 0:09 in all", "0:00 Get ready - 2 s - next: A"])
        #expect(run.lines.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
    }

    @Test func aSilentDeviceIsNoted() throws {
        let run = try transcript([.untilDeadline], audio: .silent)
        #expect(run.lines.contains("0:00 Note: no sound device: the terminal bell rings instead"), "\(run.lines)")
    }

    @Test func theFirstLineCountsEveryExerciseToCome() {
        var transcript = PlainTranscript(unicode: true)
        let model = ScreenModel(routineName: "Circuit", kind: .getReady, exercise: exercise("A"), workCount: 6,
                                rounds: 3, remaining: 10, totalRemaining: 190)
        #expect(transcript.lines(for: model).first == "0:00 Circuit — 6 exercises in 3 rounds — 3:10 in all")
    }

    /// Outside UTF-8 a title's letters lose their accents; only what has no ASCII spelling is a "?".
    @Test func titlesOutsideASCIIAreSpeltInASCIIOutsideUTF8() {
        var transcript = PlainTranscript(unicode: false)
        let model = ScreenModel(routineName: "Café 体操", kind: .work, exercise: exercise("Sauté"), remaining: 30)
        #expect(transcript.lines(for: model).first == "0:00 Cafe ?? - 1 exercise - 0:00 in all")
    }
}

@Suite("Plain mode: keys from raw bytes")
struct KeyDecoderTests {
    @Test(arguments: [
        ([0x20], [Key.character(" ")]),
        (Array("q+".utf8), [.character("q"), .character("+")]),
        ([0x1B, 0x5B, 0x43, 0x1B, 0x4F, 0x44], [.right, .left]),
        ([0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42], [.up, .down]),
        (Array("é".utf8), [.character("é")]),
        // Enter, however the terminal sends it, is one key; Delete is none of ours.
        ([0x0A, 0x0D, 0x0D, 0x0A, 0x7F], [.character("\n"), .character("\n"), .character("\n"), .other(0x7F)]),
        ([0xFF], [.other(0xFF)]),
    ] as [([UInt8], [Key])])
    func decodes(bytes: [UInt8], keys: [Key]) {
        #expect(KeyDecoder.keys(from: bytes) == keys)
    }
}
