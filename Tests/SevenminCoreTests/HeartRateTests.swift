// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

/// The Heart Rate Measurement (0x2A37) as straps send it, byte for byte (Heart Rate Service 1.0, 3.1).
@Suite("Heart rate")
struct HeartRateTests {
    @Test func aUInt8RateWithNothingElse() {
        #expect(HeartRateMeasurement(bytes: [0x00, 72]) == HeartRateMeasurement(bpm: 72))
        #expect(HeartRateMeasurement(bytes: [0x00, 255])?.bpm == 255)
    }

    @Test func aUInt16RateIsLittleEndian() {
        #expect(HeartRateMeasurement(bytes: [0x01, 0x2C, 0x01])?.bpm == 300)
        #expect(HeartRateMeasurement(bytes: [0x01, 80, 0])?.bpm == 80)
    }

    @Test(arguments: [(UInt8(0x00), HeartRateMeasurement.Contact.unsupported), (0x02, .unsupported),
                      (0x04, .lost), (0x06, .detected)])
    func contactFromBitsOneAndTwo(flags: UInt8, contact: HeartRateMeasurement.Contact) {
        #expect(HeartRateMeasurement(bytes: [flags, 90])?.contact == contact)
    }

    @Test func energyExpendedInKilojoules() {
        let reading = HeartRateMeasurement(bytes: [0x08, 120, 0x10, 0x27])
        #expect(reading == HeartRateMeasurement(bpm: 120, energyKilojoules: 10_000))
    }

    @Test func severalRRIntervalsInOnePacketInSeconds() {
        // A Polar H10's packet: contact detected, two intervals of 1024 and 512 /1024 s.
        let reading = HeartRateMeasurement(bytes: [0x16, 60, 0x00, 0x04, 0x00, 0x02])
        #expect(reading == HeartRateMeasurement(bpm: 60, contact: .detected, rrIntervals: [1.0, 0.5]))
    }

    @Test func everyFieldAtOnce() {
        let reading = HeartRateMeasurement(bytes: [0x1F, 0x9A, 0x00, 0x05, 0x00, 0x80, 0x02])
        #expect(reading == HeartRateMeasurement(bpm: 154, contact: .detected, energyKilojoules: 5,
                                                 rrIntervals: [640.0 / 1024]))
    }

    @Test(arguments: [
        [], [0x00], [0x01, 0x50], [0x08, 70, 0x01], [0x10, 70, 0x00, 0x04, 0x01], [0x00, 70, 0x00],
        [0x19, 0x50],
    ] as [[UInt8]])
    func aPacketShortOrLongerThanItsFlagsSayIsRejected(bytes: [UInt8]) {
        #expect(HeartRateMeasurement(bytes: bytes) == nil)
    }

    @Test func noPacketOfUpToFourBytesCrashes() {
        var accepted = 0
        for flags in UInt8(0)...0x1F {
            for length in 0...3 {
                let bytes = [flags] + [UInt8](repeating: 0x41, count: length)
                if HeartRateMeasurement(bytes: bytes) != nil { accepted += 1 }
            }
        }
        #expect(accepted > 0)
    }

    func statusLine(_ model: ScreenModel, width: Int = 80, height: Int = 24) -> String {
        String(WorkoutScreen.render(model, width: width, height: height).text.split(separator: "\n")[height - 1])
    }

    @Test func aReadingShowsOnTheStatusLineUntilItIsFiveSecondsOld() {
        var app = WorkoutApp(plan: shortPlan, settings: CoachSettings(flash: false, heartRate: true))
        _ = app.start(at: 0)
        #expect(statusLine(app.screen(at: 0)).contains("-- bpm"), "asked for, none yet")
        _ = app.handle(.heartRate(HeartRateMeasurement(bpm: 142)), at: 1)
        #expect(app.screen(at: 1).heartRate == .some(142))
        #expect(statusLine(app.screen(at: 5.9)).contains(" 142 bpm"))
        #expect(app.nextDeadline().map { $0 <= 6 } == true, "wakes to turn it unknown")
        _ = app.handle(.tick, at: 6)
        #expect(app.screen(at: 6).heartRate == .some(nil))
        #expect(statusLine(app.screen(at: 6)).contains("-- bpm"))
        #expect(!statusLine(app.screen(at: 6)).contains("142"))
        #expect(app.nextDeadline().map { $0 > 6 } ?? true, "a reading gone stale wakes the loop no more")
    }

    @Test func aNewerReadingReplacesTheOlder() {
        var app = WorkoutApp(plan: shortPlan, settings: CoachSettings(flash: false, heartRate: true))
        _ = app.start(at: 0)
        _ = app.handle(.heartRate(HeartRateMeasurement(bpm: 100)), at: 1)
        _ = app.handle(.heartRate(HeartRateMeasurement(bpm: 101)), at: 4)
        #expect(app.screen(at: 8).heartRate == .some(101), "4 s old")
        #expect(app.screen(at: 9).heartRate == .some(nil))
    }

    @Test func noStrapAskedForShowsNoHeartRate() {
        var app = WorkoutApp(plan: shortPlan, settings: CoachSettings(flash: false))
        _ = app.start(at: 0)
        _ = app.handle(.heartRate(HeartRateMeasurement(bpm: 100)), at: 1)
        #expect(app.screen(at: 1).heartRate == nil)
        #expect(!statusLine(app.screen(at: 1)).contains("bpm"))
    }

    @Test(arguments: [(80, 24), (40, 12), (200, 60)])
    func theHeartRateKeepsBesideTheClock(width: Int, height: Int) {
        var model = ScreenState.work.model()
        model.heartRate = .some(88)
        #expect(statusLine(model, width: width, height: height).contains("0:25 left · 88 bpm")
                || statusLine(model, width: width, height: height).contains("0:25 · 88 bpm"))
    }
}
