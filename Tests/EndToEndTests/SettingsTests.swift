// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The config file and `sevenmin config`, as a user meets them.
@Suite("Config end to end", .serialized)
struct ConfigEndToEndTests {
    /// A config folder holding `text` as its `config.json`.
    func configHome(_ text: String) throws -> String {
        let home = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: home + "/sevenmin", withIntermediateDirectories: true)
        try text.write(toFile: home + "/sevenmin/config.json", atomically: true, encoding: .utf8)
        return home
    }

    @Test func configShowsEachSettingAndWhereItCameFrom() throws {
        let home = try configHome("{\n  \"mute\": true,\n  \"rate\": 200\n}\n")
        let file = home + "/sevenmin/config.json"
        let r = try run(binary, ["config"], environment: ["XDG_CONFIG_HOME": home])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(lines.first == "Config file: \(file)")
        #expect(lines.contains("mute true \(file):2"))
        #expect(lines.contains("rate 200 \(file):3"))
        #expect(lines.contains("volume 100 default"))
    }

    @Test func withNoFileEverySettingIsTheDefault() throws {
        let r = try run(binary, ["config"], environment: ["XDG_CONFIG_HOME": temporaryDirectory()])
        #expect(r.status == 0)
        #expect(r.stdout.contains("(not there: all defaults)"))
        #expect(!r.stdout.split(separator: "\n").dropFirst().contains { !$0.hasSuffix("default") })
    }

    @Test(arguments: [["config"], ["start", "--mute"], ["stats"]])
    func aBrokenFileIsRefusedWithEveryProblemAndItsPosition(args: [String]) throws {
        let home = try configHome("{\n  \"volme\": 50,\n  \"bell\": \"loud\"\n}\n")
        let file = home + "/sevenmin/config.json"
        let r = try run(binary, args, environment: ["XDG_CONFIG_HOME": home, "XDG_STATE_HOME": temporaryDirectory()])
        #expect(r.status == 65)
        #expect(r.stderr == """
            \(file):2:3: unknown key "volme" in the config; did you mean "volume"?
            \(file):3:11: "bell" must be one of "auto", "always" or "never", not "loud"

            """)
    }

    /// A voice the engines do not list stops `start`, so `config` and `doctor` say so too, in the same words.
    @Test(arguments: [["config"], ["start"], ["doctor"]])
    func aVoiceNoEngineListsIsAProblemForEveryCommand(args: [String]) throws {
        let home = try configHome(#"{"voice":"rmss"}"#)
        let file = home + "/sevenmin/config.json"
        let r = try run(binary, args, environment: ["XDG_CONFIG_HOME": home, "XDG_STATE_HOME": temporaryDirectory()])
        let problem = "\(file):1:10: \"rmss\" is not a voice this machine has; did you mean \"rms\"?"
        if args == ["doctor"] {
            #expect(r.status == 1, "\(r.stdout)")
            #expect(r.stdout.contains(problem), "\(r.stdout)")
            #expect(!r.stdout.contains("A workout can run."))
        } else {
            #expect(r.status == 65, "\(r.stderr)")
            #expect(r.stderr == problem + "\n")
        }
    }

    @Test func theCommandLineWinsOverTheFile() throws {
        let home = try configHome("{\"routine\": \"\(fixtures)/short.json\"}")
        // The file's routine when none is named…
        var tmux = try Tmux("XDG_CONFIG_HOME=\(home) \(binary) start --mute --no-history")
        tmux.waitFor(text: "Short Test Routine")
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
        // …and the one named when one is.
        tmux = try Tmux("XDG_CONFIG_HOME=\(home) \(binary) start \(fixtures)/long.json --mute --no-history")
        tmux.waitFor(text: "Get ready")
        #expect(!tmux.screen().contains("Short Test Routine"))
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
    }
}

/// `sevenmin doctor`, with and without a sound device (tests run with no sound card).
@Suite("Doctor end to end", .serialized)
struct DoctorEndToEndTests {
    func doctor(_ config: String? = nil, _ extra: [String: String] = [:], args: [String] = [])
        throws -> (status: Int32, stdout: String, stderr: String) {
        let home = temporaryDirectory()
        if let config {
            try FileManager.default.createDirectory(atPath: home + "/sevenmin", withIntermediateDirectories: true)
            try config.write(toFile: home + "/sevenmin/config.json", atomically: true, encoding: .utf8)
        }
        let environment = ["XDG_CONFIG_HOME": home, "XDG_STATE_HOME": home, "TERM": "xterm-256color",
                           "LC_ALL": "C.UTF-8"].merging(extra) { $1 }
        return try run(binary, ["doctor"] + args, environment: environment)
    }

    @Test func withoutSoundAWorkoutCanStillRun() throws {
        let r = try doctor(#"{"audioDriver": "pulse"}"#)
        #expect(r.status == 0, "\(r.stdout)")
        #expect(r.stdout.contains("✘ no sound device: cues will be silent"))
        #expect(r.stdout.contains("→ start PulseAudio or PipeWire"))
        #expect(r.stdout.contains("✔ TERM=xterm-256color: known, can move the cursor"))
        #expect(r.stdout.hasSuffix("A workout can run.\n"))
        #expect(r.stderr.isEmpty, "libraries' chatter belongs in the log: \(r.stderr)")
    }

    /// Where no log can be written (a read-only state folder, or a file in its place), what ALSA and libao
    /// say while probed is dropped rather than printed among doctor's lines.
    @Test(arguments: ["a file", "read-only"])
    func withNoLogTheLibrariesStillSayNothing(state: String) throws {
        let folder = temporaryDirectory() + "/state"
        if state == "a file" || getuid() == 0 {
            // Root writes into a read-only folder; a file where the folder should be stops everyone.
            try "not a folder".write(toFile: folder, atomically: true, encoding: .utf8)
        } else {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            chmod(folder, 0o500)
        }
        defer { chmod(folder, 0o700) }
        let r = try doctor(nil, ["XDG_STATE_HOME": folder])
        #expect(r.stdout.contains("libao"), "\(r.stdout)")
        #expect(r.stderr.isEmpty, "doctor's output must be its own: \(r.stderr)")
    }

    /// The Voice section counts each engine's voices and says how to list them; `--voices` lists every one.
    @Test func voicesAreCountedAndListedOnlyWhenAsked() throws {
        let short = try doctor()
        let line = try #require(short.stdout.split(separator: "\n").first { $0.contains("espeak-ng: ") })
        #expect(line.contains(" voices (") && line.hasSuffix("'sevenmin doctor --voices' lists them"), "\(line)")
        #expect(!line.contains("en-US"), "\(line)")
        let all = try doctor(args: ["--voices"])
        let listed = try #require(all.stdout.split(separator: "\n").first { $0.contains("espeak-ng: ") })
        #expect(listed.contains(", en-US, ") && listed.contains(", de, "), "\(listed)")
    }

    @Test func theNullDriverOpensAndPlays() throws {
        let r = try doctor(#"{"audioDriver": "null"}"#, args: ["--play"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("✔ libao driver null: opens"))
        #expect(r.stdout.contains("✔ played the 'go' cue"))
    }

    /// What the config file turns off is reported as off, not as broken; a routine that is not there
    /// stops the workout.
    @Test func whatTheConfigTurnsOffAndAMissingRoutine() throws {
        let r = try doctor(#"{"mute": true, "voice": false, "history": false, "routine": "nosuch"}"#)
        #expect(r.status == 1)
        #expect(r.stdout.contains("muted by the config file: no sound is tried"))
        #expect(r.stdout.contains("the voice is off in the config file"))
        #expect(r.stdout.contains("history is off"))
        #expect(r.stdout.contains("'nosuch', is not found"))
    }

    /// On a real terminal, with a history: the size is checked and the history's state is told.
    @Test func onATerminalWithAHistory() throws {
        let tmux = try Tmux("XDG_STATE_HOME=\(LookingBackTests.recorded) \(binary) doctor", width: 200, height: 40)
        let screen = tmux.waitFor(text: "exit=0")
        #expect(screen.contains("size 200×40"))
        #expect(screen.contains("intact, 2 workouts recorded"))
    }

    @Test func aTerminalThatCannotMoveTheCursorStopsAWorkout() throws {
        let r = try doctor(nil, ["TERM": "dumb"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("✘ TERM=dumb cannot move the cursor"))
    }

    @Test func aBrokenConfigIsShownWithItsPositions() throws {
        let r = try doctor("{\"rate\": 9}")
        #expect(r.status == 1)
        #expect(r.stdout.contains("config.json:1:10: \"rate\" must be from 80 to 450, not 9"))
    }

    @Test func withoutUTF8TheMarksAreASCII() throws {
        let r = try doctor(#"{"audioDriver": "null"}"#, ["LC_ALL": "C", "LANG": "C"])
        #expect(r.stdout.contains("[ok] libao driver null: opens"))
        #expect(r.stdout.contains("[!!] the locale is not UTF-8"))
        #expect(!r.stdout.contains("✔"))
    }

    @Test func aBrokenRoutineIsNamed() throws {
        let dir = temporaryDirectory()
        try "{\"name\": 3}".write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
        let r = try doctor(nil, ["SEVENMIN_WORKOUTS": dir])
        #expect(r.status == 0, "a broken routine that is not the one started does not stop a workout")
        #expect(r.stdout.contains("✘ bad is broken: \(dir)/bad.json:1:1: the routine has no \"exercises\""))
        #expect(r.stdout.contains("→ run 'sevenmin validate \(dir)/bad.json' for every problem"))
    }
}

/// The status file and `sevenmin status`, through whole workouts and every way they end.
@Suite("Status end to end", .serialized)
struct StatusEndToEndTests {
    /// Runs `args` under start in tmux with its own runtime folder.
    func workout(_ args: String) throws -> (Tmux, runtime: String) {
        let runtime = temporaryDirectory()
        let tmux = try Tmux("XDG_RUNTIME_DIR=\(runtime) \(binary) start \(args) --mute --no-history")
        return (tmux, runtime)
    }

    func status(_ runtime: String, _ args: [String] = []) throws -> (status: Int32, stdout: String, stderr: String) {
        try run(binary, ["status"] + args, environment: ["XDG_RUNTIME_DIR": runtime])
    }

    func waitForStatus(_ runtime: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
                       _ predicate: ((status: Int32, stdout: String, stderr: String)) -> Bool) {
        let deadline = Date().addingTimeInterval(10)
        var last: (status: Int32, stdout: String, stderr: String) = (-1, "", "")
        while Date() < deadline {
            if let r = try? status(runtime) {
                last = r
                if predicate(r) { return }
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("Timed out waiting for \(what); status said \(last)", sourceLocation: sourceLocation)
    }

    @Test func statusFollowsTheWorkoutAndGoesWhenItFinishes() throws {
        let (tmux, runtime) = try workout("\(fixtures)/short.json")
        waitForStatus(runtime, "Get ready") { $0.status == 0 && $0.stdout.hasPrefix("Get ready 0:0") }
        waitForStatus(runtime, "the first exercise") { $0.stdout.hasPrefix("Alpha Squats 0:0") }
        tmux.send("Space")
        waitForStatus(runtime, "the pause") { $0.stdout.hasSuffix("(paused)\n") }
        let json = try status(runtime, ["--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["title"] as? String == "Alpha Squats" && object["state"] as? String == "paused")
        #expect(try status(runtime, ["--format", "{segment}/{segments}"]).stdout == "2/4\n")
        tmux.send("Space")
        tmux.waitFor(text: "Workout complete", timeout: 20)
        #expect(try status(runtime).status == 1, "a finished workout is under way no more")
        tmux.dismissSummary()
        tmux.waitFor(text: "exit=0")
        #expect(!FileManager.default.fileExists(atPath: runtime + "/sevenmin/status.json"))
    }

    /// The wall clock set an hour forward or back while a segment runs (libfaketime moving the
    /// reader's wall clock alone): `status` counts down on CLOCK_MONOTONIC and still says the time
    /// left, where by `endsAt` alone it said 0:00, or an hour too much, until the next segment.
    @Test(arguments: ["+1h", "-1h"])
    func aWallClockJumpLeavesStatusRight(jump: String) throws {
        let preload = try #require(["x86_64-linux-gnu", "aarch64-linux-gnu"]
            .map { "/usr/lib/\($0)/faketime/libfaketime.so.1" }
            .first { FileManager.default.fileExists(atPath: $0) }, "faketime is installed by scripts/setup --test")
        let (tmux, runtime) = try workout("\(fixtures)/long.json")
        waitForStatus(runtime, "a running segment") { $0.status == 0 }
        func seconds(_ text: String) -> Int? {
            let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ":")
                .compactMap { Int($0) }
            return parts.count == 2 ? parts[0] * 60 + parts[1] : nil
        }
        let before = try #require(seconds(try status(runtime, ["--format", "{remaining}"]).stdout))
        let jumped = try run(binary, ["status", "--format", "{remaining}"], environment: [
            "XDG_RUNTIME_DIR": runtime, "LD_PRELOAD": preload, "FAKETIME": jump, "DONT_FAKE_MONOTONIC": "1"])
        let after = try #require(seconds(try status(runtime, ["--format", "{remaining}"]).stdout))
        let left = try #require(seconds(jumped.stdout), "\(jumped.stdout) \(jumped.stderr)")
        #expect(before >= left && left >= after && before - after <= 2, "\(before) \(left) \(after)")
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
    }

    /// The workout's own wall clock set two minutes forward while a segment runs (libfaketime, its offset
    /// read from a file rewritten mid-segment): the status file's `endsAt`, which scripts read as a wall-clock
    /// time, is written again within a second or so, two minutes later, rather than staying early until the
    /// next segment. Two minutes, not an hour: libfaketime moves absolute CLOCK_MONOTONIC timers back by the
    /// offset too, which the kernel refuses (EINVAL) as a negative time on a machine up for less than that.
    @Test func aWallClockJumpRewritesTheStatusFilesEnd() throws {
        let preload = try #require(["x86_64-linux-gnu", "aarch64-linux-gnu"]
            .map { "/usr/lib/\($0)/faketime/libfaketime.so.1" }
            .first { FileManager.default.fileExists(atPath: $0) }, "faketime is installed by scripts/setup --test")
        let runtime = temporaryDirectory()
        let offset = runtime + "/faketime-offset"
        try "+0\n".write(toFile: offset, atomically: true, encoding: .utf8)
        let tmux = try Tmux("XDG_RUNTIME_DIR=\(runtime) LD_PRELOAD=\(preload) FAKETIME_TIMESTAMP_FILE=\(offset) "
            + "FAKETIME_NO_CACHE=1 DONT_FAKE_MONOTONIC=1 \(binary) start \(fixtures)/long.json --mute --no-history")
        func record() -> (segment: Int, endsAt: Double)? {
            guard let data = FileManager.default.contents(atPath: runtime + "/sevenmin/status.json"),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let end = object["endsAt"] as? Double, let segment = object["segment"] as? Int else { return nil }
            return (segment, end)
        }
        waitForStatus(runtime, "a running segment") { $0.status == 0 }
        let before = try #require(record())
        try "+2m\n".write(toFile: offset, atomically: true, encoding: .utf8)
        let deadline = Date().addingTimeInterval(10)
        var after = record()
        while Date() < deadline, (after?.endsAt ?? 0) < before.endsAt + 60 {
            Thread.sleep(forTimeInterval: 0.05)
            after = record()
        }
        let moved = try #require(after)
        #expect(moved.segment == before.segment, "the same segment: written again for the jump, not for a new one")
        #expect(abs(moved.endsAt - before.endsAt - 120) < 5, "\(before.endsAt) then \(moved.endsAt)")
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
    }

    @Test(arguments: ["quit", "SIGTERM", "SIGINT"])
    func theFileGoesOnEveryExit(how: String) throws {
        let (tmux, runtime) = try workout("\(fixtures)/long.json")
        waitForStatus(runtime, "Get ready") { $0.status == 0 }
        switch how {
        case "quit": tmux.quitWorkout()
        case "SIGTERM": kill(try #require(tmux.sevenminPID()), SIGTERM)
        default: kill(try #require(tmux.sevenminPID()), SIGINT)
        }
        tmux.waitFor("the program to end") { _ in tmux.sevenminPID() == nil }
        #expect(try status(runtime).status == 1)
        #expect(!FileManager.default.fileExists(atPath: runtime + "/sevenmin/status.json"))
    }

    @Test func aCrashRemovesTheFileToo() throws {
        let (tmux, runtime) = try workout("\(fixtures)/long.json")
        waitForStatus(runtime, "Get ready") { $0.status == 0 }
        // The crash guard catches SIGSEGV however it is raised.
        kill(try #require(tmux.sevenminPID()), SIGSEGV)
        tmux.waitFor(text: "exit=139")
        #expect(!FileManager.default.fileExists(atPath: runtime + "/sevenmin/status.json"))
    }

    @Test func aFileLeftByAKilledWorkoutIsNoWorkout() throws {
        let (tmux, runtime) = try workout("\(fixtures)/long.json")
        waitForStatus(runtime, "Get ready") { $0.status == 0 }
        kill(try #require(tmux.sevenminPID()), SIGKILL)
        tmux.waitFor(text: "exit=137")
        #expect(FileManager.default.fileExists(atPath: runtime + "/sevenmin/status.json"), "SIGKILL leaves it behind")
        let r = try status(runtime)
        #expect(r.status == 1 && r.stdout.isEmpty)
    }

    @Test func withoutARuntimeFolderTheStateFolderHoldsIt() throws {
        let tmux = try Tmux("env -u XDG_RUNTIME_DIR \(binary) start \(fixtures)/long.json --mute --no-history")
        let environment = ["XDG_STATE_HOME": tmux.directory, "XDG_RUNTIME_DIR": ""]
        let deadline = Date().addingTimeInterval(10)
        var said = ""
        while Date() < deadline, !said.hasPrefix("Get ready") {
            said = (try? run(binary, ["status"], environment: environment).stdout) ?? ""
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(said.hasPrefix("Get ready"))
        #expect(FileManager.default.fileExists(atPath: tmux.directory + "/sevenmin/status.json"))
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
    }
}

/// The desktop notification at the finish, read from the raw bytes the program sent to tmux.
@Suite("Notification end to end", .serialized)
struct NotificationEndToEndTests {
    func finish(_ options: String) throws -> String {
        let tmux = try Tmux("")
        let raw = tmux.directory + "/raw"
        // capture-pane shows no OSC sequences: pipe-pane hands over the pane's output as it was written.
        try tmux.tmux(["pipe-pane", "-O", "cat > \(raw)"])
        tmux.type("env -u KITTY_WINDOW_ID -u WT_SESSION -u TERM_PROGRAM \(binary) start \(fixtures)/short.json "
                  + "--mute --no-history \(options); echo \"ex\"\"it=$?\"")
        tmux.waitFor(text: "Workout complete", timeout: 20)
        tmux.dismissSummary()
        tmux.waitFor(text: "exit=0")
        return (try? String(contentsOfFile: raw, encoding: .utf8)) ?? ""
    }

    @Test func theFinishAsksTheOuterTerminalThroughTmux() throws {
        let raw = try finish("")
        #expect(raw.contains(
            "\u{1B}Ptmux;\u{1B}\u{1B}]777;notify;Workout complete;Short Test Routine: 2/2 exercises in "))
    }

    @Test func noNotifyTurnsItOff() throws {
        let raw = try finish("--no-notify")
        #expect(raw.contains("Short Test Routine"), "the pane's output was captured")
        #expect(!raw.contains("]777;notify;"))
    }
}
