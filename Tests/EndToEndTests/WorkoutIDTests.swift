// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Workouts are numbered by their start across every machine, so a copy arriving late with older workouts moves
/// the numbers; each workout's id, the start of its uuid, stays put, and edits take it.
@Suite("A workout's id")
struct WorkoutIDTests {
    /// `history --json`'s workouts: each one's number, short id and effort.
    func listed(_ state: String) throws -> [(id: Int, short: String, effort: Int?)] {
        let r = try run(binary, ["history", "--json"], environment: ["XDG_STATE_HOME": state])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]],
                                 "\(r.stdout)\(r.stderr)")
        return array.map { ($0["id"] as? Int ?? 0, $0["short_id"] as? String ?? "", $0["effort"] as? Int) }
    }

    @Test func aLateCopyMovesNumbersButNotIDs() throws {
        let state = temporaryDirectory()
        let shared = state + "/sevenmin/history.d"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        let r = try run(binary, ["start", fixtures + "/short.json", "--plain", "--mute"],
                        environment: ["XDG_STATE_HOME": state])
        #expect(r.status == 0, "\(r.stderr)")
        let before = try listed(state)
        let mine = try #require(before.first).short
        #expect(before.count == 1 && before[0].id == 1 && mine.count >= 7, "\(before)")
        // The list shows it first on the line.
        let text = try run(binary, ["history"], environment: ["XDG_STATE_HOME": state]).stdout
        #expect(text.split(separator: "\n").last?.hasPrefix(mine + "  ") == true, "\(text)")

        // Another machine's copy arrives, with five older workouts: this one is number 6 now, its id the same.
        let released = ReleasedHistoryTests.folder + "/state/sevenmin/history.d"
        for name in try FileManager.default.contentsOfDirectory(atPath: released) {
            try FileManager.default.copyItem(atPath: released + "/" + name, toPath: shared + "/" + name)
        }
        // Theirs are the first seven digits of the uuids the release printed (none of its five shares them).
        let printed = try String(contentsOfFile: ReleasedHistoryTests.folder + "/expected/history.json",
                                 encoding: .utf8)
        let theirs = (try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [[String: Any]] ?? [])
            .compactMap { ($0["uuid"] as? String).map { String($0.prefix(7)) } }
        #expect(theirs.count == 5)
        let after = try listed(state)
        #expect(after.map(\.id) == [1, 2, 3, 4, 5, 6] && after.map(\.short) == theirs + [mine], "\(after)")

        // Rated by its id, typed in capitals: this machine's workout is rated, not the one numbered 1 now.
        let rated = try run(binary, ["rate", "7", "--session", mine.uppercased()],
                            environment: ["XDG_STATE_HOME": state])
        #expect(rated.status == 0 && rated.stdout.hasSuffix("(id \(mine)): effort 7/10\n"), "\(rated.stderr)")
        #expect(try listed(state).map(\.effort) == [6, 8, nil, nil, nil, 7])
        // Fewer digits do, while they name one workout; a number still does.
        let renamed = try run(binary, ["history", "rename", String(theirs[1].prefix(4)), "Side planks"],
                              environment: ["XDG_STATE_HOME": state])
        #expect(renamed.status == 0 && renamed.stdout.hasPrefix("Renamed Sides Test Routine of ")
            && renamed.stdout.contains("(id \(theirs[1]))"), "\(renamed.stdout)\(renamed.stderr)")
        let removed = try run(binary, ["history", "remove", "4"], environment: ["XDG_STATE_HOME": state])
        #expect(removed.status == 0 && removed.stdout.contains("(id \(theirs[3]))"), "\(removed.stderr)")
        #expect(try listed(state).map(\.short) == theirs.enumerated().filter { $0.offset != 3 }.map(\.element) + [mine])

        // An id of no workout (no random uuid has a 0 for its 13th digit): said; one that cannot be an id: refused.
        let none = try run(binary, ["history", "remove", "00000000-0000-0000"],
                           environment: ["XDG_STATE_HOME": state])
        #expect(none.status == 66
            && none.stderr == "Error: No workout with id 00000000-0000-0000 in the history.\n", "\(none.stderr)")
        let bad = try run(binary, ["rate", "7", "--session", "b9"], environment: ["XDG_STATE_HOME": state])
        #expect(bad.status == 64 && bad.stderr.hasPrefix("Error: The value 'b9' is invalid for '--session <id>'"),
                "\(bad.stderr)")
    }

    /// Digits that start two workouts' uuids are refused, each named with its id, and nothing is written.
    @Test func digitsThatStartTwoWorkoutsIdsAreRefused() throws {
        let state = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: state + "/sevenmin", withIntermediateDirectories: true)
        // Two workouts written through HistoryRecorder, as a workout writes them, with uuids of one start.
        let bench = URL(fileURLWithPath: binary).deletingLastPathComponent().path + "/sevenmin-history-bench"
        for uuid in ["abcd1111-0000-4000-8000-000000000001", "abcd2222-0000-4000-8000-000000000002"] {
            let r = try run(bench, ["record", "--db", state + "/sevenmin/history.sqlite3", "--segments", "3",
                                    "--uuid", uuid])
            #expect(r.status == 0, "\(r.stderr)")
        }
        #expect(try listed(state).map(\.short) == ["abcd111", "abcd222"])
        let env = ["XDG_STATE_HOME": state]
        let rated = try run(binary, ["rate", "5", "--session", "ABCD"], environment: env)
        #expect(rated.status == 64 && rated.stderr.hasPrefix("Error: ABCD names 2 workouts: abcd111 (classic of ")
            && rated.stderr.contains("), abcd222 (classic of ")
            && rated.stderr.hasSuffix("). Give more of its id, as 'history' shows it.\n"), "\(rated.stderr)")
        let removed = try run(binary, ["history", "remove", "abcd"], environment: env)
        #expect(removed.status == 64 && removed.stderr.hasPrefix("Error: abcd names 2 workouts: "), "\(removed.stderr)")
        #expect(try listed(state).map(\.effort) == [nil, nil])
        // One more digit names one.
        let one = try run(binary, ["rate", "5", "--session", "abcd2"], environment: env)
        #expect(one.status == 0 && one.stdout.hasSuffix("(id abcd222): effort 5/10\n"), "\(one.stderr)")
        #expect(try listed(state).map(\.effort) == [nil, 5])
    }
}
