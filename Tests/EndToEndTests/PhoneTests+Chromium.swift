// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SevenminCore
import Testing

/// The page itself in headless Chromium (Debian's chromium, chromium-driver and python3-selenium), as a phone on
/// the mat would open it from the QR code: one browser per test, each looking at several things.
extension PhoneEndToEndTests {
    /// What `phone-page.py` saw in `scenario`, its screenshots in `$SEVENMIN_PHONE_SHOTS` or the tmux's folder.
    func chromium(_ scenario: String, _ url: String, _ runtime: String, _ log: String, _ tmux: Tmux,
                  _ more: [String] = []) throws -> [String: Any] {
        let shots = ProcessInfo.processInfo.environment["SEVENMIN_PHONE_SHOTS"] ?? tmux.directory
        let page = try run("/usr/bin/python3", [fixtures + "/phone-page.py", scenario, url, binary, runtime, log,
                                                shots] + more)
        return try #require((try? JSONSerialization.jsonObject(with: Data(page.stdout.utf8))) as? [String: Any],
                            "\(page.stderr)")
    }

    @Test func chromiumShowsTheCountdownAndItsButtonsDriveTheWorkout() throws {
        let (tmux, runtime, log) = try workout(fixtures + "/phone.json")
        let url = phone(runtime)
        // The times the page's clock and pose are read at: whole seconds and their edges, an hour's, a cycle's.
        let times = [0, 1e-10, 0.4, 0.999_999, 1, 1.000_000_1, 29.999_999_999_9, 30, 30.0005, 59.5, 60, 61.25, 599.9,
                     3599.2, 3599.999_999_999, 3600, 3600.5, 7384.2, -1] + (0..<40).map { Double($0) * 0.137 }
        let table = tmux.directory + "/times.json"
        try JSONSerialization.data(withJSONObject: times).write(to: URL(fileURLWithPath: table))
        let keys = "/usr/bin/tmux -L \(tmux.name) send-keys "
        let seen = try chromium("drive", url, runtime, log, tmux, [table, keys + "x", keys + "q y"])
        #expect(seen["title"] as? String == "Get ready")
        #expect(seen["address"] as? String == url.split(separator: "#")[0] + "", "the token taken out of the address")
        #expect(seen["cookieVisible"] as? String == "", "the cookie is HttpOnly")
        #expect(seen["videoPlaying"] as? Bool == true, "the muted looping video that keeps the screen on")
        // The page rounds up, as the terminal does: within a second of the terminal's on either side of reading it.
        let shown = try #require(seen["pageSeconds"] as? Int)
        let before = try #require(seen["terminalBefore"] as? Double)
        let after = try #require(seen["terminalAfter"] as? Double)
        #expect(Double(shown) <= before + 1 && Double(shown) >= after - 1,
                "page \(shown), terminal \(before)–\(after)")
        #expect(seen["pauseLabel"] as? String == "Pause")
        #expect(seen["resumeLabel"] as? String == "Resume")
        #expect(seen["titleAfterSkip"] as? String == "Jumping Jacks")
        // The exercise's colour, not the rests' dark grey.
        let background = seen["background"] as? String ?? ""
        #expect(background.hasPrefix("rgb(") && background != "rgb(38, 40, 44)", "\(background)")
        // "Paused" over the screen, at least a tenth of its height, readable, at a phone's and a tablet's sizes.
        for paused in try #require(seen["paused"] as? [[Any]]) {
            #expect(paused[0] as? String == "Paused" && (paused[1] as? Double ?? 0) >= 0.1, "\(paused)")
            #expect(((paused[3] as? [[Any]])?.first?[2] as? Double ?? 0) >= 4.5, "\(paused)")
        }
        // The page's clock and pose at each time are the core's: its countdown's rounding and its figure's easing.
        let figure = try #require(try routine(fixtures + "/phone.json").exercises[0].figure)
        let read = try #require(seen["table"] as? [[Any]])
        #expect(read.count == times.count && times.count >= 50)
        for (t, page) in zip(times, read) {
            #expect(page[0] as? String == TimeFormat.clock(t), "the clock at \(t) s")
            let pose = figure.pose(at: t).points.flatMap { [$0.x, $0.y] }, drawn = page[1] as? [Double] ?? []
            // Within the plan's rounding of each keyframe to thousandths.
            #expect(drawn.count == pose.count && zip(drawn, pose).allSatisfy { abs($0 - $1) <= 0.001 },
                    "the pose at \(t) s: page \(drawn), core \(pose)")
        }
        #expect((seen["figureLines"] as? Int ?? 0) >= 10, "the move's figure, as SVG")
        // After its stream's connection is dropped, the page reconnects and follows the workout again.
        #expect(seen["dropped"] as? Bool == true, "the stream's socket was killed")
        #expect(seen["titleAfterReconnect"] as? String == "Rest")
        // A stalled connection is said within 3 s of the proxy's stalling, big, across the screen, over a dimmed
        // clock that stops; the page is back within 3 s of the proxy forwarding again, at the terminal's time.
        let lostAfter = try #require(seen["lostAfter"] as? Double)
        let backAfter = try #require(seen["backAfter"] as? Double)
        #expect(lostAfter <= 3, "Connection lost after \(lostAfter) s")
        #expect((seen["lostText"] as? String ?? "").hasPrefix("Connection lost"))
        #expect(seen["lostWidth"] as? Double ?? 0 >= 0.99, "full width")
        #expect(seen["lostFont"] as? Double ?? 0 >= 0.08, "big: its type a tenth of the screen's width")
        #expect(seen["clockOpacity"] as? Double ?? 1 <= 0.5, "the clock dimmed")
        #expect(seen["clockStopped"] as? Bool == true)
        #expect(backAfter <= 3, "back after \(backAfter) s")
        let resynced = try #require(seen["resynced"] as? [Double])
        #expect(resynced[0] <= resynced[1] + 1 && resynced[0] >= resynced[2] - 1, "page, terminal: \(resynced)")
        #expect(seen["afterX"] as? String == "Scan the new code", "x drops the phone, which says so")
        // Opened again from the new code, then quit: the page says the workout ended, with nothing to press.
        #expect(seen["ended"] as? String == "Workout ended.")
        let ended = try #require(seen["endedLook"] as? [String: Any])
        #expect(ended["buttons"] as? [String] == [], "no live buttons after a quit")
        readable(ended, "after the quit")
        #expect(seen["console"] as? [String] == [], "no errors on the page (a CSP refusal would be one)")
        // Quit from the page's driver.
        tmux.waitFor(text: "exit=0")
    }

    /// The routine at `path`, as the workout loads it.
    func routine(_ path: String) throws -> Routine {
        try RoutineLoader.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))), path: path)
    }

    /// Every text of `look` (what `LOOK` in the driver read) at 4.5:1 or more on what is rendered behind it.
    func readable(_ look: [String: Any], _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let texts = look["texts"] as? [[Any]] ?? []
        #expect(!texts.isEmpty, "\(context): no text read", sourceLocation: sourceLocation)
        for text in texts {
            #expect(text[2] as? Double ?? 0 >= 4.5, "\(context): \(text)", sourceLocation: sourceLocation)
        }
    }

    /// The classic workout skipped through on the page: at a phone's and a tablet's size, upright and on their
    /// side, every text readable, the figure big beside the clock, the terminal's colours and counter; then the
    /// finish's summary, which asks nothing of a workout skipped through, and the server closed at once, the
    /// terminal's finish still up.
    @Test func everyClassicExerciseReadsOnThePhone() throws {
        // The classic workout with segments of ten minutes, so that none runs out while the page is looked at
        // (a busy machine takes seconds to resize and read it four times) and each ends only by its Skip.
        var classic = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath:
            repositoryRoot + "/Workouts/classic.json"))) as? [String: Any])
        for key in ["work", "rest", "getReady"] { classic[key] = 600 }
        classic["$schema"] = nil
        let path = temporaryDirectory() + "/classic.json"
        try JSONSerialization.data(withJSONObject: classic).write(to: URL(fileURLWithPath: path))
        let (tmux, runtime, log) = try workout(path, history: true)
        let seen = try chromium("through", phone(runtime), runtime, log, tmux)
        let plan = Plan(try routine(path))
        let segments = try #require(seen["segments"] as? [[[String: Any]]])
        // Every segment from the one the page opened on (getting ready, on a machine not too busy) to the last.
        let seenSegments = segments.compactMap { $0.first?["segment"] as? Int }
        #expect(seenSegments.count == segments.count && seenSegments.last == plan.segments.count - 1
                && seenSegments == Array((seenSegments.first ?? 0)...(plan.segments.count - 1)), "\(seenSegments)")
        #expect((seenSegments.first ?? 99) <= 1, "every exercise seen")
        let renderer = ScreenRenderer(depth: .direct, glyphs: .unicode, metrics: .unicode)
        var shown: [String: String] = [:]
        for (k, looks) in zip(seenSegments, segments) where k < plan.segments.count {
            let segment = plan.segments[k], exercise = plan.exercise(of: k)
            // The terminal's colours, at 24-bit depth.
            let theme = renderer.theme(kind: segment.kind, exercise: exercise, overview: plan.workColors)
            func css(_ c: RGB) -> String { "rgb(\(c.r), \(c.g), \(c.b))" }
            for look in looks {
                let size = "\(look["width"] ?? 0)x\(look["height"] ?? 0)", context = "segment \(k) at \(size)"
                readable(look, context)
                // Nothing wider than the screen, which would widen the page past it.
                #expect([390, 844, 768, 1024].contains(look["width"] as? Int ?? 0), "\(context)")
                #expect(look["background"] as? String == css(theme.body.background), "\(context)")
                #expect(look["color"] as? String == css(theme.body.foreground), "\(context)")
                if (look["width"] as? Int ?? 0) > (look["height"] as? Int ?? 0), plan.comingNext(after: k) != nil
                    || segment.kind == SegmentKind.work {
                    #expect(look["figure"] as? Double ?? 0 >= 0.4, "\(context): the figure's height")
                }
            }
            if segment.kind == SegmentKind.work {
                // With the side, for the move done on each side: "Exercise 12/12 · first side".
                #expect((looks[0]["counter"] as? String ?? "").hasPrefix("Exercise \(segment.slot.index + 1)/12"))
                #expect(looks[0]["position"] as? String == "\(segment.slot.index + 1)/12")
                shown[exercise.title] = looks[0]["background"] as? String
            }
        }
        // The palette the terminal keeps apart: Side Plank's background is not Wall Sit's.
        #expect(shown.count == 12 && shown["Side Plank"] != shown["Wall Sit"], "\(shown)")
        for look in try #require(seen["finish"] as? [[String: Any]]) {
            readable(look, "the finish")
            #expect(look["buttons"] as? [String] == [], "nothing live after the finish, nor a question")
        }
        #expect((seen["line"] as? String ?? "").hasPrefix("Classic 7-Minute Workout: 0/12 exercises"))
        #expect(seen["closed"] as? Bool == true)
        #expect(!tmux.screen().contains("exit="), "the terminal's finish still up")
        tmux.dismissSummary()
        tmux.waitFor(text: "exit=0")
    }

    /// A step counted in reps shows its count and a Done that ends it; the finish shows the summary and the rating's
    /// buttons, and the rating pressed on the phone is kept in the history, as the terminal's is.
    @Test func aRepsStepIsDoneAndTheWorkoutRatedFromThePhone() throws {
        let (tmux, runtime, log) = try workout(fixtures + "/reps.json", history: true)
        let seen = try chromium("reps", phone(runtime), runtime, log, tmux)
        #expect(seen["repsTitle"] as? String == "10 × Push-up")
        #expect(seen["repsButtons"] as? [String] == ["Back", "Pause", "Done", "Skip"])
        #expect(seen["afterDone"] as? String == "Rest")
        for look in try #require(seen["finish"] as? [[String: Any]]) {
            readable(look, "the finish")
            #expect(look["buttons"] as? [String] == (1...10).map(String.init), "the rating's buttons, nothing else")
        }
        #expect(seen["question"] as? String == "How hard was that? 1–10 — it is kept in your history")
        #expect((seen["rated"] as? String ?? "").hasSuffix("effort 7/10"), "\(seen["rated"] ?? "")")
        tmux.waitFor(text: "exit=0")
        let history = try run(binary, ["history", "--json"], environment: ["XDG_STATE_HOME": tmux.directory])
        let sessions = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]]
        #expect(sessions?.first?["effort"] as? Int == 7, "\(history.stdout)")
    }
}
