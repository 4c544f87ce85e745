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

        // Paused within 100 ms of asking, by the events file's own clock, playerctl's start-up included.
        let asked = monotonicSeconds()
        _ = playerctl(["-p", "sevenmin", "play-pause"])
        waitUntil("the pause") { !lines(log, "pause").isEmpty }
        let begun = try #require(lines(log, "start").first?["clock"] as? Double)
        let paused = try #require(lines(log, "pause").first?["t"] as? Double)
        #expect(begun + paused - asked < 0.1, "paused \(Int((begun + paused - asked) * 1000)) ms after asking")
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

    @Test func withNoSessionBusThePlayerIsAbsentAndTheWorkoutGoesOn() throws {
        let tmux = try Tmux("\(binary) start \(short) --mute --no-figure")
        tmux.waitFor(text: "Get ready")
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
        let logged = (try? String(contentsOfFile: tmux.directory + "/sevenmin/sevenmin.log", encoding: .utf8)) ?? ""
        #expect(logged.components(separatedBy: "no session bus").count == 2, "one line in the log:\n\(logged)")
        #expect(!tmux.screen().contains("session bus"), "nothing said on the screen")
    }

    /// python3-dbusmock as the screen saver on `bus`, its calls logged; returns the log's path.
    func screenSaver(on bus: PrivateBus) throws -> String {
        let calls = bus.directory + "/screensaver.log"
        try bus.start("/usr/bin/python3", ["-m", "dbusmock", "--session", "-l", calls, "org.freedesktop.ScreenSaver",
                                           "/org/freedesktop/ScreenSaver", "org.freedesktop.ScreenSaver"],
                      output: bus.directory + "/screensaver.out")
        let send = ["--bus=" + bus.address, "--print-reply", "--dest=org.freedesktop.ScreenSaver",
                    "/org/freedesktop/ScreenSaver", "org.freedesktop.DBus.Mock.AddMethod",
                    "string:org.freedesktop.ScreenSaver"]
        let inhibit = send + ["string:Inhibit", "string:ss", "string:u", "string:ret = 7"]
        waitUntil("the mock screen saver") { bus.run("/usr/bin/dbus-send", inhibit) != "" }
        #expect(bus.run("/usr/bin/dbus-send", send + ["string:UnInhibit", "string:u", "string:", "string:"]) != "")
        return calls
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
        let calls = bus.directory + "/portal.log", request = "/org/freedesktop/portal/desktop/request/1_1/sevenmin"
        try bus.start("/usr/bin/python3", ["-m", "dbusmock", "--session", "-l", calls, "org.freedesktop.portal.Desktop",
                                           "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Inhibit"],
                      output: bus.directory + "/portal.out")
        // Inhibit answers with a request object, as xdg-desktop-portal does, whose Close ends the inhibition.
        let code = "self.AddObject('\(request)', 'org.freedesktop.portal.Request', {}, [('Close', '', '', '')]); "
            + "ret = dbus.ObjectPath('\(request)')"
        let inhibit = ["--bus=" + bus.address, "--print-reply", "--dest=org.freedesktop.portal.Desktop",
                       "/org/freedesktop/portal/desktop", "org.freedesktop.DBus.Mock.AddMethod",
                       "string:org.freedesktop.portal.Inhibit", "string:Inhibit", "string:sua{sv}", "string:o",
                       "string:" + code]
        waitUntil("the mock portal") { bus.run("/usr/bin/dbus-send", inhibit) != "" }
        let tmux = try Tmux("env DBUS_SESSION_BUS_ADDRESS='\(bus.address)' \(binary) start \(short) --mute --no-mpris")
        tmux.waitFor(text: "Get ready")
        waitUntil("the portal's inhibitor") { called(calls).contains("Inhibit") }
        if ending == "q" { tmux.quitWorkout() } else { kill(try #require(tmux.sevenminPID()), SIGTERM) }
        tmux.waitFor(text: "exit=\(status)")
        waitUntil("the request closed") { called(calls).contains("Close") }
        #expect(called(calls) == ["Inhibit", "Close"])
    }

    /// The portal is usually started by the bus when first called, and owns no name until then: `doctor`
    /// names it all the same.
    @Test func doctorNamesAPortalTheBusStarts() throws {
        let portal = "/usr/bin/python3 -m dbusmock --session org.freedesktop.portal.Desktop "
            + "/org/freedesktop/portal/desktop org.freedesktop.portal.Inhibit"
        let bus = try PrivateBus(services: ["org.freedesktop.portal.Desktop": portal])
        let doctor = try run(binary, ["doctor"], environment: bus.environment())
        #expect(doctor.stdout.contains("kept awake during a workout through the desktop portal"), "\(doctor.stdout)")
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
