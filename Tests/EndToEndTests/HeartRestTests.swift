// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// A routine whose rests wait for the heart (`restUntil`), with the fake strap of `HeartRateEndToEndTests`.
@Suite("Rest until the heart rate falls, end to end")
struct HeartRestEndToEndTests {
    @Test func aRestEndsWhenTheFakeBpmDrops() throws {
        let strap = HeartRateEndToEndTests()
        let bus = try PrivateBus()
        try strap.strap(on: bus)
        let folder = temporaryDirectory()
        let routine = folder + "/wait.json"
        try #"""
            {"name": "Wait", "getReady": 3, "work": 2, "rest": 3, "restUntil": {"heartRate": 120, "max": 60},
             "exercises": [{"title": "Alpha"}, {"title": "Bravo", "work": 30}]}
            """#.write(toFile: routine, atomically: true, encoding: .utf8)
        let tmux = try Tmux("env DBUS_SYSTEM_BUS_ADDRESS='\(bus.address)' \(binary) start '\(routine)' "
            + "--mute --no-figure --hr '\(HeartRateEndToEndTests.address)'", width: 100, height: 30)
        tmux.waitFor(text: "-- bpm")
        waitUntil("StartNotify") {
            ((try? String(contentsOfFile: bus.directory + "/bluez.log", encoding: .utf8)) ?? "").contains("StartNotify")
        }
        // 150 bpm, fresh, until the rest has begun and waits for the heart.
        waitUntil("the rest waiting for the heart") {
            try? strap.notify([0x00, 150], on: bus)
            return tmux.screen().contains("until under 120 bpm, at most 1:00")
        }
        #expect((tmux.remainingOnStatusLine() ?? 0) > 30, "the rest lasts up to 60 s, not its 3 s:\n\(tmux.screen())")
        try strap.notify([0x00, 110], on: bus)
        tmux.waitFor(text: "rest ended at 110 bpm", timeout: 1)
        #expect(tmux.screen().contains("Bravo"))
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
    }
}
