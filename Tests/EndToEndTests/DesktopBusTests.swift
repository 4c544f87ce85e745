// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The workout on a desktop's buses, each test on buses of its own: the media player that media keys,
/// headsets and phone remotes reach (through Debian's playerctl), and the screen kept awake (with
/// python3-dbusmock standing in for the screen saver and logind).
@Suite("The desktop's buses end to end")
struct DesktopBusEndToEndTests {
    let short = fixtures + "/short.json"

    func lines(_ log: String, _ event: String) -> [[String: Any]] {
        events(log).filter { $0["event"] as? String == event }
    }

    @Test func mediaKeysAndRemotesDriveTheWorkout() throws {
        let bus = try PrivateBus()
        let monitor = bus.directory + "/monitor.txt", log = bus.directory + "/ev.jsonl"
        try bus.monitorPlayer(into: monitor)
        let tmux = try Tmux("env DBUS_SESSION_BUS_ADDRESS='\(bus.address)' \(binary) start \(short) --mute "
            + "--events \(log)")
        let playerctl = { (arguments: [String]) in bus.run("/usr/bin/playerctl", arguments) }
        // The player is told on the bus's own thread, just after the events file: what it says is waited for.
        func shows(_ value: String, _ arguments: String...) -> Bool {
            waitUntil("playerctl \(arguments.joined(separator: " ")) to say \(value)", timeout: 10) {
                playerctl(["-p", "sevenmin"] + arguments) == value
            }
        }
        waitUntil("sevenmin among the players") { playerctl(["-l"]).split(separator: "\n").contains("sevenmin") }
        waitUntil("the first exercise") { lines(log, "segment").contains { $0["title"] as? String == "Alpha Squats" } }
        #expect(shows("Alpha Squats", "metadata", "title"))
        #expect(playerctl(["-p", "sevenmin", "metadata", "album"]) == "Short Test Routine")
        #expect(playerctl(["-p", "sevenmin", "metadata", "mpris:length"]) == "3000000")
        // A track id of the player's own: the spec keeps every path under /org/mpris for itself.
        let track = playerctl(["-p", "sevenmin", "metadata", "mpris:trackid"])   // printed as 'PATH'
            .trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        #expect(track.hasPrefix("/") && !track.hasPrefix("/org/mpris"), "\(track)")

        let paused = try pausedByPlayPause(on: bus, log: log)
        #expect(shows("Paused", "status"))
        // Paused, the position stands where the pause caught the exercise (playerctl says seconds).
        let alpha = try #require(lines(log, "segment").last?["t"] as? Double)
        let position = Double(playerctl(["-p", "sevenmin", "position"])) ?? -1
        #expect(abs(position - (paused - alpha)) < 0.01, "position \(position), paused \(paused - alpha) s in")
        _ = playerctl(["-p", "sevenmin", "play-pause"])
        waitUntil("the resume") { !lines(log, "resume").isEmpty }
        #expect(shows("Playing", "status"))

        _ = playerctl(["-p", "sevenmin", "next"])
        waitUntil("the rest, skipped to") { lines(log, "segment").count == 3 }
        #expect(shows("Rest", "metadata", "title"))
        _ = playerctl(["-p", "sevenmin", "stop"])
        tmux.waitFor(text: "exit=0")
        waitUntil("sevenmin gone from the players") { !playerctl(["-l"]).contains("sevenmin") }

        // Stop ended it as quitting does: recorded, as ended early.
        let history = try run(binary, ["history", "--json"], environment: ["XDG_STATE_HOME": tmux.directory])
        let sessions = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]]
        #expect(sessions?.map { $0["outcome"] as? String } == ["quit"], "\(history.stdout)")
        // One PropertiesChanged at each segment, pause and resume, and at the end; none in between.
        let changes = lines(log, "segment").count + lines(log, "pause").count + lines(log, "resume").count + 1
        waitUntil("the last PropertiesChanged") { PrivateBus.propertiesChanged(in: monitor).count >= changes }
        let seen = PrivateBus.propertiesChanged(in: monitor)
        #expect(seen.count == changes)
        #expect(seen.statuses == ["Playing", "Playing", "Paused", "Playing", "Playing", "Stopped"])
    }

    /// Presses play-pause with playerctl and checks the workout paused within 100 ms of asking, by the events
    /// file's own clock, playerctl's start-up included; the pause's time into the workout.
    func pausedByPlayPause(on bus: PrivateBus, log: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> Double {
        let asked = monotonicSeconds()
        _ = bus.run("/usr/bin/playerctl", ["-p", "sevenmin", "play-pause"])
        waitUntil("the pause", sourceLocation: sourceLocation) { !lines(log, "pause").isEmpty }
        let begun = try #require(lines(log, "start").first?["clock"] as? Double, sourceLocation: sourceLocation)
        let paused = try #require(lines(log, "pause").first?["t"] as? Double, sourceLocation: sourceLocation)
        #expect(begun + paused - asked < 0.1, "paused \(Int((begun + paused - asked) * 1000)) ms after asking",
                sourceLocation: sourceLocation)
        return paused
    }

    @Test func withNoSessionBusThePlayerIsAbsentAndTheWorkoutGoesOn() throws {
        let tmux = try Tmux("\(binary) start \(short) --mute --no-figure")
        tmux.waitFor(text: "Get ready")
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
        let logged = (try? String(contentsOfFile: tmux.directory + "/sevenmin/sevenmin.log", encoding: .utf8)) ?? ""
        #expect(logged.components(separatedBy: "no session bus").count == 2, "one line in the log:\n\(logged)")
        #expect(!tmux.screen().contains("session bus"), "nothing said on the screen")
    }

    static let portal = ["org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                         "org.freedesktop.portal.Inhibit"]
    static let saver = ["org.freedesktop.ScreenSaver", "/org/freedesktop/ScreenSaver", "org.freedesktop.ScreenSaver"]
    static let request = "/org/freedesktop/portal/desktop/request/1_1/sevenmin"
    /// The portal's `Inhibit`, answering with a request object, as xdg-desktop-portal does, whose `Close`
    /// (running `close`) ends the inhibition.
    static func portalInhibit(close: String = "") -> (String, String, String, String) {
        ("Inhibit", "sua{sv}", "o", "self.AddObject('\(request)', 'org.freedesktop.portal.Request', {}, "
            + "[('Close', '', '', '\(close)')]); ret = dbus.ObjectPath('\(request)')")
    }
    /// An error whose text would clear the screen and set the terminal's title, were it shown raw.
    static let hostileError = "raise dbus.exceptions.DBusException('\\x1b]0;owned\\x07\\x1b[2Jgone', "
        + "name='org.example.Broken')"
    static let hostileShown = "^[]0;owned^G^[[2Jgone"

    /// python3-dbusmock on `bus` as `service` (its name, object and interface), with `methods` (name, in and out
    /// signatures, Python code) added to the interface; returns, once they are there, the log of its calls.
    func mock(_ service: [String], on bus: PrivateBus, methods: [(String, String, String, String)]) throws -> String {
        let calls = bus.directory + "/\(service[0]).log"
        try bus.start("/usr/bin/python3", ["-m", "dbusmock", "--session", "-l", calls] + service,
                      output: bus.directory + "/\(service[0]).out")
        for (name, inputs, outputs, code) in methods {
            let add = ["--bus=" + bus.address, "--print-reply", "--dest=" + service[0], service[1],
                       "org.freedesktop.DBus.Mock.AddMethod", "string:" + service[2], "string:" + name,
                       "string:" + inputs, "string:" + outputs, "string:" + code]
            waitUntil("the mock \(service[0])") { bus.run("/usr/bin/dbus-send", add) != "" }
        }
        return calls
    }

    /// python3-dbusmock as the screen saver on `bus`, its calls logged; returns the log's path.
    func screenSaver(on bus: PrivateBus) throws -> String {
        try mock(Self.saver, on: bus, methods: [("Inhibit", "ss", "u", "ret = 7"), ("UnInhibit", "u", "", "")])
    }

    /// The methods called on a mock, by name, from its log.
    func called(_ log: String) -> [String] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
            .compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) }
    }

    /// One Inhibit at the start, one UnInhibit however the workout ends, and the terminal given back clean.
    @Test(arguments: [("q", 0), ("finish", 0), ("C-c", 130), ("TERM", 143), ("HUP", 129)])
    func theScreenSaverIsHeldOnceAndLetGoAtEveryEnd(ending: String, status: Int) throws {
        let bus = try PrivateBus()
        let calls = try screenSaver(on: bus)
        let tmux = try Tmux("env DBUS_SESSION_BUS_ADDRESS='\(bus.address)' \(binary) start \(short) --mute --no-mpris")
        tmux.waitFor(text: "Get ready")
        waitUntil("the inhibitor") { called(calls).contains("Inhibit") }
        switch ending {
        case "q":
            tmux.quitWorkout()
        case "finish":
            // Skipped through, so no effort is asked: the summary alone.
            for _ in 0..<4 { tmux.send("n") }
            tmux.waitFor(text: "Ended: 0 of 2 exercises done")
            // Let go at the finish, with the summary still up.
            waitUntil("the inhibitor let go") { called(calls).contains("UnInhibit") }
            tmux.dismissSummary()
        case "C-c":
            tmux.send("C-c")
            tmux.reportStatusAfterAbort()
        default:
            kill(try #require(tmux.sevenminPID()), ending == "TERM" ? SIGTERM : SIGHUP)
        }
        tmux.waitFor(text: "exit=\(status)")
        tmux.expectTerminalRestored()
        waitUntil("the inhibitor let go") { called(calls).contains("UnInhibit") }
        #expect(called(calls) == ["Inhibit", "UnInhibit"])
    }

    /// The desktop portal, the first way tried: one `Inhibit`, and its request closed as the workout ends.
    @Test(arguments: [("q", 0), ("TERM", 143)])
    func theDesktopPortalIsAskedFirstAndItsRequestClosed(ending: String, status: Int) throws {
        let bus = try PrivateBus()
        let calls = try mock(Self.portal, on: bus, methods: [Self.portalInhibit()])
        let tmux = try Tmux("env DBUS_SESSION_BUS_ADDRESS='\(bus.address)' \(binary) start \(short) --mute --no-mpris")
        tmux.waitFor(text: "Get ready")
        waitUntil("the portal's inhibitor") { called(calls).contains("Inhibit") }
        if ending == "q" { tmux.quitWorkout() } else { kill(try #require(tmux.sevenminPID()), SIGTERM) }
        tmux.waitFor(text: "exit=\(status)")
        waitUntil("the request closed") { called(calls).contains("Close") }
        #expect(called(calls) == ["Inhibit", "Close"])
    }

    /// The portal is usually started by the bus when first called, and owns no name until then: `doctor`
    /// takes its inhibitor all the same, and gives it straight back. The portal is a python3-dbusmock template
    /// (the layout of dbusmock 0.28's `dbusmock/templates/SKELETON`), as the bus starts it.
    @Test func doctorKeepsTheScreenAwakeThroughAPortalTheBusStarts() throws {
        let template = temporaryDirectory() + "/portal.py", calls = temporaryDirectory() + "/portal.log"
        let (name, inputs, outputs, code) = Self.portalInhibit()
        try """
            import dbus
            BUS_NAME, MAIN_OBJ, MAIN_IFACE = \(Self.portal.map { "'\($0)'" }.joined(separator: ", "))
            SYSTEM_BUS = False
            def load(mock, parameters):
                mock.AddMethod(MAIN_IFACE, '\(name)', '\(inputs)', '\(outputs)', \"""\(code)\""")
            """.write(toFile: template, atomically: true, encoding: .utf8)
        let bus = try PrivateBus(services: [Self.portal[0]: "/usr/bin/python3 -m dbusmock -l \(calls) -t \(template)"])
        let doctor = try run(binary, ["doctor"], environment: bus.environment())
        #expect(doctor.stdout.contains("kept awake during a workout through the desktop portal"), "\(doctor.stdout)")
        waitUntil("the request closed") { called(calls) == ["Inhibit", "Close"] }
    }

    /// A portal whose `Inhibit` fails keeps nothing awake: `doctor` says so, in the portal's words, made visible
    /// (an escape shows as `^[`), and so does the log of a workout.
    @Test func aPortalThatRefusesIsNotTakenForOneAndItsWordsAreMadeVisible() throws {
        let bus = try PrivateBus()
        _ = try mock(Self.portal, on: bus, methods: [("Inhibit", "sua{sv}", "o", Self.hostileError)])
        let noSystemBus = ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=" + bus.directory + "/no-bus"]
        let doctor = try run(binary, ["doctor"], environment: bus.environment().merging(noSystemBus) { $1 })
        #expect(!doctor.stdout.contains("through the desktop portal"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("nothing could keep the screen awake"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains(Self.hostileShown) && !doctor.stdout.contains("\u{1B}"), "\(doctor.stdout)")

        let tmux = try Tmux("env DBUS_SESSION_BUS_ADDRESS='\(bus.address)' \(binary) start \(short) --mute --no-mpris")
        let log = tmux.directory + "/sevenmin/sevenmin.log"
        let logged = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        tmux.waitFor(text: "Get ready")
        waitUntil("the log to say the screen may blank") { logged().contains("no idle inhibitor answered") }
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
        #expect(logged().contains(Self.hostileShown) && !logged().contains("\u{1B}"), "\(logged())")
    }

    /// A portal and a screen saver that never answer hold up neither the media keys (the player has a thread
    /// and a connection of its own) nor the end: quitting waits once, briefly, for a `Request.Close` that hangs.
    @Test func aHangingPortalAndScreenSaverHoldUpNeitherTheKeysNorTheEnd() throws {
        let bus = try PrivateBus()
        let hang = "time.sleep(600)"
        let portal = try mock(Self.portal, on: bus, methods: [Self.portalInhibit(close: hang)])
        let saver = try mock(Self.saver, on: bus, methods: [("Inhibit", "ss", "u", hang)])
        // First the portal answers, and quitting closes its request, which hangs.
        let log = bus.directory + "/ev.jsonl"
        let tmux = try Tmux("env DBUS_SESSION_BUS_ADDRESS='\(bus.address)' \(binary) start \(short) --mute "
            + "--events \(log)")
        waitUntil("the portal's inhibitor") { called(portal) == ["Inhibit"] }
        let pid = try #require(tmux.sevenminPID())
        tmux.send("q")
        tmux.waitFor(text: "Quit this workout?")
        let asked = monotonicSeconds()
        tmux.send("y")
        waitUntil("sevenmin to end") { [nil, "Z"].contains(processState(pid)) }
        let took = monotonicSeconds() - asked
        #expect(took < 1, "quitting took \(Int(took * 1000)) ms")
        waitUntil("the request's Close asked") { called(portal) == ["Inhibit", "Close"] }

        // Then the portal, blocked in that Close, and the screen saver answer nothing: the media keys still do,
        // while the screen saver is being asked (the portal's call has timed out by then).
        let again = bus.directory + "/again.jsonl"
        let second = try Tmux("env DBUS_SESSION_BUS_ADDRESS='\(bus.address)' \(binary) start \(short) --mute "
            + "--events \(again)")
        waitUntil("sevenmin among the players") {
            bus.run("/usr/bin/playerctl", ["-l"]).split(separator: "\n").contains("sevenmin")
        }
        waitUntil("the screen saver asked") { called(saver) == ["Inhibit"] }
        _ = try pausedByPlayPause(on: bus, log: again)
        second.quitWorkout()
        second.waitFor(text: "exit=0")
    }

    /// With neither the portal nor a screen saver, logind's inhibitor: a descriptor held while the workout runs.
    @Test(arguments: ["q", "TERM"])
    func logindHoldsTheScreenWhenNothingElseCan(ending: String) throws {
        let session = try PrivateBus(), system = try PrivateBus()
        try system.start("/usr/bin/python3", ["-m", "dbusmock", "--system", "-t", "logind"],
                         output: system.directory + "/logind.out", system: true)
        let list = ["--bus=" + system.address, "--print-reply", "--dest=org.freedesktop.login1",
                    "/org/freedesktop/login1", "org.freedesktop.login1.Manager.ListInhibitors"]
        waitUntil("the mock logind") { system.run("/usr/bin/dbus-send", list) != "" }
        let tmux = try Tmux("env DBUS_SESSION_BUS_ADDRESS='\(session.address)' "
            + "DBUS_SYSTEM_BUS_ADDRESS='\(system.address)' \(binary) start \(short) --mute")
        tmux.waitFor(text: "Get ready")
        waitUntil("logind's inhibitor") { system.run("/usr/bin/dbus-send", list).contains("sevenmin") }
        #expect(system.run("/usr/bin/dbus-send", list).contains("\"idle\""))
        if ending == "q" { tmux.quitWorkout() } else { kill(try #require(tmux.sevenminPID()), SIGTERM) }
        tmux.waitFor(text: ending == "q" ? "exit=0" : "exit=143")
        waitUntil("the descriptor closed") { !system.run("/usr/bin/dbus-send", list).contains("sevenmin") }
    }
}
