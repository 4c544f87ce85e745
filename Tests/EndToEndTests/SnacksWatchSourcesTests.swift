// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The watcher on desktops other than GNOME: KDE's screen saver alone, or logind's session hints alone.
extension SnacksWatchEndToEndTests {
    /// What the person does, as the desktop tells it.
    enum Person: String, CustomStringConvertible {
        /// At the computer all along.
        case active
        /// Idle for ten minutes when the watcher starts.
        case idle
        /// Locks the screen once the watcher runs.
        case locked

        var description: String { rawValue }
    }

    /// python3-dbusmock as KDE's screen saver, as kscreenlocker (v6.6.90-78-gf0cb096f, `interface.cpp`) answers:
    /// `GetSessionIdleTime` in milliseconds (KIdleTime's), whatever its argument's name says, and `GetActive`.
    /// Returns the log of its calls.
    func kdeScreenSaver(on bus: PrivateBus, idleMinutes: Int, locked: Bool) throws -> String {
        try DesktopBusEndToEndTests().mock(DesktopBusEndToEndTests.saver, on: bus, methods: [
            ("GetSessionIdleTime", "", "u", "ret = dbus.UInt32(\(idleMinutes * 60_000))"),
            ("GetActive", "", "b", "ret = \(locked ? "True" : "False")"),
        ])
    }

    /// python3-dbusmock's logind template on a system bus of the test's own, with one session, `c1`, which
    /// `GetSession` also gives for `auto`, as logind does for a caller outside any session (the user's display
    /// session); idle for `idleMinutes` (0: not idle), and `locked`.
    func logind(idleMinutes: Int, locked: Bool) throws -> PrivateBus {
        let system = try PrivateBus()
        try system.start("/usr/bin/python3", ["-m", "dbusmock", "--system", "-t", "logind"],
                         output: system.directory + "/logind.out", system: true)
        waitUntil("the logind mock") {
            (try? run("/usr/bin/python3", ["-c", "import dbus, sys; sys.exit(0 if dbus.bus.BusConnection("
                + "'\(system.address)').name_has_owner('org.freedesktop.login1') else 1)"]))?.status == 0
        }
        let auto = "ret = dbus.ObjectPath('/org/freedesktop/login1/session/' "
            + "+ ('c1' if args[0] == 'auto' else args[0]))"
        #expect(try run("/usr/bin/python3", ["-c", """
            import dbus
            bus = dbus.bus.BusConnection('\(system.address)')
            manager = bus.get_object('org.freedesktop.login1', '/org/freedesktop/login1')
            manager.AddMethod('org.freedesktop.login1.Manager', 'GetSession', 's', 'o', "\(auto)",
                              dbus_interface='org.freedesktop.DBus.Mock')
            manager.AddSession('c1', 'seat0', dbus.UInt32(\(getuid())), 'user', True,
                               dbus_interface='org.freedesktop.DBus.Mock')
            """]).status == 0)
        if idleMinutes > 0 || locked {
            try hint(idle: idleMinutes > 0 ? "True" : "False", minutesAgo: idleMinutes, locked: locked, on: system)
        }
        return system
    }

    /// The session's hints on `system`, changed as a desktop changes them through logind, which tells of them in
    /// `PropertiesChanged` with their values (`IdleSinceHint` in microseconds since 1970).
    func hint(idle: String, minutesAgo: Int = 0, locked: Bool, on system: PrivateBus) throws {
        #expect(try run("/usr/bin/python3", ["-c", """
            import dbus, time
            bus = dbus.bus.BusConnection('\(system.address)')
            bus.get_object('org.freedesktop.login1', '/org/freedesktop/login1/session/c1').UpdateProperties(
                'org.freedesktop.login1.Session', {'IdleHint': \(idle), 'LockedHint': \(locked ? "True" : "False"),
                'IdleSinceHint': dbus.UInt64(int((time.time() - \(minutesAgo * 60)) * 1e6))},
                dbus_interface='org.freedesktop.DBus.Mock')
            """]).status == 0)
    }

    /// From KDE's screen saver alone, or logind's hints alone, as from GNOME's: a minute active brings one heads-up
    /// (KDE asked its idle time at the start only, not every second). Each case a test of its own, so that the
    /// suite runs them side by side, each in a process.
    @Test(arguments: [Source.kde, .logind])
    func otherDesktopsBringOneHeadsUpAfterAMinuteActive(source: Source) throws {
        try otherDesktop(source, .active)
    }

    /// Idle from the start: no heads-up in the minute and more, and `snacks` says the person is away; `doctor`
    /// names the source.
    @Test(arguments: [Source.kde, .logind])
    func otherDesktopsBringNoHeadsUpWhileIdle(source: Source) throws {
        try otherDesktop(source, .idle)
    }

    /// Locked once the watcher runs (the screen saver's signal, or logind's hint changed): no heads-up either.
    @Test(arguments: [Source.kde, .logind])
    func otherDesktopsBringNoHeadsUpWhileLocked(source: Source) throws {
        try otherDesktop(source, .locked)
    }

    /// The watcher on `source`'s desk, the person as `person` says.
    func otherDesktop(_ source: Source, _ person: Person) throws {
        let (desk, _) = try desk(source: source, idleMinutes: person == .idle ? 10 : 0)
        if person == .active {
            waitUntil("the heads-up", timeout: 90) { !desk.notified.isEmpty }
            #expect(monotonicSeconds() - desk.started >= 59, "a heads-up before the minute sat")
            #expect(desk.notified.count == 1 && desk.notified[0].contains(#""start", "Start", "snooze""#),
                    "\(desk.notified)")
            if source == .kde {
                let asked = DesktopBusEndToEndTests().called(desk.bus.directory + "/org.freedesktop.ScreenSaver.log")
                #expect(asked.filter { $0 == "GetSessionIdleTime" }.count <= 2, "\(asked)")
            }
        } else {
            try expectNoHeadsUpInTheMinute(desk) {
                guard person == .locked else { return }
                if source == .kde {
                    try emit(DesktopBusEndToEndTests.saver, "ActiveChanged", "b", "True", on: desk.bus)
                } else {
                    try hint(idle: "False", locked: true, on: try #require(desk.system))
                }
            }
            let said = try run(binary, ["snacks"], environment: desk.env).stdout
            #expect(said.contains("Not sitting at the computer now."), "\(said)")
        }
        #expect(desk.stateValues["idleSource"] as? String == (source == .kde ? "screensaver" : "logind"))
        if person == .idle {
            let doctor = try run(binary, ["doctor"], environment: desk.env.merging(["LC_ALL": "C.UTF-8"]) { $1 }).stdout
            let lines = source == .kde
                ? ["✔ idle time: KDE's screen saver (org.freedesktop.ScreenSaver), asked when a break or a pause "
                    + "is due",
                   "✔ screen lock: org.freedesktop.ScreenSaver"]
                : ["✔ idle time: logind's idle hint (org.freedesktop.login1)",
                   "✔ screen lock: logind's lock hint (org.freedesktop.login1)"]
            for line in lines { #expect(doctor.contains(line), "\(line) not in:\n\(doctor)") }
        }
    }

    /// logind's system bus gone, the watcher ends, failing, and says which bus went.
    @Test func theSystemBusGoneEndsTheWatcherNamingIt() throws {
        let (desk, pid) = try desk(source: .logind)
        waitUntil("the watcher's first state") { !desk.stateValues.isEmpty }
        try #require(desk.system).close()
        var status: Int32 = 0
        waitUntil("the watcher to end") { waitpid(pid, &status, WNOHANG) == pid }
        let shown = (try? String(contentsOfFile: desk.bus.directory + "/watch.out", encoding: .utf8)) ?? ""
        #expect(shown.contains("Error: The system bus went away: "), "\(shown)")
        #expect(status >> 8 & 0xff == 1, "\(status)")
    }
}
