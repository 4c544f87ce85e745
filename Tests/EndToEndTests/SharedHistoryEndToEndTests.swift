// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import SevenminSystem

@Suite("History from other machines")
struct SharedHistoryEndToEndTests {
    @Test func aWorkoutIsPublishedAndAnotherMachineCountsItOnceMarked() throws {
        // This machine shares its history: history.d exists, so a workout leaves a copy there.
        let here = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: here + "/sevenmin/history.d",
                                                withIntermediateDirectories: true)
        let r = try run(binary, ["start", fixtures + "/brief.json", "--plain", "--mute"],
                        environment: ["XDG_STATE_HOME": here])
        #expect(r.status == 0, "\(r.stderr)")
        // A folder named by its machine id, a file a month.
        let published = try #require(try FileManager.default.contentsOfDirectory(atPath: here + "/sevenmin/history.d")
            .first)
        let month = try #require(try FileManager.default.contentsOfDirectory(atPath: here + "/sevenmin/history.d/"
            + published).first { $0.hasSuffix(".sqlite3") })
        // Its own copy is not read back as another machine's.
        let own = try run(binary, ["history"], environment: ["XDG_STATE_HOME": here])
        #expect(own.stdout.split(separator: "\n").count == 2 && !own.stdout.contains("MACHINE"))

        // Another machine gets the file twice, as a synced folder and a copy by hand can leave it.
        let there = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: there + "/sevenmin/history.d",
                                                withIntermediateDirectories: true)
        for name in ["desk.sqlite3", "desk-copy.sqlite3"] {
            try FileManager.default.copyItem(atPath: here + "/sevenmin/history.d/" + published + "/" + month,
                                             toPath: there + "/sevenmin/history.d/" + name)
        }
        let history = try run(binary, ["history"], environment: ["XDG_STATE_HOME": there])
        #expect(history.status == 0, "\(history.stderr)")
        let lines = history.stdout.split(separator: "\n")
        #expect(lines.count == 2, "one workout, once: \(history.stdout)")
        // Marked with the host name its copy carries, whatever the file is called.
        #expect(lines.first?.hasSuffix("MACHINE") == true && lines.last?.hasSuffix(" " + hostLabel) == true)
        // Both files claim the machine's id: said once, naming both.
        let folder = there + "/sevenmin/history.d/"
        let claim = "Warning: \(folder)desk-copy.sqlite3 and \(folder)desk.sqlite3 claim one machine id "
            + "(\(published))"
        #expect(history.stderr.components(separatedBy: claim).count == 2, "\(history.stderr)")
        let stats = try run(binary, ["stats", "--json"], environment: ["XDG_STATE_HOME": there])
        #expect(stats.stdout.contains("\"sessions\": 1,"), "\(stats.stdout)")
        // Today's workout was done on the other machine: the reminder sends nothing.
        let bin = temporaryDirectory(), sent = bin + "/sent"
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" >> \(sent)\n".write(toFile: bin + "/notify-send", atomically: true,
                                                                   encoding: .utf8)
        chmod(bin + "/notify-send", 0o755)
        let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let notify = try run(binary, ["remind", "notify"], environment: ["XDG_STATE_HOME": there, "PATH": path])
        #expect(notify.status == 0 && !FileManager.default.fileExists(atPath: sent), "\(notify.stderr)")
        // Reading never writes another machine's file, nor makes one of this machine's own.
        #expect(!FileManager.default.fileExists(atPath: there + "/sevenmin/history.sqlite3"))
        // Its number, as `history --json` gives it, rates it here: an edit kept in this machine's history, read
        // wherever the history is read; said with its id.
        let listed = try run(binary, ["history", "--json"], environment: ["XDG_STATE_HOME": there])
        let workout = try #require((try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8))
            as? [[String: Any]])?.first)
        let (number, id) = (try #require(workout["id"] as? Int), try #require(workout["short_id"] as? String))
        let rated = try run(binary, ["rate", "7", "--session", "\(number)"], environment: ["XDG_STATE_HOME": there])
        #expect(rated.status == 0 && rated.stdout.hasPrefix("Rated Brief Test Routine of ")
            && rated.stdout.hasSuffix("(id \(id)): effort 7/10\n"), "\(rated.stderr)")
        let relisted = try run(binary, ["history", "--json"], environment: ["XDG_STATE_HOME": there])
        #expect(relisted.stdout.contains("\"effort\": 7,") && relisted.stdout.components(separatedBy: "\"uuid\"")
            .count == 2, "\(relisted.stdout)")
        // With only other machines' workouts, the latest to rate is another machine's: said, with its id (after
        // the warning that two files claim one machine's id).
        let latest = try run(binary, ["rate", "7"], environment: ["XDG_STATE_HOME": there])
        #expect(latest.status == 66 && latest.stderr.contains("\nError: No workout of this machine to rate: the "
            + "latest, Brief Test Routine of ") && latest.stderr.contains("rate it by its id, with --session \(id)."),
                "\(latest.stderr)")
    }

    /// Two machines of one host name (`debian`, `raspberrypi`) published one file, `HOST.sqlite3`: each
    /// overwrote the other's copy, and left it out as its own. Now each names its copy by an id made once
    /// and kept in its state folder; the copy under the old name goes once it is known to be this history's.
    @Test func twoMachinesOfOneHostNameSeeEachOthersWorkouts() throws {
        // Both run here, so both have this host's name.
        let (a, b) = (temporaryDirectory(), temporaryDirectory())
        for state in [a, b] {
            try FileManager.default.createDirectory(atPath: state + "/sevenmin/history.d",
                                                    withIntermediateDirectories: true)
            let r = try run(binary, ["start", fixtures + "/brief.json", "--plain", "--mute"],
                            environment: ["XDG_STATE_HOME": state])
            #expect(r.status == 0, "\(r.stderr)")
        }
        // Their folders synced: each file of one is put in the other, replacing one of the same name.
        for name in try FileManager.default.contentsOfDirectory(atPath: a + "/sevenmin/history.d") {
            try? FileManager.default.removeItem(atPath: b + "/sevenmin/history.d/" + name)
            try FileManager.default.copyItem(atPath: a + "/sevenmin/history.d/" + name,
                                             toPath: b + "/sevenmin/history.d/" + name)
        }
        let history = try run(binary, ["history"], environment: ["XDG_STATE_HOME": b])
        let lines = history.stdout.split(separator: "\n")
        #expect(history.status == 0 && lines.count == 3, "both workouts: \(history.stdout)\(history.stderr)")
        // The other's, first, marked with the host name they share; this machine's own, unmarked.
        #expect(lines.count == 3 && lines[1].hasSuffix(" " + hostLabel) && !lines[2].hasSuffix(hostLabel),
                "\(history.stdout)")
        // Each keeps an id of its own, which names its copy.
        let id = try String(contentsOfFile: a + "/sevenmin/machine-id", encoding: .utf8)
        let other = try String(contentsOfFile: b + "/sevenmin/machine-id", encoding: .utf8)
        #expect(id.count == 33 && id != other)

        // A copy left by an earlier sevenmin under the host name, of this history, goes at the next workout.
        let legacy = a + "/sevenmin/history.d/" + hostLabel + ".sqlite3"
        let vacuum = try run("/usr/bin/python3", ["-c", "import sqlite3, sys; "
            + "sqlite3.connect(sys.argv[1]).execute('VACUUM INTO ?', (sys.argv[2],))",
            a + "/sevenmin/history.sqlite3", legacy])
        #expect(vacuum.status == 0 && FileManager.default.fileExists(atPath: legacy), "\(vacuum.stderr)")
        let again = try run(binary, ["start", fixtures + "/brief.json", "--plain", "--mute"],
                            environment: ["XDG_STATE_HOME": a])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: a + "/sevenmin/history.d")
            == [String(id.dropLast())])
    }

    /// A state folder copied whole (a cloned SD card) gives two machines one id, so one `ID/`: each
    /// took the other's for its own, left it out, and replaced it at every workout, without a word. Now a
    /// copy holding workouts this machine lacks is read as another machine's and never replaced, and said.
    @Test func twoMachinesOfOneIDNeitherOverwriteNorHideEachOthersWorkouts() throws {
        let (a, b) = (temporaryDirectory(), temporaryDirectory())
        try FileManager.default.createDirectory(atPath: a + "/sevenmin/history.d", withIntermediateDirectories: true)
        let workout = { (state: String) throws -> (status: Int32, stdout: String, stderr: String) in
            try run(binary, ["start", fixtures + "/brief.json", "--plain", "--mute"],
                    environment: ["XDG_STATE_HOME": state])
        }
        #expect(try workout(a).status == 0)
        // b is a's state folder copied whole, id and all; then each does a workout of its own.
        try FileManager.default.removeItem(atPath: b)
        try FileManager.default.copyItem(atPath: a, toPath: b)
        for state in [a, b] { #expect(try workout(state).status == 0) }
        // Their folders synced: a's copy of this month, newer, replaces b's.
        let id = try String(contentsOfFile: b + "/sevenmin/machine-id", encoding: .utf8).dropLast()
        let month = try #require(try FileManager.default.contentsOfDirectory(atPath: a + "/sevenmin/history.d/" + id)
            .first { $0.hasSuffix(".sqlite3") })
        let copy = b + "/sevenmin/history.d/" + id + "/" + month
        try FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: a + "/sevenmin/history.d/" + id + "/" + month, toPath: copy)
        let synced = try #require(FileManager.default.contents(atPath: copy))

        let history = try run(binary, ["history"], environment: ["XDG_STATE_HOME": b])
        #expect(history.status == 0 && history.stdout.split(separator: "\n").count == 4,
                "the first workout once, and each one's own: \(history.stdout)\(history.stderr)")
        #expect(history.stderr.contains("Warning: \(copy) is counted as another machine's"), "\(history.stderr)")
        let again = try workout(b)
        #expect(again.status == 0)
        #expect(again.stderr.contains("Warning: \(copy) was left as it is, not replaced by this machine's copy: ")
            && again.stderr.contains("remove machine-id in the state folder on one of them"), "\(again.stderr)")
        #expect(FileManager.default.contents(atPath: copy) == synced)
    }

    /// The warnings of the copy for history.d (a machine-id that is not one) went to the log: standard
    /// error was still the log's when the copy was worked out. They reach the terminal, after the workout.
    @Test func aMachineIDThatIsNotOneIsSaidAfterTheWorkout() throws {
        let tmux = try Tmux("")
        let state = tmux.directory + "/sevenmin"
        try FileManager.default.createDirectory(atPath: state + "/history.d", withIntermediateDirectories: true)
        try "not an id\n".write(toFile: state + "/machine-id", atomically: true, encoding: .utf8)
        tmux.type("\(binary) start \(fixtures)/brief.json --mute; echo \"ex\"\"it=$?\"")
        tmux.waitFor(text: "Workout complete", timeout: 20)
        tmux.dismissSummary()
        let screen = tmux.waitFor(text: "exit=0")
        // The screen is gone and the warning is left on the terminal, before the shell's next line.
        let lines = screen.split(separator: "\n").map(String.init)
        let warning = try #require(lines.firstIndex { $0.hasPrefix("Warning: ") }, "\(screen)")
        #expect(warning < lines.firstIndex { $0.hasPrefix("exit=0") } ?? 0, "\(screen)")
        let said = lines[warning...].prefix { !$0.hasPrefix("exit=") }.joined()
        #expect(said.contains("machine-id: expected this machine's id (32 hexadecimal digits)"), "\(screen)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: state + "/history.d").isEmpty)
    }

    /// A workout recorded on one machine is removed on another, and is gone on both once the copies are
    /// synced; `history --verify` says what each machine's copy holds, and fails when a month cannot be read.
    @Test func aWorkoutRemovedOnAnotherMachineIsGoneEverywhere() throws {
        let (a, b) = (temporaryDirectory(), temporaryDirectory())
        for state in [a, b] {
            try FileManager.default.createDirectory(atPath: state + "/sevenmin/history.d",
                                                    withIntermediateDirectories: true)
        }
        let r = try run(binary, ["start", fixtures + "/brief.json", "--plain", "--mute"],
                        environment: ["XDG_STATE_HOME": a])
        #expect(r.status == 0, "\(r.stderr)")
        // The sync carries each machine's folder of months to the other.
        func sync(_ from: String, _ to: String) throws {
            let id = try String(contentsOfFile: from + "/sevenmin/machine-id", encoding: .utf8).dropLast()
            try? FileManager.default.removeItem(atPath: to + "/sevenmin/history.d/" + id)
            try FileManager.default.copyItem(atPath: from + "/sevenmin/history.d/" + id,
                                             toPath: to + "/sevenmin/history.d/" + id)
        }
        try sync(a, b)
        let listed = try run(binary, ["history", "--json"], environment: ["XDG_STATE_HOME": b])
        let id = try #require(((try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])?
            .first?["id"] as? Int))
        let removed = try run(binary, ["history", "remove", "\(id)"], environment: ["XDG_STATE_HOME": b])
        #expect(removed.status == 0 && removed.stdout.hasPrefix("Removed Brief Test Routine of "), "\(removed.stderr)")
        try sync(b, a)
        for state in [a, b] {
            let history = try run(binary, ["history"], environment: ["XDG_STATE_HOME": state])
            #expect(history.stdout == "No workouts recorded yet.\n", "\(history.stdout)\(history.stderr)")
            let stats = try run(binary, ["stats", "--json"], environment: ["XDG_STATE_HOME": state])
            #expect(stats.stdout.contains("\"sessions\": 0,"), "\(stats.stdout)")
        }
        let bID = try String(contentsOfFile: b + "/sevenmin/machine-id", encoding: .utf8).dropLast()
        let verify = try run(binary, ["history", "--verify"], environment: ["XDG_STATE_HOME": a])
        #expect(verify.status == 0 && verify.stdout.hasPrefix("this machine: 1 workouts, 0 edits\n")
            && verify.stdout.contains(" (\(bID)): 1 months, 0 workouts, 1 edits\n")
            && verify.stdout.hasSuffix("Everything was read.\n"), "\(verify.stdout)")
        // b's month torn, as a sync cut short leaves it: named, and the exit says not all was read.
        let folder = a + "/sevenmin/history.d/" + bID
        let month = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first)
        try Data(repeating: 7, count: 300).write(to: URL(fileURLWithPath: folder + "/" + month))
        let torn = try run(binary, ["history", "--verify"], environment: ["XDG_STATE_HOME": a])
        #expect(torn.status == 1 && torn.stdout.contains("left out \(folder)/\(month): ")
            && torn.stdout.hasSuffix("Not everything was read.\n"), "\(torn.stdout)")
    }

    /// Three machines share one `history.d` (the sync delivered every copy at once) and do a workout each:
    /// all three then show the same history and the same statistics, byte for byte, ids and machines too.
    @Test func threeMachinesSharingOneFolderShowTheSameHistory() throws {
        let shared = temporaryDirectory()
        let states = [temporaryDirectory(), temporaryDirectory(), temporaryDirectory()]
        for state in states {
            try FileManager.default.createDirectory(atPath: state + "/sevenmin", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: state + "/sevenmin/history.d",
                                                       withDestinationPath: shared)
            let r = try run(binary, ["start", fixtures + "/brief.json", "--plain", "--mute"],
                            environment: ["XDG_STATE_HOME": state])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let outputs = try states.map { state in
            try ["history", "stats"].map { command in
                let r = try run(binary, [command, "--json"], environment: ["XDG_STATE_HOME": state])
                #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
                return r.stdout
            }
        }
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(outputs[0][0].utf8)) as? [[String: Any]])
        #expect(listed.map { $0["id"] as? Int } == [1, 2, 3] && listed.allSatisfy { $0["machine"] as? String
            == hostLabel }, "\(outputs[0][0])")
        #expect(outputs[0][1].contains("\"sessions\": 3,"), "\(outputs[0][1])")
        #expect(outputs[1] == outputs[0] && outputs[2] == outputs[0], "\(outputs)")
    }

    /// One damaged file in `history.d` (Syncthing can deliver one) made `history` and `stats` show nothing
    /// and exit 1, the plan start again at step 1, and `doctor` call the history intact. Now it is named
    /// once and left out, and the rest is shown and counted.
    @Test func aDamagedFileInHistoryDIsNamedOnceAndTheRestIsShown() throws {
        let state = temporaryDirectory()
        let shared = state + "/sevenmin/history.d"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        let env = ["XDG_STATE_HOME": state, "XDG_CONFIG_HOME": state, "LC_ALL": "C.UTF-8"]
        let r = try run(binary, ["start", fixtures + "/brief.json", "--plain", "--mute"], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        // Another machine's copy, its schema's page damaged past the header.
        let published = try #require(try FileManager.default.contentsOfDirectory(atPath: shared).first)
        let month = try #require(try FileManager.default.contentsOfDirectory(atPath: shared + "/" + published).first)
        let broken = shared + "/laptop.sqlite3"
        try FileManager.default.copyItem(atPath: shared + "/" + published + "/" + month, toPath: broken)
        let file = try #require(FileHandle(forUpdatingAtPath: broken))
        try file.seek(toOffset: 100)
        try file.write(contentsOf: Data(repeating: 7, count: 200))
        try file.close()

        let warning = "Warning: left out \(broken): it is damaged"
        let history = try run(binary, ["history"], environment: env)
        #expect(history.status == 0 && history.stdout.contains("Brief Test Routine"), "\(history.stderr)")
        #expect(history.stderr.components(separatedBy: warning).count == 2, "\(history.stderr)")
        let stats = try run(binary, ["stats", "--json"], environment: env)
        #expect(stats.status == 0 && stats.stdout.contains("\"sessions\": 1,"), "\(stats.stderr)")
        #expect(stats.stderr.components(separatedBy: warning).count == 2, "\(stats.stderr)")
        let doctor = try run(binary, ["doctor"], environment: env)
        #expect(doctor.stdout.contains("✘ left out \(broken): it is damaged"), "\(doctor.stdout)")
    }
}
