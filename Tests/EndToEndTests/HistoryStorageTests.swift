// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Where the history is kept: a file that cannot be written, a linked home, a full disk.
extension HistoryEndToEndTests {
    /// In the workout's language: the notice is the core's, worded by its tables.
    @Test(arguments: [("read-only", "en", "history not saved"),
                      ("corrupt", "de", "Verlauf beschädigt; dieses Training")])
    func aBadDatabaseGivesOneNoticeAndTheWorkoutGoesOn(kind: String, language: String, notice: String) throws {
        let tmux = try Tmux("")
        let folder = tmux.directory + "/sevenmin"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let db = folder + "/history.sqlite3"
        if kind == "corrupt" {
            try String(repeating: "not a database ", count: 400).write(toFile: db, atomically: true, encoding: .utf8)
        } else {
            _ = try run("/usr/bin/sqlite3", [db, "PRAGMA journal_mode=WAL; CREATE TABLE t(x);"])
            _ = try run("/usr/bin/chattr", ["+i", db])
            #expect(!FileManager.default.isWritableFile(atPath: db) || getuid() != 0, "cannot make it read-only here")
        }
        defer { _ = try? run("/usr/bin/chattr", ["-i", db]) }
        tmux.type("\(binary) start \(short) --mute --language \(language); echo \"ex\"\"it=$?\"")
        tmux.waitFor("the notice") { $0.contains(notice) }
        tmux.waitFor(text: language == "de" ? "Training beendet" : "Workout complete", timeout: 20)
        tmux.dismissSummary()
        tmux.waitFor(text: "exit=0")
        if kind == "corrupt" {
            // Kept aside, never silently replaced: the damaged bytes are still there under another name.
            let kept = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("corrupt") }
            #expect(kept.count == 1)
            // The workout that found the damage started the new file, and is in it.
            let sessions = try recorded(tmux)
            #expect(sessions.count == 1 && sessions.first?["outcome"] as? String == "completed")
        }
    }

    /// SQLite's no-link flag refused a link in any folder of the history's path: under a linked home (Fedora
    /// Silverblue links /home to /var/home) a workout said "history not saved", `history`, `stats` and `rate`
    /// failed with error 1550, and a `history.d` linked into a synced folder was never published to.
    @Test func everyCommandKeepsTheHistoryUnderALinkedHome() throws {
        let outside = temporaryDirectory()
        let real = outside + "/var/home", synced = outside + "/synced", home = outside + "/home"
        for folder in [real + "/.local/state/sevenmin", synced] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        #expect(symlink(real, home) == 0)
        #expect(symlink(synced, home + "/.local/state/sevenmin/history.d") == 0)
        // The state and config folders a home gives, with no XDG_* set.
        let env = ["HOME": home, "XDG_STATE_HOME": "", "XDG_CONFIG_HOME": "", "LC_ALL": "C.UTF-8"]
        let tmux = try Tmux("HOME=\(home) XDG_STATE_HOME= XDG_CONFIG_HOME= \(binary) start \(short) --mute")
        tmux.waitFor(text: "Workout complete", timeout: 20)
        tmux.dismissSummary()
        tmux.waitFor(text: "exit=0")
        let log = (try? String(contentsOfFile: real + "/.local/state/sevenmin/sevenmin.log", encoding: .utf8)) ?? ""
        #expect(!log.contains("not saved"), "\(log)")
        // The copy: a folder named by the machine's id, a file a month.
        let copy = try #require(try FileManager.default.contentsOfDirectory(atPath: synced).first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: synced + "/" + copy)
            .filter { $0.hasSuffix(".sqlite3") }.count == 1)

        let history = try run(binary, ["history"], environment: env)
        #expect(history.status == 0 && history.stdout.contains("Short Test Routine"), "\(history.stderr)")
        let rated = try run(binary, ["rate", "7"], environment: env)
        #expect(rated.status == 0 && rated.stdout.contains("effort 7/10"), "\(rated.stderr)")
        let stats = try run(binary, ["stats", "--json"], environment: env)
        #expect(stats.status == 0 && stats.stdout.contains("\"sessions\": 1,"), "\(stats.stderr)")
        let json = try run(binary, ["history", "--json"], environment: env)
        let sessions = (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]) ?? []
        #expect(sessions.map { $0["effort"] as? Int } == [7], "\(json.stdout)\(json.stderr)")
        let doctor = try run(binary, ["doctor"], environment: env)
        #expect(doctor.stdout.contains("intact, 1 workout recorded"), "\(doctor.stdout)")
    }

    /// On a full disk a workout that ran to its end was left interrupted, and `start --resume` ran it again.
    /// A disk of 256 KiB (a tmpfs, in a mount namespace of the test's own) is filled to leave 64, 96 or
    /// 128 KiB, so that the history runs out of room early, half-way or late in the workout.
    @Test(.enabled(if: FullDisk.canMount, "needs unshare -rm and a tmpfs mount"))
    func aWorkoutThatRanToItsEndOnAFullDiskIsNeverResumed() throws {
        let scratch = temporaryDirectory()
        let routine = scratch + "/six.json"
        try #"{"name": "Six", "work": 1, "rest": 1, "getReady": 1, "exercises": [{"title": "A"}, {"title": "B"}, "#
            .appending(#"{"title": "C"}, {"title": "D"}, {"title": "E"}, {"title": "F"}]}"#)
            .write(toFile: routine, atomically: true, encoding: .utf8)
        // A history with its tables, as a first workout leaves it, copied onto the small disk each time.
        let first = try run(binary, ["start", routine, "--plain", "--mute"], environment: ["XDG_STATE_HOME": scratch])
        #expect(first.status == 0, "\(first.stderr)")
        try FileManager.default.createDirectory(atPath: scratch + "/disk", withIntermediateDirectories: true)
        // The three disks at once, each of its own, each answer in its own file.
        let script = """
            for leave in 64 96 128; do (
                disk="$1/$leave" && mkdir "$disk" && mount -t tmpfs -o size=256k tmpfs "$disk" || exit 77
                mkdir "$disk/sevenmin" && cp "$4/sevenmin/history.sqlite3" "$disk/sevenmin/" || exit 1
                fallocate -l $(( $(df -k "$disk" | awk 'NR == 2 { print $4 }') - leave ))k "$disk/filler" || exit 1
                XDG_STATE_HOME="$disk" "$2" start "$3" --plain --mute > "$4/ran.$leave" 2>&1
                XDG_STATE_HOME="$disk" "$2" start --resume --plain --mute > "$4/resumed.$leave" 2>&1
                echo "$leave $?" > "$4/status.$leave"
            ) & done
            wait
            cat "$4/status.64" "$4/status.96" "$4/status.128"
            """
        let r = try run("/usr/bin/unshare", ["-rm", "/bin/sh", "-c", script, "sh", scratch + "/disk", binary, routine,
                                             scratch])
        #expect(r.status == 0 && r.stdout == "64 66\n96 66\n128 66\n", "\(r.stdout)\(r.stderr)")
        for leave in [64, 96, 128] {
            let ran = (try? String(contentsOfFile: scratch + "/ran.\(leave)", encoding: .utf8)) ?? ""
            #expect(ran.contains("history not saved (disk full)") && ran.contains("Finished"), "\(leave): \(ran)")
            let resumed = (try? String(contentsOfFile: scratch + "/resumed.\(leave)", encoding: .utf8)) ?? ""
            #expect(resumed.hasPrefix("Error: Nothing to resume: "), "\(leave): \(resumed)")
        }
    }
}

/// A small full disk for a test: a tmpfs mounted in a mount namespace of its own (`unshare -rm`, as root or
/// in a user namespace), gone with the process.
enum FullDisk {
    static let canMount: Bool = {
        let dir = temporaryDirectory()
        let r = try? run("/usr/bin/unshare", ["-rm", "/bin/sh", "-c", "mount -t tmpfs -o size=64k tmpfs \"$1\"",
                                              "sh", dir])
        return r?.status == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/fallocate")
    }()
}
