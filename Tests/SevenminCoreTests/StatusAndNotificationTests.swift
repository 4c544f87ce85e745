// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

extension [Effect] {
    var statuses: [StatusSnapshot?] { compactMap { if case .status(let s) = $0 { .some(s) } else { nil } } }
    var notifications: [String] { compactMap { if case .notify(let t, let b) = $0 { t + ": " + b } else { nil } } }
}

/// What status bars and desktop notifications are told, and when: decided in the core.
@Suite("Status and notification")
struct StatusAndNotificationTests {
    func started(notify: Bool = true) -> (WorkoutApp, [Effect]) {
        var app = WorkoutApp(plan: shortPlan, settings: CoachSettings(flash: false, notify: notify))
        let effects = app.start(at: 0)
        return (app, effects)
    }

    @Test func theStatusChangesOnlyWhenTheSegmentOrThePauseDoes() {
        var (app, effects) = started()
        #expect(effects.statuses == [StatusSnapshot(routine: "Short", title: "Get ready", segment: 1, segments: 4,
                                                    paused: false, remaining: 2)])
        // Ticks within a segment change the clock, not the status: readers count down themselves.
        #expect(app.handle(.tick, at: 0.5).statuses.isEmpty)
        #expect(app.handle(.tick, at: 1.5).statuses.isEmpty)
        let next = app.handle(.tick, at: 2)
        #expect(next.statuses.map { $0?.title } == ["A"])
        let paused = app.handle(.key(.character(" ")), at: 3)
        #expect(paused.statuses == [StatusSnapshot(routine: "Short", title: "A", segment: 2, segments: 4, paused: true,
                                                   remaining: 2)])
        #expect(app.handle(.tick, at: 10).statuses.isEmpty, "nothing changes while paused")
        #expect(app.handle(.key(.character(" ")), at: 11).statuses.map { $0?.paused } == [false])
    }

    /// The wall clock set while a segment runs: the status is given again, so what was written of it in
    /// wall-clock time (the status file's `endsAt`) is written anew; while paused there is no end to move,
    /// and after the finish nothing is said.
    @Test func aWallClockJumpGivesTheStatusAgain() {
        var (app, _) = started()
        _ = app.handle(.tick, at: 0.5)
        #expect(app.handle(.wallClockChanged, at: 0.75).statuses == [StatusSnapshot(
            routine: "Short", title: "Get ready", segment: 1, segments: 4, paused: false, remaining: 1.25)])
        #expect(app.handle(.tick, at: 1).statuses.isEmpty, "given once")
        _ = app.handle(.key(.character(" ")), at: 1.2)
        #expect(app.handle(.wallClockChanged, at: 1.3).statuses.map { $0?.paused } == [true])
        _ = app.handle(.key(.character(" ")), at: 1.4)
        _ = app.handle(.tick, at: 20)
        #expect(app.handle(.wallClockChanged, at: 21).statuses.isEmpty)
    }

    @Test func restartingOrAddingTimeMovesTheEnd() {
        var (app, _) = started()
        _ = app.handle(.tick, at: 1)
        #expect(app.handle(.key(.character("r")), at: 1.5).statuses.map { $0?.remaining } == [2])
        #expect(app.handle(.key(.character("+")), at: 1.5).statuses.map { $0?.remaining } == [12])
    }

    /// One line sums a workout up: the notification says it without the streak, the line left after exit with it.
    @Test func theSummaryLineIsOneLineWithOrWithoutTheStreak() {
        let done = ScreenModel.Summary(activeTime: 470.6, exercisesDone: 11, exerciseCount: 12, rounds: 1, streak: 5)
        #expect(done.line(routine: "Classic", streak: true) == "Classic: 11/12 exercises in 7:50 · Day 5 in a row")
        #expect(done.line(routine: "Classic", streak: false) == "Classic: 11/12 exercises in 7:50")
        var first = done
        first.streak = 1
        #expect(first.line(routine: "Classic", streak: true).hasSuffix(" · Day 1 of a new streak"))
        first.streak = nil
        #expect(first.line(routine: "Classic\u{1B}[2J", streak: true) == "Classic^[[2J: 11/12 exercises in 7:50")
    }

    @Test func theFinishWithdrawsTheStatusAndNotifies() {
        var (app, _) = started()
        let done = app.handle(.tick, at: 9)
        #expect(done.statuses.last == .some(nil))
        #expect(done.notifications == ["Workout complete: Short: 2/2 exercises in 0:09"])
        // Dismissing the summary later says nothing more.
        let dismissed = app.handle(.key(.character("x")), at: 20)
        #expect(dismissed.statuses.isEmpty && dismissed.notifications.isEmpty)
    }

    @Test func noNotificationWhenTurnedOff() {
        var (app, _) = started(notify: false)
        #expect(app.handle(.tick, at: 9).notifications.isEmpty)
    }

    @Test(arguments: [Input.signal(.terminate), .signal(.interrupt), .inputClosed])
    func anEndingWithdrawsTheStatusBeforeQuitting(input: Input) {
        var (app, _) = started()
        let effects = app.handle(input, at: 1)
        let withdrawn = effects.firstIndex(of: .status(nil))
        let quit = effects.firstIndex { if case .quit = $0 { true } else { false } }
        #expect(withdrawn != nil && quit != nil && withdrawn! < quit!)
        #expect(effects.notifications.isEmpty, "only a finished workout notifies")
    }

    @Test func quittingWithdrawsTheStatus() {
        var (app, _) = started()
        _ = app.handle(.key(.character("q")), at: 1)
        #expect(app.handle(.key(.character("y")), at: 1).statuses == [nil])
    }

    @Test func theLoopHandsStatusesToThePublisherAndTheNotificationToTheTerminal() throws {
        let terminal = TestBackend(), status = RecordingStatus(), clock = ManualClock()
        let input = ScriptedInput(clock: clock, Array(repeating: .untilDeadline, count: 40)
            + [.at(12, [.key(.character("x"))])])
        let loop = WorkoutLoop(app: WorkoutApp(plan: shortPlan, settings: CoachSettings(notify: true)), clock: clock,
                               terminal: terminal, input: input, audio: nil, recorder: nil, status: status)
        #expect(try loop.run() == .completed)
        #expect(status.published.compactMap { $0?.title } == ["Get ready", "A", "Rest", "B"])
        #expect(status.published.last == .some(nil))
        #expect(terminal.notifications == ["Workout complete: Short: 2/2 exercises in 0:09"])
    }
}

/// The status file as written and read back, and the line `sevenmin status` prints from it.
@Suite("Status file")
struct StatusRecordTests {
    let running = StatusRecord(pid: 42, snapshot: StatusSnapshot(routine: "Classic", title: "Wall Sit", segment: 5,
                                                                  segments: 25, paused: false, remaining: 30),
                               wallNow: 1000)

    @Test func readersComputeTheTimeLeftFromTheEnd() {
        #expect(running.endsAt == 1030)
        #expect(running.formatted(StatusRecord.defaultFormat, at: 1018) == "Wall Sit 0:12")
        #expect(running.formatted(StatusRecord.defaultFormat, at: 1100) == "Wall Sit 0:00")
    }

    /// The wall clock set forward or back an hour between the write and the read (NTP, a suspend, a
    /// hand): counted down on CLOCK_MONOTONIC, the time left is still what it is; by the wall clock
    /// alone it read 0:00, or an hour too much, until the next segment.
    @Test(arguments: [3600.0, -3600.0, 0])
    func aWallClockJumpLeavesTheTimeLeftRight(jump: Double) throws {
        let written = StatusRecord(pid: 42, snapshot: running.snapshot, wallNow: 1000, monotonicNow: 500)
        let read = try #require(StatusRecord.parse(Array(written.json.utf8)))
        #expect(read.endsAtMonotonic == 530)
        #expect(read.formatted(StatusRecord.defaultFormat, at: 1012 + jump, monotonicNow: 512) == "Wall Sit 0:18")
        #expect(read.remaining(at: 1012 + jump, monotonicNow: 512) == 18)
        // A file from a writer that gave no monotonic end is read by the wall clock, as before.
        #expect(running.formatted(StatusRecord.defaultFormat, at: 1018, monotonicNow: 512) == "Wall Sit 0:12")
    }

    @Test func aPausedStatusHoldsItsTime() {
        var paused = running
        paused.snapshot.paused = true
        paused.endsAt = nil
        #expect(paused.formatted(StatusRecord.defaultFormat, at: 5000) == "Wall Sit 0:30 (paused)")
    }

    @Test func writtenAndReadBackItIsTheSame() {
        #expect(StatusRecord.parse(Array(running.json.utf8)) == running)
        #expect(StatusRecord.parse(Array("{\"pid\": 1".utf8)) == nil, "a torn file is no status")
    }

    /// A routine title's tmux codes are shown as text under tmux: every `#` doubled, so `#(…)` runs nothing.
    @Test func tmuxCodesInRoutineTextAreShownNotObeyed() {
        var hostile = running
        hostile.snapshot.title = "#(touch /tmp/x)#[fg=red]#{pane_id}"
        #expect(hostile.formatted("{title} #[bold]", at: 1018, forTmux: true)
                == "##(touch /tmp/x)##[fg=red]##{pane_id} #[bold]")
        #expect(hostile.formatted("{title}", at: 1018) == "#(touch /tmp/x)#[fg=red]#{pane_id}")
    }

    /// Any number can be in a file: one out of range is no status, never a trap when it is formatted.
    @Test(arguments: [#""remaining": 1e300, "endsAt": 2000"#, #""remaining": 20, "endsAt": 1e300"#,
                      #""remaining": 20, "endsAt": -1e300"#, #""remaining": -5, "endsAt": null"#])
    func numbersOutOfRangeAreNoStatus(fields: String) {
        let text = #"{"pid": 1, "routine": "R", "title": "T", "segment": 1, "segments": 2, "state": "running", "#
            + fields + "}"
        let record = StatusRecord.parse(Array(text.utf8))
        #expect(record == nil)
        _ = record?.formatted(StatusRecord.defaultFormat, at: 1000)
    }

    @Test(arguments: [
        ("{segment}/{segments} {routine}: {title} {state}", "5/25 Classic: Wall Sit running"),
        ("{unknown} {title", "{unknown} {title"),
        ("[{remaining}]", "[0:20]"),
    ])
    func formats(format: String, expected: String) {
        #expect(running.formatted(format, at: 1010) == expected)
    }

    @Test func namesFromFilesCannotCarryEscapes() {
        var hostile = running
        hostile.snapshot.title = "Sit\u{1B}]0;owned\u{07}"
        #expect(!hostile.formatted("{title}", at: 1000).contains("\u{1B}"))
    }
}

/// The bytes that ask a terminal for a desktop notification.
@Suite("Desktop notification")
struct DesktopNotificationTests {
    @Test(arguments: [
        ([String: String](), "\u{1B}]777;notify;Done;Classic: 12/12\u{07}"),
        (["TERM": "foot"], "\u{1B}]777;notify;Done;Classic: 12/12\u{07}"),
        (["TERM_PROGRAM": "iTerm.app"], "\u{1B}]9;Done: Classic: 12/12\u{07}"),
        (["WT_SESSION": "x"], "\u{1B}]9;Done: Classic: 12/12\u{07}"),
        (["TERM": "xterm-kitty"], "\u{1B}]99;i=1:d=0;Done\u{1B}\\\u{1B}]99;i=1:d=1:p=body;Classic: 12/12\u{1B}\\"),
        (["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color"],
         "\u{1B}Ptmux;\u{1B}\u{1B}]777;notify;Done;Classic: 12/12\u{07}\u{1B}\\"),
        (["TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "3"],
         "\u{1B}Ptmux;\u{1B}\u{1B}]99;i=1:d=0;Done\u{1B}\u{1B}\\"
            + "\u{1B}\u{1B}]99;i=1:d=1:p=body;Classic: 12/12\u{1B}\u{1B}\\\u{1B}\\"),
    ])
    func theDialectFollowsTheTerminal(environment: [String: String], expected: String) {
        let bytes = DesktopNotification.sequence(title: "Done", body: "Classic: 12/12", environment: environment)
        #expect(bytes == expected)
    }

    @Test func textCannotEndTheSequenceEarly() {
        let bytes = DesktopNotification.sequence(title: "a;b", body: "x\u{07}\u{1B}\\y", environment: [:])
        #expect(bytes.hasPrefix("\u{1B}]777;notify;a,b;"))
        #expect(bytes.filter { $0 == "\u{07}" }.count == 1 && bytes.filter { $0 == "\u{1B}" }.count == 1)
    }
}
