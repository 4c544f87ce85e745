// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `sevenmin snack` and `sevenmin snacks`: a snack run for real, and the service's files.
@Suite("Desk snacks end to end", .serialized)
struct SnackEndToEndTests {
    /// Every file and folder under `root`, links with their targets, as `find` would list them.
    func tree(_ root: String) -> [String] {
        let items = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []
        return items.sorted().map { item in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: root + "/" + item)).map { item + " -> " + $0 }
                ?? item
        }
    }

    @Test func aOneMinuteSnackRunsAndIsInTheHistoryAsASnack() throws {
        let tmux = try Tmux("\(binary) snack --minutes 1 --mute")
        let first = tmux.waitFor(text: "Desk snack")
        // Past getting ready; the one move then runs its 30 s.
        tmux.send("n")
        tmux.waitFor(text: "Workout complete", timeout: 45)
        tmux.dismissSummary()
        tmux.waitFor(text: "exit=0")
        let r = try run(binary, ["history", "--json"], environment: ["XDG_STATE_HOME": tmux.directory])
        let sessions = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        #expect(sessions.count == 1)
        #expect(sessions.first?["kind"] as? String == "snack", "\(r.stdout)")
        #expect(sessions.first?["routine"] as? String == "Desk snack")
        #expect(sessions.first?["outcome"] as? String == "completed")
        #expect(sessions.first?["exercises_done"] as? Int == 1, "\(first)")
        let stats = try run(binary, ["stats"], environment: ["XDG_STATE_HOME": tmux.directory])
        #expect(stats.stdout.contains("Snacks: 1 today, 1 this week"), "\(stats.stdout)")
        // As a workout of its own in a FIT file, which Garmin's decoder takes.
        guard FITDecoders.reachable, let python = FITDecoders.python() else { return }
        let dir = temporaryDirectory() + "/fit"
        let fit = try run(binary, ["history", "--fit", dir], environment: ["XDG_STATE_HOME": tmux.directory])
        #expect(fit.status == 0 && fit.stderr.isEmpty, "\(fit.stderr)")
        let files = try FITDecoders.check(fit.stdout.split(separator: "\n").map(String.init), with: python)
        #expect(files.count == 1 && files.first?.sessions.count == 1)
    }

    @Test func onThenOffLeavesTheUsersSystemdFolderAsItWas() throws {
        let home = temporaryDirectory()
        // No bus and no user manager here: nothing on the machine changes.
        let env = ["XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state",
                   "XDG_RUNTIME_DIR": home + "/runtime", "DBUS_SESSION_BUS_ADDRESS": "unix:path=" + home + "/none"]
        let config = home + "/config"
        // Once with no systemd folder at all, once with a user's own unit and enabled link in it.
        for own in [false, true] {
            if own {
                let wants = config + "/systemd/user/default.target.wants"
                try FileManager.default.createDirectory(atPath: wants, withIntermediateDirectories: true)
                try "[Service]\nExecStart=/bin/true\n".write(toFile: config + "/systemd/user/mine.service",
                                                             atomically: true, encoding: .utf8)
                try FileManager.default.createSymbolicLink(atPath: wants + "/mine.service",
                                                           withDestinationPath: "../mine.service")
            }
            try FileManager.default.createDirectory(atPath: config + "/sevenmin", withIntermediateDirectories: true)
            let before = tree(config)
            let on = try run(binary, ["snacks", "on", "--every", "45m", "--days", "mon-fri"], environment: env)
            #expect(on.status == 0, "\(on.stderr)")
            #expect(on.stdout.contains("could not be started"), "\(on.stdout)")
            let unit = config + "/systemd/user/sevenmin-snacks.service"
            let text = try String(contentsOfFile: unit, encoding: .utf8)
            #expect(text.contains("\" snacks watch --every 45m --days mon,tue,wed,thu,fri\n"), "\(text)")
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") {
                let verified = try run("/usr/bin/systemd-analyze", ["verify", "--man=no", unit])
                #expect(verified.status == 0 && verified.stderr.isEmpty, "\(verified.stderr)")
            }
            // Enabled by hand meanwhile, as `systemctl --user enable` would link it.
            let wants = config + "/systemd/user/default.target.wants"
            try FileManager.default.createDirectory(atPath: wants, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: wants + "/sevenmin-snacks.service",
                                                       withDestinationPath: unit)
            let said = try run(binary, ["snacks"], environment: env)
            #expect(said.stdout.contains("the watcher is not running"), "\(said.stdout)")
            let off = try run(binary, ["snacks", "off"], environment: env)
            #expect(off.status == 0, "\(off.stderr)")
            #expect(tree(config) == before)
        }
        let again = try run(binary, ["snacks", "off"], environment: env)
        #expect(again.status == 66 && again.stderr.contains("Snacks are not on"))
        let bad = try run(binary, ["snacks", "on", "--hours", "17:00-09:00"], environment: env)
        #expect(bad.status == 64 && bad.stderr.contains("--hours"), "\(bad.stderr)")
    }

    @Test func statusSaysSnackDueWhileTheWatcherLivesAndSaysSo() throws {
        let state = temporaryDirectory()
        let env = ["XDG_STATE_HOME": state, "XDG_RUNTIME_DIR": state + "/runtime"]
        try FileManager.default.createDirectory(atPath: state + "/sevenmin", withIntermediateDirectories: true)
        #expect(try run(binary, ["status"], environment: env).status == 1)
        let now = Date().timeIntervalSince1970
        // As the watcher writes it: this test's process stands for the watcher, alive.
        let json = #"{"bouts": [{"start": \#(now - 4000), "end": \#(now - 1000)}], "due": true, "pid": "#
            + #"\#(getpid()), "sittingSince": \#(now - 600), "updatedAt": \#(now), "version": 1}"#
        try json.write(toFile: state + "/sevenmin/snacks.json", atomically: true, encoding: .utf8)
        let status = try run(binary, ["status"], environment: env)
        #expect(status.status == 0 && status.stdout == "snack due\n", "\(status.stdout)\(status.stderr)")
        let said = try run(binary, ["snacks"], environment: env)
        #expect(said.stdout.contains("Sitting for 10 min.") && said.stdout.contains("A snack is due"),
                "\(said.stdout)")
        let stats = try run(binary, ["stats"], environment: env)
        #expect(stats.stdout.contains("Snacks: 0 today, 0 this week"), "\(stats.stdout)")
        #expect(stats.stdout.contains("longest sitting 50 min today") || crossedMidnight(now),
                "\(stats.stdout)")
        // A watcher that has gone says nothing to a status bar.
        try json.replacing("\"pid\": \(getpid())", with: "\"pid\": 999999")
            .write(toFile: state + "/sevenmin/snacks.json", atomically: true, encoding: .utf8)
        #expect(try run(binary, ["status"], environment: env).status == 1)
    }

    /// Whether the last 70 minutes crossed local midnight, when today's longest bout is another.
    func crossedMidnight(_ now: Double) -> Bool {
        var t = time_t(now), local = tm()
        localtime_r(&t, &local)
        return Int(local.tm_hour) * 60 + Int(local.tm_min) < 70
    }
}
