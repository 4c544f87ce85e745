// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Testing

@Suite("History from other machines")
struct SharedHistoryEndToEndTests {
    @Test func aWorkoutIsPublishedAndAnotherMachineCountsItOnceMarked() throws {
        // This machine shares its history: history.d exists, so a workout leaves a copy there.
        let here = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: here + "/sevenmin/history.d",
                                                withIntermediateDirectories: true)
        let r = try run(binary, ["start", fixtures + "/short.json", "--plain", "--mute"],
                        environment: ["XDG_STATE_HOME": here])
        #expect(r.status == 0, "\(r.stderr)")
        let published = try #require(try FileManager.default.contentsOfDirectory(atPath: here + "/sevenmin/history.d")
            .first { $0.hasSuffix(".sqlite3") })
        // Its own copy is not read back as another machine's.
        let own = try run(binary, ["history"], environment: ["XDG_STATE_HOME": here])
        #expect(own.stdout.split(separator: "\n").count == 2 && !own.stdout.contains("MACHINE"))

        // Another machine gets the file twice, as a synced folder and a copy by hand can leave it.
        let there = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: there + "/sevenmin/history.d",
                                                withIntermediateDirectories: true)
        for name in ["desk.sqlite3", "desk-copy.sqlite3"] {
            try FileManager.default.copyItem(atPath: here + "/sevenmin/history.d/" + published,
                                             toPath: there + "/sevenmin/history.d/" + name)
        }
        let history = try run(binary, ["history"], environment: ["XDG_STATE_HOME": there])
        #expect(history.status == 0, "\(history.stderr)")
        let lines = history.stdout.split(separator: "\n")
        #expect(lines.count == 2, "one workout, once: \(history.stdout)")
        // Marked with the first file, by name, that holds it.
        #expect(lines.first?.hasSuffix("MACHINE") == true && lines.last?.hasSuffix("desk-copy") == true)
        let stats = try run(binary, ["stats", "--json"], environment: ["XDG_STATE_HOME": there])
        #expect(stats.stdout.contains("\"sessions\": 1,"), "\(stats.stdout)")
        // Reading never writes another machine's file, nor makes one of this machine's own.
        #expect(!FileManager.default.fileExists(atPath: there + "/sevenmin/history.sqlite3"))
    }
}
