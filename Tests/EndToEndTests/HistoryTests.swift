// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The history the real program keeps, read back through `sevenmin history --json` and SQLite itself.
@Suite("History end to end", .serialized)
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

    @Test func rateRatesTheLatestWorkoutOrTheOneNamed() throws {
        let state = temporaryDirectory()
        let env = ["XDG_STATE_HOME": state]
        let none = try run(binary, ["rate", "7"], environment: env)
        #expect(none.status == 66 && none.stderr.contains("No workout to rate"))
        for _ in 0..<2 {
            #expect(try run(binary, ["start", "--plain", short, "--mute"], environment: env).status == 0)
        }
        let latest = try run(binary, ["rate", "7"], environment: env)
        #expect(latest.status == 0 && latest.stdout.contains("Rated Short Test Routine of ")
            && latest.stdout.contains("(id 2): effort 7/10"), "\(latest.stdout)\(latest.stderr)")
        #expect(try run(binary, ["rate", "3", "--session", "1"], environment: env).status == 0)
        let missing = try run(binary, ["rate", "3", "--session", "9"], environment: env)
        #expect(missing.status == 66 && missing.stderr.contains("No workout with id 9"))
        let bad = try run(binary, ["rate", "11"], environment: env)
        #expect(bad.status == 64 && bad.stderr.contains("a whole number from 1 to 10"))
        let json = try run(binary, ["history", "--json"], environment: env)
        let sessions = (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]) ?? []
        #expect(sessions.map { $0["effort"] as? Int } == [3, 7])
    }

    /// `rate N` rated the workout still on the screen, before its finish screen could ask.
    @Test func aWorkoutStillRunningIsNotRated() throws {
        let tmux = try Tmux("\(binary) start \(long) --mute")
        tmux.waitFor(text: "Get ready")
        let env = ["XDG_STATE_HOME": tmux.directory]
        _ = waitUntil("the session is recorded") { (try? recorded(tmux).count) == 1 }
        for command in [["rate", "7"], ["rate", "7", "--session", "1"]] {
            let r = try run(binary, command, environment: env)
            #expect(r.status == 66 && r.stderr.contains("Workout 1 is still running"), "\(command): \(r.stderr)")
        }
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
        let rated = try run(binary, ["rate", "7"], environment: env)
        #expect(rated.status == 0 && rated.stdout.contains("(id 1): effort 7/10"), "\(rated.stderr)")
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

    /// In the workout's language: the notice is the core's, worded by its tables.
    @Test(arguments: [("read-only", "en", "history not saved"),
                      ("corrupt", "de", "Verlauf beschädigt; dieses Training")])
    func aBadDatabaseGivesOneNoticeAndTheWorkoutGoesOn(kind: String, language: String, notice: String) throws {
        let tmux = try Tmux("")
        let folder = tmux.directory + "/sevenmin"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let db = folder + "/history.sqlite3"
        if kind == "corrupt" {
            try String(repeating: "not a database ", count: 400).write(toFile: db, atomically: true, encoding: .utf8)
        } else {
            _ = try run("/usr/bin/sqlite3", [db, "PRAGMA journal_mode=WAL; CREATE TABLE t(x);"])
            _ = try run("/usr/bin/chattr", ["+i", db])
            #expect(!FileManager.default.isWritableFile(atPath: db) || getuid() != 0, "cannot make it read-only here")
        }
        defer { _ = try? run("/usr/bin/chattr", ["-i", db]) }
        tmux.type("\(binary) start \(short) --mute --language \(language); echo \"ex\"\"it=$?\"")
        tmux.waitFor("the notice") { $0.contains(notice) }
        tmux.waitFor(text: language == "de" ? "Training beendet" : "Workout complete", timeout: 20)
        tmux.dismissSummary()
        tmux.waitFor(text: "exit=0")
        if kind == "corrupt" {
            // Kept aside, never silently replaced: the damaged bytes are still there under another name.
            let kept = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("corrupt") }
            #expect(kept.count == 1)
            // The workout that found the damage started the new file, and is in it.
            let sessions = try recorded(tmux)
            #expect(sessions.count == 1 && sessions.first?["outcome"] as? String == "completed")
        }
    }

    /// SQLite's no-link flag refused a link in any folder of the history's path: under a linked home (Fedora
    /// Silverblue links /home to /var/home) a workout said "history not saved", `history`, `stats` and `rate`
    /// failed with error 1550, and a `history.d` linked into a synced folder was never published to.
    @Test func everyCommandKeepsTheHistoryUnderALinkedHome() throws {
        let outside = temporaryDirectory()
        let real = outside + "/var/home", synced = outside + "/synced", home = outside + "/home"
        for folder in [real + "/.local/state/sevenmin", synced] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        #expect(symlink(real, home) == 0)
        #expect(symlink(synced, home + "/.local/state/sevenmin/history.d") == 0)
        // The state and config folders a home gives, with no XDG_* set.
        let env = ["HOME": home, "XDG_STATE_HOME": "", "XDG_CONFIG_HOME": "", "LC_ALL": "C.UTF-8"]
        let tmux = try Tmux("HOME=\(home) XDG_STATE_HOME= XDG_CONFIG_HOME= \(binary) start \(short) --mute")
        tmux.waitFor(text: "Workout complete", timeout: 20)
        tmux.dismissSummary()
        tmux.waitFor(text: "exit=0")
        let log = (try? String(contentsOfFile: real + "/.local/state/sevenmin/sevenmin.log", encoding: .utf8)) ?? ""
        #expect(!log.contains("not saved"), "\(log)")
        // The copy: a folder named by the machine's id, a file a month.
        let copy = try #require(try FileManager.default.contentsOfDirectory(atPath: synced).first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: synced + "/" + copy)
            .filter { $0.hasSuffix(".sqlite3") }.count == 1)

        let history = try run(binary, ["history"], environment: env)
        #expect(history.status == 0 && history.stdout.contains("Short Test Routine"), "\(history.stderr)")
        let rated = try run(binary, ["rate", "7"], environment: env)
        #expect(rated.status == 0 && rated.stdout.contains("effort 7/10"), "\(rated.stderr)")
        let stats = try run(binary, ["stats", "--json"], environment: env)
        #expect(stats.status == 0 && stats.stdout.contains("\"sessions\": 1,"), "\(stats.stderr)")
        let json = try run(binary, ["history", "--json"], environment: env)
        let sessions = (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]) ?? []
        #expect(sessions.map { $0["effort"] as? Int } == [7], "\(json.stdout)\(json.stderr)")
        let doctor = try run(binary, ["doctor"], environment: env)
        #expect(doctor.stdout.contains("intact, 1 workout recorded"), "\(doctor.stdout)")
    }

    /// Two quick workouts recorded by the real program, in a fresh state folder; returns the folder.
    func twoRecordedWorkouts() throws -> String {
        let dir = temporaryDirectory()
        let routine = dir + "/quick.json"
        try #"{"name": "Quick", "getReady": 0, "rest": 0, "exercises": [{"title": "A", "work": 1}]}"#
            .write(toFile: routine, atomically: true, encoding: .utf8)
        for _ in 0..<2 {
            let r = try run(binary, ["start", routine, "--mute", "--plain"], environment: ["XDG_STATE_HOME": dir])
            #expect(r.status == 0, "\(r.stderr)")
        }
        return dir
    }

    /// One flipped exponent in one stored time crashed history, stats and start; now that row is skipped,
    /// the rest is shown, and the count is said.
    @Test func aStoredValueOutOfRangeIsSkippedAndCounted() throws {
        let dir = try twoRecordedWorkouts()
        let db = dir + "/sevenmin/history.sqlite3"
        _ = try run("/usr/bin/sqlite3", [db, "UPDATE sessions SET started_at = 1e300 WHERE id = 1"])
        for command in [["history"], ["history", "--json"], ["stats"]] {
            let r = try run(binary, command, environment: ["XDG_STATE_HOME": dir])
            #expect(r.status == 0, "\(command): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("skipped 1 row holding values out of range"), "\(command): \(r.stderr)")
        }
        let shown = try run(binary, ["history"], environment: ["XDG_STATE_HOME": dir])
        #expect(shown.stdout.contains("Quick"))
    }

    /// Scribbles over the cell pointers of the sessions' table's first page, as a bad sector might.
    func scribbleOverSessions(_ db: String) throws {
        let root = try run("/usr/bin/sqlite3", [db, "PRAGMA wal_checkpoint(TRUNCATE)",
                                                "SELECT rootpage FROM sqlite_master WHERE name = 'sessions'"])
        let page = try #require(root.stdout.split(separator: "\n").last.flatMap { Int($0) })
        let file = try #require(FileHandle(forUpdatingAtPath: db))
        try file.seek(toOffset: UInt64((page - 1) * 4096 + 8))
        try file.write(contentsOf: Data(repeating: 7, count: 200))
        try file.close()
    }

    /// A page of the sessions' table scribbled over read as no workouts at all: `history` said "No workouts
    /// recorded yet." and exited 0 while `stats` said the file was damaged. Every reader says it now.
    @Test func everyReaderSaysADamagedSessionsPage() throws {
        let dir = try twoRecordedWorkouts()
        let db = dir + "/sevenmin/history.sqlite3"
        try scribbleOverSessions(db)
        for command in [["history"], ["history", "--json"], ["stats"]] {
            let r = try run(binary, command, environment: ["XDG_STATE_HOME": dir])
            #expect(r.status == 1, "\(command): \(r.status) \(r.stdout)")
            #expect(r.stderr.contains("is damaged"), "\(command): \(r.stderr)")
            #expect(!r.stdout.contains("No workouts recorded yet"), "\(command)")
        }
    }

    /// A NULL where the schema no longer forbids one was left out by `history` without a word, while
    /// `stats` counted it; a time out of range on the oldest workout made `rate` call the history empty.
    @Test func everyReaderSkipsAndCountsTheSameRows() throws {
        let dir = try twoRecordedWorkouts()
        let db = dir + "/sevenmin/history.sqlite3"
        _ = try run("/usr/bin/sqlite3", [db, """
            PRAGMA writable_schema = ON;
            UPDATE sqlite_master SET sql = replace(sql, 'started_at REAL NOT NULL', 'started_at REAL')
                WHERE name = 'sessions';
            """])
        _ = try run("/usr/bin/sqlite3", [db, "UPDATE sessions SET started_at = NULL WHERE id = 2"])
        for command in [["history"], ["history", "--json"], ["stats"]] {
            let r = try run(binary, command, environment: ["XDG_STATE_HOME": dir])
            #expect(r.status == 0, "\(command): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("skipped 1 row holding values out of range"), "\(command): \(r.stderr)")
        }
        _ = try run("/usr/bin/sqlite3", [db, "UPDATE sessions SET started_at = 1e308 WHERE id = 1"])
        let rated = try run(binary, ["rate", "7"], environment: ["XDG_STATE_HOME": dir])
        // Both workouts are out of range now: nothing to rate, and the two rows said.
        #expect(rated.status == 66 && rated.stderr.contains("skipped 2 rows"), "\(rated.stderr)")
        _ = try run("/usr/bin/sqlite3", [db, "UPDATE sessions SET started_at = 1795000000 WHERE id = 2"])
        let again = try run(binary, ["rate", "7"], environment: ["XDG_STATE_HOME": dir])
        // Its id as `history` shows it: the first of the workouts read, the other being left out.
        #expect(again.status == 0 && again.stdout.contains("(id 1): effort 7/10"), "\(again.stderr)")
        #expect(again.stderr.contains("skipped 1 row holding values out of range"), "\(again.stderr)")
    }

    /// `doctor` counts the rows the readers skip, and no longer calls such a file intact (SQLite's own
    /// check cannot see a number out of range).
    @Test func doctorCountsTheRowsTheReadersSkip() throws {
        let dir = try twoRecordedWorkouts()
        let db = dir + "/sevenmin/history.sqlite3"
        let environment = ["XDG_STATE_HOME": dir, "XDG_CONFIG_HOME": dir, "LC_ALL": "C.UTF-8"]
        #expect(try run(binary, ["doctor"], environment: environment).stdout.contains("intact, 2 workouts recorded"))
        _ = try run("/usr/bin/sqlite3", [db, "UPDATE sessions SET started_at = 1e300 WHERE id = 1; "
            + "UPDATE segments SET actual = -1 WHERE id = 1"])
        let r = try run(binary, ["doctor"], environment: environment)
        #expect(!r.stdout.contains("intact"), "\(r.stdout)")
        #expect(r.stdout.contains("2 rows hold values out of range, which history, stats and start skip; "
            + "1 workout can be read"), "\(r.stdout)")
    }

    /// `doctor` said "History not saved" of a file it only reads, with the path twice; and a damaged file's
    /// whole `integrity_check` came on one line, joined by `^J`.
    @Test(arguments: ["FIFO", "symbolic link", "folder", "damaged"])
    func doctorSaysWhatIsWrongWithTheHistoryOnce(kind: String) throws {
        let dir = try kind == "damaged" ? twoRecordedWorkouts() : temporaryDirectory()
        let folder = dir + "/sevenmin", db = folder + "/history.sqlite3"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        switch kind {
        case "FIFO": #expect(mkfifo(db, 0o600) == 0)
        case "symbolic link": #expect(symlink(dir + "/elsewhere", db) == 0)
        case "folder": try FileManager.default.createDirectory(atPath: db, withIntermediateDirectories: false)
        default: try scribbleOverSessions(db)
        }
        let r = try run(binary, ["doctor"], environment: ["XDG_STATE_HOME": dir, "XDG_CONFIG_HOME": dir,
                                                          "LC_ALL": "C.UTF-8"])
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let section = try #require(lines.firstIndex(of: "History"))
        let shown = lines[(section + 1)...].prefix { $0.hasPrefix(" ") }
        let failure = try #require(shown.first { $0.contains("✘") }, "\(r.stdout)")
        #expect(!r.stdout.contains("not saved") && !r.stdout.contains("^J"), "\(r.stdout)")
        #expect(failure.components(separatedBy: db).count == 2, "\(failure)")
        if kind == "damaged" {
            let found = try run("/usr/bin/sqlite3", [db, "PRAGMA integrity_check"]).stdout
                .split(separator: "\n").filter { !$0.hasPrefix("*** ") }
            #expect(found.count > 6)
            let problems = shown.filter { $0.hasPrefix("    · ") }
            #expect(problems.dropLast().map { $0.dropFirst(6) } == Array(found.prefix(5)), "\(r.stdout)")
            #expect(problems.last == "    · and \(found.count - 5) more", "\(r.stdout)")
            #expect(failure.contains("damaged, \(found.count) problems"), "\(failure)")
        } else {
            #expect(failure.contains("is a \(kind), not a plain file"), "\(failure)")
        }
    }

    /// A reader says the file is damaged and leaves it where it is; it never reports an empty history.
    @Test(arguments: [["history"], ["stats"]])
    func aReaderLeavesADamagedHistoryInPlace(command: [String]) throws {
        let dir = temporaryDirectory()
        let folder = dir + "/sevenmin"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let garbage = String(repeating: "not a database ", count: 400)
        try garbage.write(toFile: folder + "/history.sqlite3", atomically: true, encoding: .utf8)
        let r = try run(binary, command, environment: ["XDG_STATE_HOME": dir])
        #expect(r.status == 1)
        #expect(r.stderr.contains("is damaged") && r.stderr.contains("left as it is"), "\(r.stderr)")
        #expect(!r.stdout.contains("No workouts recorded yet"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["history.sqlite3"])
        #expect(try String(contentsOfFile: folder + "/history.sqlite3", encoding: .utf8) == garbage)
    }

    /// On a full disk a workout that ran to its end was left interrupted, and `start --resume` ran it again.
    /// A disk of 256 KiB (a tmpfs, in a mount namespace of the test's own) is filled to leave 64, 96 or
    /// 128 KiB, so that the history runs out of room early, half-way or late in the workout.
    @Test(.enabled(if: FullDisk.canMount, "needs unshare -rm and a tmpfs mount"))
    func aWorkoutThatRanToItsEndOnAFullDiskIsNeverResumed() throws {
        let scratch = temporaryDirectory()
        let routine = scratch + "/six.json"
        try #"{"name": "Six", "work": 1, "rest": 1, "getReady": 1, "exercises": [{"title": "A"}, {"title": "B"}, "#
            .appending(#"{"title": "C"}, {"title": "D"}, {"title": "E"}, {"title": "F"}]}"#)
            .write(toFile: routine, atomically: true, encoding: .utf8)
        // A history with its tables, as a first workout leaves it, copied onto the small disk each time.
        let first = try run(binary, ["start", routine, "--plain", "--mute"], environment: ["XDG_STATE_HOME": scratch])
        #expect(first.status == 0, "\(first.stderr)")
        try FileManager.default.createDirectory(atPath: scratch + "/disk", withIntermediateDirectories: true)
        let script = """
            mount -t tmpfs -o size=256k tmpfs "$1" || exit 77
            for leave in 64 96 128; do
                rm -rf "$1"/* && mkdir "$1/sevenmin" && cp "$4/sevenmin/history.sqlite3" "$1/sevenmin/" || exit 1
                fallocate -l $(( $(df -k "$1" | awk 'NR == 2 { print $4 }') - leave ))k "$1/filler" || exit 1
                XDG_STATE_HOME="$1" "$2" start "$3" --plain --mute > "$4/ran.$leave" 2>&1
                XDG_STATE_HOME="$1" "$2" start --resume --plain --mute > "$4/resumed.$leave" 2>&1
                echo "$leave $?"
            done
            """
        let r = try run("/usr/bin/unshare", ["-rm", "/bin/sh", "-c", script, "sh", scratch + "/disk", binary, routine,
                                             scratch])
        #expect(r.status == 0 && r.stdout == "64 66\n96 66\n128 66\n", "\(r.stdout)\(r.stderr)")
        for leave in [64, 96, 128] {
            let ran = (try? String(contentsOfFile: scratch + "/ran.\(leave)", encoding: .utf8)) ?? ""
            #expect(ran.contains("history not saved (disk full)") && ran.contains("Finished"), "\(leave): \(ran)")
            let resumed = (try? String(contentsOfFile: scratch + "/resumed.\(leave)", encoding: .utf8)) ?? ""
            #expect(resumed.hasPrefix("Error: Nothing to resume: "), "\(leave): \(resumed)")
        }
    }
}

/// A small full disk for a test: a tmpfs mounted in a mount namespace of its own (`unshare -rm`, as root or
/// in a user namespace), gone with the process.
enum FullDisk {
    static let canMount: Bool = {
        let dir = temporaryDirectory()
        let r = try? run("/usr/bin/unshare", ["-rm", "/bin/sh", "-c", "mount -t tmpfs -o size=64k tmpfs \"$1\"",
                                              "sh", dir])
        return r?.status == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/fallocate")
    }()
}
