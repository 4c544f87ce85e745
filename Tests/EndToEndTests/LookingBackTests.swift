// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `history` and `stats` as a user reads them, and the small commands around the workout.
@Suite("Looking back end to end", .serialized)
struct LookingBackTests {
    let short = fixtures + "/short.json"

    /// A state folder holding the history of two workouts of two seconds, run in plain mode; made once, and
    /// only read by the tests.
    static let recorded: String = {
        let state = temporaryDirectory()
        for _ in 0..<2 {
            _ = try? run(binary, ["start", fixtures + "/brief.json", "--mute", "--plain"],
                         environment: ["XDG_STATE_HOME": state])
        }
        return state
    }()

    func twoWorkouts() throws -> String {
        let state = LookingBackTests.recorded
        let r = try run(binary, ["history", "--json"], environment: ["XDG_STATE_HOME": state])
        #expect(r.stdout.components(separatedBy: "\"outcome\": \"completed\"").count == 3, "two workouts recorded")
        return state
    }

    @Test func historyListsWorkoutsAsTextCSVAndJSON() throws {
        let state = try twoWorkouts()
        let env = ["XDG_STATE_HOME": state]
        let text = try run(binary, ["history"], environment: env)
        let rows = text.stdout.split(separator: "\n")
        #expect(rows.count == 3 && rows[0].hasPrefix("ID  ") && rows[0].contains("DATE")
            && rows[1].contains("Brief Test Routine"))
        #expect(rows[1].contains("1/1") && rows[1].hasSuffix("completed"))
        let csv = try run(binary, ["history", "--csv"], environment: env)
        #expect(csv.stdout.hasPrefix("id,start,") && csv.stdout.contains("\r\n"))
        #expect(csv.stdout.split(separator: "\r\n").count == 3)
        let latest = try run(binary, ["history", "--limit", "1", "--json"], environment: env)
        let sessions = try JSONSerialization.jsonObject(with: Data(latest.stdout.utf8)) as? [[String: Any]]
        #expect(sessions?.count == 1 && sessions?.first?["id"] as? Int == 2)
        // Workouts were recorded, only none since then.
        let future = try run(binary, ["history", "--since", "2999-01-01"], environment: env)
        #expect(future.stdout == "No workouts recorded since 2999-01-01.\n")
        let fit = try run(binary, ["history", "--since", "2999-01-01", "--fit", temporaryDirectory()],
                          environment: env)
        #expect(fit.status == 0 && fit.stderr == "No workouts recorded since 2999-01-01; nothing to export.\n")
        let bad = try run(binary, ["history", "--since", "yesterday"], environment: env)
        #expect(bad.status == 64 && bad.stderr.contains("expected a date as YYYY-MM-DD"))
        let both = try run(binary, ["history", "--json", "--csv"], environment: env)
        #expect(both.status == 64 && both.stderr.contains("'--json' cannot be used with '--csv'"))
    }

    /// On a terminal, stats draws its heat map in colour; under NO_COLOR and in the C locale, plainly.
    @Test(arguments: [("", true, true), ("NO_COLOR=1", false, true), ("TERM=vt100", false, true),
                      ("LC_ALL=C", true, false)])
    func statsOnATerminal(environment: String, colour: Bool, unicode: Bool) throws {
        let state = try twoWorkouts()
        let tmux = try Tmux("env XDG_STATE_HOME=\(state) \(environment) \(binary) stats --weight 70",
                            width: 80, height: 24)
        let screen = tmux.waitFor(text: "exit=0")
        // All of it on an 80×24 screen, the streak at the top, the heat map as many weeks as fit.
        #expect(screen.contains("\nDay streak: ") && screen.contains("75 minutes") && screen.contains("Last 38 weeks"),
                "\(screen)")
        #expect(screen.contains("kcal"))
        let coloured = tmux.screenWithColours()
        #expect(coloured.contains("38;5;") == colour)
        if !colour { #expect(colourSequences(coloured).isEmpty, "\(coloured)") }
        // The heat map and bars: block glyphs in UTF-8, ASCII ones in the C locale.
        #expect((screen.contains("█") || screen.contains("■")) == unicode, "\(screen)")
    }

    @Test func statsAsJSON() throws {
        let state = try twoWorkouts()
        let r = try run(binary, ["stats", "--json"], environment: ["XDG_STATE_HOME": state])
        let stats = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(stats?["sessions"] as? Int == 2)
        let bad = try run(binary, ["stats", "--weight", "0x40"])
        #expect(bad.status == 64 && bad.stderr.contains("kilograms from 20 to 400"))
    }

    /// What the shells' completion scripts ask for.
    @Test func completionValues() throws {
        let routines = try run(binary, ["__complete", "routines"]).stdout.split(separator: "\n")
        #expect(routines.contains("classic") && routines.contains("tabata"))
        let tags = try run(binary, ["__complete", "tags"]).stdout.split(separator: "\n")
        #expect(tags.contains("noisy") && tags.contains("chair"))
        let voices = try run(binary, ["__complete", "voices"]).stdout.split(separator: "\n")
        #expect(voices.prefix(2) == ["rms", "slt"], "Flite's voices come first")
        #expect(voices.contains("de") && voices.contains("fr"))
    }

    /// Each kind of usage error, in its three lines.
    @Test(arguments: [
        (["start", "--rounds"], "Error: Missing value for '--rounds <n>'"),
        (["start", "--mute=yes"], "Error: '--mute' takes no value"),
        (["start", "--bell", "--no-bell"], "Error: '--bell' cannot be used with '--no-bell'"),
        (["validate"], "Error: Missing expected argument '<routine>'"),
        (["list", "a", "b"], "Error: Unexpected argument 'b'"),
        (["lits"], "Error: Unknown command 'lits'"),
        (["--verison"], "Error: Unknown option '--verison'"),
    ])
    func usageErrorsSayWhatAndHow(args: [String], first: String) throws {
        let r = try run(binary, args)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(r.status == 64)
        #expect(lines.first == first)
        #expect(lines.contains { $0.hasPrefix("Usage: sevenmin") })
        #expect(lines.last?.hasPrefix("See 'sevenmin") == true)
    }

    @Test func configShowsWhereEachSettingComesFrom() throws {
        let config = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: config + "/sevenmin", withIntermediateDirectories: true)
        try #"{"voice": "de", "volume": 40}"#.write(toFile: config + "/sevenmin/config.json", atomically: true,
                                                    encoding: .utf8)
        let r = try run(binary, ["config"], environment: ["XDG_CONFIG_HOME": config])
        #expect(r.status == 0)
        #expect(r.stdout.contains("de") && r.stdout.contains("config.json:1"))
        let path = try run(binary, ["config", "--path"], environment: ["XDG_CONFIG_HOME": config])
        #expect(path.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == config + "/sevenmin/config.json")
    }
}
