// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SevenminCore
import Testing

/// The real binary in a real terminal (tmux), driven by keys and signals.
@Suite("End to end in tmux")
struct ScreenTests {
    let short = fixtures + "/short.json"
    let long = fixtures + "/long.json"

    @Test func showsTitleDescriptionLinkAndColour() throws {
        // Tall enough for the description beside the big name and digits.
        let tmux = try Tmux("\(binary) start \(short) --mute", width: 100, height: 40)
        tmux.waitFor(text: "Get ready")
        tmux.waitFor(text: "Next: Alpha Squats")
        let screen = tmux.waitFor(text: "Exercise 1/2", timeout: 6)
        #expect(screen.contains("Alpha Squats"))
        #expect(screen.contains("Sink your hips back and down, then stand tall again."))
        #expect(screen.contains("https://youtu.be/mGvzVjuY8SY"))
        // The exercise's colour fills the background (made readable, then as its nearest of 256).
        func shown(_ color: FlatColor) -> Int {
            TerminalPalette.index(ScreenTheme(background: color.rgb, depth: .palette256).body.background,
                depth: .palette256)
        }
        // (The first 150 ms of a segment are a flash, so wait for the colours rather than read them once.)
        tmux.waitFor("Alpha Squats in red", timeout: 3, colours: true) {
            $0.contains("Alpha Squats") && $0.contains("48;5;\(shown(.red))m")
        }
        tmux.waitFor("Bravo Plank in navy blue", timeout: 8, colours: true) {
            $0.contains("Bravo Plank") && $0.contains("48;5;\(shown(.navyBlue))m")
        }
    }

    @Test func countdownMovesAndPauseHoldsIt() throws {
        let tmux = try Tmux("\(binary) start \(long) --mute")
        tmux.waitFor(text: "Get ready")
        let first = tmux.remainingOnStatusLine()
        tmux.waitFor("the countdown to move") { _ in
            if let now = tmux.remainingOnStatusLine(), let first { return now < first }
            return false
        }
        tmux.send("Space")
        tmux.waitFor(text: "PAUSED")
        let held = tmux.remainingOnStatusLine()
        // Watch for well over a second: the time left must not change while paused.
        let watchUntil = Date().addingTimeInterval(1.6)
        while Date() < watchUntil {
            #expect(tmux.remainingOnStatusLine() == held)
            Thread.sleep(forTimeInterval: 0.1)
        }
        tmux.send("Space")
        tmux.waitFor("PAUSED to clear") { !$0.contains("PAUSED") }
        tmux.waitFor("the countdown to move again") { _ in
            if let now = tmux.remainingOnStatusLine(), let held { return now < held }
            return false
        }
    }

    @Test func nextAndPreviousKeysMoveBetweenSegments() throws {
        let tmux = try Tmux("\(binary) start \(long) --mute")
        tmux.waitFor(text: "Get ready")
        tmux.send("n")
        tmux.waitFor(text: "Steady Squats")
        tmux.send("Right")
        tmux.waitFor(text: "Next: Second Thing")
        tmux.send("p")
        tmux.waitFor(text: "Exercise 1/2")
        tmux.send("?")
        tmux.waitFor(text: "show / hide this help")
        tmux.send("?")
        tmux.waitFor("help to close") { !$0.contains("show / hide this help") }
    }

    @Test func quitAsksFirstThenRestoresTheTerminal() throws {
        let tmux = try Tmux("\(binary) start \(long) --mute")
        tmux.waitFor(text: "Get ready")
        tmux.send("q")
        tmux.waitFor(text: "Quit this workout?")
        tmux.send("n")
        tmux.waitFor("the prompt to close") { !$0.contains("Quit this workout?") }
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
        tmux.expectTerminalRestored()
    }

    /// Also in plain mode, where the terminal's modes are set by hand rather than by curses.
    @Test(arguments: [("C-c", "exit=130", ""), ("C-\\", "exit=131", ""), ("C-c", "exit=130", " --plain")])
    func ctrlCAndCtrlBackslashEndBySignalAndRestoreTheTerminal(key: String, expected: String, mode: String) throws {
        let tmux = try Tmux("\(binary) start \(long) --mute\(mode)")
        tmux.waitFor(text: "Get ready")
        tmux.send(key)
        tmux.reportStatusAfterAbort()
        tmux.waitFor(text: expected)
        tmux.expectTerminalRestored()
    }

    @Test func ctrlCStopsAShellLoop() throws {
        let dir = temporaryDirectory()
        let tmux = try Tmux("for r in 1 2; do \(binary) start \(long) --mute --events \(dir)/ev.jsonl; done")
        tmux.waitFor(text: "Get ready")
        tmux.send("C-c")
        tmux.reportStatusAfterAbort()
        tmux.waitFor(text: "exit=130")
        tmux.expectTerminalRestored()
        // One workout started, not two: the loop ended with the first.
        #expect(events(dir + "/ev.jsonl").filter { $0["event"] as? String == "start" }.count == 1)
    }

    @Test(arguments: [(SIGTERM, "exit=143"), (SIGHUP, "exit=129")])
    func signalsRestoreTheTerminal(signal: Int32, expected: String) throws {
        let tmux = try Tmux("\(binary) start \(long) --mute")
        tmux.waitFor(text: "Get ready")
        let pid = try #require(tmux.sevenminPID())
        kill(pid, signal)
        tmux.waitFor(text: expected)
        tmux.expectTerminalRestored()
    }

    @Test func finishingShowsTheSummaryAndExitsOnAKey() throws {
        let dir = temporaryDirectory()
        let tmux = try Tmux("\(binary) start \(short) --mute --events \(dir)/ev.jsonl")
        tmux.waitFor(text: "Workout complete", timeout: 20)
        #expect(tmux.screen().contains("Exercises done: 2/2"))
        tmux.dismissSummary()
        tmux.waitFor(text: "exit=0")
        tmux.expectTerminalRestored()
        #expect(tmux.screen().contains("Short Test Routine: 2/2 exercises in 0:0"))
        let lines = events(dir + "/ev.jsonl").filter { $0["event"] as? String != "cue" }
        #expect(lines.compactMap { $0["event"] as? String } == ["start", "segment", "segment", "segment", "segment",
            "finish"])
        let kinds = lines.compactMap { $0["kind"] as? String }
        #expect(kinds == ["getReady", "work", "rest", "work"])
        let planned = lines.compactMap { $0["planned"] as? Double }
        #expect(planned == [0, 2, 5, 6, 9])
    }

    /// The pause between an exercise's sides, as a user sees it and as the events file tells it.
    @Test func theSwitchBetweenSidesIsShownAndLoggedAsItsOwnSegment() throws {
        let dir = temporaryDirectory()
        let tmux = try Tmux("\(binary) start \(fixtures)/sides.json --mute --events \(dir)/ev.jsonl")
        tmux.waitFor(text: "first side")
        tmux.waitFor("the switch") { $0.contains("Switch sides") && $0.contains("Next: Charlie Side Plank") }
        tmux.waitFor(text: "second side")
        tmux.waitFor(text: "Workout complete", timeout: 20)
        #expect(tmux.screen().contains("Exercises done: 1/1"))
        tmux.dismissSummary()
        tmux.waitFor(text: "exit=0")
        tmux.expectTerminalRestored()
        let lines = events(dir + "/ev.jsonl").filter { $0["event"] as? String == "segment" }
        #expect(lines.compactMap { $0["kind"] as? String } == ["getReady", "work", "switch", "work"])
        #expect(lines.map { $0["side"] as? Int } == [nil, 1, 2, 2])
        #expect(lines.compactMap { $0["title"] as? String }
            == ["Get ready", "Charlie Side Plank", "Switch sides", "Charlie Side Plank"])
        #expect(lines.compactMap { $0["planned"] as? Double } == [0, 1, 3, 5])
    }

    @Test func resizeRedrawsForTheNewSize() throws {
        let tmux = try Tmux("\(binary) start \(long) --mute")
        tmux.waitFor(text: "Get ready")
        tmux.send("n")
        tmux.waitFor(text: "Steady Squats")
        _ = try tmux.tmux(["resize-window", "-x", "40", "-y", "12"])
        // A tmux quarter: five rows of digits, the name said as text in the header, which is cut to 40 columns.
        tmux.waitFor("the small layout") { screen in
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
            // capture-pane drops trailing blanks: the header ends at the right edge with "1/2".
            return rows.first?.hasSuffix("1/2") == true && rows.first!.count <= 40
                && rows.filter { $0.contains("███") }.count >= 5 && screen.contains("Steady Squats")
        }
        _ = try tmux.tmux(["resize-window", "-x", "100", "-y", "30"])
        tmux.waitFor("the full size again") { screen in
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return rows.first!.count > 40 && rows.filter { $0.contains("███") }.count >= 10
                && screen.contains("Steady Squats")
        }
    }

    /// A new screen after the flash, a second ticking by, and the pause are each drawn by their changes
    /// alone: what they leave on screen, characters and colours, is what curses shows when it draws the
    /// same frame whole, as it does when the workout is taken back after Ctrl-Z. Both are read from a tmux client
    /// attached to the workout's tmux, inside a tmux of its own: the client draws every cell as a person sees it, where
    /// `capture-pane` of the workout's pane leaves out cells that tmux keeps as cleared in a colour.
    @Test(arguments: ["", "LC_ALL=C "])
    func framesDrawnByTheirChangesShowWhatAWholeFrameShows(locale: String) throws {
        let tmux = try Tmux("\(locale)\(binary) start \(long) --mute --no-figure")
        let view = try Tmux("env -u TMUX tmux -L \(tmux.name) attach")
        tmux.waitFor(text: "Get ready")
        tmux.send("n")
        tmux.waitFor(text: "Steady Squats")
        // The status line's first word is the time left, whatever separates the words in this locale.
        func left(_ screen: String) -> Substring? {
            screen.split(separator: "\n").last { $0.contains(" left ") }?.split(separator: " ").first
        }
        let first = left(tmux.screen())
        var changes = 0, shown = first
        tmux.waitFor("two seconds to tick by", timeout: 5) { screen in
            if let now = left(screen), now != shown { (changes, shown) = (changes + 1, now) }
            return changes >= 2
        }
        tmux.send("Space")
        tmux.waitFor(text: "PAUSED")
        let ticked = view.waitFor("the pause, seen", allColumns: true) { $0.contains("PAUSED") }
        tmux.send("C-z")
        tmux.waitFor(text: "Stopped")
        tmux.type("fg")
        let whole = view.waitFor("the same frame drawn whole", allColumns: true) {
            Tmux.shown($0) == Tmux.shown(ticked)
        }
        #expect(Tmux.shown(whole) == Tmux.shown(ticked))
        #expect(Tmux.shown(ticked).count > 20 && ticked.contains("PAUSED"))
        tmux.quitWorkout()
    }

    @Test func anUnknownTerminalIsRefused() throws {
        let tmux = try Tmux("TERM=no-such-terminal \(binary) start --mute")
        tmux.waitFor(text: "exit=1")
        #expect(tmux.screen().contains("unknown terminal type"))
        tmux.expectTerminalRestored()
    }

    @Test func aDumbTerminalGetsTheWorkoutAsLinesWithOneNotice() throws {
        let tmux = try Tmux("TERM=dumb \(binary) start \(short) --mute --no-history")
        tmux.waitFor(text: "Get ready")
        let screen = tmux.screen()
        #expect(screen.components(separatedBy: "cannot move the cursor").count == 2)
        #expect(tmux.format("#{alternate_on}") == "0")
        tmux.send("q")
        tmux.waitFor(text: "Quit this workout? y quits")
        tmux.send("y")
        tmux.waitFor(text: "exit=0")
        tmux.expectTerminalRestored()
    }

    @Test func ctrlZStopsCleanlyAndFgRedrawsStillPaused() throws {
        let tmux = try Tmux("\(binary) start \(long) --mute")
        tmux.waitFor(text: "Get ready")
        tmux.send("C-z")
        tmux.waitFor(text: "Stopped")
        #expect(tmux.format("#{alternate_on}") == "0")
        #expect(tmux.format("#{cursor_flag}") == "1")
        tmux.type("stty -a | tr ' ' '\\n' | grep -x -e echo -e icanon | sort | tr '\\n' ,")
        tmux.waitFor(text: "echo,icanon,")
        tmux.type("fg")
        // The repaint after fg can be seen part-way (tmux takes a large write in several reads): wait for the
        // whole of it, rather than look a second time.
        tmux.waitFor("the get-ready, paused") { $0.contains("PAUSED") && $0.contains("Get ready") }
        // The arrows work from the first key after `fg`, the workout still paused and nothing on screen moving.
        tmux.send("Right")
        tmux.waitFor("the first exercise, still paused") { !$0.contains("Get ready") && $0.contains("PAUSED") }
        tmux.quitWorkout()
        // bash drops the rest of a command line whose job was stopped, so check by hand.
        tmux.waitFor("the normal screen") { _ in tmux.format("#{alternate_on}") == "0" }
        #expect(tmux.format("#{cursor_flag}") == "1")
        tmux.type("echo \"status\"=$?")
        tmux.waitFor(text: "status=0")
    }
}

@Suite("Command line, run for real")
struct CommandTests {
    @Test func listShowsTheRoutineAsPlainTextWhenPiped() throws {
        let r = try run(binary, ["list"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("   1  Jumping Jacks"))
        #expect(r.stdout.contains("  12  Side Plank"))
        #expect(r.stdout.contains("Total: 8:05"))
        #expect(r.stdout.contains("  * done on each side, half the work on each, with 5s to switch sides between"))
        #expect(!r.stdout.contains("\u{1B}["))
    }

    @Test func listFindsRoutinesFromAnyDirectory() throws {
        let r = try run(binary, ["list", "classic"], directory: "/")
        #expect(r.status == 0)
        #expect(r.stdout.contains("Classic 7-Minute Workout"))
    }

    @Test(arguments: [
        (["--version"], Int32(0), "sevenmin 0.1.0"),
        (["--help"], 0, "SUBCOMMANDS:"),
        (["help", "start"], 0, "--events <file>"),
    ])
    func helpAndVersionGoToStdout(args: [String], status: Int32, text: String) throws {
        let r = try run(binary, args)
        #expect(r.status == status)
        #expect(r.stdout.contains(text))
        #expect(r.stderr.isEmpty)
    }

    @Test(arguments: [
        (["bogus"], "Error: Unknown command 'bogus'"),
        (["start", "--frobnicate"], "Error: Unknown option '--frobnicate'"),
        (["start", "--rounds", "x"], "Error: The value 'x' is invalid for '--rounds <n>'"),
    ])
    func badUsageExits64WithUsageOnStderr(args: [String], message: String) throws {
        let r = try run(binary, args)
        #expect(r.status == 64)
        #expect(r.stdout.isEmpty)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.first.map(String.init)?.hasPrefix(message) == true)
        #expect(lines.contains { $0.hasPrefix("Usage: sevenmin") })
        #expect(lines.last?.hasPrefix("See 'sevenmin") == true)
    }

    @Test func brokenRoutineGivesPositionAndExit65WithoutATrace() throws {
        let dir = temporaryDirectory()
        let path = dir + "/broken.json"
        try "{\n  \"name\": \"B\",\n  \"rest\": -3,\n  \"exercises\": [{\"title\": \"A\", \"colr\": \"flatRed\"}]\n}\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        for command in ["list", "start"] {
            let r = try run(binary, [command, path])
            #expect(r.status == 65)
            #expect(r.stderr == """
                \(path):3:11: "rest" must be 0 or more seconds, not -3
                \(path):4:32: unknown key "colr" in an exercise; did you mean "color"?

                """)
        }
    }

    @Test func unknownRoutineNameSaysWhatExists() throws {
        let r = try run(binary, ["list", "nosuchroutine"])
        #expect(r.status == 66)
        #expect(r.stderr.contains("No routine named 'nosuchroutine'"))
        #expect(r.stderr.contains("classic"))
    }
}
