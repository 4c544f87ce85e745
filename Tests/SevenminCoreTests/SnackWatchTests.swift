// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Testing
@testable import SevenminCore

/// A zone one hour east of UTC, all year.
private struct CentralEurope: TimeZoneRules {
    func secondsFromUTC(at t: Double) -> Int { 3600 }
}

/// A person's day on the watcher's clock: scripted news, the person's answers to each heads-up, and the watcher
/// woken at each deadline it asks for.
private struct SimulatedDay {
    /// Monday 2026-12-07, local midnight (UTC+1).
    static let midnight = Double(CivilTime(year: 2026, month: 12, day: 7).dayNumber) * 86400 - 3600

    static func at(_ clock: String) -> Double {
        let time = Reminder.time(clock)!
        return midnight + Double(time.hour * 3600 + time.minute * 60)
    }

    static func clock(_ t: Double) -> String {
        let local = CivilTime(t, utcOffset: 3600)
        return CivilTime.pad(local.hour) + ":" + CivilTime.pad(local.minute)
    }

    var watch: SnackWatch
    var script: [(time: Double, input: SnackWatchInput)]
    /// What the person does a given time after each heads-up.
    var reaction: [(after: Double, input: SnackWatchInput)]
    var headsUps: [Double] = []
    var bouts: [(from: Double, to: Double)] = []
    var statuses: [(time: Double, status: SnackWatchStatus)] = []
    var wakeUps = 0

    init(schedule: SnackSchedule, start: String, script: [(String, SnackWatchInput)],
         reaction: [(after: Double, input: SnackWatchInput)]) {
        watch = SnackWatch(schedule: schedule, timeZone: CentralEurope(), now: Self.at(start))
        self.script = script.map { (Self.at($0.0), $0.1) }
        self.reaction = reaction
    }

    mutating func run(until end: String) {
        let end = Self.at(end)
        while true {
            script.sort { $0.time < $1.time }
            let wake = watch.deadline()
            let next = script.first.map { min($0.time, wake) } ?? wake
            guard next <= end else { break }
            let input: SnackWatchInput
            if let first = script.first, first.time <= wake {
                input = script.removeFirst().input
            } else {
                input = .tick
                wakeUps += 1
            }
            for effect in watch.handle(input, at: next) {
                switch effect {
                case .headsUp:
                    headsUps.append(next)
                    script += reaction.map { (next + $0.after, $0.input) }
                case .bout(let from, let to): bouts.append((from, to))
                case .status(let status): statuses.append((next, status))
                default: break
                }
            }
        }
    }
}

@Suite("The snack watcher")
struct SnackWatchTests {
    /// Every 30 minutes, Monday to Friday, 08:30–17:30.
    static let workingDay = {
        var schedule = SnackSchedule()
        schedule.hours = SnackSchedule.Hours(start: 8 * 60 + 30, end: 17 * 60 + 30)
        return schedule
    }()

    /// Every minute, all day, every day.
    static func always(auto: Bool = false) -> SnackSchedule {
        var schedule = SnackSchedule()
        schedule.every = 1
        schedule.hours = SnackSchedule.Hours(start: 0, end: 24 * 60)
        schedule.days = Array(0...6)
        schedule.auto = auto
        return schedule
    }
    /// Start a minute after the heads-up, then a two-minute snack.
    static let takesTheSnack: [(after: Double, input: SnackWatchInput)] =
        [(60, .answer(.start)), (60, .workoutStarted), (180, .workoutEnded(.completed))]

    /// 08:30–17:30, lunch away 12:00–13:00, a call 14:00–14:45, the screen locked 15:30–15:40; each snack
    /// taken.
    @Test func aWorkingDayHasItsHeadsUpsOutsideTheCallTheLunchAndTheLock() {
        var day = SimulatedDay(schedule: Self.workingDay, start: "08:30", script: [
            ("12:05", .idle(since: SimulatedDay.at("12:00"))), ("13:00", .active),
            ("14:00", .call(true)), ("14:45", .call(false)),
            ("15:30", .locked(true)), ("15:35", .idle(since: SimulatedDay.at("15:30"))),
            ("15:40", .active), ("15:40", .locked(false)),
            ("17:35", .idle(since: SimulatedDay.at("17:30"))),
        ], reaction: Self.takesTheSnack)
        day.run(until: "18:00")
        // Each bout: 30 min from the last snack's end (a minute to answer, two of snack); the one due at 14:03
        // comes when the call ends; the lock is a break, so 15:51's moves to 16:10; 17:49 is after hours.
        #expect(day.headsUps.map(SimulatedDay.clock) == [
            "09:00", "09:33", "10:06", "10:39", "11:12", "11:45", "13:30", "14:45", "15:18", "16:10", "16:43", "17:16",
        ])
        #expect(day.headsUps.count <= 16)
        let call = SimulatedDay.at("14:00")...SimulatedDay.at("14:45")
        let outside = day.bouts.filter { !call.overlaps($0.from...$0.to) }
        #expect(outside.count == day.bouts.count - 1)
        #expect(outside.allSatisfy { $0.to - $0.from <= Double(Self.workingDay.every + 5) * 60 })
        #expect(day.bouts.last.map { SimulatedDay.clock($0.to) } == "17:30")
        // While the call holds it, `snacks` and `status` say why.
        let inCall = day.statuses.last { $0.time <= SimulatedDay.at("14:30") }?.status
        #expect(inCall?.held == .call && inCall?.due == false)
        // Asleep between news: at most one wake-up a minute, never more.
        #expect(day.wakeUps <= 9 * 60 + 30)
    }

    @Test func twoSkipsInARowPutTheNextAnHourLaterAndASnoozeTenMinutes() {
        var day = SimulatedDay(schedule: Self.workingDay, start: "09:00", script: [],
                               reaction: [(0, .answer(.skip))])
        day.run(until: "11:00")
        // 09:30 skipped: the next after another 30 min; 10:00 skipped too: an hour later.
        #expect(day.headsUps.map(SimulatedDay.clock) == ["09:30", "10:00", "11:00"])
        var snoozing = SimulatedDay(schedule: Self.workingDay, start: "09:00", script: [],
                                    reaction: [(0, .answer(.snooze))])
        snoozing.run(until: "10:00")
        #expect(snoozing.headsUps.map(SimulatedDay.clock) == ["09:30", "09:40", "09:50", "10:00"])
    }

    @Test func withAutoTheSnackStartsAtTheNextPause() {
        var watch = SnackWatch(schedule: Self.always(auto: true), timeZone: CentralEurope(), now: 1000)
        #expect(watch.handle(.paused, at: 1030).contains(.startSnack) == false)
        #expect(watch.handle(.tick, at: 1060).prefix(2) == [.headsUp, .watchPause(true)])
        #expect(watch.handle(.paused, at: 1075).contains(.startSnack))
        #expect(watch.sittingSince == 1075)
    }

    /// A deferred heads-up comes at the next free moment; a clock that jumps past a break's length was a machine
    /// asleep, which is a break.
    @Test func doNotDisturbDefersAndSleepIsABreak() {
        var watch = SnackWatch(schedule: Self.always(), timeZone: CentralEurope(), now: 1000)
        _ = watch.handle(.doNotDisturb(true), at: 1010)
        #expect(!watch.handle(.tick, at: 1060).contains(.headsUp))
        #expect(watch.handle(.doNotDisturb(false), at: 1100).contains(.headsUp))
        let effects = watch.handle(.tick, at: 1100 + 3600)
        #expect(effects.contains(.withdraw) && effects.contains(.bout(from: 1000, to: 1100)))
        #expect(watch.sittingSince == Double(4700), "whoever woke the machine sits from then")
    }

    /// A heads-up due while a workout runs waits for its end; a workout quit after a few seconds is no break, so
    /// the heads-up still due comes then, and the sitting goes on from where it began.
    @Test func aWorkoutRunningHoldsTheHeadsUpAndOneQuitIsNoBreak() {
        var watch = SnackWatch(schedule: Self.always(), timeZone: CentralEurope(), now: 1000)
        #expect(!watch.handle(.workoutStarted, at: 1050).contains(.headsUp))
        let held = watch.handle(.tick, at: 1060)
        #expect(!held.contains(.headsUp))
        #expect(held.contains(.status(SnackWatchStatus(sittingSince: 1000, nextHeadsUp: 1060, held: .workout,
                                                       due: false))))
        for outcome in [SessionOutcome.quit, .skipped, nil] {
            var quit = watch
            let ended = quit.handle(.workoutEnded(outcome), at: 1065)
            #expect(ended.contains(.headsUp), "\(String(describing: outcome))")
            #expect(!ended.contains { if case .bout = $0 { true } else { false } })
            #expect(quit.sittingSince == 1000)
        }
    }

    /// A workout or snack done is a break: the bout ends when it began, the sitting starts again at its end, and
    /// the next heads-up is `every` after that; a heads-up out when it began is taken back.
    @Test func aWorkoutDoneIsABreakFromItsStartToItsEnd() {
        var watch = SnackWatch(schedule: Self.always(), timeZone: CentralEurope(), now: 1000)
        #expect(watch.handle(.tick, at: 1060).contains(.headsUp))
        #expect(watch.handle(.workoutStarted, at: 1070).contains(.withdraw))
        #expect(!watch.handle(.tick, at: 1130).contains(.headsUp))
        let done = watch.handle(.workoutEnded(.completed), at: 1190)
        #expect(done.contains(.bout(from: 1000, to: 1070)) && !done.contains(.headsUp))
        #expect(watch.sittingSince == 1190 && watch.nextHeadsUp == 1250)
        #expect(!watch.handle(.tick, at: 1249).contains(.headsUp))
        #expect(watch.handle(.tick, at: 1250).contains(.headsUp))
    }
}
