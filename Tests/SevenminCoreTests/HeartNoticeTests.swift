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
        #expect(app.notices == [.noSkinContact], "lost again, told again")
    }

    func statusLine(_ app: WorkoutApp, at now: Double) -> String {
        String(WorkoutScreen.render(app.screen(at: now), width: 160, height: 24).text.split(separator: "\n").last ?? "")
    }

    static let causes: [(Input, String)] = [
        (.heartRate(HeartRateMeasurement(bpm: 0, contact: .lost)), "heart rate: no skin contact"),
        (.heartRate(HeartRateMeasurement(bpm: 0)), "heart rate: no skin contact"),
        (.notice(.heartRateLost(device: "H10", .gone)), "H10: out of reach; looking for it"),
        (.notice(.heartRateLost(device: "H10", .adapterOff)), "H10: Bluetooth is off"),
        (.notice(.heartRateLost(device: "H10", .wontConnect)), "H10: won't connect"),
        (.notice(.noHeartRate(device: "H10")), "no heart rate from H10"),
    ]

    /// A notice goes when its cause does: the first reading with a rate clears it, and the notice shown
    /// before it (here, a voice that fell back) shows again.
    @Test(arguments: causes)
    func aNoticeClearsWithTheFirstReadingOnceItsCauseIsGone(cause: Input, words: String) {
        var app = WorkoutApp(plan: shortPlan, settings: CoachSettings(flash: false, heartRate: true))
        _ = app.start(at: 0)
        _ = app.handle(.notice(.voiceFallback(asked: "kal", speaking: "espeak-ng")), at: 0.5)
        _ = app.handle(.heartRate(HeartRateMeasurement(bpm: 140, contact: .detected)), at: 1)
        _ = app.handle(cause, at: 2)
        #expect(statusLine(app, at: 2).contains(words), "\(statusLine(app, at: 2))")
        // Still no rate: the notice stays.
        _ = app.handle(.heartRate(HeartRateMeasurement(bpm: 0xFFFF, contact: .lost)), at: 3)
        #expect(statusLine(app, at: 3).contains("heart rate: no skin contact"), "\(statusLine(app, at: 3))")
        _ = app.handle(.heartRate(HeartRateMeasurement(bpm: 120, contact: .detected)), at: 4)
        #expect(app.notices == [.voiceFallback(asked: "kal", speaking: "espeak-ng")])
        #expect(!statusLine(app, at: 4).contains("heart rate") && !statusLine(app, at: 4).contains("H10"))
        #expect(statusLine(app, at: 4).contains("120 bpm"))
    }

    /// One notice of the strap at a time: the latest trouble replaces the one before, and a strap that
    /// cannot be read says nothing of skin contact.
    @Test func theStrapsLatestTroubleReplacesTheOneBefore() {
        var app = WorkoutApp(plan: shortPlan, settings: CoachSettings(flash: false, heartRate: true))
        _ = app.start(at: 0)
        _ = app.handle(.heartRate(HeartRateMeasurement(bpm: 0)), at: 1)
        _ = app.handle(.notice(.heartRateLost(device: "H10", .gone)), at: 2)
        _ = app.handle(.notice(.heartRateLost(device: "H10", .adapterOff)), at: 3)
        #expect(app.notices == [.heartRateLost(device: "H10", .adapterOff)])
        // Back, but the strap is dry: that is all the status line says.
        _ = app.handle(.heartRate(HeartRateMeasurement(bpm: 0, contact: .detected)), at: 4)
        #expect(app.notices == [.noSkinContact])
    }
}
