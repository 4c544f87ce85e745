// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

@Suite("Countdown timer")
struct CountdownTimerTests {
    @Test func countsDownFromStoredInstants() {
        var timer = CountdownTimer(mode: .countdown, countdownTime: 30)
        timer.start(at: 100)
        #expect(timer.remaining(at: 100) == 30)
        #expect(timer.remaining(at: 112.5) == 17.5)
        #expect(timer.counted(at: 112.5) == 12.5)
        #expect(timer.finishInstant == 130)
        #expect(timer.remaining(at: 200) == 0)
    }

    @Test func pauseKeepsRemainingTimeExactly() {
        var timer = CountdownTimer(mode: .countdown, countdownTime: 30)
        timer.start(at: 0)
        timer.pause(at: 10.25)
        #expect(timer.remaining(at: 500) == 19.75)
        #expect(timer.finishInstant == nil)
        timer.resume(at: 510.25)
        #expect(timer.remaining(at: 510.25) == 19.75)
        #expect(timer.finishInstant == 530)
    }

    @Test func addTimeExtendsAndNegativeSubtractsButNotBelowZero() {
        var timer = CountdownTimer(mode: .countdown, countdownTime: 30)
        timer.start(at: 0)
        timer.addTime(10, at: 5)
        #expect(timer.remaining(at: 5) == 35)
        timer.addTime(-10, at: 5)
        #expect(timer.remaining(at: 5) == 25)
        timer.addTime(-100, at: 5)
        #expect(timer.remaining(at: 5) == 0)
        #expect(timer.finishInstant == 5, "what already ran cannot be taken back: it ends now")
    }

    @Test func stopwatchCountsUpAndAddTimeAddsCounted() {
        var watch = CountdownTimer(mode: .stopwatch)
        watch.start(at: 50)
        #expect(watch.counted(at: 65) == 15)
        watch.addTime(5, at: 65)
        #expect(watch.counted(at: 65) == 20)
        watch.pause(at: 70)
        #expect(watch.counted(at: 99) == 25)
    }

    @Test(arguments: [
        (TimeFormat.minutesSeconds, 30.0, "0:30"),
        (.minutesSeconds, 29.2, "0:30"),
        (.minutesSeconds, 29.0, "0:29"),
        (.minutesSeconds, 0.0001, "0:01"),
        (.minutesSeconds, 0, "0:00"),
        (.minutesSeconds, 480, "8:00"),
        (.minutesSeconds, 3725, "62:05"),
        (.hoursMinutesSeconds, 3725, "1:02:05"),
    ])
    func formats(format: TimeFormat, seconds: Double, expected: String) {
        #expect(format.string(seconds) == expected)
    }

    @Test func clockSwitchesToHoursFromAnHour() {
        #expect(TimeFormat.clock(59 * 60 + 59) == "59:59")
        #expect(TimeFormat.clock(3600) == "1:00:00")
    }

    /// A countdown shows the seconds left rounded up; time elapsed (the finish screen's, history's,
    /// stats') counts a second once it has passed, so a workout worked 419.6 s reads 6:59 everywhere.
    static let roundings: [(TimeFormat, Double, String, String)] = [
        (.minutesSeconds, 419.6, "7:00", "6:59"),
        (.minutesSeconds, 419.9999999999, "7:00", "7:00"),
        (.minutesSeconds, 0.4, "0:01", "0:00"),
        (.hoursMinutesSeconds, 3599.5, "1:00:00", "0:59:59"),
        (.hoursMinutesWords, 2130, "36 min", "35 min"),
        (.hoursMinutesWords, 51_659, "14 h 21 min", "14 h 20 min"),
    ]

    @Test(arguments: roundings)
    func aCountdownRoundsUpAndTimeElapsedDown(format: TimeFormat, seconds: Double, left: String, elapsed: String) {
        #expect(format.string(seconds) == left)
        #expect(format.string(seconds, roundingUp: false) == elapsed)
    }

    /// An instant on a wall clock: its local day, weekday and time of day, as every report reads them.
    @Test func civilTimeOfAnInstant() {
        // 2026-11-29T23:30:15Z is Monday 30 November at 01:30:15 two hours east, Sunday at 18:30:15 in New York.
        let t = Double(CivilTime(year: 2026, month: 11, day: 29).dayNumber * 86_400 + 23 * 3600 + 30 * 60 + 15)
        let east = CivilTime(t, utcOffset: 7200), west = CivilTime(t + 0.9, utcOffset: -5 * 3600)
        #expect(east.iso == "2026-11-30" && east.weekday == 1 && (east.hour, east.minute, east.second) == (1, 30, 15))
        #expect(west.iso == "2026-11-29" && west.weekday == 0 && west.basicISO == "20261129T183015")
        #expect(CivilTime.dayNumber(at: t, utcOffset: 7200) == east.dayNumber)
        #expect(CivilTime(-1).iso == "1969-12-31" && CivilTime(-1).secondOfDay == 86_399)
        #expect(CivilTime.weekStart(of: east.dayNumber, firstWeekday: 2) == east.dayNumber)
        #expect(CivilTime.weekStart(of: west.dayNumber, firstWeekday: 2) == west.dayNumber - 6)
    }
}
