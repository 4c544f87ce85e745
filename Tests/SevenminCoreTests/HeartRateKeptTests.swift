// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

/// What is kept of the heart rate: samples, their sums per segment and workout, and the recovery after the
/// last work segment.
@Suite("Heart rate kept")
struct HeartRateKeptTests {
    func samples(_ pairs: [(Double, Int)]) -> [HeartRateSample] { pairs.map { HeartRateSample(at: $0.0, bpm: $0.1) } }

    @Test func aSampleOlderThanFiveSecondsIsNotOne() {
        let kept = samples([(10, 120), (11, 125), (20, 140)])
        #expect(HeartRateSample.bpm(at: 9.9, in: kept) == nil, "none yet")
        #expect(HeartRateSample.bpm(at: 10, in: kept) == 120)
        #expect(HeartRateSample.bpm(at: 16, in: kept) == 125, "5 s old")
        #expect(HeartRateSample.bpm(at: 16.1, in: kept) == nil, "older than 5 s")
        #expect(HeartRateSample.bpm(at: 21, in: kept) == 140)
    }

    /// get ready 0–10, work 10–40, rest 40–50, work 50–80, samples every second from 5 to 150.
    func workout(_ bpm: (Double) -> Int = { t in t <= 80 ? 100 + Int(t) : 180 - Int(t - 80) / 2 })
        -> (segments: [SegmentRecord], samples: [HeartRateSample]) {
        let segments = [("getReady", 10.0, 10.0), ("work", 40, 30), ("rest", 50, 10), ("work", 80, 30)].enumerated()
            .map { k, s in
                SegmentRecord(index: k, kind: s.0, exercise: "E", round: 1, planned: s.2, actual: s.2, ended: .ranOut,
                              endedAt: 1000 + s.1)
            }
        return (segments, stride(from: 5.0, through: 150, by: 1).map { HeartRateSample(at: 1000 + $0, bpm: bpm($0)) })
    }

    @Test func averageAndPeakPerSegmentAndOverTheWorkoutNotTheMinuteAfter() throws {
        let (segments, kept) = workout()
        let heart = HeartRateSummary.Workout(segments: segments, samples: kept)
        // Work 10–40 holds the samples after 10 up to 40: 111 to 140.
        #expect(heart.segments[1] == HeartRateSummary(average: 126, peak: 140, samples: 30))
        #expect(heart.segments[0] == HeartRateSummary(average: 108, peak: 110, samples: 6), "5 to 10")
        #expect(heart.segments[3] == HeartRateSummary(average: 166, peak: 180, samples: 30))
        // The workout: from its get ready's start (0) to its last segment's end (80), samples 5 to 80.
        #expect(heart.whole == HeartRateSummary(average: 143, peak: 180, samples: 76))
        #expect(heart.workSeconds == 60)
        #expect(heart.work == HeartRateSummary(average: 146, peak: 180, samples: 60))
        // At the end of the last work (80) 180, a minute later (140) 180 − 30 = 150.
        #expect(heart.recovery == HeartRateSample.Recovery(from: 180, to: 150))
        #expect(heart.recovery?.drop == 30)
    }

    @Test func noRecoveryWithoutARateAMinuteAfter() {
        var (segments, kept) = workout()
        kept.removeAll { $0.at > 1000 + 130 }
        #expect(HeartRateSummary.Workout(segments: segments, samples: kept).recovery == nil)
        segments.removeLast(3)
        #expect(HeartRateSummary.Workout(segments: segments, samples: kept).recovery == nil, "no work at all")
    }

    @Test func theAppKeepsOneSampleASecondAndNoneWithoutContact() {
        var app = WorkoutApp(plan: shortPlan, settings: CoachSettings(flash: false, heartRate: true))
        _ = app.start(at: 0)
        var kept: [HistoryEntry] = []
        for (t, bpm, contact) in [(0.2, 100, HeartRateMeasurement.Contact.detected), (0.7, 101, .detected),
                                  (1.1, 102, .detected), (2.5, 0, .detected), (2.6, 130, .lost),
                                  (3.0, 104, .unsupported)] {
            kept += app.handle(.heartRate(HeartRateMeasurement(bpm: bpm, contact: contact)), at: t).records
                .filter { if case .heartRate = $0 { true } else { false } }
        }
        #expect(kept == [.heartRate(100), .heartRate(102), .heartRate(104)])
    }

    @Test func theFinishShowsTheRecoveryAMinuteAfterTheLastWork() {
        var app = WorkoutApp(plan: shortPlan, settings: CoachSettings(flash: false, heartRate: true))
        _ = app.start(at: 0)
        var t = 0.5
        // A reading each second; B, the last work, ends at 9, at 158 (read at 8.5); the rate then falls 1 a second.
        while t < 9 {
            _ = app.handle(.heartRate(HeartRateMeasurement(bpm: 150 + Int(t))), at: t)
            t += 1
        }
        _ = app.handle(.tick, at: 9)
        #expect(app.session.state == .finished)
        #expect(app.summary(at: 9).measuringRecovery)
        #expect(app.summary(at: 9).heartRecovery == nil)
        let text = WorkoutScreen.render(app.screen(at: 9), width: 80, height: 24).text
        #expect(text.contains("Heart-rate recovery: read a minute after the last exercise"), "\(text)")
        while t < 69 {
            _ = app.handle(.heartRate(HeartRateMeasurement(bpm: 158 - Int(t - 9))), at: t)
            t += 1
        }
        #expect(app.summary(at: 68.9).heartRecovery == nil)
        // Plain mode says it once, when it is read.
        var plain = PlainTranscript(unicode: true)
        _ = plain.lines(for: app.screen(at: 68.9))
        #expect(app.nextDeadline().map { $0 <= 69 } == true, "wakes when the minute is up")
        _ = app.handle(.tick, at: 69)
        #expect(app.summary(at: 69).heartRecovery == HeartRateSample.Recovery(from: 158, to: 99))
        #expect(!app.summary(at: 69).measuringRecovery)
        let after = WorkoutScreen.render(app.screen(at: 69), width: 80, height: 24).text
        #expect(after.contains("Heart-rate recovery: 59 bpm in a minute (158 to 99)"), "\(after)")
        #expect(plain.lines(for: app.screen(at: 69)).contains { $0.hasSuffix("59 bpm in a minute (158 to 99)") })
        #expect(plain.lines(for: app.screen(at: 70)).isEmpty)
    }

    @Test func withoutARateAtTheEndOfWorkNothingIsMeasured() {
        var app = WorkoutApp(plan: shortPlan, settings: CoachSettings(flash: false, heartRate: true))
        _ = app.start(at: 0)
        _ = app.handle(.heartRate(HeartRateMeasurement(bpm: 150)), at: 1)
        _ = app.handle(.tick, at: 9.5)
        #expect(app.session.state == .finished)
        #expect(!app.summary(at: 9.5).measuringRecovery)
        #expect(!WorkoutScreen.render(app.screen(at: 9.5), width: 80, height: 24).text.contains("recovery"))
    }
}
