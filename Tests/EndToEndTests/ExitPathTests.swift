// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Every way out gives the terminal back, and nothing sevenmin receives or writes to can break it.
@Suite("Exit paths end to end", .serialized)
struct ExitPathTests {
    let long = fixtures + "/long.json"

    /// A crash (sent as a real signal) still puts back the modes the user had before curses, and the
    /// process dies of that signal, so the shell reports a crash.
    @Test(arguments: [(SIGSEGV, 139), (SIGABRT, 134), (SIGBUS, 135), (SIGFPE, 136), (SIGILL, 132), (SIGTRAP, 133),
                      (SIGSYS, 159), (SIGXCPU, 152), (SIGXFSZ, 153)])
    func aCrashRestoresTheUsersTerminal(signal: Int32, status: Int) throws {
        let tmux = try Tmux("ulimit -c 0; \(binary) start \(long) --mute")
        tmux.waitFor(text: "Get ready")
        kill(try #require(tmux.sevenminPID()), signal)
        tmux.waitFor(text: "exit=\(status)")
        tmux.expectTerminalRestored()
    }

    /// Signals whose default would kill us without a word are ignored: the workout goes on.
    @Test(arguments: [SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE])
    func strayLethalSignalsAreIgnored(signal: Int32) throws {
        let tmux = try Tmux("\(binary) start \(long) --mute")
        tmux.waitFor(text: "Get ready")
        let pid = try #require(tmux.sevenminPID())
        kill(pid, signal)
        tmux.send("n")
        tmux.waitFor(text: "Steady Squats")
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
        tmux.expectTerminalRestored()
    }

    /// An events reader that goes away: one notice, and the workout carries on.
    @Test func aBrokenEventsPipeIsReportedOnce() throws {
        let tmux = try Tmux("\(binary) start \(long) --mute --events >(head -c 1 > /dev/null)")
        tmux.waitFor(text: "Get ready")
        tmux.send("n")
        tmux.waitFor("the notice", timeout: 5) { $0.contains("events file: its reader") }
        tmux.send("n")
        tmux.waitFor(text: "Rest")
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
        tmux.expectTerminalRestored()
    }

    /// An events FIFO that nobody reads yet: a message at once, not a hang before the screen.
    @Test func anEventsFifoWithNoReaderIsRefusedAtOnce() throws {
        let dir = temporaryDirectory()
        #expect(mkfifo(dir + "/fifo", 0o600) == 0)
        let r = try run(binary, ["start", fixtures + "/short.json", "--mute", "--events", dir + "/fifo"])
        #expect(r.status == 73)
        #expect(r.stderr.contains("FIFO that no program is reading"))
    }

    /// The log is kept under 1 MiB: a larger one is moved aside once, and each run starts with a separator.
    @Test func theLogIsRotatedOnceAndEachRunIsMarked() throws {
        let state = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: state + "/sevenmin", withIntermediateDirectories: true)
        let log = state + "/sevenmin/sevenmin.log"
        try String(repeating: "old line\n", count: 130_000).write(toFile: log, atomically: true, encoding: .utf8)
        let r = try run(binary, ["start", fixtures + "/short.json", "--no-voice", "--plain"],
                        environment: ["XDG_STATE_HOME": state])
        #expect(r.status == 0)
        let old = (try? FileManager.default.attributesOfItem(atPath: log + ".1")[.size] as? Int) ?? 0
        #expect(old == 130_000 * 9)
        let fresh = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(fresh.contains("---- sevenmin ") && fresh.contains(" start, pid "))
        // sevenmin's own lines carry a UTC timestamp.
        let audioLine = fresh.split(separator: "\n").first { $0.contains("audio:") }.map(String.init) ?? ""
        #expect(audioLine.range(of: #"^\d{4}-\d\d-\d\dT"#, options: .regularExpression) != nil)
    }

    /// What a workout writes before its first frame (the run's separator, the sound device's complaints) waits in
    /// memory until the screen is up, and then reaches the log whole and in order.
    @Test func whatComesBeforeTheFirstFrameReachesTheLogInOrder() throws {
        let tmux = try Tmux("\(binary) start \(long) --no-voice")
        tmux.waitFor(text: "Get ready")
        let path = tmux.directory + "/sevenmin/sevenmin.log"
        var log = ""
        let deadline = Date().addingTimeInterval(10)
        while !log.contains("sevenmin: audio: ") && Date() < deadline {
            log = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            usleep(20_000)
        }
        let lines = log.split(separator: "\n")
        #expect(lines.first?.contains("---- sevenmin ") == true && lines.first?.contains(" start, pid ") == true,
                "\(log)")
        #expect(lines.filter { $0.contains("---- sevenmin ") }.count == 1, "\(log)")
        #expect(lines.contains { $0.contains("sevenmin: audio: ") }, "\(log)")
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
        tmux.expectTerminalRestored()
    }

    @Test func aClosedStandardErrorChangesNothing() throws {
        let tmux = try Tmux("\(binary) start \(long) --mute 2>&-")
        tmux.waitFor(text: "Get ready")
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
        tmux.expectTerminalRestored()
        // Without a terminal either: a usage error keeps its status, it does not crash.
        let r = try run("/bin/sh", ["-c", "\(binary) bogus 2>&-; echo $?"])
        #expect(r.stdout == "64\n")
    }

    @Test(arguments: [["list"], ["routines"], ["--help"], ["list", "--json"]])
    func aFullDiskIsAWriteError(args: [String]) throws {
        let r = try run("/bin/sh", ["-c", "\(binary) \(args.joined(separator: " ")) > /dev/full"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("write error"))
    }

    /// Run from a script, sevenmin does not lead its job; Ctrl-Z then fg must not stop it again.
    @Test func ctrlZFromAScriptComesBackPaused() throws {
        let tmux = try Tmux("sh -c '\(binary) start \(long) --mute'")
        tmux.waitFor(text: "Get ready")
        tmux.send("C-z")
        // The script's shell stops at once, so bash may write its "Stopped" while the workout still
        // has the alternate screen; wait for the terminal to be given back instead.
        tmux.waitFor("the normal screen") { _ in tmux.format("#{alternate_on}") == "0" }
        tmux.type("fg")
        tmux.waitFor(text: "PAUSED")
        // Still running, not stopped a second time: it answers keys.
        tmux.send("Space")
        tmux.waitFor("the countdown running again") { !$0.contains("PAUSED") }
        tmux.quitWorkout()
        tmux.waitFor("the normal screen") { _ in tmux.format("#{alternate_on}") == "0" }
    }
}
