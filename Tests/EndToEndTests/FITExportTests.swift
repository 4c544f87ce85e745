// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import SevenminCore
import Testing

@Suite("FIT activity files", .serialized)
struct FITExportTests {
    let short = fixtures + "/short.json"

    /// `history --json` of the history in `state`.
    func recorded(_ state: String) throws -> [Recorded] {
        let r = try run(binary, ["history", "--json"], environment: ["XDG_STATE_HOME": state])
        return try JSONDecoder().decode([Recorded].self, from: Data(r.stdout.utf8))
    }

    /// Waits up to `timeout` seconds for the history in `state` to satisfy `ready`.
    func waitFor(_ what: String, in state: String, timeout: Double = 20,
                 sourceLocation: SourceLocation = #_sourceLocation, _ ready: ([Recorded]) -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if ready(try recorded(state)) { return }
            usleep(100_000)
        }
        Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
    }

    /// Starts `routine` with no terminal, in the background, with the signals' default actions (which a
    /// shell's `&` would not leave to SIGINT); returns its pid, for `waitpid`.
    func startInBackground(_ routine: String, state: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var env = ProcessInfo.processInfo.environment
        env["XDG_STATE_HOME"] = state
        env["XDG_CONFIG_HOME"] = temporaryDirectory()
        return try spawn(binary, ["start", routine, "--mute"], environment: env.map { "\($0.key)=\($0.value)" },
                         actions: &actions)
    }

    /// Whether process `pid` has a handler for `signal` (`SigCgt` in its `/proc` status).
    func catches(_ pid: pid_t, _ signal: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
              let mask = UInt64(line.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
        return mask & (1 << UInt64(signal - 1)) != 0
    }

    /// Waits for process `pid` to end; its exit status.
    @discardableResult
    func reap(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    /// SQL run on the history in `state`, as a damaged or older file could have it.
    func sql(_ statements: String, in state: String) throws {
        let r = try run("/usr/bin/sqlite3", [state + "/sevenmin/history.sqlite3", statements])
        #expect(r.status == 0, "sqlite3: \(r.stderr)")
    }

    func export(_ state: String, to dir: String) throws -> (status: Int32, paths: [String], stderr: String) {
        let r = try run(binary, ["history", "--fit", dir], environment: ["XDG_STATE_HOME": state])
        return (r.status, r.stdout.split(separator: "\n").map(String.init), r.stderr)
    }

    func files(in dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
    }

    @Test(.enabled(if: FITDecoders.reachable, "PyPI cannot be reached, so the decoders cannot be installed"))
    func everyWorkoutIsAnActivityGarminsDecoderTakes() throws {
        guard let python = FITDecoders.python() else { return }
        let state = temporaryDirectory()
        let env = ["XDG_STATE_HOME": state]
        // Two real workouts, run to their end in plain mode.
        for _ in 0..<2 {
            let r = try run(binary, ["start", short, "--plain", "--mute"], environment: env)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let dir = temporaryDirectory() + "/fit"
        let written = try export(state, to: dir)
        #expect(written.status == 0 && written.stderr.isEmpty, "\(written.stderr)")
        #expect(written.paths.count == 2
                && written.paths.allSatisfy { $0.hasPrefix(dir + "/sevenmin-") && $0.hasSuffix(".fit") })
        let recorded = try recorded(state)
        let files = try FITDecoders.check(written.paths, with: python)
        #expect(files.count == 2)
        // history lists the newest first; the files were written oldest first.
        for (file, session) in zip(files, recorded.reversed()) {
            #expect(file.laps.count == session.segments.count && file.laps.count == 4)
            // A record where each lap starts and ends; one lap ends as the next starts.
            #expect(file.records == 5)
            for (lap, segment) in zip(file.laps, session.segments) {
                #expect(abs(lap.timer - segment.actual) < 0.01)
                #expect(lap.intensity == (segment.kind == "work" ? "active" : "rest"))
                #expect(abs(lap.end - lap.start - segment.actual) < 1, "a lap's times are within a second")
            }
            #expect(file.sessions.count == 1)
            let s = try #require(file.sessions.first)
            #expect(s.sport == "hiit" && s.sub_sport == "hiit" && s.laps == 4)
            let timer = session.segments.reduce(0.0) { $0 + $1.actual }
            #expect(abs(s.timer - timer) < 0.01 && abs(s.elapsed - 9) < 1)
        }
        // A second export writes nothing new and leaves the files alone.
        let again = try export(state, to: dir)
        #expect(again.status == 0 && again.paths.isEmpty)
        #expect(again.stderr == "2 workouts were exported before; left as they are.\n")
    }

    /// The pause between an exercise's sides is a segment of its own, so a lap of its own: a rest lap as
    /// long as the switch ran, between the two active laps of the sides, and the laps add up to the session.
    @Test(.enabled(if: FITDecoders.reachable, "PyPI cannot be reached, so the decoders cannot be installed"))
    func theSwitchBetweenSidesIsARestLapOfItsLength() throws {
        guard let python = FITDecoders.python() else { return }
        let state = temporaryDirectory()
        // Get ready 1 s, the first side 2 s, the switch 2 s, the other side 2 s.
        let r = try run(binary, ["start", fixtures + "/sides.json", "--plain", "--mute"],
                        environment: ["XDG_STATE_HOME": state])
        #expect(r.status == 0, "\(r.stderr)")
        let dir = temporaryDirectory() + "/fit"
        let written = try export(state, to: dir)
        #expect(written.status == 0, "\(written.stderr)")
        let session = try #require(try recorded(state).first)
        #expect(session.segments.map(\.kind) == ["getReady", "work", "switch", "work"])
        let file = try #require(try FITDecoders.check(written.paths, with: python).first)
        try #require(file.laps.count == 4)
        #expect(file.laps.map(\.intensity) == ["rest", "active", "rest", "active"])
        let switchLap = file.laps[2]
        #expect(abs(switchLap.timer - 2) < 0.05 && abs(switchLap.timer - session.segments[2].actual) < 0.01,
                "the switch lap is \(switchLap.timer) s")
        #expect(abs(switchLap.elapsed - switchLap.timer) < 0.05)
        // The switch lap begins as the first side's ends, and the other side's begins as it ends.
        #expect(switchLap.start == file.laps[1].end && file.laps[3].start == switchLap.end)
        for (lap, segment) in zip(file.laps, session.segments) { #expect(abs(lap.timer - segment.actual) < 0.01) }
        let s = try #require(file.sessions.first)
        let laps = file.laps.reduce(0.0) { $0 + $1.timer }
        #expect(s.laps == 4 && abs(s.timer - laps) < 0.01 && abs(s.timer - 7) < 0.1 && abs(s.elapsed - 7) < 1,
                "session: \(s.timer) s timed, \(s.elapsed) s elapsed; laps: \(laps) s")
    }

    /// A workout paused in its exercise: Garmin's decoder reads the timer stopping where the pause began and
    /// starting where it ended, the lap's timer time leaving the pause out; the warm-up's and cool-down's laps
    /// are theirs.
    @Test(.enabled(if: FITDecoders.reachable, "PyPI cannot be reached, so the decoders cannot be installed"))
    func aPauseIsWhereTheTimerStoppedAndTheStagesAreTheLapsIntensities() throws {
        guard let python = FITDecoders.python() else { return }
        let t = try Tmux("\(binary) start \(fixtures)/staged.json --mute")
        t.waitFor(text: "· Alpha Squats")
        t.send("Space")
        let paused = Date()
        t.waitFor(text: "PAUSED")
        // Paused for at least two seconds: long enough to be told from the whole seconds FIT counts in.
        waitUntil("two seconds paused") { Date().timeIntervalSince(paused) >= 2.5 }
        t.send("Space")
        let resumed = Date()
        t.dismissSummary()
        t.waitFor(text: "exit=0")
        let dir = temporaryDirectory() + "/fit"
        let written = try export(t.directory, to: dir)
        #expect(written.status == 0 && written.stderr.isEmpty, "\(written.stderr)")
        let file = try #require(try FITDecoders.check(written.paths, with: python).first)
        #expect(file.timer_events == ["start", "stop_all", "start", "stop_all"], "\(file.timer_events)")
        try #require(file.timer_times.count == 4)
        let stop = try #require(file.timer_times[1]), start = try #require(file.timer_times[2])
        #expect(abs(stop - paused.timeIntervalSince1970) < 1.5 && abs(start - resumed.timeIntervalSince1970) < 1.5,
                "the timer stopped at \(stop) and started at \(start)")
        #expect(file.laps.map(\.intensity) == ["rest", "warmup", "rest", "active", "cooldown", "cooldown"],
                "\(file.laps.map(\.intensity))")
        // The exercise's lap: 4 s timed, and the pause's seconds more elapsed.
        let work = file.laps[3]
        #expect(abs(work.timer - 4) < 0.1 && work.elapsed - work.timer > 1.5, "\(work.timer) s, \(work.elapsed) s")
    }

    /// An export while a workout runs leaves it out, saying so; once it has ended it is exported whole.
    @Test(.enabled(if: FITDecoders.reachable, "PyPI cannot be reached, so the decoders cannot be installed"))
    func aWorkoutIsExportedOnceItHasEndedAndThenWhole() throws {
        guard let python = FITDecoders.python() else { return }
        let state = temporaryDirectory()
        let pid = try startInBackground(short, state: state)
        try waitFor("two segments recorded", in: state) { $0.first.map { $0.segments.count >= 2 } ?? false }
        let dir = temporaryDirectory() + "/fit"
        let during = try export(state, to: dir)
        #expect(during.status == 0 && during.paths.isEmpty && files(in: dir).isEmpty, "\(during.paths)")
        #expect(during.stderr == "Left out 1 workout: 1 still running, exported once it ends.\n")
        reap(pid)
        #expect(try recorded(state).first?.outcome == "completed")
        let after = try export(state, to: dir)
        #expect(after.status == 0 && after.stderr.isEmpty && after.paths.count == 1, "\(after.stderr)")
        let file = try #require(try FITDecoders.check(after.paths, with: python).first)
        #expect(file.laps.count == 4 && file.sessions.first?.laps == 4)
        let again = try export(state, to: dir)
        #expect(again.paths.isEmpty && again.stderr == "1 workout was exported before; left as they are.\n")
    }

    /// A file written before its workout ended (here 2 of its 4 laps, as an export during the workout
    /// used to write) is not "exported before": the next export writes it again, whole.
    @Test(.enabled(if: FITDecoders.reachable, "PyPI cannot be reached, so the decoders cannot be installed"))
    func aFileWrittenBeforeItsWorkoutEndedIsWrittenAgainWhole() throws {
        guard let python = FITDecoders.python() else { return }
        let state = temporaryDirectory()
        let r = try run(binary, ["start", short, "--plain", "--mute"], environment: ["XDG_STATE_HOME": state])
        #expect(r.status == 0, "\(r.stderr)")
        // The history as it was two segments before the end.
        let then = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: then + "/sevenmin", withIntermediateDirectories: true)
        try sql(".backup '\(then)/sevenmin/history.sqlite3'", in: state)
        try sql("DELETE FROM segments WHERE id IN (SELECT id FROM segments ORDER BY id DESC LIMIT 2)", in: then)
        let dir = temporaryDirectory() + "/fit"
        let partial = try export(then, to: dir)
        #expect(try FITDecoders.check(partial.paths, with: python).first?.laps.count == 2)
        let whole = try export(state, to: dir)
        #expect(whole.status == 0 && whole.paths == partial.paths, "\(whole.stderr)")
        #expect(whole.stderr == "1 file was out of date (written before the workout ended, or without records) "
                + "and written again.\n")
        let file = try #require(try FITDecoders.check(whole.paths, with: python).first)
        #expect(file.laps.count == 4 && file.sessions.first?.laps == 4)
        #expect(try export(state, to: dir).stderr == "1 workout was exported before; left as they are.\n")
    }

    /// A workout quit in its get-ready did no exercise: it is no activity, and the export says so.
    @Test(.enabled(if: FITDecoders.reachable, "PyPI cannot be reached, so the decoders cannot be installed"))
    func aWorkoutWithNoExerciseDoneIsLeftOutSayingWhy() throws {
        guard let python = FITDecoders.python() else { return }
        let state = temporaryDirectory()
        let done = try run(binary, ["start", short, "--plain", "--mute"], environment: ["XDG_STATE_HOME": state])
        #expect(done.status == 0, "\(done.stderr)")
        // Get ready lasts a minute in this routine: an interrupt during it ends the workout there.
        let pid = try startInBackground(fixtures + "/long.json", state: state)
        try waitFor("the second workout's start", in: state) { $0.count == 2 && catches(pid, SIGINT) }
        kill(pid, SIGINT)
        reap(pid)
        let outcomes = try recorded(state).map { $0.outcome ?? "running" }.sorted()
        #expect(outcomes == ["completed", "signal:2"], "\(outcomes)")
        let dir = temporaryDirectory() + "/fit"
        let written = try export(state, to: dir)
        #expect(written.status == 0 && written.paths.count == 1 && files(in: dir).count == 1)
        #expect(written.stderr == "Left out 1 workout: 1 with no exercise done.\n")
        #expect(try FITDecoders.check(written.paths, with: python).first?.laps.count == 4)
    }

    /// Two workouts that start in the same second are two files, each exported once.
    @Test(.enabled(if: FITDecoders.reachable, "PyPI cannot be reached, so the decoders cannot be installed"))
    func twoWorkoutsStartingInTheSameSecondAreTwoFiles() throws {
        guard let python = FITDecoders.python() else { return }
        let state = temporaryDirectory()
        let script = "for k in 1 2; do \"$0\" start \"$1\" --plain --mute > /dev/null & done; wait"
        let both = try run("/bin/sh", ["-c", script, binary, short], environment: ["XDG_STATE_HOME": state])
        #expect(both.status == 0)
        // Within one second, whatever second they really started in.
        try sql("""
            UPDATE sessions SET started_at = (SELECT CAST(MIN(started_at) AS INTEGER) FROM sessions)
                + CASE WHEN id = (SELECT MIN(id) FROM sessions) THEN 0.25 ELSE 0.75 END
            """, in: state)
        let dir = temporaryDirectory() + "/fit"
        let written = try export(state, to: dir)
        #expect(written.status == 0 && written.stderr.isEmpty, "\(written.stderr)")
        try #require(written.paths.count == 2)
        #expect(written.paths[1] == written.paths[0].dropLast(4) + "-2.fit")
        #expect(try FITDecoders.check(written.paths, with: python).allSatisfy { $0.laps.count == 4 })
        #expect(try export(state, to: dir).stderr == "2 workouts were exported before; left as they are.\n")
    }

    /// A workout dated after 2126 cannot be a FIT date (it would wrap to 1990): it is refused, by name.
    @Test func aDateFITCannotHoldIsRefusedByName() throws {
        let state = temporaryDirectory()
        let r = try run(binary, ["start", short, "--plain", "--mute"], environment: ["XDG_STATE_HOME": state])
        #expect(r.status == 0, "\(r.stderr)")
        // A hundred years on.
        try sql("UPDATE sessions SET started_at = started_at + 3155760000; "
                + "UPDATE segments SET ended_at = ended_at + 3155760000", in: state)
        let dir = temporaryDirectory() + "/fit"
        let refused = try export(state, to: dir)
        #expect(refused.status == 65 && refused.paths.isEmpty && files(in: dir).isEmpty)
        #expect(refused.stderr.hasPrefix("sevenmin: sevenmin-21") && refused.stderr.hasSuffix(
            ".fit not written: FIT holds dates from 1998-07-03 to 2126-02-06 only.\n"), "\(refused.stderr)")
    }

    /// Files the core makes for what a run of the binary cannot easily make: a workout resumed an hour
    /// later, one ending on FIT's last second, one on its first, and one of 1,000 laps.
    @Test(.enabled(if: FITDecoders.reachable, "PyPI cannot be reached, so the decoders cannot be installed"))
    func filesAtTheEdgesAreActivitiesToo() throws {
        guard let python = FITDecoders.python() else { return }
        func workout(_ count: Int, start: Double, gapAfter: Int? = nil) -> (SessionRecord, [SegmentRecord]) {
            let session = SessionRecord(id: 3, routine: "R", routineFile: "r.json", contentHash: "", startedAt: start,
                                        utcOffset: 0, plannedSeconds: 10, plannedExercises: count, outcome: .completed)
            let segments = (0..<count).map { k in
                let late = gapAfter.map { k > $0 } ?? false
                return SegmentRecord(index: k, kind: k % 2 == 0 ? "work" : "rest", exercise: "A", round: 1,
                                     planned: 10, actual: 10, ended: .ranOut,
                                     endedAt: start + 10 * Double(k + 1) + (late ? 3600 : 0), part: late ? 2 : 1)
            }
            return (session, segments)
        }
        let epoch = 631_065_600.0
        let dir = temporaryDirectory()
        var paths: [String] = []
        for (k, (session, segments)) in [workout(4, start: 1_780_000_000, gapAfter: 1),
                                        workout(3, start: epoch + 0xFFFF_FFFE - 30),
                                        workout(2, start: epoch + 0x1000_0000),
                                        workout(1000, start: 1_780_000_000)].enumerated() {
            paths.append(dir + "/\(k).fit")
            try Data(try FITActivity.encode(session, segments: segments)).write(to: URL(fileURLWithPath: paths[k]))
        }
        let files = try FITDecoders.check(paths, with: python)
        #expect(files.map(\.laps.count) == [4, 3, 2, 1000] && files.map(\.records) == [6, 4, 3, 1001])
        let resumed = try #require(files.first?.sessions.first)
        #expect(resumed.timer == 40 && resumed.elapsed == 3640)
    }

    @Test func fitGoesWithNeitherJSONNorCSVAndSaysWhenThereIsNothing() throws {
        let dir = temporaryDirectory() + "/fit"
        #expect(try run(binary, ["history", "--fit", dir, "--json"]).status == 64)
        let empty = try run(binary, ["history", "--fit", dir])
        #expect(empty.status == 0 && empty.stdout.isEmpty)
        #expect(empty.stderr == "No workouts recorded yet; nothing to export.\n")
    }
}
