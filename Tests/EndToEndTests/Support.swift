// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SevenminSystem
import SevenminTestSupport
import Testing

/// The folder of this test target, for fixtures.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// The built `sevenmin` binary, beside the test bundle.
let binary = BuiltBinary.path(repositoryRoot: repositoryRoot)

/// This host's name as a copy carries it (letters, digits, `-`, `_` and `.`; anything else a `-`).
var hostLabel: String {
    var buffer = [CChar](repeating: 0, count: 256)
    _ = gethostname(&buffer, 255)
    return String(String(nulTerminated: buffer).unicodeScalars.map {
        $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)) ? Character($0)
            : "-"
    })
}

/// A fresh temporary directory, removed with the rest when the tests end.
func temporaryDirectory() -> String { ScratchFolder.make("sevenmin-test") }

/// Runs a program to completion, capturing its output in files.
///
/// Written on posix_spawn and waitpid because Foundation's Process can miss the exit
/// of a child that daemonises (the tmux client), and then waits forever.
@discardableResult
func run(_ executable: String, _ args: [String], environment: [String: String] = [:], stdin: String? = nil,
         directory: String? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
    let scratch = temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let inPath = scratch + "/in", outPath = scratch + "/out", errPath = scratch + "/err"
    try (stdin ?? "").write(toFile: inPath, atomically: true, encoding: .utf8)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, inPath, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    // posix_spawn has no portable chdir action: go through the shell when asked.
    if let directory {
        return try run("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", directory, executable] + args,
                       environment: environment, stdin: stdin)
    }
    var env = ProcessInfo.processInfo.environment
    // Each run keeps its history, log and config in a folder of its own, never the user's (nor
    // another test's), unless the test says otherwise.
    env["XDG_STATE_HOME"] = scratch + "/state"
    env["XDG_CONFIG_HOME"] = scratch + "/config"
    env["XDG_RUNTIME_DIR"] = scratch + "/runtime"
    env["XDG_CACHE_HOME"] = scratch + "/cache"
    env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + scratch + "/no-bus"
    env["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=" + scratch + "/no-bus"
    env.merge(environment) { $1 }
    let pid = try spawn(executable, args, environment: env.map { "\($0.key)=\($0.value)" }, actions: &actions)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    let out = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
    let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
    return (exitStatus, out, err)
}

/// Starts a program and returns its pid without waiting: with `environment` (`NAME=value`) or this
/// process's, and with no signal blocked and default handlers, whatever this test thread has.
func spawn(_ executable: String, _ args: [String], environment: [String]? = nil,
           actions: UnsafePointer<posix_spawn_file_actions_t>? = nil) throws -> pid_t {
    let argv = ([executable] + args).map { strdup($0) } + [nil]
    let envp = environment.map { $0.map { strdup($0) } + [nil] }
    defer { (argv + (envp ?? [])).forEach { free($0) } }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t(), all = sigset_t()
    sigemptyset(&empty)
    sigfillset(&all)
    sigdelset(&all, SIGKILL)
    sigdelset(&all, SIGSTOP)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let rc: Int32
    if let envp { rc = posix_spawn(&pid, executable, actions, &attributes, argv, envp) } else {
        rc = posix_spawn(&pid, executable, actions, &attributes, argv, environ)
    }
    guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EINVAL) }
    return pid
}

/// A private tmux server running one command in a window of a fixed size.
final class Tmux {
    let name: String
    let directory: String
    private let config: String

    /// Starts an interactive bash, as a person's terminal has, and types `command` into it
    /// (unless it is empty). After the command exits the shell prints its exit status as
    /// `exit=N`, saves `stty -a`, and prints `finished`.
    /// With `recording`, everything the pane receives is kept, raw, in `rawOutput()`.
    init(_ command: String, width: Int = 100, height: Int = 30, recording: Bool = false) throws {
        name = "sevenmin-e2e-" + UUID().uuidString.prefix(8)
        directory = temporaryDirectory()
        config = directory + "/tmux.conf"
        // A fixed 256-colour terminal type, as golden tests fix the colour profile.
        try "set -g default-terminal tmux-256color\nset -g status off\n".write(toFile: config, atomically: true,
            encoding: .utf8)
        // No bus but a test's own: a workout would otherwise show on the desktop's and keep its screen awake.
        let shell = "exec env -u COLORTERM -u NO_COLOR PS1='e2e$ ' HOME=\(directory) XDG_STATE_HOME=\(directory) "
            + "DBUS_SESSION_BUS_ADDRESS=unix:path=\(directory)/no-bus "
            + "DBUS_SYSTEM_BUS_ADDRESS=unix:path=\(directory)/no-bus "
            + "XDG_CACHE_HOME=\(directory)/cache "
            + "bash --norc --noprofile -i"
        try tmux(["-f", config, "new-session", "-d", "-x", "\(width)", "-y", "\(height)", shell])
        waitFor("the shell prompt") { $0.contains("e2e$") }
        if recording { try tmux(["pipe-pane", "-o", "cat >> \(directory)/raw"]) }
        if !command.isEmpty { type("\(command); \(statusLine)") }
    }

    /// The bytes the pane received so far (with `recording`).
    func rawOutput() -> [UInt8] {
        Array(FileManager.default.contents(atPath: directory + "/raw") ?? Data())
    }

    /// What the shell runs after the command: its exit status, the terminal modes, and a marker.
    /// The quotes split the markers so that the typed line itself never matches them.
    private var statusLine: String {
        "echo \"ex\"\"it=$?\"; stty -a > \(directory)/stty.txt; echo \"fini\"\"shed\""
    }

    /// After a program that died of SIGINT or SIGQUIT: an interactive bash drops the rest of the
    /// command line then (as it must, so loops stop), so wait for the prompt and ask again.
    func reportStatusAfterAbort(sourceLocation: SourceLocation = #_sourceLocation) {
        waitFor("the prompt back", sourceLocation: sourceLocation) { screen in
            screen.split(separator: "\n").last.map { $0.hasPrefix("e2e$") } ?? false
        }
        type(statusLine)
    }

    /// Dismisses the finish summary. Keys in its first second are ignored (they were meant for the
    /// workout), so keep pressing until the program exits.
    func dismissSummary(sourceLocation: SourceLocation = #_sourceLocation) {
        waitFor("the summary to be dismissed", sourceLocation: sourceLocation) { _ in
            if format("#{alternate_on}") == "0" { return true }
            send("x")
            Thread.sleep(forTimeInterval: 0.2)
            return false
        }
    }

    /// Types a line into the shell.
    func type(_ line: String) {
        _ = try? tmux(["send-keys", "-l", line])
        _ = try? tmux(["send-keys", "Enter"])
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: directory)
    }

    @discardableResult
    func tmux(_ args: [String]) throws -> String {
        try run("/usr/bin/tmux", ["-L", name] + args).stdout
    }

    /// The screen as text, once it is still: two looks in a row alike. A frame is one write, but tmux may take
    /// it in several reads, and a look between two of them sees it part-way. After ten looks, the last.
    func screen() -> String {
        var last = (try? tmux(["capture-pane", "-p"])) ?? ""
        for _ in 0..<10 {
            let again = (try? tmux(["capture-pane", "-p"])) ?? ""
            if again == last { return again }
            last = again
        }
        return last
    }

    /// The screen with colour escapes (`capture-pane -e`); with `allColumns`, the blanks that end each row too (`-N`).
    func screenWithColours(allColumns: Bool = false) -> String {
        (try? tmux(["capture-pane", "-p", "-e"] + (allColumns ? ["-N"] : []))) ?? ""
    }

    /// What a screen with colour escapes shows, cell by cell, one row a line: each character with the colours
    /// and attributes it is drawn in, and a blank by the one colour it shows (its background, or in reverse
    /// video its foreground), so that two frames that look the same compare equal however their bytes got
    /// there. Blanks in the default colours at the end of a row are left out, as tmux leaves out some. The
    /// colours go on from one row to the next, as `capture-pane -e` writes them.
    static func shown(_ capture: String) -> [String] {
        var (fg, bg, attributes) = ("", "", Set<Int>())
        return capture.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var cells: [String] = []
            var rest = Substring(line)
            while let first = rest.first {
                if first == "\u{1B}", rest.dropFirst().first == "[", let end = rest.firstIndex(of: "m") {
                    let codes = rest[rest.index(rest.startIndex, offsetBy: 2)..<end]
                        .split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                    var k = 0
                    while k < codes.count {
                        switch codes[k] {
                        case 0: (fg, bg, attributes) = ("", "", [])
                        case 1, 2, 4, 7: attributes.insert(codes[k])
                        case 22: attributes.subtract([1, 2])
                        case 24, 27: attributes.remove(codes[k] - 20)
                        case 38, 48:
                            let width = codes.count > k + 1 && codes[k + 1] == 5 ? 3 : 5
                            let colour = codes[k..<min(codes.count, k + width)].map(String.init).joined(separator: ";")
                            if codes[k] == 38 { fg = colour } else { bg = colour }
                            k += width - 1
                        case 39: fg = ""
                        case 49: bg = ""
                        case 30...37, 90...97: fg = String(codes[k])
                        case 40...47, 100...107: bg = String(codes[k])
                        default: break
                        }
                        k += 1
                    }
                    rest = rest[rest.index(after: end)...]
                    continue
                }
                cells.append(first == " " ? "[" + (attributes.contains(7) ? "f" + fg : bg) + "]"
                    : "\(first)\(fg)/\(bg)/\(attributes.sorted())")
                rest = rest.dropFirst()
            }
            while cells.last == "[]" { cells.removeLast() }
            return cells.joined(separator: " ")
        }
    }

    func send(_ keys: String...) { _ = try? tmux(["send-keys"] + keys) }

    func format(_ spec: String) -> String {
        ((try? tmux(["display-message", "-p", spec])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The pid of the sevenmin process in the pane.
    func sevenminPID() -> Int32? {
        let out = (try? run("/usr/bin/pgrep", ["-x", "sevenmin", "-P", format("#{pane_pid}")]).stdout) ?? ""
        if let pid = Int32(out.split(separator: "\n").first ?? "") { return pid }
        // Inside the interactive shell the program is a grandchild.
        let shells = ((try? run("/usr/bin/pgrep", ["-P", format("#{pane_pid}")]).stdout) ?? "").split(separator: "\n")
        for shell in shells {
            let inner = (try? run("/usr/bin/pgrep", ["-x", "sevenmin", "-P", String(shell)]).stdout) ?? ""
            if let pid = Int32(inner.split(separator: "\n").first ?? "") { return pid }
        }
        return nil
    }

    /// Waits until `predicate` holds for the screen (with `colours`, or `allColumns`: as `screenWithColours`),
    /// up to `timeout` seconds; returns the last screen. The default deadline is only reached by a test that fails:
    /// it is long, since the suites run several at once on a loaded machine.
    @discardableResult
    func waitFor(_ what: String, timeout: Double = 30, colours: Bool = false, allColumns: Bool = false,
                 sourceLocation: SourceLocation = #_sourceLocation, _ predicate: (String) -> Bool) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = colours || allColumns ? screenWithColours(allColumns: allColumns) : screen()
            if predicate(last) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("Timed out waiting for \(what). Screen was:\n\(last)", sourceLocation: sourceLocation)
        return last
    }

    @discardableResult
    func waitFor(text: String, timeout: Double = 30, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        waitFor("'\(text)'", timeout: timeout, sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// Quits a workout under way: `q`, then `y` at the prompt.
    func quitWorkout(sourceLocation: SourceLocation = #_sourceLocation) {
        send("q")
        waitFor(text: "Quit this workout?", sourceLocation: sourceLocation)
        send("y")
    }

    /// The terminal modes recorded after the program exited.
    func sttyAfterExit() -> String {
        (try? String(contentsOfFile: directory + "/stty.txt", encoding: .utf8)) ?? ""
    }

    /// Checks that the terminal was handed back clean: normal screen, visible cursor,
    /// canonical mode with echo, and no colour left set.
    func expectTerminalRestored(sourceLocation: SourceLocation = #_sourceLocation) {
        waitFor(text: "finished", sourceLocation: sourceLocation)
        let modes = sttyAfterExit().split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init)
        #expect(modes.contains("icanon") && modes.contains("echo") && modes.contains("icrnl"),
                "terminal modes not restored: \(modes.joined(separator: " "))", sourceLocation: sourceLocation)
        #expect(format("#{alternate_on}") == "0", "still on the alternate screen", sourceLocation: sourceLocation)
        #expect(format("#{cursor_flag}") == "1", "cursor left hidden", sourceLocation: sourceLocation)
        let coloured = screenWithColours().split(separator: "\n").filter { $0.hasPrefix("exit=") }
        #expect(coloured.allSatisfy { !$0.contains("\u{1B}[") }, "colours leak after exit: \(coloured)",
            sourceLocation: sourceLocation)
    }

    /// The first `m:ss left` on screen, in seconds.
    func remainingOnStatusLine() -> Int? {
        for line in screen().split(separator: "\n") {
            guard let r = line.range(of: " left ·") else { continue }
            let clock = line[..<r.lowerBound].split(separator: " ").last ?? ""
            let parts = clock.split(separator: ":").compactMap { Int($0) }
            if parts.count == 2 { return parts[0] * 60 + parts[1] }
        }
        return nil
    }
}

/// Lines of an events file, decoded.
func events(_ path: String) -> [[String: Any]] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap {
        try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
}

/// Waits until `condition` holds, up to `timeout` seconds of the monotonic clock, looking every 20 ms;
/// records an issue and returns false if it never did. As for `Tmux.waitFor`, the default deadline is long.
@discardableResult
func waitUntil(_ what: String, timeout: Double = 30, sourceLocation: SourceLocation = #_sourceLocation,
               _ condition: () -> Bool) -> Bool {
    let deadline = monotonicSeconds() + timeout
    while monotonicSeconds() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    if condition() { return true }
    Issue.record("Timed out waiting for \(what)", sourceLocation: sourceLocation)
    return false
}

/// CLOCK_MONOTONIC in seconds: the clock of the events file's `clock` and `t`.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// A process's state letter from `/proc/PID/stat` (`R`, `S`, `T` for stopped…); nil when it is gone.
func processState(_ pid: Int32) -> Character? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return nil }
    return stat[close...].dropFirst(2).first
}

/// The status line's clock on a step that counts up (reps, a hold), as seconds, when it shows
/// "M:SS · Enter when done"; nil on any other step.
func countedUp(_ screen: String) -> Int? {
    guard let line = screen.split(separator: "\n").last(where: { $0.contains("Enter when done") }),
          let clock = line.split(separator: " ").first?.split(separator: ":"), clock.count == 2,
          let m = Int(clock[0]), let s = Int(clock[1]) else { return nil }
    return m * 60 + s
}
