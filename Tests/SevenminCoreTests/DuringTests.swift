// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

/// `sevenmin during`: the workout's decisions about the command beside it, on a manual clock.
@Suite("During a command: the core's decisions")
struct DuringTests {
    /// `shortPlan` (get ready 0–2, A 2–5, rest 5–6, B 6–9) beside a command named `make`.
    func started(_ ending: DuringEnding = .afterExercise, plan: Plan = shortPlan,
                 settings: CoachSettings = CoachSettings(voice: true)) -> WorkoutApp {
        var settings = settings
        settings.during = CommandRun(name: "make", ending: ending)
        var app = WorkoutApp(plan: plan, settings: settings)
        _ = app.start(at: 0)
        _ = app.handle(.audio(.device("test")), at: 0)
        return app
    }

    /// Runs the app from `from` to `to` as the loop would: woken at each deadline, nothing else happening.
    func run(_ app: inout WorkoutApp, from: Instant, to: Instant) -> [Effect] {
        var effects: [Effect] = [], now = from
        while let next = app.nextDeadline(), next <= to, next >= now {
            now = next
            effects += app.handle(.tick, at: now)
            if app.session.state == .finished { break }
        }
        return effects + (app.session.state == .finished ? [] : app.handle(.tick, at: to))
    }

    @Test func theCommandEndingMidExerciseFinishesItThenTheWorkout() {
        var app = started()
        _ = app.handle(.tick, at: 3)
        let e = app.handle(.command(.ended(.exited(3))), at: 3)
        // Said at once: a cue, then the phrase; the exercise goes on.
        #expect(e.cues == [.finish])
        #expect(e.contains { if case .announce(let a) = $0 { a.phrase.text == "Command failed, exit code three." }
                             else { false } })
        #expect(e.logged.contains("command"))
        #expect(app.session.state == .running && app.session.index == 1)
        // Never cut mid-set: the exercise runs to its end at 5, and the workout finishes there, not at 9.
        #expect(app.nextDeadline().map { $0 <= 5 } == true)
        // Nor does a rest begin after it, only to be cut: the history has the exercise and the finish.
        let after = run(&app, from: 3, to: 5.5)
        #expect(app.session.state == .finished && app.session.finishedAt == 5)
        #expect(after.records.filter { if case .segmentEnded = $0 { true } else { false } }.count == 1)
        #expect(app.summary(at: 6).exercisesDone == 1)
    }

    @Test func theCommandEndingBetweenExercisesFinishesAtOnce() {
        var app = started()
        _ = app.handle(.tick, at: 5.5)
        #expect(app.session.index == 2)
        let e = app.handle(.command(.ended(.exited(0))), at: 5.5)
        #expect(app.session.state == .finished && app.session.finishedAt == 5.5)
        #expect(e.contains { if case .announce(let a) = $0 { a.phrase.text == "Command finished." } else { false } })
        #expect(e.model?.summary != nil)
    }

    @Test func nowEndsTheWorkoutWhenTheCommandEndsEvenMidExercise() {
        var app = started(.now)
        _ = app.handle(.tick, at: 3)
        _ = app.handle(.command(.ended(.killed(signal: 15))), at: 3.02)
        #expect(app.session.state == .finished && app.session.finishedAt == 3.02)
        #expect(app.command?.status?.exitCode == 143)
    }

    /// A 100 s command beside a 9 s circuit: the circuit repeats, without its get-ready, until the command ends;
    /// then the exercise under way ends it.
    @Test func untilDoneRepeatsTheCircuitUntilTheCommandEnds() {
        var app = started(.untilDone)
        let e = run(&app, from: 0, to: 100)
        #expect(app.session.state == .running)
        let starts = e.compactMap {
            if case .happened(let event) = $0, event.kind == .segmentStarted { event.segmentIndex } else { nil }
        }
        // 2 s of get-ready, then a 7 s circuit (A, rest, B; no final rest), thirteen times and more by 100 s.
        #expect(starts.filter { $0 == 1 }.count >= 13)
        #expect(!starts.contains(0))
        _ = app.handle(.command(.ended(.exited(0))), at: 100)
        _ = run(&app, from: 100, to: 120)
        #expect(app.session.state == .finished)
        #expect(app.session.finishedAt.map { $0 >= 100 && $0 <= 107 } == true)
    }

    /// A workout that ends first waits for the command, its line still moving; keys do not end it, the command's
    /// end does.
    @Test func aWorkoutThatEndsFirstWaitsForTheCommand() {
        var app = started()
        _ = run(&app, from: 0, to: 10)
        #expect(app.session.state == .finished)
        #expect(app.nextDeadline() != nil, "the command's time on screen moves on")
        var e = app.handle(.key(.character("x")), at: 12)
        #expect(e.ending == nil)
        e = app.handle(.command(.output("linking")), at: 13)
        #expect(e.model?.command == "make 0:13 · linking")
        e = app.handle(.command(.ended(.exited(0))), at: 14)
        #expect(e.ending == .completed)
        // `q` there leaves the command running: the adapter is told the workout was quit.
        var left = started()
        _ = run(&left, from: 0, to: 10)
        #expect(left.handle(.key(.character("q")), at: 12).ending == .quit)
    }

    /// A workout that ends first keeps its status for status lines, the command's state in it, until the command
    /// ends: then, and only then, it is taken back.
    @Test func theStatusOutlivesTheWorkoutWhileTheCommandRuns() throws {
        var app = started()
        let finish = run(&app, from: 0, to: 10)
        #expect(app.session.state == .finished)
        let statuses: [StatusSnapshot?] = finish.compactMap { if case .status(let s) = $0 { .some(s) } else { nil } }
        let kept = try #require(statuses.last ?? nil)
        #expect(kept.finished && kept.state == "finished" && kept.command?.name == "make")
        #expect(kept.command?.state == "running" && kept.title == "Done")
        #expect(!statuses.contains { $0 == nil }, "the status was taken back at the finish")
        let record = StatusRecord(pid: 1, snapshot: kept, wallNow: 100)
        #expect(record.formatted(StatusRecord.defaultFormat, at: 100) == "Done 0:00 · make running")
        #expect(StatusRecord.parse(Array(record.json.utf8))?.snapshot == kept)
        let ended = app.handle(.command(.ended(.exited(0))), at: 12)
        #expect(ended.ending == .completed && ended.contains(.status(nil)))
    }

    /// Never cut mid-set, a two-sided exercise included: a command ending on its first side or the switch between
    /// sides ends the workout at the end of its second side.
    @Test(arguments: [7.0, 10.0])
    func aTwoSidedExerciseRunsBothSides(endedAt: Double) {
        // Get ready 0–2, A 2–5, rest 5–6, Plank's first side 6–9, the switch 9–11, its second side 11–14,
        // then rest.
        let plan = Plan(Routine(name: "Sides", rest: 1, getReady: 2,
                                exercises: [exercise("A", work: 3), exercise("Plank", work: 6, sides: 2)],
                                switchRest: 2))
        var app = started(plan: plan)
        _ = run(&app, from: 0, to: endedAt)
        _ = app.handle(.command(.ended(.exited(0))), at: endedAt)
        #expect(app.session.state == .running)
        _ = run(&app, from: endedAt, to: 20)
        #expect(app.session.state == .finished && app.session.finishedAt == 14)
        #expect(app.summary(at: 20).exercisesDone == 2)
    }

    @Test func plainModeWaitsForTheCommandToo() {
        var settings = CoachSettings()
        settings.summaryWaitsForKey = false
        var app = started(settings: settings)
        let e = run(&app, from: 0, to: 10)
        #expect(app.session.state == .finished && e.ending == nil)
    }

    @Test func theStatusLineShowsTheCommandItsTimeAndLastLine() {
        var app = started()
        let e = app.handle(.command(.output("CC main.o")), at: 3)
        #expect(e.model?.command == "make 0:03 · CC main.o")
        let ended = app.handle(.command(.ended(.exited(2))), at: 4)
        #expect(ended.model?.command == "make exit 2 · CC main.o")
    }

    @Test(arguments: [
        (CommandStatus.exited(0), Int32(0)), (.exited(3), 3), (.killed(signal: 15), 143), (.killed(signal: 2), 130),
        (.notStarted(127), 127), (.notStarted(126), 126),
    ])
    func theExitStatusIsTimeouts(status: CommandStatus, code: Int32) {
        #expect(status.exitCode == code)
    }

    @Test func theCommandLineIsParsedAfterTheDoubleDash() throws {
        let plain = try #require(try CommandLineParser.parse(["during", "--", "sh", "-c", "exit 3"]) as? DuringCommand)
        #expect(plain.command == ["sh", "-c", "exit 3"] && plain.ending == .afterExercise && plain.name == "sh")
        #expect(!plain.start.explicit.routine)
        let full = try #require(try CommandLineParser.parse(["during", "tabata", "--now", "--mute", "--",
                                                             "/usr/bin/make", "--now", "-j4"]) as? DuringCommand)
        #expect(full.command == ["/usr/bin/make", "--now", "-j4"] && full.ending == .now && full.start.mute)
        #expect(full.start.plan.routine == "tabata" && full.name == "make")
        let until = try #require(try CommandLineParser.parse(["during", "--until-done", "--", "x"]) as? DuringCommand)
        #expect(until.ending == .untilDone)
    }

    /// `--snack` does a snack's moves: from the routine named, if one is, and without the tags given; the plan's
    /// other options, which a snack lays out itself, are refused.
    @Test func snackTakesTheSnacksMoves() throws {
        let plain = try #require(try CommandLineParser.parse(["during", "--", "make"]) as? DuringCommand)
        #expect(plain.snack == nil)
        let desk = try #require(try CommandLineParser.parse(["during", "--snack", "--", "make"]) as? DuringCommand)
        #expect(desk.snack == SnackCommand())
        let from = try #require(try CommandLineParser.parse(["during", "--snack", "tabata", "--without", "noisy",
                                                             "--", "make"]) as? DuringCommand)
        #expect(from.snack?.routine == "tabata" && from.snack?.without == ["noisy"])
        for option in ["--rounds", "--work", "--shuffle"] {
            let arguments = ["during", "--snack", option] + (option == "--shuffle" ? [] : ["2"]) + ["--", "make"]
            #expect(throws: UsageError.conflict("--snack", option, command: "during")) {
                try CommandLineParser.parse(arguments)
            }
        }
    }

    /// The history keeps the command's name with the plan's options, and reading them back (to resume) still works.
    @Test func theHistoryNotesTheCommandsName() throws {
        var adjustments = RoutineAdjustments()
        adjustments.rounds = 2
        let json = PlanOptions.json(adjustments, during: "make")
        #expect(json == "{\"rounds\": 2, \"during\": \"make\"}")
        #expect(PlanOptions.adjustments(fromJSON: json)?.rounds == 2)
    }

    @Test(arguments: [["during"], ["during", "make"], ["during", "--"], ["during", "--now", "--until-done", "--", "x"],
                      ["during", "--resume", "--", "x"]])
    func aCommandLineWithoutACommandIsRefused(arguments: [String]) {
        #expect(throws: UsageError.self) { try CommandLineParser.parse(arguments) }
    }
}

@Suite("During a command: its last line, cleaned")
struct TerminalLineTests {
    func line(_ pieces: [String]) -> String {
        var line = TerminalLine()
        for piece in pieces { line.feed(Array(piece.utf8)) }
        return line.text
    }

    @Test(arguments: [
        (["plain\n"], "plain"),
        (["\u{1B}[1;31mred\u{1B}[0m and \u{1B}[38;5;2mgreen\u{1B}[m\n"], "red and green"),
        (["10%\r20%\r30%"], "30%"),
        (["done\r"], "done"),
        (["first\n", "\n", "   \n"], "first"),
        (["\u{1B}]0;a title\u{07}text\n"], "text"),
        (["\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\\n"], "link"),
        (["\u{1B}P1$r0m\u{1B}\\after"], "after"),
        (["tab\there\u{07}\u{00}\n"], "tab here"),
        (["abc\u{08}\u{08}x"], "ax"),
        (["\u{1B}(Bkept\u{1B}7\n"], "kept"),
        (["spl", "it \u{1B}[3", "1mline"], "split line"),
        (["\u{9B}31mc1\n"], "31mc1"),
        (["Grüße 日本\n"], "Grüße 日本"),
    ])
    func controlSequencesAreDropped(pieces: [String], shown: String) {
        #expect(line(pieces) == shown)
    }

    @Test func aLongPieceIsReadFromItsLastLines() {
        var text = String(repeating: "\u{1B}[32m" + String(repeating: "x", count: 70) + "\u{1B}[0m\n", count: 20_000)
        text += "last one"
        #expect(line([text]) == "last one")
    }

    /// Whatever the bytes, the line holds no control character, C0 or C1, nor DEL.
    @Test func noControlCharacterEverShows() {
        var random = SplitMix64(seed: 49)
        for _ in 0..<300 {
            var line = TerminalLine()
            let bytes = (0..<Int(random.next() % 300)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            line.feed(bytes)
            #expect(!line.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }
}
