// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

/// One range for a heart rate (`HeartRateMeasurement.rates`, 25–250 bpm): outside it a value is no reading,
/// on screen, in a rest that waits for the heart, in the history and in the voice; 0 is skin contact lost.
@Suite("Heart rate range")
struct HeartRangeTests {
    @Test(arguments: [
        ([0x00, 0x00], nil, true), ([0x06, 0x00], nil, true), ([0x04, 90], nil, true),
        ([0x01, 0xFF, 0xFF], nil, false), ([0x00, 251], nil, false), ([0x00, 24], nil, false),
        ([0x00, 25], 25, false), ([0x06, 250], 250, false), ([0x01, 0xFA, 0x00], 250, false),
    ] as [([UInt8], Int?, Bool)])
    func aPacketGivesARateOnlyInsideTheRange(bytes: [UInt8], rate: Int?, contactLost: Bool) throws {
        let reading = try #require(HeartRateMeasurement(bytes: bytes))
        #expect(reading.rate == rate && reading.contactLost == contactLost)
    }

    /// The packets a strap sends with no rate worth the name: without contact detection (0x00, 0), with it
    /// and claiming contact (0x06, 0), a uint16 of 65,535, and 251.
    static let outside: [[UInt8]] = [[0x00, 0x00], [0x06, 0x00], [0x01, 0xFF, 0xFF], [0x00, 251]]

    /// The app on `HeartRestTests.routine` (a rest of 7-17 s waiting for under 120 bpm, 60 s at most) with
    /// the voice and the bpm spoken, handed `packets` a second apart from `from`, and a tick every tenth of
    /// a second up to `until`; every effect it gave.
    func run(_ packets: [[UInt8]], from: Double, until: Double) -> (app: WorkoutApp, effects: [Effect]) {
        var settings = CoachSettings(flash: false, voice: true, heartRate: true)
        settings.speaksHeartRate = true
        var app = WorkoutApp(plan: Plan(HeartRestTests.routine), settings: settings)
        var effects = app.start(at: 0)
        var left = packets.compactMap(HeartRateMeasurement.init(bytes:))
        var due = from
        for step in 1...Int(until * 10) {
            let now = Double(step) / 10
            if now >= due, !left.isEmpty {
                effects += app.handle(.heartRate(left.removeFirst()), at: now)
                due += 1
            }
            effects += app.handle(.tick, at: now)
        }
        return (app, effects)
    }

    func recorded(_ effects: [Effect]) -> [Int] {
        effects.compactMap { if case .record(.heartRate(let bpm)) = $0 { bpm } else { nil } }
    }

    func said(_ effects: [Effect]) -> [String] {
        effects.compactMap { if case .announce(let a) = $0 { a.phrase.text } else { nil } }
    }

    @Test func valuesOutsideTheRangeAreNoReadingDuringARestThatWaitsForTheHeart() {
        // One packet a second from 8 s, in the rest; each leaves the screen at "--".
        for k in Self.outside.indices {
            let (app, effects) = run(Array(Self.outside[...k]), from: 8, until: 8.05 + Double(k))
            #expect(app.screen(at: 8.05 + Double(k)).heartRate == .some(nil), "\(Self.outside[k])")
            #expect(recorded(effects).isEmpty, "\(Self.outside[k])")
        }
        // The rest runs as set, 10 s, neither stretched to wait nor ended by a "low" rate.
        let (app, effects) = run(Self.outside, from: 8, until: 16.5)
        #expect(app.session.index == 2 && abs(app.session.remaining(at: 16.5) - 0.5) < 0.01)
        #expect(!WorkoutScreen.subtitle(app.screen(at: 16.5)).contains("until under"))
        #expect(run(Self.outside, from: 8, until: 17.5).app.session.index == 3, "B began at 17 s")
        #expect(recorded(effects).isEmpty)
        // The same rest with a rate in range waits for the heart: the test above can tell.
        let control = run([[0x00, 150]], from: 8, until: 16.5)
        #expect(control.app.session.remaining(at: 16.5) > 50 && recorded(control.effects) == [150])
    }

    @Test func aValueOutsideTheRangeIsNeverSpoken() {
        // A's halfway is at 4.5 s; a reading at 4 s is fresh then.
        for packet in Self.outside {
            let spoken = said(run([packet], from: 4, until: 5).effects)
            #expect(spoken.contains("Halfway there.") && !spoken.contains { $0.contains("Heart rate") }, "\(spoken)")
        }
        #expect(said(run([[0x00, 142]], from: 4, until: 5).effects).contains { $0.contains("Heart rate") })
    }

    @Test func aValueOutsideTheRangeClearsTheRateShown() {
        let (app, _) = run([[0x00, 142], [0x01, 0xFF, 0xFF]], from: 3, until: 4.5)
        #expect(app.screen(at: 4.5).heartRate == .some(nil))
        let status = WorkoutScreen.render(app.screen(at: 4.5), width: 80, height: 24).text.split(separator: "\n").last
        #expect(status?.contains("-- bpm") == true && status?.contains("65535") == false, "\(status ?? "")")
    }
}
