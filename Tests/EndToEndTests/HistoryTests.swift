// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The history the real program keeps, read back through `sevenmin history --json` and SQLite itself.
@Suite("History end to end")
struct HistoryEndToEndTests {
    let short = fixtures + "/short.json"
    let long = fixtures + "/long.json"

    /// `history --json` for the state folder of `tmux`'s shell.
    func recorded(_ tmux: Tmux) throws -> [[String: Any]] {
        let r = try run(binary, ["history", "--json"], environment: ["XDG_STATE_HOME": tmux.directory])
        #expect(r.status == 0, "history failed: \(r.stderr)")
        return (try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]]) ?? []
    }

    /// The segments of a session as (index, kind, ended).
    func segments(_ session: [String: Any]) -> [String] {
        ((session["segments"] as? [[String: Any]]) ?? []).map {
            "\($0["index"] as? Int ?? -1) \($0["kind"] as? String ?? "?") \($0["ended"] as? String ?? "?")"
                + ((($0["part"] as? Int) ?? 1) > 1 ? " part \($0["part"] as? Int ?? 0)" : "")
        }
    }

    func expectIntact(_ tmux: Tmux, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let db = tmux.directory + "/sevenmin/history.sqlite3"
        let check = try run("/usr/bin/sqlite3", [db, "PRAGMA integrity_check"])
        #expect(check.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "ok", sourceLocation: sourceLocation)
    }

    @Test func aCompletedWorkoutIsRecordedSegmentBySegment() throws {
        let tmux = try Tmux("\(binary) start \(short) --mute")
        tmux.waitFor(text: "Workout complete", timeout: 20)
        tmux.dismissSummary()
        tmux.waitFor(text: "exit=0")
        let sessions = try recorded(tmux)
        #expect(sessions.count == 1)
        #expect(sessions.first?["outcome"] as? String == "completed")
        #expect(sessions.first?["exercises_done"] as? Int == 2)
        #expect(segments(sessions[0]) == ["0 getReady ranOut", "1 work ranOut", "2 rest ranOut", "3 work ranOut"])
        try expectIntact(tmux)
    }

    @Test func aQuitRecordsTheSegmentCutShort() throws {
        let tmux = try Tmux("\(binary) start \(long) --mute")
        tmux.waitFor(text: "Get ready")
        tmux.send("n")
        tmux.waitFor(text: "Steady Squats")
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
        let session = try #require(try recorded(tmux).first)
        #expect(session["outcome"] as? String == "quit")
        #expect(segments(session) == ["0 getReady skipped", "1 work skipped"])
        try expectIntact(tmux)
    }

    @Test func aSignalIsRecordedAsTheOutcome() throws {
        let tmux = try Tmux("\(binary) start \(long) --mute")
        tmux.waitFor(text: "Get ready")
        kill(try #require(tmux.sevenminPID()), SIGTERM)
        tmux.waitFor(text: "exit=143")
        let session = try #require(try recorded(tmux).first)
        #expect(session["outcome"] as? String == "signal:15")
        #expect(segments(session) == ["0 getReady skipped"])
        try expectIntact(tmux)
    }

    @Test func killNineLosesAtMostTheSegmentUnderWayAndResumeGoesOn() throws {
        let tmux = try Tmux("\(binary) start \(short) --mute")
        tmux.waitFor(text: "Exercise 1/2", timeout: 6)
        tmux.waitFor(text: "Rest", timeout: 6)   // the rest after Alpha: segments 0 and 1 ended
        kill(try #require(tmux.sevenminPID()), SIGKILL)
        tmux.waitFor(text: "exit=137")
        var session = try #require(try recorded(tmux).first)
        #expect(session["outcome"] as? String == "interrupted")
        #expect(segments(session) == ["0 getReady ranOut", "1 work ranOut"])
        try expectIntact(tmux)

        // --resume picks it up at the rest that was under way, as the same session, paused until space.
        tmux.type("clear; \(binary) start --resume --mute; echo \"resu\"\"med=$?\"")
        tmux.waitFor(text: "PAUSED")
        tmux.send("Space")
        tmux.waitFor(text: "Workout complete", timeout: 20)
        #expect(tmux.screen().contains("Exercises done: 2/2"))
        tmux.dismissSummary()
        tmux.waitFor(text: "resumed=0")
        let sessions = try recorded(tmux)
        #expect(sessions.count == 1)
        session = try #require(sessions.first)
        #expect(session["outcome"] as? String == "completed" && session["parts"] as? Int == 2)
        #expect(segments(session) == ["0 getReady ranOut", "1 work ranOut", "2 rest ranOut part 2",
            "3 work ranOut part 2"])
        // Nothing left to resume now.
        let again = try run(binary, ["start", "--resume", "--mute"], environment: ["XDG_STATE_HOME": tmux.directory])
        #expect(again.status == 66 && again.stderr.contains("Nothing to resume"))
    }

    /// Two `start --resume` of the same session at once: one takes it and runs the rest, the other is
    /// refused, saying why, and nothing is recorded twice.
    @Test func ofTwoResumesAtOnceOneRunsAndTheOtherIsRefused() throws {
        let tmux = try Tmux("\(binary) start \(short) --mute")
        tmux.waitFor(text: "Exercise 1/2", timeout: 6)
        tmux.waitFor(text: "Rest", timeout: 6)   // segments 0 and 1 ended
        kill(try #require(tmux.sevenminPID()), SIGKILL)
        tmux.waitFor(text: "exit=137")
        let dir = tmux.directory
        try " ".write(toFile: dir + "/space", atomically: true, encoding: .utf8)
        // Both started together, each with a space for the pause a resume opens with.
        let both = try run("/bin/sh", ["-c", """
            for k in 1 2; do "$0" start --resume --mute --plain < "$1/space" > "$1/out$k" 2> "$1/err$k" &
            done; wait
            """, binary, dir], environment: ["XDG_STATE_HOME": dir])
        #expect(both.status == 0)
        let outputs = try (1...2).map { k in
            (out: try String(contentsOfFile: dir + "/out\(k)", encoding: .utf8),
             err: try String(contentsOfFile: dir + "/err\(k)", encoding: .utf8))
        }
        let ran = outputs.filter { $0.out.contains("2/2 exercises") }
        let refused = outputs.filter { $0.err.hasPrefix("Error: Nothing to resume: ") }
        #expect(ran.count == 1 && refused.count == 1, "\(outputs)")
        let sessions = try recorded(tmux)
        #expect(sessions.count == 1)
        let session = try #require(sessions.first)
        #expect(session["outcome"] as? String == "completed" && session["parts"] as? Int == 2)
        #expect(segments(session) == ["0 getReady ranOut", "1 work ranOut", "2 rest ranOut part 2",
            "3 work ranOut part 2"])
        try expectIntact(tmux)
    }

    @Test func aResumeOpensPausedOnAShortGetReadyAndWaitsForSpace() throws {
        let tmux = try Tmux("\(binary) start \(short) --mute")
        tmux.waitFor(text: "Exercise 2/2", timeout: 10)   // Bravo under way: segments 0 to 2 ended
        kill(try #require(tmux.sevenminPID()), SIGKILL)
        tmux.waitFor(text: "exit=137")
        tmux.type("clear; \(binary) start --resume --mute; echo \"resu\"\"med=$?\"")
        let paused = tmux.waitFor("the get-ready before Bravo, paused") {
            $0.contains("Get ready") && $0.contains("Next: Bravo Plank") && $0.contains("PAUSED")
        }
        #expect(paused.contains("0:05"))
        // It waits: for the next 2.5 s the screen still shows the paused get-ready, not Bravo.
        let deadline = Date().addingTimeInterval(2.5)
        while Date() < deadline {
            let screen = tmux.screen()
            #expect(screen.contains("PAUSED") && screen.contains("0:05") && !screen.contains("Exercise 2/2"))
            if !screen.contains("PAUSED") { break }
            Thread.sleep(forTimeInterval: 0.25)
        }
        tmux.send("Space")
        tmux.waitFor(text: "Exercise 2/2", timeout: 8)
        tmux.waitFor(text: "Workout complete", timeout: 8)
        #expect(tmux.screen().contains("Exercises done: 2/2"))
        tmux.dismissSummary()
        tmux.waitFor(text: "resumed=0")
        let session = try #require(try recorded(tmux).first)
        #expect(session["outcome"] as? String == "completed" && session["parts"] as? Int == 2)
        #expect(segments(session) == ["0 getReady ranOut", "1 work ranOut", "2 rest ranOut",
            "2 getReady ranOut part 2", "3 work ranOut part 2"])
    }

    @Test func aWorkoutSkippedThroughIsNotCompleted() throws {
        let tmux = try Tmux("\(binary) start \(short) --mute")
        tmux.waitFor(text: "Get ready")
        // `n` through every segment, each seen on the screen before the next press.
        for shown in ["Exercise 1/2", "Next: Bravo Plank", "Exercise 2/2", "Ended: 0 of 2 exercises done"] {
            tmux.send("n")
            tmux.waitFor(text: shown)
        }
        #expect(!tmux.screen().contains("Workout complete"))
        tmux.dismissSummary()
        tmux.waitFor(text: "exit=0")
        let session = try #require(try recorded(tmux).first)
        #expect(session["outcome"] as? String == "skipped" && session["exercises_done"] as? Int == 0)
        let text = try run(binary, ["history"], environment: ["XDG_STATE_HOME": tmux.directory])
        #expect(text.stdout.contains("skipped through"))
        let stats = try run(binary, ["stats"], environment: ["XDG_STATE_HOME": tmux.directory])
        #expect(stats.stdout.contains("1 (0 completed)"), "\(stats.stdout)")
    }

    @Test func ctrlCMidExerciseKeepsTheSecondsItRan() throws {
        let tmux = try Tmux("\(binary) start \(long) --mute")
        tmux.waitFor(text: "Get ready")
        tmux.send("n")
        tmux.waitFor(text: "Steady Squats")
        // Seven seconds into the 10:00 exercise, by its own countdown.
        tmux.waitFor(text: "9:53 left", timeout: 12)
        tmux.send("C-c")
        // Death by SIGINT ends the shell's whole command line: no exit line follows.
        let screen = tmux.waitFor(text: "exercises in 0:0")
        let session = try #require(try recorded(tmux).first)
        #expect(session["outcome"] as? String == "signal:2")
        let worked = try #require(session["worked_seconds"] as? Double)
        #expect(worked >= 7 && worked < 9, "worked_seconds \(worked)")
        let work = try #require((session["segments"] as? [[String: Any]])?.last)
        #expect(work["kind"] as? String == "work" && work["ended"] as? String == "skipped")
        #expect(abs((work["actual"] as? Double ?? 0) - worked) < 1e-3)
        #expect(screen.contains("exercises in 0:0"))
    }

    @Test func theFinishAsksHowHardItWasAndOneKeyAnswers() throws {
        let tmux = try Tmux("\(binary) start \(short) --mute")
        // The question in big type, what its answer does and the keys under it.
        tmux.waitFor(text: "— it is kept in your history", timeout: 20)
        #expect(tmux.screen().contains("1–9, 0 for 10 · Enter skips"))
        // Past the first second's guard, one key answers and ends.
        tmux.waitFor("the rating to be taken") { screen in
            if screen.contains("exit=0") { return true }
            tmux.send("8")
            Thread.sleep(forTimeInterval: 0.2)
            return false
        }
        #expect(tmux.screen().contains("Short Test Routine: 2/2 exercises in 0:09 · effort 8/10"))
        #expect(try recorded(tmux).first?["effort"] as? Int == 8)
        let text = try run(binary, ["history"], environment: ["XDG_STATE_HOME": tmux.directory])
        #expect(text.stdout.contains("EFFORT") && text.stdout.contains("8/10"), "\(text.stdout)")
        let csv = try run(binary, ["history", "--csv"], environment: ["XDG_STATE_HOME": tmux.directory])
        #expect(csv.stdout.hasPrefix("id,") && csv.stdout.contains(",effort,plan,plan_step,")
            && csv.stdout.hasSuffix(",8,,,,,\r\n"), "\(csv.stdout)")
    }

    @Test func plainModeOnATerminalTakesTheEffortKeyToo() throws {
        let tmux = try Tmux("\(binary) start --plain \(short) --mute")
        tmux.waitFor(text: "How hard was that? 1–10 — it is kept in your history", timeout: 20)
        tmux.waitFor("the rating to be taken") { screen in
            if screen.contains("exit=0") { return true }
            tmux.send("0")
            Thread.sleep(forTimeInterval: 0.2)
            return false
        }
        #expect(try recorded(tmux).first?["effort"] as? Int == 10)
    }

    /// The id `history` shows first for each workout, oldest first.
    func shortIDs(_ env: [String: String]) throws -> [String] {
        let json = try run(binary, ["history", "--json"], environment: env).stdout
        let sessions = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        return sessions.compactMap { $0["short_id"] as? String }
    }

    @Test func rateRatesTheLatestWorkoutOrTheOneNamed() throws {
        let state = temporaryDirectory()
        let env = ["XDG_STATE_HOME": state]
        let none = try run(binary, ["rate", "7"], environment: env)
        #expect(none.status == 66 && none.stderr.contains("No workout to rate"))
        for _ in 0..<2 {
            #expect(try run(binary, ["start", "--plain", short, "--mute"], environment: env).status == 0)
        }
        let latest = try run(binary, ["rate", "7"], environment: env)
        // Said with the id `history` shows first.
        let ids = try shortIDs(env)
        #expect(latest.status == 0 && latest.stdout.contains("Rated Short Test Routine of ")
            && latest.stdout.contains("(id \(ids[1])): effort 7/10"), "\(latest.stdout)\(latest.stderr)")
        #expect(try run(binary, ["rate", "3", "--session", "1"], environment: env).status == 0)
        let missing = try run(binary, ["rate", "3", "--session", "9"], environment: env)
        #expect(missing.status == 66 && missing.stderr.contains("No workout with id 9"))
        let bad = try run(binary, ["rate", "11"], environment: env)
        #expect(bad.status == 64 && bad.stderr.contains("a whole number from 1 to 10"))
        let json = try run(binary, ["history", "--json"], environment: env)
        let sessions = (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]) ?? []
        #expect(sessions.map { $0["effort"] as? Int } == [3, 7])
    }

    /// `history remove` and `history rename` of an id that matches no workout made this machine's history
    /// and its id first: now they are refused, and nothing is made or written.
    @Test func anEditOfNoWorkoutIsRefusedAndWritesNothing() throws {
        let state = temporaryDirectory()
        let env = ["XDG_STATE_HOME": state]
        // The history is shared (history.d is there), so an edit would make this machine's id and its copy.
        try FileManager.default.createDirectory(atPath: state + "/sevenmin/history.d",
                                                withIntermediateDirectories: true)
        let edits = [["history", "remove", "9"], ["history", "rename", "9", "Morning"]]
        for edit in edits {
            let r = try run(binary, edit, environment: env)
            #expect(r.status == 66 && r.stderr == "Error: No workout with id 9 in the history.\n", "\(r.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: state + "/sevenmin") == ["history.d"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: state + "/sevenmin/history.d").isEmpty)
        // With a workout recorded, its history is left as it was.
        #expect(try run(binary, ["start", "--plain", short, "--mute"], environment: env).status == 0)
        // Reading it leaves SQLite's -wal and -shm beside it, as `history` does; nothing else is made.
        let listing = { try FileManager.default.contentsOfDirectory(atPath: state + "/sevenmin")
            .filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }.sorted() }
        let before = try listing()
        let file = try #require(FileManager.default.contents(atPath: state + "/sevenmin/history.sqlite3"))
        for edit in edits {
            let r = try run(binary, edit, environment: env)
            #expect(r.status == 66 && r.stderr.contains("No workout with id 9"), "\(r.stderr)")
        }
        #expect(FileManager.default.contents(atPath: state + "/sevenmin/history.sqlite3") == file)
        #expect(try listing() == before)
    }

    /// `rate N` rated the workout still on the screen, before its finish screen could ask.
    @Test func aWorkoutStillRunningIsNotRated() throws {
        let tmux = try Tmux("\(binary) start \(long) --mute")
        tmux.waitFor(text: "Get ready")
        let env = ["XDG_STATE_HOME": tmux.directory]
        _ = waitUntil("the session is recorded") { (try? recorded(tmux).count) == 1 }
        let id = try #require(try shortIDs(env).first)
        for command in [["rate", "7"], ["rate", "7", "--session", "1"], ["rate", "7", "--session", id]] {
            let r = try run(binary, command, environment: env)
            #expect(r.status == 66 && r.stderr.contains("Workout \(id) is still running"), "\(command): \(r.stderr)")
        }
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
        let rated = try run(binary, ["rate", "7"], environment: env)
        #expect(rated.status == 0 && rated.stdout.contains("(id \(id)): effort 7/10"), "\(rated.stderr)")
    }

    @Test func twoWorkoutsAtOnceBothRecordFully() throws {
        let first = try Tmux("\(binary) start \(short) --mute")
        // The second shell shares the first's state folder, so both write one database.
        let second = try Tmux("XDG_STATE_HOME=\(first.directory) \(binary) start \(short) --mute")
        for tmux in [first, second] {
            tmux.waitFor(text: "Workout complete", timeout: 20)
            tmux.dismissSummary()
        }
        let sessions = try recorded(first)
        #expect(sessions.count == 2)
        #expect(sessions.allSatisfy { segments($0).count == 4 && $0["outcome"] as? String == "completed" })
        try expectIntact(first)
    }
}
