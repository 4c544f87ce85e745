// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// As many push-ups as you can, then as many squats as you can in 3 s, in the real program in tmux, run twice:
/// the counts typed after each are the records the second run shows and beats, and `stats --records` has both
/// kinds.
@Suite("As many as you can end to end", .serialized)
struct MaxRepsEndToEndTests {
    let max = fixtures + "/max.json"

    /// Ends the push-ups with Enter and types `pushUps` at the question; at the squats' question types `squats`,
    /// or Esc for nil; sees the workout through and returns the screen the push-ups' question showed.
    @discardableResult
    func workout(pushUps: Int, squats: Int?, in tmux: Tmux, marker: String) -> (asked: String, finish: String) {
        tmux.waitFor("the push-ups to count up", timeout: 20) { countedUp($0) != nil && $0.contains("Push-up") }
        tmux.send("Enter")
        let asked = tmux.waitFor("the push-ups' count to be asked", timeout: 5) { $0.contains("How many? Push-up") }
        tmux.send("\(pushUps)")
        tmux.waitFor("the count typed", timeout: 5) { $0.contains("How many? Push-up") && $0.contains("█") }
        tmux.send("Enter")
        tmux.waitFor("the squats' count to be asked", timeout: 20) { $0.contains("How many? Squat") }
        if let squats {
            tmux.send("\(squats)")
            tmux.send("Enter")
        } else {
            tmux.send("Escape")
        }
        let finish = tmux.waitFor(text: "Workout complete", timeout: 20)
        tmux.dismissSummary()
        tmux.waitFor(text: marker)
        return (asked, finish)
    }

    @Test func typedCountsAreTheRecordsTheSecondRunShowsAndBeats() throws {
        let tmux = try Tmux("\(binary) start \(max) --mute", width: 80, height: 24)
        let first = workout(pushUps: 12, squats: 20, in: tmux, marker: "exit=0")
        #expect(!first.asked.contains("record"), "no record before the first count:\n\(first.asked)")

        let events = tmux.directory + "/events.jsonl"
        tmux.type("clear; \(binary) start \(max) --mute --events \(events); echo \"sec\"\"ond=$?\"")
        let step = tmux.waitFor("the push-ups with their record", timeout: 20) { $0.contains("record 12 reps") }
        #expect(step.contains("record 12 reps · so far"), "\(step)")
        let second = workout(pushUps: 15, squats: nil, in: tmux, marker: "second=0")
        #expect(second.asked.contains("record 12 reps"), "\(second.asked)")
        #expect(second.finish.contains("New record") && second.finish.contains("Push-up 15 reps"), "\(second.finish)")
        let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let news = lines.filter { $0["event"] as? String == "record" }
        #expect(news.count == 1 && news.first?["value"] as? Int == 15 && news.first?["previous"] as? Int == 12,
                "\(lines)")
        #expect(lines.filter { $0["event"] as? String == "count" }.map { $0["reps"] as? Int } == [15, nil])

        let env = ["XDG_STATE_HOME": tmux.directory]
        let json = try MaxRepsEndToEndTests.records(env)
        #expect(json.count == 2, "\(json)")
        let pushUps = try #require(json.first { $0["exercise"] as? String == "Push-up" })
        #expect(pushUps["kind"] as? String == "reps" && pushUps["reps"] as? Int == 15, "\(pushUps)")
        let squats = try #require(json.first { $0["exercise"] as? String == "Squat" })
        #expect(squats["kind"] as? String == "reps_in" && squats["reps"] as? Int == 20
                && squats["in_seconds"] as? Int == 3, "\(squats)")
        // The history keeps each count with its step; the squats skipped with Esc have none.
        let history = try run(binary, ["history", "--json"], environment: env).stdout
        let sessions = try #require(try JSONSerialization.jsonObject(with: Data(history.utf8)) as? [[String: Any]])
        let counts = sessions.map { session in
            (session["segments"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "work" }
                .map { $0["reps"] as? Int }
        }
        #expect(counts == [[12, 20], [15, nil]], "\(history)")
    }

    static func records(_ env: [String: String]) throws -> [[String: Any]] {
        let out = try run(binary, ["stats", "--records", "--json"], environment: env)
        #expect(out.status == 0, "\(out.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]])
    }
}
