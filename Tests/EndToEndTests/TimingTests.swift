import Foundation
import Testing

/// Timing behaviour of the real program, read from its screen and its events file.
@Suite("Timing end to end", .serialized)
struct TimingEndToEndTests {
    @Test func plusAndMinusChangeTheTimeLeftByTenSeconds() throws {
        let tmux = try Tmux("\(binary) start \(fixtures)/long.json --mute")
        tmux.waitFor(text: "Get ready")
        tmux.send("Space")
        tmux.waitFor(text: "PAUSED")
        // While paused the time left is still, so each step must be exactly ten seconds.
        let held = try #require(tmux.remainingOnStatusLine())
        tmux.send("+")
        tmux.waitFor("+10 s on screen") { _ in tmux.remainingOnStatusLine() == held + 10 }
        tmux.send("+")
        tmux.waitFor("+20 s on screen") { _ in tmux.remainingOnStatusLine() == held + 20 }
        tmux.send("-")
        tmux.waitFor("back to +10 s") { _ in tmux.remainingOnStatusLine() == held + 10 }
        tmux.send("Space")
        tmux.waitFor("the countdown to run from the new time") { _ in
            (tmux.remainingOnStatusLine() ?? 0) < held + 10
        }
        // Removing more than is left stops at one second: the first exercise then starts on its own.
        tmux.send("-", "-", "-", "-", "-", "-", "-", "-")
        tmux.waitFor(text: "Steady Squats")
    }

    @Test func restartPutsTheWholeSegmentBack() throws {
        let tmux = try Tmux("\(binary) start \(fixtures)/long.json --mute")
        tmux.waitFor(text: "Get ready")
        tmux.send("n")
        tmux.waitFor(text: "Steady Squats")
        tmux.waitFor("some time to pass") { _ in (tmux.remainingOnStatusLine() ?? 600) <= 598 }
        tmux.send("r")
        tmux.waitFor("the full ten minutes") { _ in (tmux.remainingOnStatusLine() ?? 0) >= 599 }
    }

    @Test func aStoppedProcessCatchesUpWithoutShiftingTheSchedule() throws {
        let dir = temporaryDirectory()
        let log = dir + "/ev.jsonl"
        // Under a plain sh: neither a job-control shell nor tmux (which resumes a pane's own
        // process the moment it stops) may react to the stop, just as with a stall.
        let tmux = try Tmux("sh -c '\(binary) start \(fixtures)/short.json --mute --events \(log); exit $?'")
        tmux.waitFor(text: "Get ready")
        let pid = try #require(tmux.sevenminPID())
        #expect(kill(pid, SIGSTOP) == 0)
        // Hold it stopped across several planned boundaries (at 2 s and 5 s).
        let resumeAt = Date().addingTimeInterval(5.5)
        while Date() < resumeAt { Thread.sleep(forTimeInterval: 0.1) }
        kill(pid, SIGCONT)
        tmux.waitFor(text: "Workout complete", timeout: 15)
        tmux.dismissSummary()
        tmux.waitFor(text: "exit=0")
        let lines = events(log)
        let segments = lines.filter { $0["event"] as? String == "segment" }
        // Every segment reported once, in order, at its planned (unshifted) offset.
        #expect(segments.compactMap { $0["index"] as? Int } == [0, 1, 2, 3])
        #expect(segments.compactMap { $0["planned"] as? Double } == [0, 2, 5, 6])
        let t = segments.compactMap { $0["t"] as? Double }
        #expect(t == t.sorted())
        // The ones that fell due while stopped were reported late, together, on waking: judged
        // from where the stop really fell, not from when this test managed to send it.
        let planned = segments.compactMap { $0["planned"] as? Double }
        let late = zip(t, planned).filter { $0.0 - $0.1 > 1 }.map(\.0)
        #expect(!late.isEmpty, "the stop covered no boundary: \(t)")
        #expect((late.max() ?? 0) - (late.min() ?? 0) < 0.1, "not all caught up at once: \(t)")
        // …and the end stayed where the plan put it, not 5.5 s later. (The bound allows for a
        // busy machine running other tests; bench/ measures the real accuracy.)
        let finish = try #require(lines.first { $0["event"] as? String == "finish" })
        #expect(finish["planned"] as? Double == 9)
        #expect(abs((finish["t"] as? Double ?? 0) - 9) < 0.25)
    }
}
