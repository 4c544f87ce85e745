// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// A plank held to the limit, in the real program in tmux, run twice: the first hold is the record the
/// second one sees under its time and beats, and `stats --records` has it.
@Suite("Holds to the limit end to end", .serialized)
struct HoldEndToEndTests {
    let hold = fixtures + "/hold.json"

    /// The status line's clock on the hold, as seconds, while it counts up.
    func counted(_ screen: String) -> Int? { countedUp(screen) }

    /// Holds until the clock shows `seconds`, presses Enter and sees the workout through; returns the finish
    /// screen.
    @discardableResult
    func holdFor(_ seconds: Int, in tmux: Tmux, marker: String) -> String {
        tmux.waitFor("the hold to reach \(seconds) s", timeout: 20 + Double(seconds)) { (counted($0) ?? -1) >= seconds }
        tmux.send("Enter")
        tmux.waitFor("the hold to end", timeout: 5) { counted($0) == nil && $0.contains("Bravo") }
        let finish = tmux.waitFor(text: "Workout complete", timeout: 20)
        tmux.dismissSummary()
        tmux.waitFor(text: marker)
        return finish
    }

    @Test func theSecondRunShowsTheFirstAsItsRecordAndBeatingItIsANewRecord() throws {
        let tmux = try Tmux("\(binary) start \(hold) --mute", width: 100, height: 30)
        let first = tmux.waitFor("the hold", timeout: 20) { counted($0) != nil }
        #expect(first.contains("so far · Enter when done") && !first.contains("record"), "\(first)")
        holdFor(2, in: tmux, marker: "exit=0")

        let events = tmux.directory + "/events.jsonl"
        tmux.type("clear; \(binary) start \(hold) --mute --events \(events); echo \"sec\"\"ond=$?\"")
        let second = tmux.waitFor("the hold with its record", timeout: 20) { $0.contains("record 0:0") }
        #expect(second.contains("record 0:02") && second.contains("░"), "the first hold and a bar:\n\(second)")
        let finish = holdFor(4, in: tmux, marker: "second=0")
        // The record set, under "New record" in big type, on the finish screen; the first run set none it beat.
        #expect(finish.contains("Plank 0:0"), "\(finish)")
        let lines = try String(contentsOfFile: events, encoding: .utf8)
        let kinds = lines.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["event"] as? String
        }
        #expect(kinds.filter { $0 == "record" }.count == 1, "\(lines)")

        let env = ["XDG_STATE_HOME": tmux.directory]
        let json = try run(binary, ["stats", "--records", "--json"], environment: env)
        #expect(json.status == 0, "\(json.stderr)")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let plank = try #require(records.first { $0["exercise"] as? String == "Plank" })
        let held = try #require(plank["seconds"] as? Double)
        #expect(records.count == 1 && plank["kind"] as? String == "hold" && held >= 4 && held < 6, "\(json.stdout)")
        // Both holds are in the history; the best of them is the record.
        let history = try run(binary, ["history", "--json"], environment: env).stdout
        let sessions = try #require(try JSONSerialization.jsonObject(with: Data(history.utf8)) as? [[String: Any]])
        let holds = sessions.compactMap { ($0["segments"] as? [[String: Any]])?.first { $0["exercise"] as? String
            == "Plank" && $0["kind"] as? String == "work" }?["actual"] as? Double }
        #expect(holds.count == 2 && abs((holds.max() ?? 0) - held) < 0.01 && (holds.min() ?? held) < held - 1,
                "\(holds)")
        let text = try run(binary, ["stats", "--records"], environment: env).stdout
        #expect(text.hasPrefix("Personal records\n  Plank  held 0:0"), "\(text)")
    }

    @Test func listShowsTheHoldAndTheSchemaTakesIt() throws {
        let list = try run(binary, ["list", hold]).stdout
        #expect(list.contains("limit: held as long as you can"), "\(list)")
        #expect(list.contains("Total: 0:04 + 1 open (2 exercise periods; 1 counted up, as long as it takes)"),
                "\(list)")
        let schema = try run("/usr/bin/python3", [repositoryRoot + "/scripts/check-schema", hold])
        #expect(schema.status == 0, "\(schema.stdout)")
    }
}
