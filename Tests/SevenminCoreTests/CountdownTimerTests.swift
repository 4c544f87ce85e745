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
        (.minutesSecondsTenths, 29.21, "0:29.3"),
        (.hoursMinutesSecondsTenths, 3600.05, "1:00:00.1"),
    ])
    func formats(format: TimeFormat, seconds: Double, expected: String) {
        #expect(format.string(seconds) == expected)
    }

    @Test func clockSwitchesToHoursFromAnHour() {
        #expect(TimeFormat.clock(59 * 60 + 59) == "59:59")
        #expect(TimeFormat.clock(3600) == "1:00:00")
    }
}
