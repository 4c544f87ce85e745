// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The watcher and the workouts run on the same machine.
extension SnacksWatchEndToEndTests {
    /// A workout run to its end while the watcher watches: the heads-up that falls due meanwhile is held back, and
    /// the workout, done, is a break, so it does not come at the end either; the sitting starts again then.
    @Test func aWorkoutRunHereHoldsTheHeadsUpAndDoneIsABreak() throws {
        let (desk, _) = try desk()
        waitUntil("the watcher's first state") { desk.stateValues["sittingSince"] != nil }
        let sat = try #require(desk.stateValues["sittingSince"] as? Double)
        // A minute and a few seconds of one move: the heads-up falls due a minute after the watcher began.
        let routine = desk.bus.directory + "/minute.json"
        try """
            {"name": "A Minute", "description": "One long move", "work": 64, "rest": 1, "getReady": 1,
             "exercises": [{"title": "March", "description": "March on the spot."}]}
            """.write(toFile: routine, atomically: true, encoding: .utf8)
        let began = Date().timeIntervalSince1970
        let workout = try run(binary, ["start", routine, "--mute", "--plain"], environment: desk.env)
        let ended = Date().timeIntervalSince1970
        #expect(workout.status == 0, "\(workout.stderr)")
        #expect(ended - sat >= 62, "the workout ended before the heads-up fell due")
        #expect(desk.notified.isEmpty, "a heads-up while the workout ran: \(desk.notified)")
        waitUntil("the sitting started again") { (desk.stateValues["sittingSince"] as? Double ?? 0) > began }
        #expect((desk.stateValues["sittingSince"] as? Double).map { $0 >= ended - 2 } == true, "\(desk.state)")
        let bouts = desk.stateValues["bouts"] as? [[String: Double]]
        #expect(bouts?.count == 1 && bouts?.first?["start"] == sat
                && bouts?.first?["end"].map { $0 >= began && $0 < began + 5 } == true, "\(desk.state)")
        #expect(!happens(within: 3) { !desk.notified.isEmpty }, "\(desk.notified)")
    }
}
