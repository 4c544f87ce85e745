// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

@Suite("Workout loop against an in-memory terminal")
struct WorkoutLoopTests {
    @Test func runsAWholeWorkoutAndSleepsOnlyUntilChanges() throws {
        let clock = ManualClock()
        let terminal = TestBackend()
        let audio = RecordingAudio()
        let journal = RecordingJournal()
        var steps = Array(repeating: ScriptedInput.Step.untilDeadline, count: 40)
        steps.append(.at(30, [.key(.character("x"))]))
        let input = ScriptedInput(clock: clock, steps)
        let loop = WorkoutLoop(app: WorkoutApp(plan: shortPlan), clock: clock, terminal: terminal, input: input,
                               audio: audio, recorder: journal)
        #expect(try loop.run() == .completed)
        #expect(terminal.text.contains("Workout complete"))
        #expect(audio.cues.map(\.0) == [.tick, .go, .tick, .halfway, .tick, .rest, .go, .tick, .switchSides, .tick,
            .finish])
        // Cues carry the instant they were due, not when the loop noticed.
        #expect(audio.cues.map(\.1) == [1, 2, 3, 3.5, 4, 5, 6, 7, 7.5, 8, 9])
        #expect(journal.lines.map(\.event).filter { $0 != "cue" } == ["start", "segment", "segment", "segment",
            "segment",
                                                                       "finish"])
        // Deadlines are whole seconds of the countdown, halfway, and flash ends: never a busy poll.
        let asked = input.deadlines.compactMap { $0 }
        #expect(asked == asked.sorted() && Set(asked).count == asked.count)
        #expect(terminal.titles.first == "0:02 Get ready · sevenmin")
    }

    /// The work the screen does not need (the history's file, the streak) starts once, after the first frame.
    @Test func theHistoryStartsOnceTheFirstFrameIsOut() throws {
        let clock = ManualClock(), terminal = TestBackend()
        var started: [Int] = []
        let input = ScriptedInput(clock: clock, Array(repeating: .untilDeadline, count: 3))
        let loop = WorkoutLoop(app: WorkoutApp(plan: shortPlan), clock: clock, terminal: terminal, input: input,
                               audio: nil, recorder: RecordingJournal(),
                               afterFirstFrame: { started.append(terminal.frames) })
        _ = try loop.run()
        #expect(started == [1])
        #expect(terminal.frames > 1)
    }

    /// The status file waits for the first frame, and then says what the app published before it.
    @Test func theStatusIsPublishedOnceTheFirstFrameIsOut() throws {
        final class FrameCountingStatus: StatusPublisher {
            let terminal: TestBackend
            var published: [(frames: Int, snapshot: StatusSnapshot?)] = []
            init(_ terminal: TestBackend) { self.terminal = terminal }
            func publish(_ snapshot: StatusSnapshot?) { published.append((terminal.frames, snapshot)) }
        }
        let clock = ManualClock(), terminal = TestBackend()
        let status = FrameCountingStatus(terminal)
        let input = ScriptedInput(clock: clock, Array(repeating: .untilDeadline, count: 3))
        let loop = WorkoutLoop(app: WorkoutApp(plan: shortPlan), clock: clock, terminal: terminal, input: input,
                               audio: nil, recorder: RecordingJournal(), status: status)
        _ = try loop.run()
        let first = try #require(status.published.first)
        #expect(first.frames == 1)
        #expect(first.snapshot != nil)
        // Every later one goes out as it comes, with its own frame.
        #expect(status.published.map(\.frames) == status.published.map(\.frames).sorted())
        // And it is the one the app's start asked for.
        var app = WorkoutApp(plan: shortPlan)
        let asked = app.start(at: 0).compactMap { effect -> StatusSnapshot?? in
            if case .status(let snapshot) = effect { snapshot } else { nil }
        }
        #expect(asked.last == .some(first.snapshot))
    }

    /// News from background work arrives through the input source, as any input does, and shows at once.
    @Test func newsFromTheBackgroundReachesTheScreen() throws {
        let clock = ManualClock()
        let terminal = TestBackend(width: 100, height: 30)
        let notice = WorkoutNotice.eventsFileStopped(.full)
        let input = ScriptedInput(clock: clock, [.at(0.5, [.key(.character(" "))]), .at(0.7, [.notice(notice)])])
        let loop = WorkoutLoop(app: WorkoutApp(plan: shortPlan), clock: clock, terminal: terminal, input: input,
                               audio: nil, recorder: RecordingJournal())
        #expect(try loop.run() == .signal(.interrupt))
        #expect(loop.app.notices == [notice])
        #expect(terminal.text.contains("events file: the disk"), "\(terminal.text.split(separator: "\n").last ?? "")")
        // While paused the loop asked for no deadline but the long pause's (when the screen may blank): only
        // news or a key could wake it before.
        #expect(input.deadlines.dropFirst().first == .some(0.5 + WorkoutApp.awakePauseLimit))
    }

    /// `o` hands the exercise's video to the opener and pauses, so the workout waits while it plays.
    @Test func theVideoKeyReachesTheOpener() throws {
        let clock = ManualClock()
        let terminal = TestBackend()
        let opener = RecordingOpener()
        let video = Exercise(title: "Squat", videoURL: "https://example.org/squat", color: FlatColor.red.rgb, work: 30)
        let plan = Plan(Routine(name: "Video", getReady: 2, exercises: [video]))
        let input = ScriptedInput(clock: clock, [.at(3, [.key(.character("o"))])])
        let loop = WorkoutLoop(app: WorkoutApp(plan: plan), clock: clock, terminal: terminal, input: input,
                               audio: nil, recorder: nil, opener: opener)
        _ = try loop.run()
        #expect(opener.opened == ["https://example.org/squat"])
        #expect(loop.app.session.state == .paused)
    }

    @Test func ctrlZSuspendsTheTerminalAndRepaintsAfter() throws {
        let clock = ManualClock()
        let terminal = TestBackend()
        let input = ScriptedInput(clock: clock, [.at(1, [.signal(.suspend)]), .at(5, [.signal(.continued)])])
        let loop = WorkoutLoop(app: WorkoutApp(plan: shortPlan), clock: clock, terminal: terminal, input: input,
                               audio: nil, recorder: nil)
        _ = try loop.run()
        #expect(terminal.suspensions == 1)
        #expect(terminal.invalidations == 2)
        #expect(terminal.text.contains("PAUSED"))
    }
}
