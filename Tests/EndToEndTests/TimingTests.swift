// SPDX-License-Identifier: GPL-3.0-or-later
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

    @Test func aStoppedProcessPausesAndGoesOnWhereItWas() throws {
        let dir = temporaryDirectory()
        let log = dir + "/ev.jsonl"
        // Under a plain sh: neither a job-control shell nor tmux (which resumes a pane's own
        // process the moment it stops) may react to the stop, just as with a stall.
        let tmux = try Tmux("sh -c '\(binary) start \(fixtures)/short.json --mute --events \(log); exit $?'")
        tmux.waitFor(text: "Get ready")
        let pid = try #require(tmux.sevenminPID())
        #expect(kill(pid, SIGSTOP) == 0)
        #expect(waitUntil("the process to stop") { processState(pid) == "T" })
        // Hold it stopped across the planned boundaries at 2, 5 and 6 s, by the program's own clock: the
        // start line says where its time began on CLOCK_MONOTONIC.
        let begun = try #require(events(log).first { $0["event"] as? String == "start" }?["clock"] as? Double)
        #expect(waitUntil("7 s of the workout's time", timeout: 30) { monotonicSeconds() > begun + 7 })
        kill(pid, SIGCONT)
        tmux.waitFor(text: "Workout complete", timeout: 15)
        tmux.dismissSummary()
        tmux.waitFor(text: "exit=0")
        let lines = events(log)
        let segments = lines.filter { $0["event"] as? String == "segment" }
        // Every segment once, in order; the time stopped became a pause, so nothing was rushed through
        // or credited: ten minutes stopped had counted as the whole workout.
        #expect(segments.compactMap { $0["index"] as? Int } == [0, 1, 2, 3])
        #expect(lines.contains { $0["event"] as? String == "pause" })
        #expect(lines.contains { $0["event"] as? String == "resume" })
        let t = segments.compactMap { $0["t"] as? Double }
        #expect(t == t.sorted())
        // After the stop, each segment lasted its own length: 3 s of work, then 1 s of rest.
        let gaps = zip(t.dropFirst(), t).map { $0.0 - $0.1 }
        #expect(gaps.count == 3 && abs(gaps[1] - 3) < 0.5 && abs(gaps[2] - 1) < 0.5, "\(t)")
        // The finish moved on by the stop, which lasted more than 5 s.
        let finish = try #require(lines.first { $0["event"] as? String == "finish" })
        #expect((finish["planned"] as? Double ?? 0) > 13, "\(finish)")
    }
}
