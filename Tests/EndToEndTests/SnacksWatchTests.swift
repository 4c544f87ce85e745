// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `sevenmin snacks watch --every 1m` on a private session bus: python3-dbusmock stands in for GNOME's idle
/// monitor, the screen saver and the notification server (with buttons); `$TERMINAL` is a script that records
/// what it was asked to run, and runs it in tmux where a test asks. Each test has a bus of its own, so they run
/// side by side.
@Suite("The snack watcher end to end")
struct SnacksWatchEndToEndTests {
    static let idleMonitor = ["org.gnome.Mutter.IdleMonitor", "/org/gnome/Mutter/IdleMonitor/Core",
                              "org.gnome.Mutter.IdleMonitor"]
    /// The id `AddUserActiveWatch` answers; `AddIdleWatch` answers its interval in seconds (300 for a break).
    static let activeWatch = 1

    /// Who tells the watcher of idle time and the lock, as each desktop does.
    enum Source: String, CustomStringConvertible {
        /// GNOME's idle monitor, and the screen saver's lock.
        case gnome
        /// KDE's screen saver, for both.
        case kde
        /// logind's session hints on a system bus of the test's own, with no desktop on the session bus.
        case logind

        var description: String { rawValue }
    }

    struct Desk {
        let bus: PrivateBus
        /// logind's, where it is the source.
        let system: PrivateBus?
        let env: [String: String]
        let calls: String
        let asked: String
        let started: Double
        /// `parecord`, recording from the start, where a call was asked for.
        let recorder: pid_t?

        /// The `Notify` calls the server was sent.
        var notified: [String] {
            ((try? String(contentsOfFile: calls, encoding: .utf8)) ?? "").split(separator: "\n")
                .filter { $0.contains(" Notify ") }.map(String.init)
        }

        /// What `snacks.json`, the watcher's state, says; empty before the watcher first writes it.
        var state: String {
            (try? String(contentsOfFile: env["XDG_STATE_HOME"]! + "/sevenmin/snacks.json", encoding: .utf8)) ?? ""
        }

        /// The state's values by key; none before the watcher first writes it.
        var stateValues: [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(state.utf8))) as? [String: Any] ?? [:]
        }
    }

    /// A desk whose `source` says the person has been idle for `idleMinutes`, and the screen `locked`; in a call,
    /// if asked, from the start (Debian's pulseaudio with a null sink, and `parecord` recording from it); the
    /// watcher started on it with `--every 1m` and `options`. `$TERMINAL` records what it is asked to run and,
    /// given `tmux`, runs it there in a window of its own, with the watcher's environment, as a terminal would.
    func desk(source: Source = .gnome, idleMinutes: Int = 0, locked: Bool = false, call: Bool = false,
              tmux: Tmux? = nil, options: [String] = []) throws -> (Desk, pid_t) {
        var env = RemindEndToEndTests().user()
        let bus = try PrivateBus()
        env.merge(bus.environment()) { $1 }
        env["HOME"] = bus.directory
        try FileManager.default.createDirectory(atPath: env["XDG_RUNTIME_DIR"]!, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        var recorder: pid_t?
        if call {
            let with = env.map { "\($0.key)=\($0.value)" }
            try bus.start("/usr/bin/env", with + ["pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1",
                                                  "--use-pid-file=no", "-L", "module-null-sink",
                                                  "-L", "module-native-protocol-unix"],
                          output: bus.directory + "/pulseaudio.out")
            waitUntil("pulseaudio") { (try? run("/usr/bin/pactl", ["info"], environment: env))?.status == 0 }
            recorder = try bus.start("/usr/bin/env", with + ["parecord", "/dev/null"],
                                     output: bus.directory + "/parecord.out")
            waitUntil("parecord recording") {
                !((try? run("/usr/bin/pactl", ["list", "short", "source-outputs"], environment: env))?.stdout ?? "")
                    .isEmpty
            }
        }
        let calls = bus.directory + "/notifications.log"
        try RemindEndToEndTests().startDaemonWithButtons(on: bus, calls: calls, env: env)
        // No system bus but the test's own: this machine's logind is never asked.
        env["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=" + bus.directory + "/no-system-bus"
        var system: PrivateBus?
        switch source {
        case .gnome:
            let mocks = DesktopBusEndToEndTests()
            _ = try mocks.mock(Self.idleMonitor, on: bus, methods: [
                ("GetIdletime", "", "t", "ret = dbus.UInt64(\(idleMinutes * 60_000))"),
                ("AddIdleWatch", "t", "u", "ret = dbus.UInt32(args[0] // 1000)"),
                ("AddUserActiveWatch", "", "u", "ret = dbus.UInt32(\(Self.activeWatch))"),
                ("RemoveWatch", "u", "", ""),
            ])
            _ = try mocks.mock(DesktopBusEndToEndTests.saver, on: bus,
                               methods: [("GetActive", "", "b", "ret = \(locked ? "True" : "False")")])
        case .kde:
            _ = try kdeScreenSaver(on: bus, idleMinutes: idleMinutes, locked: locked)
        case .logind:
            system = try logind(idleMinutes: idleMinutes, locked: locked)
            env.merge(system!.environment(system: true)) { $1 }
            // Outside any session, as a user service is: logind's `auto` session is the one asked for.
            env["XDG_SESSION_ID"] = ""
        }
        let terminal = bus.directory + "/terminal", asked = bus.directory + "/asked"
        var script = "#!/bin/sh\nprintf '%s\\n' \"$@\" > \(asked)\n"
        if let tmux {
            let passed = ["HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR", "DBUS_SESSION_BUS_ADDRESS",
                          "DBUS_SYSTEM_BUS_ADDRESS"].map { "-e \"\($0)=$\($0)\"" }.joined(separator: " ")
            script += "shift\nexec tmux -S '\(tmux.format("#{socket_path}"))' new-window \(passed) \"$@\"\n"
        }
        try script.write(toFile: terminal, atomically: true, encoding: .utf8)
        chmod(terminal, 0o755)
        env["TERMINAL"] = terminal
        env["TMUX_TMPDIR"] = bus.directory
        let started = monotonicSeconds()
        let pid = try bus.start("/usr/bin/env", env.map { "\($0.key)=\($0.value)" } + [
            binary, "snacks", "watch", "--every", "1m", "--hours", "00:00-24:00", "--days",
            "sun,mon,tue,wed,thu,fri,sat",
        ] + options, output: bus.directory + "/watch.out")
        return (Desk(bus: bus, system: system, env: env, calls: calls, asked: asked, started: started,
                     recorder: recorder), pid)
    }

    /// Makes the mock `service` (name, path, interface) on `bus` send `signal` with `arguments` (Python values
    /// of D-Bus types `types`), from its own connection.
    func emit(_ service: [String], _ signal: String, _ types: String, _ arguments: String, on bus: PrivateBus) throws {
        let send = "import dbus; bus = dbus.bus.BusConnection('\(bus.address)'); "
            + "bus.get_object('\(service[0])', '\(service[1])').EmitSignal('\(service[2])', '\(signal)', "
            + "'\(types)', [\(arguments)], dbus_interface='org.freedesktop.DBus.Mock')"
        #expect(try run("/usr/bin/python3", ["-c", send]).status == 0)
    }

    /// Whether `condition` holds at any moment in the next `seconds`: for what must not happen meanwhile.
    func happens(within seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = monotonicSeconds() + seconds
        while monotonicSeconds() < deadline {
            if condition() { return true }
            usleep(100_000)
        }
        return condition()
    }

    /// No heads-up in the minute a heads-up would come in, and a few seconds more: from the watcher's first state
    /// (its clock started before), once `then` has run.
    func expectNoHeadsUpInTheMinute(_ desk: Desk, then: () throws -> Void = {},
                                    sourceLocation: SourceLocation = #_sourceLocation) rethrows {
        waitUntil("the watcher's first state", sourceLocation: sourceLocation) { !desk.stateValues.isEmpty }
        let running = monotonicSeconds()
        try then()
        #expect(!happens(within: running + 65 - monotonicSeconds()) { !desk.notified.isEmpty }, "\(desk.notified)",
                sourceLocation: sourceLocation)
    }

    /// A minute active brings one heads-up with its three buttons; Start runs `sevenmin snack` in `$TERMINAL`, and
    /// the snack, gone through, is in the history as a snack.
    @Test func aMinuteSatBringsOneHeadsUpAndStartRunsTheSnack() throws {
        let tmux = try Tmux("")
        let (desk, _) = try desk(tmux: tmux)
        try FileManager.default.createDirectory(atPath: desk.env["XDG_CONFIG_HOME"]! + "/sevenmin",
                                                withIntermediateDirectories: true)
        try #"{"mute": true}"#.write(toFile: desk.env["XDG_CONFIG_HOME"]! + "/sevenmin/config.json", atomically: true,
                                     encoding: .utf8)
        waitUntil("the heads-up", timeout: 120) { !desk.notified.isEmpty }
        #expect(monotonicSeconds() - desk.started >= 59, "a heads-up before the minute sat")
        #expect(desk.notified.count == 1, "\(desk.notified)")
        #expect(desk.notified.first.map { $0.contains(#""start", "Start", "snooze", "In 10 minutes", "skip", "Skip""#) }
                == true, "\(desk.notified)")
        #expect(desk.state.contains(#""due":true"#))
        #expect(try run(binary, ["status"], environment: desk.env).stdout.contains("snack due"))
        try RemindEndToEndTests().serverSends("ActionInvoked", "s", "'start'", on: desk.bus)
        waitUntil("the snack in the terminal") { FileManager.default.fileExists(atPath: desk.asked) }
        let line = ((try? String(contentsOfFile: desk.asked, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(line.first == "-e" && line.dropFirst(2) == ["snack", "--minutes", "2"], "\(line)")
        #expect(line.dropFirst().first?.hasSuffix("/sevenmin") == true, "\(line)")
        tmux.waitFor(text: "Desk snack")
        // Through getting ready, each move and the summary at a key's press, until the snack's window closes.
        tmux.waitFor("the snack's end", timeout: 60) { _ in
            if tmux.format("#{session_windows}") == "1" { return true }
            tmux.send("n")
            Thread.sleep(forTimeInterval: 0.3)
            return false
        }
        var sessions: [[String: Any]] = []
        waitUntil("the snack in the history") {
            let listed = (try? run(binary, ["history", "--json"], environment: desk.env))?.stdout ?? ""
            sessions = (try? JSONSerialization.jsonObject(with: Data(listed.utf8))) as? [[String: Any]] ?? []
            return !sessions.isEmpty
        }
        #expect(sessions.count == 1 && sessions.first?["kind"] as? String == "snack", "\(sessions)")
        #expect(sessions.first?["routine"] as? String == "Desk snack", "\(sessions)")
    }

    /// Idle, or locked, from the start: no heads-up in the minute and more.
    @Test(arguments: [(10, false), (0, true)])
    func noHeadsUpWhileIdleOrLocked(idleMinutes: Int, locked: Bool) throws {
        let (desk, _) = try desk(idleMinutes: idleMinutes, locked: locked)
        try expectNoHeadsUpInTheMinute(desk)
    }

    /// Back from idle, or the screen unlocked, the sitting starts then, not when the watcher did: the heads-up comes
    /// a minute after.
    @Test(arguments: [(10, false), (0, true)])
    func onceBackTheHeadsUpComesAMinuteLater(idleMinutes: Int, locked: Bool) throws {
        let (desk, _) = try desk(idleMinutes: idleMinutes, locked: locked)
        waitUntil("the break heard") { desk.stateValues["updatedAt"] != nil && desk.stateValues["sittingSince"] == nil }
        let started = try #require(desk.stateValues["updatedAt"] as? Double)
        let back = monotonicSeconds()
        if locked {
            try emit(DesktopBusEndToEndTests.saver, "ActiveChanged", "b", "False", on: desk.bus)
        } else {
            try emit(Self.idleMonitor, "WatchFired", "u", "dbus.UInt32(\(Self.activeWatch))", on: desk.bus)
        }
        waitUntil("sitting again") { desk.stateValues["sittingSince"] != nil }
        #expect((desk.stateValues["sittingSince"] as? Double).map { $0 > started } == true, "\(desk.state)")
        waitUntil("the heads-up once back", timeout: 120) { !desk.notified.isEmpty }
        #expect(monotonicSeconds() - back >= 59 && desk.notified.count == 1, "\(desk.notified)")
    }

    /// With `--auto`, once the heads-up is out (and only then) the idle monitor is asked to tell of the next pause
    /// (10 s without input); at that pause the snack starts by itself, and the heads-up is taken back.
    @Test func withAutoTheSnackStartsByItselfAtThePauseAfterTheHeadsUp() throws {
        let (desk, _) = try desk(options: ["--auto"])
        let monitor = desk.bus.directory + "/\(Self.idleMonitor[0]).log"
        /// When a line of the mock's log `log` containing `text` was written; nil while none is there.
        func logged(_ text: String, in log: String) -> Double? {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
                .first { $0.contains(text) }.flatMap { $0.split(separator: " ").first }.flatMap { Double($0) }
        }
        waitUntil("the heads-up", timeout: 120) { !desk.notified.isEmpty }
        let pause = "AddIdleWatch 10000"
        waitUntil("the pause watched for") { logged(pause, in: monitor) != nil }
        #expect(logged(pause, in: monitor)! >= logged(" Notify ", in: desk.calls)!, "watched before the heads-up")
        #expect(!FileManager.default.fileExists(atPath: desk.asked), "a snack before the pause")
        // The pause's watch, whose id the mock answers as its interval in seconds.
        try emit(Self.idleMonitor, "WatchFired", "u", "dbus.UInt32(10)", on: desk.bus)
        waitUntil("the snack in the terminal") { FileManager.default.fileExists(atPath: desk.asked) }
        let line = ((try? String(contentsOfFile: desk.asked, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(line.dropFirst(2) == ["snack", "--minutes", "2"], "\(line)")
        waitUntil("the heads-up taken back") { logged("CloseNotification", in: desk.calls) != nil }
    }

    /// In a call (a stream recording) no heads-up comes; once the recording ends, the one held back comes at once.
    @Test func aCallHoldsTheHeadsUpBackUntilItEnds() throws {
        let (desk, _) = try desk(call: true)
        try expectNoHeadsUpInTheMinute(desk)
        desk.bus.end(try #require(desk.recorder))
        waitUntil("the heads-up held back", timeout: 20) { !desk.notified.isEmpty }
        #expect(desk.notified.count == 1, "\(desk.notified)")
    }

    /// `doctor` names what the watcher hears: the idle monitor, the lock, the heads-up's buttons, the call
    /// detection and where a snack opens.
    @Test func doctorNamesWhatTheWatcherHears() throws {
        let (desk, _) = try desk(call: true)
        let shown = try run(binary, ["doctor"], environment: desk.env.merging(["LC_ALL": "C.UTF-8"]) { $1 }).stdout
        for line in ["✔ idle time: GNOME's idle monitor (org.gnome.Mutter.IdleMonitor)",
                     "✔ screen lock: org.freedesktop.ScreenSaver",
                     "✔ heads-up: mock-notify, with Start, In 10 minutes and Skip",
                     "✔ calls: a stream recording, seen through libpulse, holds a heads-up back",
                     "✔ a snack opens in " + desk.env["TERMINAL"]!] {
            #expect(shown.contains(line), "\(line) not in:\n\(shown)")
        }
    }
}
