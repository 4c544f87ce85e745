// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// A damaged history, or rows out of range: every reader says so the same way and leaves the file in place.
extension HistoryEndToEndTests {
    /// Two quick workouts recorded by the real program, in a fresh state folder; returns the folder.
    func twoRecordedWorkouts() throws -> String {
        let dir = temporaryDirectory()
        let routine = dir + "/quick.json"
        try #"{"name": "Quick", "getReady": 0, "rest": 0, "exercises": [{"title": "A", "work": 1}]}"#
            .write(toFile: routine, atomically: true, encoding: .utf8)
        for _ in 0..<2 {
            let r = try run(binary, ["start", routine, "--mute", "--plain"], environment: ["XDG_STATE_HOME": dir])
            #expect(r.status == 0, "\(r.stderr)")
        }
        return dir
    }

    /// One flipped exponent in one stored time crashed history, stats and start; now that row is skipped,
    /// the rest is shown, and the count is said.
    @Test func aStoredValueOutOfRangeIsSkippedAndCounted() throws {
        let dir = try twoRecordedWorkouts()
        let db = dir + "/sevenmin/history.sqlite3"
        _ = try run("/usr/bin/sqlite3", [db, "UPDATE sessions SET started_at = 1e300 WHERE id = 1"])
        for command in [["history"], ["history", "--json"], ["stats"]] {
            let r = try run(binary, command, environment: ["XDG_STATE_HOME": dir])
            #expect(r.status == 0, "\(command): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("skipped 1 row holding values out of range"), "\(command): \(r.stderr)")
        }
        let shown = try run(binary, ["history"], environment: ["XDG_STATE_HOME": dir])
        #expect(shown.stdout.contains("Quick"))
    }

    /// Scribbles over the cell pointers of the sessions' table's first page, as a bad sector might.
    func scribbleOverSessions(_ db: String) throws {
        let root = try run("/usr/bin/sqlite3", [db, "PRAGMA wal_checkpoint(TRUNCATE)",
                                                "SELECT rootpage FROM sqlite_master WHERE name = 'sessions'"])
        let page = try #require(root.stdout.split(separator: "\n").last.flatMap { Int($0) })
        let file = try #require(FileHandle(forUpdatingAtPath: db))
        try file.seek(toOffset: UInt64((page - 1) * 4096 + 8))
        try file.write(contentsOf: Data(repeating: 7, count: 200))
        try file.close()
    }

    /// A page of the sessions' table scribbled over read as no workouts at all: `history` said "No workouts
    /// recorded yet." and exited 0 while `stats` said the file was damaged. Every reader says it now.
    @Test func everyReaderSaysADamagedSessionsPage() throws {
        let dir = try twoRecordedWorkouts()
        let db = dir + "/sevenmin/history.sqlite3"
        try scribbleOverSessions(db)
        for command in [["history"], ["history", "--json"], ["stats"]] {
            let r = try run(binary, command, environment: ["XDG_STATE_HOME": dir])
            #expect(r.status == 1, "\(command): \(r.status) \(r.stdout)")
            #expect(r.stderr.contains("is damaged"), "\(command): \(r.stderr)")
            #expect(!r.stdout.contains("No workouts recorded yet"), "\(command)")
        }
    }

    /// A NULL where the schema no longer forbids one was left out by `history` without a word, while
    /// `stats` counted it; a time out of range on the oldest workout made `rate` call the history empty.
    @Test func everyReaderSkipsAndCountsTheSameRows() throws {
        let dir = try twoRecordedWorkouts()
        let db = dir + "/sevenmin/history.sqlite3"
        _ = try run("/usr/bin/sqlite3", [db, """
            PRAGMA writable_schema = ON;
            UPDATE sqlite_master SET sql = replace(sql, 'started_at REAL NOT NULL', 'started_at REAL')
                WHERE name = 'sessions';
            """])
        _ = try run("/usr/bin/sqlite3", [db, "UPDATE sessions SET started_at = NULL WHERE id = 2"])
        for command in [["history"], ["history", "--json"], ["stats"]] {
            let r = try run(binary, command, environment: ["XDG_STATE_HOME": dir])
            #expect(r.status == 0, "\(command): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("skipped 1 row holding values out of range"), "\(command): \(r.stderr)")
        }
        _ = try run("/usr/bin/sqlite3", [db, "UPDATE sessions SET started_at = 1e308 WHERE id = 1"])
        let rated = try run(binary, ["rate", "7"], environment: ["XDG_STATE_HOME": dir])
        // Both workouts are out of range now: nothing to rate, and the two rows said.
        #expect(rated.status == 66 && rated.stderr.contains("skipped 2 rows"), "\(rated.stderr)")
        _ = try run("/usr/bin/sqlite3", [db, "UPDATE sessions SET started_at = 1795000000 WHERE id = 2"])
        let again = try run(binary, ["rate", "7"], environment: ["XDG_STATE_HOME": dir])
        // Its id as `history` shows it: the one workout read, the other being left out.
        let shown = try run(binary, ["history", "--json"], environment: ["XDG_STATE_HOME": dir]).stdout
        let id = try #require((try JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [[String: Any]])?
            .first?["short_id"] as? String, "\(shown)")
        #expect(again.status == 0 && again.stdout.contains("(id \(id)): effort 7/10"), "\(again.stderr)")
        #expect(again.stderr.contains("skipped 1 row holding values out of range"), "\(again.stderr)")
    }

    /// `doctor` counts the rows the readers skip, and no longer calls such a file intact (SQLite's own
    /// check cannot see a number out of range).
    @Test func doctorCountsTheRowsTheReadersSkip() throws {
        let dir = try twoRecordedWorkouts()
        let db = dir + "/sevenmin/history.sqlite3"
        let environment = ["XDG_STATE_HOME": dir, "XDG_CONFIG_HOME": dir, "LC_ALL": "C.UTF-8"]
        #expect(try run(binary, ["doctor"], environment: environment).stdout.contains("intact, 2 workouts recorded"))
        _ = try run("/usr/bin/sqlite3", [db, "UPDATE sessions SET started_at = 1e300 WHERE id = 1; "
            + "UPDATE segments SET actual = -1 WHERE id = 1"])
        let r = try run(binary, ["doctor"], environment: environment)
        #expect(!r.stdout.contains("intact"), "\(r.stdout)")
        #expect(r.stdout.contains("2 rows hold values out of range, which history, stats and start skip; "
            + "1 workout can be read"), "\(r.stdout)")
    }

    /// `doctor` said "History not saved" of a file it only reads, with the path twice; and a damaged file's
    /// whole `integrity_check` came on one line, joined by `^J`.
    @Test(arguments: ["FIFO", "symbolic link", "folder", "damaged"])
    func doctorSaysWhatIsWrongWithTheHistoryOnce(kind: String) throws {
        let dir = try kind == "damaged" ? twoRecordedWorkouts() : temporaryDirectory()
        let folder = dir + "/sevenmin", db = folder + "/history.sqlite3"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        switch kind {
        case "FIFO": #expect(mkfifo(db, 0o600) == 0)
        case "symbolic link": #expect(symlink(dir + "/elsewhere", db) == 0)
        case "folder": try FileManager.default.createDirectory(atPath: db, withIntermediateDirectories: false)
        default: try scribbleOverSessions(db)
        }
        let r = try run(binary, ["doctor"], environment: ["XDG_STATE_HOME": dir, "XDG_CONFIG_HOME": dir,
                                                          "LC_ALL": "C.UTF-8"])
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let section = try #require(lines.firstIndex(of: "History"))
        let shown = lines[(section + 1)...].prefix { $0.hasPrefix(" ") }
        let failure = try #require(shown.first { $0.contains("✘") }, "\(r.stdout)")
        #expect(!r.stdout.contains("not saved") && !r.stdout.contains("^J"), "\(r.stdout)")
        #expect(failure.components(separatedBy: db).count == 2, "\(failure)")
        if kind == "damaged" {
            let found = try run("/usr/bin/sqlite3", [db, "PRAGMA integrity_check"]).stdout
                .split(separator: "\n").filter { !$0.hasPrefix("*** ") }
            #expect(found.count > 6)
            let problems = shown.filter { $0.hasPrefix("    · ") }
            #expect(problems.dropLast().map { $0.dropFirst(6) } == Array(found.prefix(5)), "\(r.stdout)")
            #expect(problems.last == "    · and \(found.count - 5) more", "\(r.stdout)")
            #expect(failure.contains("damaged, \(found.count) problems"), "\(failure)")
        } else {
            #expect(failure.contains("is a \(kind), not a plain file"), "\(failure)")
        }
    }

    /// A reader says the file is damaged and leaves it where it is; it never reports an empty history.
    @Test(arguments: [["history"], ["stats"]])
    func aReaderLeavesADamagedHistoryInPlace(command: [String]) throws {
        let dir = temporaryDirectory()
        let folder = dir + "/sevenmin"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let garbage = String(repeating: "not a database ", count: 400)
        try garbage.write(toFile: folder + "/history.sqlite3", atomically: true, encoding: .utf8)
        let r = try run(binary, command, environment: ["XDG_STATE_HOME": dir])
        #expect(r.status == 1)
        #expect(r.stderr.contains("is damaged") && r.stderr.contains("left as it is"), "\(r.stderr)")
        #expect(!r.stdout.contains("No workouts recorded yet"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["history.sqlite3"])
        #expect(try String(contentsOfFile: folder + "/history.sqlite3", encoding: .utf8) == garbage)
    }
}
