// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// A step counted in reps, in the real program in tmux: the clock counts up, Enter ends the step,
/// and the history, `list` and the FIT lap hold the seconds it took.
@Suite("Steps counted in reps end to end", .serialized)
struct RepsEndToEndTests {
    let reps = fixtures + "/reps.json"

    /// The status line's clock on the step, as seconds, while it counts up.
    func counted(_ screen: String) -> Int? { countedUp(screen) }

    @Test(.enabled(if: FITDecoders.reachable, "PyPI cannot be reached, so the FIT decoders cannot be installed"))
    func theClockCountsUpEnterEndsTheStepAndTheHistoryHasItsSeconds() throws {
        let tmux = try Tmux("\(binary) start \(reps) --mute", width: 100, height: 30)
        var screen = tmux.waitFor("the step counted in reps", timeout: 20) { counted($0) != nil }
        #expect(screen.contains("Push-up") && screen.contains("+ 1 open to go"), "\(screen)")
        let first = try #require(counted(screen))
        // Counting up, and on past any time a timed step of this routine would have had (3 s).
        screen = tmux.waitFor("the clock to count up past 0:04", timeout: 12) { (counted($0) ?? 0) >= first + 4 }
        let shown = try #require(counted(screen))
        #expect(shown >= 4 && screen.contains("Push-up"))
        let pressed = monotonicSeconds()
        tmux.send("Enter")
        tmux.waitFor("the step to end", timeout: 5) { counted($0) == nil && $0.contains("Rest") }
        let stepEnded = monotonicSeconds()
        tmux.waitFor(text: "Workout complete", timeout: 20)
        tmux.dismissSummary()
        tmux.waitFor(text: "exit=0")

        let env = ["XDG_STATE_HOME": tmux.directory]
        let history = try run(binary, ["history", "--json"], environment: env)
        let parsed = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8))
        let sessions = try #require(parsed as? [[String: Any]])
        let session = try #require(sessions.first)
        #expect(session["outcome"] as? String == "completed" && session["exercises_done"] as? Int == 3)
        let segments = try #require(session["segments"] as? [[String: Any]])
        let step = try #require(segments.first { $0["exercise"] as? String == "Push-up" })
        let actual = try #require(step["actual"] as? Double)
        // The seconds it took: what the clock showed when Enter went, give or take the second the key took.
        #expect(actual >= Double(shown) && actual < Double(shown) + 1 + (stepEnded - pressed), "\(step)")
        #expect(step["ended"] as? String == "ranOut" && step["planned"] as? Double == 0)
        // The time worked counts it: 3 + 3 timed, and the reps.
        let worked = try #require(session["worked_seconds"] as? Double)
        #expect(abs(worked - (6 + actual)) < 0.01, "\(session)")

        // The FIT lap of the step is its seconds too.
        let python = try #require(FITDecoders.python())
        let dir = tmux.directory + "/fit"
        let paths = try run(binary, ["history", "--fit", dir], environment: env).stdout.split(separator: "\n")
            .map(String.init)
        let file = try #require(try FITDecoders.check(paths, with: python).first)
        #expect(file.laps.count == 6 && abs(file.laps[3].timer - actual) < 0.01 && file.laps[3].intensity == "active")
    }

    /// Plain mode's line for the step says "Enter when done", and Enter ends it, as `n` does.
    @Test func inPlainModeEnterEndsTheStep() throws {
        let tmux = try Tmux("\(binary) start \(reps) --plain --mute")
        tmux.waitFor(text: "Push-up — 10 reps, Enter when done", timeout: 20)
        tmux.send("Enter")
        tmux.waitFor(text: "Rest — 1 s — next: Bravo Plank", timeout: 5)
        // Enter answers the effort question too, skipping it (once the finish's first second, when keys meant
        // for the workout are ignored, has passed).
        tmux.waitFor(text: "How hard was that?", timeout: 20)
        tmux.waitFor("the question to be skipped", timeout: 10) { screen in
            if screen.contains("exit=0") { return true }
            tmux.send("Enter")
            Thread.sleep(forTimeInterval: 0.2)
            return false
        }
        tmux.expectTerminalRestored()
    }

    @Test func listShowsTheRepsAndSaysTheTotalIsOpen() throws {
        let list = try run(binary, ["list", reps])
        #expect(list.stdout.contains("2  Push-up      10 reps   flatTeal"), "\(list.stdout)")
        #expect(list.stdout.contains(
            "Total: 0:10 + 1 open (3 exercise periods; 1 counted in reps, as long as it takes)"))
        let json = try run(binary, ["list", "--json", reps]).stdout
        #expect(json.contains(#""open": 1,"#) && json.contains(#""duration": 0, "reps": 10}"#), "\(json)")
        let plain = try run(binary, ["start", reps, "--plain", "--mute", "--no-history"], stdin: "")
        #expect(plain.stdout.hasPrefix("0:00 Reps Test Routine — 3 exercises — 0:10 + 1 open in all\n"),
                "\(plain.stdout)")
        #expect(plain.stdout.contains("Push-up — 10 reps, Enter when done — next: Bravo Plank"))
        let schema = try run("/usr/bin/python3", [repositoryRoot + "/scripts/check-schema", reps])
        #expect(schema.status == 0, "\(schema.stdout)")
    }
}
