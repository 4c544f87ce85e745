// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

/// What the core makes of a strap that says it has lost skin contact.
@Suite("Heart-rate strap notices")
struct HeartNoticeTests {
    @Test func lostContactIsOneNoticeEachTimeAndNoNumber() {
        var app = WorkoutApp(plan: shortPlan, settings: CoachSettings(flash: false, heartRate: true))
        _ = app.start(at: 0)
        _ = app.handle(.heartRate(HeartRateMeasurement(bpm: 140, contact: .detected)), at: 1)
        _ = app.handle(.heartRate(HeartRateMeasurement(bpm: 0, contact: .lost)), at: 2)
        #expect(app.screen(at: 2).heartRate == .some(nil), "unknown at once, never the last number")
        _ = app.handle(.heartRate(HeartRateMeasurement(bpm: 0, contact: .lost)), at: 3)
        #expect(app.notices == [.noSkinContact], "one notice while it stays lost")
        let status = WorkoutScreen.render(app.screen(at: 3), width: 160, height: 24).text.split(separator: "\n").last
        #expect(status?.contains("heart rate: no skin contact") == true, "\(status ?? "")")
        _ = app.handle(.heartRate(HeartRateMeasurement(bpm: 141, contact: .detected)), at: 4)
        #expect(app.screen(at: 4).heartRate == .some(141))
        _ = app.handle(.heartRate(HeartRateMeasurement(bpm: 0, contact: .lost)), at: 5)
        #expect(app.notices == [.noSkinContact, .noSkinContact], "lost again, told again")
    }
}
