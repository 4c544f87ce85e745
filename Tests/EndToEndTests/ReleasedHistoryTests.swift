// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The history the release before month copies wrote, made by that release's own binary
/// (`Fixtures/released-history`, its README says how): read whole after the upgrade, on the machine that wrote
/// it and on another its copy reached, then split by month at the next workout, `--verify` clean before and
/// after, and not a row lost.
@Suite("The release's history after the upgrade")
struct ReleasedHistoryTests {
    static let folder = fixtures + "/released-history"

    /// `history --json`'s workouts, each as JSON text with its keys sorted, less what the release did not print
    /// (`kind`, `short_id`) and what says which machine reads it (`machine`: the release printed none for its own).
    func workouts(_ json: String) throws -> [String] {
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]], "\(json)")
        return try array.map { workout in
            let kept = workout.filter { !["kind", "short_id", "machine"].contains($0.key) }
            return String(decoding: try JSONSerialization.data(withJSONObject: kept, options: .sortedKeys),
                          as: UTF8.self)
        }
    }

    /// What `history --json` printed: the workouts and the machine each is marked with.
    func listed(_ state: String) throws -> (workouts: [String], machines: Set<String>) {
        let r = try run(binary, ["history", "--json"], environment: ["XDG_STATE_HOME": state])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let array = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(array.allSatisfy { $0["kind"] as? String == "workout" }, "\(r.stdout)")
        return (try workouts(r.stdout), Set(array.compactMap { $0["machine"] as? String }))
    }

    /// `history --verify`'s report, which must end with everything read, and exit 0.
    func verified(_ state: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let r = try run(binary, ["history", "--verify"], environment: ["XDG_STATE_HOME": state])
        #expect(r.status == 0 && r.stdout.hasSuffix("Everything was read.\n") && r.stderr.isEmpty,
                "\(r.stdout)\(r.stderr)", sourceLocation: sourceLocation)
        return r.stdout
    }

    /// The FIT files `history --fit` writes are the release's, byte for byte: the same laps, and the timer
    /// stopped where the workout was paused.
    func expectSameFIT(_ state: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let out = temporaryDirectory()
        let r = try run(binary, ["history", "--fit", out], environment: ["XDG_STATE_HOME": state])
        #expect(r.status == 0, "\(r.stderr)", sourceLocation: sourceLocation)
        let expected = Self.folder + "/expected/fit"
        let names = try FileManager.default.contentsOfDirectory(atPath: expected).sorted()
        #expect(names.count == 4, sourceLocation: sourceLocation)
        for name in names {
            #expect(FileManager.default.contents(atPath: out + "/" + name)
                == FileManager.default.contents(atPath: expected + "/" + name), "\(name)",
                sourceLocation: sourceLocation)
        }
    }

    /// The rows of `old` that none of `new` holds, a line a table: `TABLE ROWS MISSING`.
    func missingRows(_ old: String, _ new: [String]) throws -> [String] {
        let r = try run("/usr/bin/python3", [Self.folder + "/missing-rows.py", old] + new)
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").map(String.init)
    }

    @Test func isReadWholeThenSplitByMonthWithoutLosingARow() throws {
        let id = try String(contentsOfFile: Self.folder + "/state/sevenmin/machine-id", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let single = "history.d/\(id).sqlite3"
        let expected = try workouts(String(contentsOfFile: Self.folder + "/expected/history.json", encoding: .utf8))
        #expect(expected.count == 5)
        // This machine, upgraded: the release's state folder as it left it. Another, upgraded before, whose
        // history.d the sync gave the release's copy.
        let here = temporaryDirectory(), there = temporaryDirectory()
        try FileManager.default.removeItem(atPath: here)
        try FileManager.default.copyItem(atPath: Self.folder + "/state", toPath: here)
        try FileManager.default.createDirectory(atPath: there + "/sevenmin/history.d",
                                                withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: here + "/sevenmin/" + single, toPath: there + "/sevenmin/" + single)
        // The files as the release left them, to count their rows against (SQLite's readers of a file in WAL
        // mode leave files beside it: not in the fixture).
        let released = temporaryDirectory()
        for (name, file) in [(single, "\(id).sqlite3"), ("history.sqlite3", "history.sqlite3")] {
            try FileManager.default.copyItem(atPath: Self.folder + "/state/sevenmin/" + name,
                                             toPath: released + "/" + file)
        }

        // Before: both read every workout, segment and rating whole, as the release printed them.
        #expect(try verified(here) == "this machine: 5 workouts, 0 edits\nEverything was read.\n")
        #expect(try verified(there) == "release-desk (\(id)): 5 workouts, 0 edits\nEverything was read.\n")
        #expect(try listed(here).workouts == expected)
        let theirs = try listed(there)
        #expect(theirs.workouts == expected && theirs.machines == ["release-desk"])
        try expectSameFIT(here)
        try expectSameFIT(there)

        // The upgrade: the next workout writes this machine's copy by month, and the single copy goes.
        let r = try run(binary, ["start", fixtures + "/short.json", "--plain", "--mute"],
                        environment: ["XDG_STATE_HOME": here])
        #expect(r.status == 0, "\(r.stderr)")
        let mine = try listed(here)
        #expect(mine.workouts.count == 6 && Array(mine.workouts.prefix(5)) == expected)
        let now = try #require(try JSONSerialization.jsonObject(with: Data(mine.workouts[5].utf8)) as? [String: Any])
        let month = try #require((now["local_start"] as? String)?.prefix(7))
        let months = Set(["2026-09", "2026-10", "2026-11", String(month)]).sorted().map { $0 + ".sqlite3" }
        #expect(try FileManager.default.contentsOfDirectory(atPath: here + "/sevenmin/history.d") == [id])
        #expect(try FileManager.default.contentsOfDirectory(atPath: here + "/sevenmin/history.d/" + id).sorted()
            == months)
        #expect(try verified(here) == "this machine: 6 workouts, 0 edits\nEverything was read.\n")

        // The sync carries the months, and the single copy's removal, to the other machine.
        try FileManager.default.removeItem(atPath: there + "/sevenmin/" + single)
        try FileManager.default.copyItem(atPath: here + "/sevenmin/history.d/" + id,
                                         toPath: there + "/sevenmin/history.d/" + id)
        #expect(try verified(there) == "\(hostLabel) (\(id)): \(months.count) months, 6 workouts, 0 edits\n"
            + "Everything was read.\n")
        let after = try listed(there)
        #expect(after.workouts == mine.workouts && after.machines == [hostLabel])
        try expectSameFIT(there)
        // Not a row lost: every row of the release's copy is in a month, every row of its history still there.
        let folder = there + "/sevenmin/history.d/" + id + "/"
        let rows = try missingRows(released + "/\(id).sqlite3", months.map { folder + $0 })
        #expect(rows == ["sessions 5 0", "segments 24 0", "pauses 3 0", "heart_rate 0 0"], "\(rows)")
        let kept = try missingRows(released + "/history.sqlite3", [here + "/sevenmin/history.sqlite3"])
        #expect(kept == rows, "\(kept)")
    }
}
