// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import SevenminSystem

/// `sevenmin remind`: the timer and service it writes, the calendar file, and the notification.
@Suite("Reminders end to end", .serialized)
struct RemindEndToEndTests {
    let short = fixtures + "/short.json"

    /// A user of their own, with no systemd user manager to talk to (so nothing on the machine changes).
    func user() -> [String: String] {
        let home = temporaryDirectory()
        return ["XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state",
                "XDG_RUNTIME_DIR": home + "/runtime", "DBUS_SESSION_BUS_ADDRESS": "unix:path=" + home + "/none"]
    }

    /// What `remind add` says on standard error besides that no notification server answers, which it says
    /// with no session bus, as here (`noNotificationServerIsSaidPlainly` checks that line).
    func besidesNoServer(_ stderr: String) -> String {
        stderr.split(separator: "\n").filter { !$0.contains("the reminder cannot show until one does") }
            .joined(separator: "\n")
    }

    @Test func addWritesATimerSystemdAcceptsAndNeverReplacesAUsersOwnFile() throws {
        let env = user()
        let units = env["XDG_CONFIG_HOME"]! + "/systemd/user"
        let added = try run(binary, ["remind", "add", "--days", "mon,wed,fri", "--at", "07:30"], environment: env)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("systemctl --user enable --now sevenmin-reminder.timer"), "\(added.stdout)")
        let timer = try String(contentsOfFile: units + "/sevenmin-reminder.timer", encoding: .utf8)
        let service = try String(contentsOfFile: units + "/sevenmin-reminder.service", encoding: .utf8)
        #expect(timer.contains("OnCalendar=Mon,Wed,Fri *-*-* 07:30:00"))
        #expect(service.contains("ExecStart=\"") && service.contains("\" remind notify"))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") {
            let spec = try #require(timer.split(separator: "\n").first { $0.hasPrefix("OnCalendar=") })
            let check = try run("/usr/bin/systemd-analyze", ["calendar", String(spec.dropFirst(11))])
            #expect(check.status == 0 && check.stdout.contains("Normalized form: Mon,Wed,Fri *-*-* 07:30:00"),
                    "\(check.stdout)\(check.stderr)")
        }
        let listed = try run(binary, ["remind", "list"], environment: env)
        #expect(listed.stdout.hasPrefix("Mon,Wed,Fri *-*-* 07:30:00"))
        // Its own files it replaces; a user's it leaves alone unless told.
        #expect(try run(binary, ["remind", "add", "--at", "18:00"], environment: env).status == 0)
        try "[Timer]\nOnCalendar=daily\n".write(toFile: units + "/sevenmin-reminder.timer", atomically: true,
                                                encoding: .utf8)
        let refused = try run(binary, ["remind", "add"], environment: env)
        #expect(refused.status == 73 && refused.stderr.contains("was not written by sevenmin; --force replaces it"))
        #expect(try String(contentsOfFile: units + "/sevenmin-reminder.timer", encoding: .utf8).contains("daily"))
        #expect(try run(binary, ["remind", "remove"], environment: env).status == 1)
        #expect(try run(binary, ["remind", "add", "--force"], environment: env).status == 0)
        let removed = try run(binary, ["remind", "remove"], environment: env)
        #expect(removed.status == 0 && !FileManager.default.fileExists(atPath: units + "/sevenmin-reminder.timer"))
    }

    /// The binary's folder, and the command systemd makes of the unit's `ExecStart=`, as `systemd --test` prints
    /// it (C escapes in double quotes; `$$` is one `$` when it runs, systemd.service(5)).
    static let oddFolders: [(String, String)] = [
        ("d$llar", #""/D/d\$llar/sevenmin" remind notify"#),
        ("per%cent", "/D/per%cent/sevenmin remind notify"),
        ("sp ace", #""/D/sp ace/sevenmin" remind notify"#),
        ("q\"uote", #"/bin/sh -c "exec \"\$\$0\" remind notify" "/D/q\"uote/sevenmin""#),
        ("a'pos", #"/bin/sh -c "exec \"\$\$0\" remind notify" "/D/a'pos/sevenmin""#),
        ("back\\slash", #"/bin/sh -c "exec \"\$\$0\" remind notify" "/D/back\\slash/sevenmin""#),
        ("t\tab", #"/bin/sh -c "exec \"\$\$0\" remind notify" "/D/t\tab/sevenmin""#),
    ]

    @Test(arguments: oddFolders)
    func theUnitRunsTheBinaryAtAnyPathSystemdAccepts(folder: String, command: String) throws {
        let env = user()
        let dir = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: false)
        let odd = dir + "/" + folder + "/sevenmin"
        try FileManager.default.linkItem(atPath: binary, toPath: odd)
        let added = try run(odd, ["remind", "add"], environment: env)
        #expect(added.status == 0 && besidesNoServer(added.stderr).isEmpty, "\(added.stderr)")
        let service = env["XDG_CONFIG_HOME"]! + "/systemd/user/sevenmin-reminder.service"
        let verified = try run("/usr/bin/systemd-analyze", ["verify", "--man=no", service])
        #expect(verified.status == 0 && verified.stderr.isEmpty, "\(verified.stderr)")
        // systemd's own reading of the line: its test mode, which refuses to run as root, prints every unit.
        var template = Array("/tmp/sevenmin-unit-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
        let units = String(nulTerminated: template)
        defer { try? FileManager.default.removeItem(atPath: units) }
        #expect(made)
        try FileManager.default.createDirectory(atPath: units + "/systemd/user", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: units + "/runtime", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: service, toPath: units + "/systemd/user/sevenmin-reminder.service")
        for path in [units, units + "/systemd", units + "/systemd/user", units + "/runtime"] { chmod(path, 0o777) }
        chmod(units + "/systemd/user/sevenmin-reminder.service", 0o644)
        let asUser = getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        let argv = asUser + ["/lib/systemd/systemd", "--test", "--user", "--unit=sevenmin-reminder.service",
                             "--no-pager"]
        let dump = try run(argv[0], Array(argv.dropFirst()), environment: [
            "XDG_CONFIG_HOME": units, "XDG_RUNTIME_DIR": units + "/runtime", "HOME": units])
        let lines = dump.stdout.split(separator: "\n")
        let unit = try #require(lines.firstIndex { $0.hasSuffix("-> Unit sevenmin-reminder.service:") },
                                "\(dump.stderr)")
        let line = try #require(lines[unit...].first { $0.contains("Command Line: ") })
        #expect(line.split(separator: "Command Line: ", maxSplits: 1).last.map(String.init)
            == command.replacing("/D/", with: dir + "/"))
    }

    @Test func aPathWithALineBreakIsRefusedAndNothingIsWritten() throws {
        let env = user()
        let folder = temporaryDirectory() + "/new\nline"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try FileManager.default.linkItem(atPath: binary, toPath: folder + "/sevenmin")
        let refused = try run(folder + "/sevenmin", ["remind", "add"], environment: env)
        #expect(refused.status == 73 && refused.stderr.contains("holds a line break"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: env["XDG_CONFIG_HOME"]! + "/systemd/user"))
    }

    @Test func aPlanThatCannotBeFollowedIsAWarningAndTheReminderIsMade() throws {
        let env = user()
        let plans = env["XDG_CONFIG_HOME"]! + "/sevenmin/plans"
        try FileManager.default.createDirectory(atPath: plans, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Workouts/plans/standing-start.json",
                                         toPath: plans + "/mine.json")
        #expect(try run(binary, ["plan", "join", "mine"], environment: env).status == 0)
        try FileManager.default.removeItem(atPath: plans + "/mine.json")
        let added = try run(binary, ["remind", "add"], environment: env)
        #expect(added.status == 0 && added.stdout.contains("OnCalendar=Mon,Wed,Fri"), "\(added.stdout)")
        #expect(!added.stderr.contains("Error") && added.stderr.hasPrefix("Warning: The plan joined, 'mine'"),
                "\(added.stderr)")
        let given = try run(binary, ["remind", "add", "--days", "sun"], environment: env)
        #expect(given.status == 0 && besidesNoServer(given.stderr).isEmpty, "\(given.stderr)")
    }

    @Test func theDaysDefaultToThePlansDays() throws {
        let env = user()
        #expect(try run(binary, ["plan", "join", "standing-start"], environment: env).status == 0)
        let added = try run(binary, ["remind", "add"], environment: env)
        #expect(added.stdout.contains("OnCalendar=Tue,Thu,Sat *-*-* 07:30:00"), "\(added.stdout)")
    }

    @Test func icsWritesAWeeklyEventAnyCalendarReads() throws {
        let env = user()
        let file = temporaryDirectory() + "/workout.ics"
        let wrote = try run(binary, ["remind", "ics", file, "--days", "mon,wed,fri", "--at", "07:30"],
                            environment: env)
        #expect(wrote.status == 0, "\(wrote.stderr)")
        let bytes = try #require(FileManager.default.contents(atPath: file))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n") && text.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR\r\n"))
        let read = try run("/usr/bin/python3", ["-c", """
            import sys, icalendar
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            (event,) = cal.walk('VEVENT')
            start = event['DTSTART'].dt
            print(event['RRULE'].to_ical().decode(), start.strftime('%H:%M %a'), start.tzinfo, bool(event['UID']),
                  bool(event['DTSTAMP']))
            """, file])
        if read.stderr.contains("No module named 'icalendar'") { return }  // python3-icalendar: scripts/setup --test
        #expect(read.stdout.hasPrefix("FREQ=WEEKLY;BYDAY=MO,WE,FR 07:30 ")
            && read.stdout.contains(" None True True"), "\(read.stdout)\(read.stderr)")
        let again = try run(binary, ["remind", "ics", file], environment: env)
        #expect(again.status == 73 && again.stderr.contains("--force replaces it"))
    }

    /// python3-dbusmock's notification daemon on a private session bus: `remind notify` sends one `Notify`
    /// naming the workout on a day without one, and none once today's workout is done.
    @Test func notifySendsOneNotificationUnlessTodaysWorkoutIsDone() throws {
        let bus = try PrivateBus()
        let calls = bus.directory + "/notifications.log"
        try bus.start("/usr/bin/python3", ["-m", "dbusmock", "--session", "-l", calls, "-t", "notification_daemon"],
                      output: bus.directory + "/daemon.out")
        var env = user()
        env.merge(bus.environment()) { $1 }
        waitUntil("the notification daemon") {
            (try? run(binary, ["doctor"], environment: env))?.stdout.contains("notifications: mock-notify 1.0") ?? false
        }
        let sent = try run(binary, ["remind", "notify"], environment: env)
        #expect(sent.status == 0, "\(sent.stderr)")
        let notified = { ((try? String(contentsOfFile: calls, encoding: .utf8)) ?? "").split(separator: "\n")
            .filter { $0.contains(" Notify ") } }
        #expect(notified().count == 1 && notified().first?.contains("\"Time for your workout\"") == true
                && notified().first?.contains("'sevenmin start'") == true, "\(notified())")
        #expect(try run(binary, ["start", "--plain", "--mute", short], environment: env).status == 0)
        #expect(try run(binary, ["remind", "notify"], environment: env).status == 0)
        #expect(notified().count == 1, "nothing is sent once today's workout is done")
    }

    /// python3-dbusmock's notification daemon, showing buttons (the `actions` capability), on a bus of its own
    /// that `env` is given; the calls made to it are logged to `calls`.
    func daemonWithButtons(_ env: inout [String: String]) throws -> (bus: PrivateBus, calls: String) {
        let bus = try PrivateBus()
        let calls = bus.directory + "/notifications.log"
        env.merge(bus.environment()) { $1 }
        try startDaemonWithButtons(on: bus, calls: calls, env: env)
        return (bus, calls)
    }

    /// Starts python3-dbusmock's notification daemon, showing buttons, on `bus`, its calls logged to `calls`;
    /// its pid, once `doctor` on `env` finds it.
    @discardableResult
    func startDaemonWithButtons(on bus: PrivateBus, calls: String, env: [String: String]) throws -> pid_t {
        let pid = try bus.start("/usr/bin/python3", ["-m", "dbusmock", "--session", "-l", calls, "-t",
                                                     "notification_daemon", "-p", #"{"capabilities": "body actions"}"#],
                                output: calls + ".out")
        waitUntil("the notification daemon") {
            (try? run(binary, ["doctor"], environment: env))?.stdout.contains("with a Start button") ?? false
        }
        return pid
    }

    /// Where the server shows buttons, the reminder has a Start button; pressed, today's workout starts in
    /// the user's terminal (`x-terminal-emulator`, here one that records what it was asked). The terminal gets
    /// a unit of its own (`systemd-run`, here one that records what it was asked and answers as a user manager
    /// would, or as none does), so that systemd, ending the reminder's service, does not end the terminal too.
    /// `x-terminal-emulator` and `systemd-run` of the test's own, first on `env`'s `PATH`: each records what it
    /// was asked (in `asked` and `unit`); `systemd-run` answers as a user manager would, or as none does.
    func recordingTerminal(_ env: inout [String: String], userManager: Bool) throws -> (asked: String, unit: String) {
        let bin = temporaryDirectory(), asked = bin + "/asked", unit = bin + "/unit"
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > \(asked)\n".write(toFile: bin + "/x-terminal-emulator",
                                                               atomically: true, encoding: .utf8)
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > \(unit)\nexit \(userManager ? 0 : 1)\n"
            .write(toFile: bin + "/systemd-run", atomically: true, encoding: .utf8)
        for name in ["x-terminal-emulator", "systemd-run"] { chmod(bin + "/" + name, 0o755) }
        env["PATH"] = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return (asked, unit)
    }

    /// `remind notify` started on `env`'s bus; returns once the reminder is shown, as `calls` logs it.
    func notifyShown(_ env: [String: String], calls: String) throws -> pid_t {
        let pid = try spawn("/usr/bin/env", env.map { "\($0.key)=\($0.value)" } + [binary, "remind", "notify"])
        waitUntil("the reminder with its button") {
            ((try? String(contentsOfFile: calls, encoding: .utf8)) ?? "").contains(" Notify ")
        }
        return pid
    }

    /// Makes the mock notification server on `bus` send `signal` of notification 1, its second argument
    /// `argument` (a Python value of D-Bus type `type`), from the server's own connection.
    func serverSends(_ signal: String, _ type: String, _ argument: String, on bus: PrivateBus) throws {
        let send = "import dbus; bus = dbus.bus.BusConnection('\(bus.address)'); "
            + "bus.get_object('org.freedesktop.Notifications', '/org/freedesktop/Notifications').EmitSignal("
            + "'org.freedesktop.Notifications', '\(signal)', 'u\(type)', "
            + "[dbus.UInt32(1), \(argument)], dbus_interface='org.freedesktop.DBus.Mock')"
        #expect(try run("/usr/bin/python3", ["-c", send]).status == 0)
    }

    /// Where the server shows buttons, the reminder has a Start button; pressed, today's workout starts in
    /// the user's terminal (`x-terminal-emulator`, here one that records what it was asked). The terminal gets
    /// a unit of its own (`systemd-run`, here one that records what it was asked and answers as a user manager
    /// would, or as none does), so that systemd, ending the reminder's service, does not end the terminal too.
    @Test(arguments: [true, false])
    func theStartButtonStartsTheWorkoutInATerminalOfItsOwn(userManager: Bool) throws {
        var env = user()
        let (bus, calls) = try daemonWithButtons(&env)
        let (asked, unit) = try recordingTerminal(&env, userManager: userManager)
        let pid = try notifyShown(env, calls: calls)
        try serverSends("ActionInvoked", "s", "'start'", on: bus)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        #expect(status == 0)
        let lines = { (file: String) in ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init) }
        #expect(lines(unit).prefix(5) == ["--user", "--collect", "--quiet", "--", "x-terminal-emulator"],
                "\(lines(unit))")
        if userManager {
            #expect(lines(unit).dropFirst(5).first == "-e" && lines(unit).last == "start", "\(lines(unit))")
            #expect(!FileManager.default.fileExists(atPath: asked), "started in its unit, not from the service")
        } else {
            waitUntil("the terminal asked") { FileManager.default.fileExists(atPath: asked) }
            #expect(lines(asked).first == "-e" && lines(asked).last == "start", "\(lines(asked))")
        }
    }

    /// Anyone on the session bus can send `ActionInvoked`, to everyone or to the reminder alone: only the
    /// server's is believed. Here another connection presses Start both ways, then the server closes the
    /// notification unanswered: nothing starts.
    @Test func aStartPressedByAnotherConnectionStartsNothing() throws {
        var env = user()
        let (bus, calls) = try daemonWithButtons(&env)
        let (asked, unit) = try recordingTerminal(&env, userManager: true)
        let pid = try notifyShown(env, calls: calls)
        let press = """
            import dbus, dbus.lowlevel
            bus = dbus.bus.BusConnection('\(bus.address)')
            others = [n for n in bus.list_names() if n.startswith(':') and n != bus.get_unique_name()]
            for destination in others + [None]:
                m = dbus.lowlevel.SignalMessage('/org/freedesktop/Notifications', 'org.freedesktop.Notifications',
                                                'ActionInvoked')
                m.append(dbus.UInt32(1), 'start', signature='us')
                if destination: m.set_destination(destination)
                bus.send_message(m)
            bus.flush()
            print(len(others))
            """
        let pressed = try run("/usr/bin/python3", ["-c", press])
        #expect(pressed.status == 0 && (Int(pressed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) >= 2,
                "sent to the reminder and the server at least: \(pressed.stdout)\(pressed.stderr)")
        // Sent after the false presses reached the bus, so the reminder reads it after them.
        try serverSends("NotificationClosed", "u", "dbus.UInt32(2)", on: bus)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        #expect(status == 0)
        #expect(!FileManager.default.fileExists(atPath: unit) && !FileManager.default.fileExists(atPath: asked),
                "a press from another connection started the workout")
    }

    /// The server is followed as its name changes hands: once a new server owns the name, its answer is
    /// believed, and the old one's connection has gone with it.
    @Test func aServerThatTakesTheNameOverIsBelieved() throws {
        var env = user()
        let bus = try PrivateBus(), calls = bus.directory + "/first.log"
        env.merge(bus.environment()) { $1 }
        let first = try startDaemonWithButtons(on: bus, calls: calls, env: env)
        let (_, unit) = try recordingTerminal(&env, userManager: true)
        let pid = try notifyShown(env, calls: calls)
        bus.end(first)
        try startDaemonWithButtons(on: bus, calls: bus.directory + "/second.log", env: env)
        try serverSends("ActionInvoked", "s", "'start'", on: bus)
        var status: Int32 = 0
        let ended = waitUntil("the second server's Start believed", timeout: 20) {
            waitpid(pid, &status, WNOHANG) == pid
        }
        if !ended {
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        #expect(ended && status == 0 && FileManager.default.fileExists(atPath: unit))
    }

    /// A server's error text is its own: an escape in it reaches neither the terminal nor the log raw, but shows
    /// as `^[`, in `doctor`, `remind notify` and `remind add`.
    @Test func aServersErrorTextCannotDriveTheTerminal() throws {
        let bus = try PrivateBus()
        try bus.start("/usr/bin/python3", ["-m", "dbusmock", "--session", "org.freedesktop.Notifications",
                                           "/org/freedesktop/Notifications", "org.freedesktop.Notifications"],
                      output: bus.directory + "/daemon.out")
        let broken = ["--bus=" + bus.address, "--print-reply", "--dest=org.freedesktop.Notifications",
                      "/org/freedesktop/Notifications", "org.freedesktop.DBus.Mock.AddMethod",
                      "string:org.freedesktop.Notifications", "string:GetServerInformation", "string:",
                      "string:ssss", "string:raise dbus.exceptions.DBusException("
                        + "'\\x1b]0;owned\\x07\\x1b[2Jgone', name='org.example.Broken')"]
        waitUntil("the broken notification server") { bus.run("/usr/bin/dbus-send", broken) != "" }
        var env = user()
        env.merge(bus.environment()) { $1 }
        let shown = "^[]0;owned^G^[[2Jgone"
        let doctor = try run(binary, ["doctor"], environment: env)
        let sent = try run(binary, ["remind", "notify"], environment: env)
        let added = try run(binary, ["remind", "add"], environment: env)
        for (what, text) in [("doctor", doctor.stdout), ("remind notify", sent.stderr), ("remind add", added.stderr)] {
            #expect(text.contains(shown) && !text.contains("\u{1B}"), "\(what): \(text)")
        }
    }

    /// Unanswered, the reminder is withdrawn at the end of the day and `remind notify` ends: GNOME keeps such
    /// a notification and never closes it, and a reminder's service still running would make the timer's next
    /// firing do nothing. The day ends seconds from now in a zone of the test's own (`TZ`, POSIX's form).
    @Test func anUnansweredReminderIsWithdrawnAtTheEndOfTheDay() throws {
        var env = user()
        let (bus, calls) = try daemonWithButtons(&env)
        defer { withExtendedLifetime(bus) {} }
        let margin = 5, now = Int(Date().timeIntervalSince1970)
        var east = (86_400 - margin - now % 86_400) % 86_400
        if east > 43_200 { east -= 86_400 }
        let west = abs(east), sign = east > 0 ? "-" : "+"
        env["TZ"] = "SVN" + sign + [west / 3600, west / 60 % 60, west % 60].map { String(format: "%02d", $0) }
            .joined(separator: ":")
        let pid = try spawn("/usr/bin/env", env.map { "\($0.key)=\($0.value)" } + [binary, "remind", "notify"])
        var status: Int32 = 0
        let ended = waitUntil("remind notify to end at midnight (\(env["TZ"]!))", timeout: Double(margin) + 30) {
            waitpid(pid, &status, WNOHANG) == pid
        }
        if !ended {
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        #expect(ended && status == 0)
        let log = (try? String(contentsOfFile: calls, encoding: .utf8)) ?? ""
        #expect(log.contains(" Notify ") && log.contains(" CloseNotification 1"), "\(log)")
    }

    /// With no notification server, nothing fails silently: `remind notify` exits 1 saying why, and
    /// `remind add` and `doctor` say so.
    @Test func noNotificationServerIsSaidPlainly() throws {
        let bus = try PrivateBus()
        var env = user()
        env.merge(bus.environment()) { $1 }
        let sent = try run(binary, ["remind", "notify"], environment: env)
        #expect(sent.status == 1 && sent.stderr.contains("no notification server answers"), "\(sent.stderr)")
        let added = try run(binary, ["remind", "add"], environment: env)
        #expect(added.status == 0 && added.stderr.contains("no notification server answers on the session bus"),
                "\(added.stderr)")
        let doctor = try run(binary, ["doctor"], environment: env)
        #expect(doctor.stdout.contains("reminders cannot show: no notification server answers"), "\(doctor.stdout)")
        // And with no session bus at all.
        let alone = try run(binary, ["remind", "add"], environment: user())
        #expect(alone.stderr.contains("there is no session bus"), "\(alone.stderr)")
    }
}
