// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `sevenmin during -- CMD`: a workout beside a real command, in tmux with the real binary.
@Suite("During a command end to end", .serialized)
struct DuringEndToEndTests {
    let routine = fixtures + "/during.json"
    let long = fixtures + "/long.json"

    /// The log `during` wrote under the state folder `state`.
    func logs(_ state: String) -> [String] {
        let folder = state + "/sevenmin/during"
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().map { folder + "/" + $0 }
    }

    /// The command shows on the status line with its time, then its last line; it ends mid-exercise, which runs to
    /// its end before the finish; sevenmin exits with the command's status.
    @Test func theWorkoutRunsBesideTheCommandAndEndsAtTheNextBoundary() throws {
        let dir = temporaryDirectory()
        let tmux = try Tmux("\(binary) during \(routine) --mute --events \(dir)/ev.jsonl -- "
            + "sh -c 'sleep 12; echo done; exit 3'")
        tmux.waitFor("sh running on the status line") { $0.range(of: #"sh 0:0\d"#, options: .regularExpression) != nil }
        tmux.waitFor(text: "sh exit 3 · done", timeout: 40)
        tmux.waitFor(text: "sh exit 3 · done")
        tmux.dismissSummary()
        tmux.waitFor(text: "exit=3")
        tmux.expectTerminalRestored()
        #expect(tmux.screen().contains("sevenmin: sh exited 3; its output: "))
        let lines = events(dir + "/ev.jsonl")
        let command = try #require(lines.first { $0["event"] as? String == "command" })
        #expect(command["name"] as? String == "sh" && command["exit"] as? Int == 3)
        let ended = try #require(command["t"] as? Double)
        let finish = try #require(lines.first { $0["event"] as? String == "finish" }?["t"] as? Double)
        // The exercise under way at 12 s (Bravo, 9–15 s) ran to its end: the finish is its end, not the command's,
        // and no rest began after it.
        let last = try #require(lines.last { $0["event"] as? String == "segment" })
        let started = try #require(last["t"] as? Double)
        // The command starts a moment before the workout's clock does.
        #expect(last["kind"] as? String == "work" && ended >= 11 && ended < finish, "\(lines)")
        #expect(abs(finish - started - 6) < 0.1, "\(lines)")
    }

    @Test func aCommandNotFoundExits127AndLeavesTheTerminalAlone() throws {
        let tmux = try Tmux("\(binary) during \(routine) --mute -- /nonexistent")
        tmux.waitFor(text: "exit=127")
        tmux.expectTerminalRestored()
        #expect(tmux.screen().contains("sevenmin: cannot run '/nonexistent': No such file or directory"))
    }

    @Test func aCommandThatCannotRunExits126() throws {
        let dir = temporaryDirectory()
        _ = FileManager.default.createFile(atPath: dir + "/script", contents: Data("echo hi\n".utf8),
                                       attributes: [.posixPermissions: 0o600])
        let r = try run(binary, ["during", routine, "--mute", "--", dir + "/script"],
                        environment: ["XDG_STATE_HOME": dir])
        #expect(r.status == 126)
        #expect(r.stderr.contains("Permission denied"))
    }

    /// A command killed by a signal gives 128 + N, as a shell would; here the workout had not begun an exercise, so
    /// it ends at once.
    @Test func aCommandKilledBySignalGives128PlusN() throws {
        let dir = temporaryDirectory()
        let r = try run(binary, ["during", routine, "--mute", "--", "sh", "-c", "kill -TERM $$"],
                        environment: ["XDG_STATE_HOME": dir])
        #expect(r.status == 143, "\(r.stderr)")
        #expect(r.stderr.contains("sevenmin: sh killed 15"))
    }

    /// Ctrl-C asks whether to stop the command too; Ctrl-C again (the default) stops the command and the workout:
    /// nothing is left in its process group, and sevenmin dies by SIGINT (bash drops the rest of the line, as it
    /// does only for a death by SIGINT).
    @Test func ctrlCStopsBothAndDiesBySIGINT() throws {
        let tmux = try Tmux("\(binary) during \(long) --mute -- sleep 600")
        tmux.waitFor(text: "sleep 0:0")
        let sevenmin = try #require(tmux.sevenminPID())
        let child = try run("/usr/bin/pgrep", ["-x", "sleep", "-P", String(sevenmin)]).stdout
        let group = try #require(Int32(child.split(separator: "\n").first ?? ""))
        #expect(getpgid(group) == group, "the command leads a process group of its own")
        tmux.send("C-c")
        tmux.waitFor(text: "b  quit, leave sleep running")
        tmux.send("C-c")
        tmux.reportStatusAfterAbort()
        tmux.waitFor(text: "exit=130")
        tmux.expectTerminalRestored()
        #expect(kill(-group, 0) == -1 && errno == ESRCH, "a process is left in the command's group")
    }

    @Test(arguments: [(SIGTERM, "exit=143"), (SIGHUP, "exit=129")])
    func sigtermAndSighupStopBoth(signal: Int32, expected: String) throws {
        let tmux = try Tmux("\(binary) during \(long) --mute -- sleep 600")
        tmux.waitFor(text: "sleep 0:0")
        let sevenmin = try #require(tmux.sevenminPID())
        let child = try run("/usr/bin/pgrep", ["-x", "sleep", "-P", String(sevenmin)]).stdout
        let group = try #require(Int32(child.split(separator: "\n").first ?? ""))
        kill(sevenmin, signal)
        tmux.waitFor(text: expected)
        tmux.expectTerminalRestored()
        #expect(kill(-group, 0) == -1 && errno == ESRCH, "a process is left in the command's group")
    }

    /// 10 MB of output with colours, titles, carriage returns and every byte value reach the log exactly as written;
    /// with `--now` the workout ends at the command's end, not the exercise's.
    @Test func theLogHoldsTheWholeOutputByteForByte() throws {
        let dir = temporaryDirectory()
        let script = """
            import sys
            out = sys.stdout.buffer
            for i in range(100000):
                head = b'\\x1b[3%dmline %d\\x1b[0m \\x1b]0;title %d\\x07' % (i % 8, i, i)
                out.write(head + bytes(range(256))[i % 200:] + (b'\\r\\n' if i % 3 else b'\\n'))
            out.write(b'all done')
            """
        try script.write(toFile: dir + "/write.py", atomically: true, encoding: .utf8)
        let reference = dir + "/reference"
        _ = try run("/bin/sh", ["-c", "python3 \(dir)/write.py > \(reference)"])
        let r = try run(binary, ["during", routine, "--mute", "--now", "--events", dir + "/ev.jsonl", "--",
                                 "python3", dir + "/write.py"], environment: ["XDG_STATE_HOME": dir])
        #expect(r.status == 0, "\(r.stderr)")
        let log = try #require(logs(dir).first)
        let written = try #require(FileManager.default.contents(atPath: log))
        let wanted = try #require(FileManager.default.contents(atPath: reference))
        #expect(wanted.count > 10_000_000)
        #expect(written == wanted, "\(written.count) bytes logged of \(wanted.count)")
        #expect(r.stderr.contains("its output: \(log)"))
        // --now: the finish follows the command's end at once.
        let lines = events(dir + "/ev.jsonl")
        let ended = try #require(lines.first { $0["event"] as? String == "command" }?["t"] as? Double)
        let finish = try #require(lines.first { $0["event"] as? String == "finish" }?["t"] as? Double)
        #expect(finish - ended < 0.1)
    }

    /// `--snack` does a desk snack's moves, as `sevenmin snack` lays them out, beside the command.
    @Test func snackDoesADeskSnacksMoves() throws {
        let dir = temporaryDirectory()
        let r = try run(binary, ["during", "--snack", "--mute", "--now", "--events", dir + "/ev.jsonl", "--",
                                 "sh", "-c", "sleep 1"], environment: ["XDG_STATE_HOME": dir])
        #expect(r.status == 0, "\(r.stderr)")
        let start = try #require(events(dir + "/ev.jsonl").first { $0["event"] as? String == "start" })
        #expect(start["routine"] as? String == "Desk snack", "\(start)")
        let refused = try run(binary, ["during", "--snack", "--rounds", "2", "--", "true"])
        #expect(refused.status == 64 && refused.stderr.contains("--snack"), "\(refused.stderr)")
    }

    /// Status bars see the command beside the exercise: `status` and `status --json` carry its name and state.
    @Test func statusCarriesTheCommandsState() throws {
        let runtime = temporaryDirectory()
        let tmux = try Tmux("XDG_RUNTIME_DIR=\(runtime) \(binary) during \(long) --mute -- sleep 600")
        tmux.waitFor(text: "sleep 0:0")
        let environment = ["XDG_RUNTIME_DIR": runtime]
        var line = ""
        waitUntil("the status file") {
            line = (try? run(binary, ["status"], environment: environment).stdout) ?? ""
            return !line.isEmpty
        }
        #expect(line.hasSuffix(" · sleep running\n"), "\(line)")
        let json = try run(binary, ["status", "--json"], environment: environment).stdout
        #expect(json.contains("\"command\": \"sleep\", \"commandState\": \"running\""), "\(json)")
        tmux.send("C-c")
        tmux.waitFor(text: "leave sleep running")
        tmux.send("Enter")
        tmux.reportStatusAfterAbort()
        tmux.waitFor(text: "exit=130")
    }

    /// A workout that ends first waits for the command, its time still moving; `q` leaves the command running in
    /// the background, its log still written, and sevenmin exits 124 (the command's status is not known yet).
    @Test func qOnTheFinishLeavesTheCommandRunning() throws {
        let command = "sh -c 'sleep 14; echo late'", runtime = temporaryDirectory()
        let tmux = try Tmux("XDG_RUNTIME_DIR=\(runtime) \(binary) during \(fixtures)/short.json --mute --no-history -- "
            + command)
        tmux.waitFor("the finish, waiting for sh") { $0.contains("How hard") || $0.contains("Press any key") }
        tmux.waitFor("sh's time on the finish screen") {
            $0.range(of: #"sh 0:1\d"#, options: .regularExpression) != nil
        }
        // Status bars still see the command, the workout done.
        let environment = ["XDG_RUNTIME_DIR": runtime]
        #expect(try run(binary, ["status"], environment: environment).stdout == "Done 0:00 · sh running\n")
        let json = try run(binary, ["status", "--json"], environment: environment).stdout
        #expect(json.contains("\"state\": \"finished\"") && json.contains("\"commandState\": \"running\""), "\(json)")
        tmux.send("q")
        tmux.waitFor(text: "exit=124")
        tmux.expectTerminalRestored()
        #expect(tmux.screen().contains("sevenmin: sh goes on running"))
        #expect(try run(binary, ["status"], environment: environment).status == 1, "a status left behind")
        let log = try #require(logs(tmux.directory).first)
        waitUntil("the command's last words in its log") {
            (try? String(contentsOfFile: log, encoding: .utf8)) == "late\n"
        }
    }

    /// `q` then `b` mid-workout leaves the command running in the background: alive after sevenmin has exited 124,
    /// its process group and log named on the terminal given back, its log still written.
    @Test func bAtTheQuitPromptLeavesTheCommandRunning() throws {
        let dir = temporaryDirectory()
        let command = "sh -c 'while [ ! -e \(dir)/go ]; do sleep 0.1; done; echo late; exec sleep 600'"
        let tmux = try Tmux("\(binary) during \(long) --mute --no-history -- \(command)")
        tmux.waitFor(text: "sh 0:0")
        let sevenmin = try #require(tmux.sevenminPID())
        let child = try run("/usr/bin/pgrep", ["-x", "sh", "-P", String(sevenmin)]).stdout
        let group = try #require(Int32(child.split(separator: "\n").first ?? ""))
        defer { kill(-group, SIGKILL) }
        tmux.send("q")
        tmux.waitFor(text: "b  quit, leave sh running")
        tmux.send("b")
        tmux.waitFor(text: "exit=124")
        tmux.expectTerminalRestored()
        #expect(tmux.screen().contains("sevenmin: sh goes on running (process group \(group)); its output: "))
        #expect(kill(-group, 0) == 0, "the command was stopped")
        let log = try #require(logs(tmux.directory).first)
        _ = FileManager.default.createFile(atPath: dir + "/go", contents: nil)
        waitUntil("the command's words after sevenmin's exit in its log") {
            (try? String(contentsOfFile: log, encoding: .utf8)) == "late\n"
        }
        #expect(kill(-group, 0) == 0, "the command ended with sevenmin")
    }
}
