// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `start --plain`, and `start` with standard output not a terminal: a line per change.
@Suite("Plain mode end to end", .serialized)
struct PlainModeTests {
    let short = fixtures + "/short.json"
    let long = fixtures + "/long.json"

    /// What a whole run of `short.json` writes; the times are active time, floored, so a frame a few
    /// milliseconds late still reads the same.
    static let shortTranscript = [
        "0:00 Short Test Routine — 2 exercises — 0:09 in all",
        "0:00 Get ready — 2 s — next: Alpha Squats",
        "0:02 Alpha Squats — 3 s — next: Bravo Plank",
        "0:03 Halfway",
        "0:05 Rest — 1 s — next: Bravo Plank",
        "0:06 Bravo Plank — 3 s",
        "0:07 Halfway",
        "0:09 Finished",
        "Short Test Routine: 2/2 exercises in 0:09",
    ]

    func expectPlain(_ output: String, sourceLocation: SourceLocation = #_sourceLocation) {
        // No escape sequences, no bell, no carriage returns: nothing but printable text and newlines.
        #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "control bytes in: \(output)",
                sourceLocation: sourceLocation)
    }

    @Test func aFileGetsOneLinePerChangeAndTheRunEndsByItself() throws {
        let result = try run(binary, ["start", "--plain", short, "--mute"], environment: ["LC_ALL": "C.UTF-8"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").map(String.init) == PlainModeTests.shortTranscript)
        expectPlain(result.stdout)
    }

    /// The language comes from --language, the routine's key or the environment, in the words printed.
    @Test(arguments: [
        (["--language", "de"], [:], "0:05 Erholung — 1 s — als Nächstes: Bravo Plank"),
        ([], ["LANG": "fr_FR.UTF-8"], "0:05 Repos — 1 s — ensuite\u{00A0}: Bravo Plank"),
        (["--language", "nl"], ["LANGUAGE": "es"], "0:05 Rust — 1 s — hierna: Bravo Plank"),
    ] as [([String], [String: String], String)])
    func theWorkoutsWordsAreInItsLanguage(options: [String], environment: [String: String], line: String) throws {
        let result = try run(binary, ["start", "--plain", short, "--mute"] + options,
                             environment: ["LC_ALL": "", "LC_MESSAGES": ""].merging(environment) { $1 })
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").contains { $0 == line }, "\(result.stdout)")
    }

    @Test func aRoutineWrittenInALanguageIsShownInIt() throws {
        let file = temporaryDirectory() + "/es.json"
        let routine = #"{"name": "Corta", "language": "es", "getReady": 2, "rest": 1, "exercises": "#
            + #"[{"title": "Sentadillas", "work": 2}, {"title": "Plancha", "work": 2}]}"#
        try routine.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try run(binary, ["start", "--plain", file, "--mute"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("0:00 Prepárate — 2 s — siguiente: Sentadillas"), "\(result.stdout)")
        #expect(result.stdout.contains("Terminado"))
        // A language without a table is refused where it is written, with the nearest one.
        try routine.replacingOccurrences(of: #""es""#, with: #""esp""#).write(toFile: file, atomically: true,
                                                                               encoding: .utf8)
        let bad = try run(binary, ["validate", file])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("es.json:1:31: unknown language \"esp\"; did you mean \"es\"?"), "\(bad.stderr)")
    }

    @Test func aPipeChoosesPlainModeWithoutBeingAsked() throws {
        let result = try run("/bin/sh", ["-c", "\"$0\" start \"$1\" --mute | cat", binary, short],
                             environment: ["LC_ALL": "C.UTF-8"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").map(String.init) == PlainModeTests.shortTranscript)
        expectPlain(result.stdout)
    }

    @Test func aReaderThatGoesAwayEndsTheWorkout() throws {
        let started = Date()
        // `head` exits after two lines; the next line finds the pipe closed.
        let result = try run("/bin/sh", ["-c", "\"$0\" start \"$1\" --mute --get-ready 1 | head -2", binary, long])
        #expect(result.stdout.split(separator: "\n").count == 2)
        #expect(Date().timeIntervalSince(started) < 30, "ran on with nobody reading")
    }

    @Test func outsideUTF8TheLinesAreASCII() throws {
        let result = try run(binary, ["start", "--plain", short, "--mute"], environment: ["LC_ALL": "C"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.prefix(2) == ["0:00 Short Test Routine - 2 exercises - 0:09 in all",
                                    "0:00 Get ready - 2 s - next: Alpha Squats"])
        #expect(result.stdout.unicodeScalars.allSatisfy { $0.isASCII })
    }

    /// Outside UTF-8 a language keeps its letters, spelt without accents ("?bung" before), and `LC_ALL=C`
    /// is English whatever `LANG` says, as gettext takes it.
    @Test func outsideUTF8TheLanguageSpellsItsLettersInASCII() throws {
        let german = try run(binary, ["start", "--plain", short, "--mute", "--language", "de"],
                             environment: ["LC_ALL": "C"])
        #expect(german.status == 0, "\(german.stderr)")
        #expect(german.stdout.contains("0:00 Short Test Routine - 2 Uebungen - 0:09 insgesamt"), "\(german.stdout)")
        #expect(german.stdout.contains(" - als Naechstes: Alpha Squats") && !german.stdout.contains("?"),
                "\(german.stdout)")
        #expect(german.stdout.unicodeScalars.allSatisfy { $0.isASCII })
        let english = try run(binary, ["start", "--plain", short, "--mute"],
                              environment: ["LC_ALL": "C", "LANG": "de_DE.UTF-8"])
        #expect(english.stdout.contains("0:00 Get ready - 2 s - next: Alpha Squats"), "\(english.stdout)")
    }

    @Test func keysWorkOnTheTerminalWithoutTakingTheScreen() throws {
        let tmux = try Tmux("\(binary) start --plain --mute \(long)")
        tmux.waitFor(text: "Get ready")
        #expect(tmux.format("#{alternate_on}") == "0")
        // Keys act without Enter, and are not echoed: the terminal reads them one by one.
        tmux.send("Space")
        tmux.waitFor(text: "Paused")
        tmux.send("Space")
        tmux.waitFor(text: "Going on")
        tmux.send("n")
        tmux.waitFor("the next segment") { $0.split(separator: "\n").filter { $0.contains(" s — next:") }.count >= 2 }
        tmux.send("q")
        tmux.waitFor(text: "Quit this workout? y quits")
        tmux.send("y")
        let screen = tmux.waitFor(text: "exit=0")
        // The command line typed into the shell is still there: nothing was cleared.
        #expect(screen.contains("start --plain --mute"))
        // The lines that show the keys, one line of the report whatever the screen holds.
        let echoed = screen.split(separator: "\n").filter { $0.contains("qy") }
        #expect(echoed.isEmpty, "keys were echoed: \(echoed)")
        tmux.expectTerminalRestored()
    }

    @Test func aTerminalWithNoKeysBehindItGetsLinesAndTheRunEndsByItself() throws {
        let tmux = try Tmux("\(binary) start --mute \(short) < /dev/null")
        let screen = tmux.waitFor(text: "exit=0")
        #expect(screen.contains("0:02 Alpha Squats — 3 s — next: Bravo Plank"))
        #expect(tmux.format("#{alternate_on}") == "0")
    }

    @Test func withoutATerminalASignalStillEndsTheWorkout() throws {
        let dir = temporaryDirectory()
        // Standard input from /dev/null, output to a file: no keys, and the workout runs until TERM.
        // Waits (up to 10 s) for the first line, then sends TERM.
        let script = "\"$0\" start --mute \"$1\" < /dev/null > \"$2\"/out & "
            + "for i in $(seq 200); do grep -q 'Get ready' \"$2\"/out && break; sleep 0.05; done; "
            + "kill -TERM $!; wait $!"
        let result = try run("/bin/sh", ["-c", script, binary, long, dir])
        #expect(result.status == 143)
        let out = (try? String(contentsOfFile: dir + "/out", encoding: .utf8)) ?? ""
        #expect(out.contains("Get ready"))
        // The summary line is written before the process ends by the signal.
        #expect(out.contains("exercises in 0:00"))
    }

    /// A reader that has seen enough closes the pipe; the workout ends, as a hang-up, without a word.
    @Test func aPipeClosedByHeadEndsTheWorkoutWithoutAWord() throws {
        let script = "\"$0\" start --mute --no-history \"$1\" < /dev/null | head -1; echo \"status=${PIPESTATUS[0]}\""
        let result = try run("/bin/bash", ["-c", script, binary, short])
        #expect(result.stdout.hasPrefix("0:00 Short Test Routine"))
        #expect(!result.stderr.contains("Broken pipe") && !result.stderr.contains("write error"), "\(result.stderr)")
        #expect(result.stdout.contains("status=129"))
    }
}
