// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore
import SevenminSystem
import Synchronization

/// The named zone by libc's rules, as the app reads `TZ`; weeks start on Monday unless told otherwise.
func calendar(_ zone: String, firstWeekday: Int = 2) -> LocalCalendar {
    LocalCalendar(timeZone: SystemTimeZone(identifier: zone), firstWeekday: firstWeekday)
}

/// `"2026-03-08 00:30"` read as wall-clock time in `calendar`'s zone, as UTC seconds (the earlier
/// of two, in the hour a clock goes back).
func local(_ text: String, _ calendar: LocalCalendar) -> Double {
    let n = text.split(whereSeparator: { "- :".contains($0) }).map { Int($0)! }
    let wall = Double(CivilTime(year: n[0], month: n[1], day: n[2]).dayNumber * 86400 + n[3] * 3600 + n[4] * 60)
    let guess = wall - Double(calendar.timeZone.secondsFromUTC(at: wall))
    return wall - Double(calendar.timeZone.secondsFromUTC(at: guess))
}

/// `count` work segments of `seconds` each, 40 s apart, the last ending at `end`.
func work(_ count: Int, endingAt end: Double, seconds: Double = 30, exercise: String = "Squat",
          ended: SegmentEnding = .ranOut) -> [SegmentRecord] {
    (0..<count).map { k in
        SegmentRecord(sessionID: 1, index: 2 * k + 1, kind: "work", exercise: exercise, round: 1, planned: seconds,
                      actual: seconds, ended: ended, endedAt: end - Double(count - 1 - k) * 40)
    }
}

func stats(_ work: [SegmentRecord], now: Double, _ calendar: LocalCalendar, weightKg: Double? = nil) -> HistoryStats {
    HistoryStats.compute(sessions: [], segments: work, now: now, calendar: calendar, weightKg: weightKg)
}

@Suite("History statistics")
struct HistoryStatsTests {
    let newYork = calendar("America/New_York")

    @Test func emptyHistoryHasNoStreakAndAFullYearOfEmptyDays() {
        let now = local("2026-11-29 12:00", newYork)   // a Sunday; the week began on Monday the 23rd
        let s = stats([], now: now, newYork)
        #expect(s.currentStreak == 0 && s.longestStreak == 0 && !s.todayCounts)
        #expect(s.weekMinutes == 0 && s.totalWorkSeconds == 0 && s.exercises.isEmpty)
        #expect(s.heatMapMinutes.count == 51 * 7 + 7 && s.heatMapMinutes.allSatisfy { $0 == 0 })
        #expect(CivilTime(dayNumber: s.heatMapStart).iso == "2025-12-01")
        #expect(s.weeklyMinutes == Array(repeating: 0, count: 12))
        #expect(CivilTime(dayNumber: s.weeklyStarts.last!).iso == "2026-11-23")
        #expect(s.totalCalories == nil)
    }

    @Test(arguments: [(13, false), (14, true), (20, true)])
    func aDayCountsFromSevenMinutesOfWork(segments: Int, counts: Bool) {
        let now = local("2026-11-29 20:00", newYork)
        let s = stats(work(segments, endingAt: local("2026-11-29 07:30", newYork)), now: now, newYork)
        #expect(s.todayCounts == counts)
        #expect(s.currentStreak == (counts ? 1 : 0))
        #expect(s.weekMinutes == Double(segments) / 2)
    }

    @Test func twoShortSessionsInOneDayAddUp() {
        let morning = work(7, endingAt: local("2026-11-29 07:30", newYork))
        let evening = work(7, endingAt: local("2026-11-29 19:30", newYork))
        let now = local("2026-11-29 21:00", newYork)
        #expect(stats(morning, now: now, newYork).currentStreak == 0)
        #expect(stats(morning + evening, now: now, newYork).currentStreak == 1)
    }

    @Test func aGapEndsTheStreakButNotTheLongest() {
        let days = ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-24", "2026-11-25"]
        let segments = days.flatMap { work(14, endingAt: local($0 + " 08:00", newYork)) }
        let s = stats(segments, now: local("2026-11-25 22:00", newYork), newYork)
        #expect(s.currentStreak == 2 && s.todayCounts && s.longestStreak == 3)
        #expect(StatsReport.streakLine(s) == "Day streak: 2 days in a row (best: 3 days).")
    }

    @Test func aStreakEndingYesterdayIsStillAlive() {
        let segments = ["2026-11-27", "2026-11-28"].flatMap { work(14, endingAt: local($0 + " 08:00", newYork)) }
        let today = stats(segments, now: local("2026-11-29 10:00", newYork), newYork)
        #expect(today.currentStreak == 2 && !today.todayCounts)
        #expect(StatsReport.streakLine(today)
                == "Day streak: 2 days in a row; work out today to make it 3 (best: 2 days).")
        let dayAfter = stats(segments, now: local("2026-11-30 10:00", newYork), newYork)
        #expect(dayAfter.currentStreak == 0 && dayAfter.longestStreak == 2)
    }

    @Test func workIsCountedOnTheLocalDayItEnded() {
        // 7 minutes before midnight and 7 after: two counting days, not one day of 14.
        let late = work(14, endingAt: local("2026-11-28 23:59", newYork))
        let early = work(14, endingAt: local("2026-11-29 00:10", newYork))
        let s = stats(late + early, now: local("2026-11-29 09:00", newYork), newYork)
        #expect(s.currentStreak == 2)
        #expect(s.heatMapMinutes.suffix(2) == [7, 7])
    }

    @Test func onlyWhatRanOutCountsForTheDayButAllWorkCountsAsWork() {
        let quit = work(10, endingAt: local("2026-11-29 07:30", newYork))
            + work(4, endingAt: local("2026-11-29 07:35", newYork), ended: .skipped)
        let rest = [SegmentRecord(sessionID: 1, index: 0, kind: "rest", exercise: "Squat", round: 1, planned: 600,
                                  actual: 600, ended: .ranOut, endedAt: local("2026-11-29 07:40", newYork))]
        let s = stats(quit + rest, now: local("2026-11-29 09:00", newYork), newYork)
        // 5 minutes of work that ran out; with the 10 minutes of rest, the day holds 15 and counts. The
        // skipped work is still work done, as `history` counts it.
        #expect(s.totalWorkSeconds == 420 && s.currentStreak == 1 && s.weekMinutes == 15)
        #expect(s.exercises.first?.times == 10)
        #expect(s.exercises.map(\.seconds).reduce(0, +) == 300)
        let workOnly = stats(quit, now: local("2026-11-29 09:00", newYork), newYork)
        #expect(workOnly.currentStreak == 0 && workOnly.weekMinutes == 5)
    }

    /// Days after a DST change: with a fixed offset, 00:30 after spring-forward and 23:30 after
    /// fall-back would land on the wrong day and break the streak.
    @Test(arguments: [
        ("America/New_York", ["2026-03-07 00:30", "2026-03-08 00:30", "2026-03-08 23:30", "2026-03-10 00:30"],
         "2026-03-10 12:00", ["2026-03-07", "2026-03-08", "2026-03-10"], 1, 2),
        ("America/New_York", ["2026-03-07 23:30", "2026-03-08 03:30", "2026-03-09 00:30"],
         "2026-03-09 12:00", ["2026-03-07", "2026-03-08", "2026-03-09"], 3, 3),
        ("America/New_York", ["2026-10-31 23:30", "2026-11-01 01:30", "2026-11-01 23:30", "2026-11-02 23:30"],
         "2026-11-02 23:50", ["2026-10-31", "2026-11-01", "2026-11-02"], 3, 3),
        ("Europe/London", ["2026-03-28 23:30", "2026-03-29 00:30", "2026-03-30 00:30"],
         "2026-03-30 08:00", ["2026-03-28", "2026-03-29", "2026-03-30"], 3, 3),
        ("Australia/Sydney", ["2026-04-04 23:30", "2026-04-05 23:30", "2026-10-04 00:30", "2026-10-04 23:30"],
         "2026-10-05 07:00", ["2026-04-04", "2026-04-05", "2026-10-04"], 1, 2),
        ("Asia/Kathmandu", ["2026-11-28 23:50", "2026-11-29 00:15"],
         "2026-11-29 12:00", ["2026-11-28", "2026-11-29"], 2, 2),
    ])
    func streaksFollowTheLocalCalendarAcrossTimeChanges(zone: String, sessions: [String], now: String,
                                                          days: [String], current: Int, longest: Int) {
        let cal = calendar(zone)
        let segments = sessions.flatMap { work(14, endingAt: local($0, cal)) }
        let s = stats(segments, now: local(now, cal), cal)
        #expect(s.currentStreak == current && s.longestStreak == longest)
        let counted = s.heatMapMinutes.enumerated().filter { $0.element >= 7 }
            .map { CivilTime(dayNumber: s.heatMapStart + $0.offset).iso }
        #expect(counted == days)
    }

    @Test func theSameInstantIsADifferentDayInAnotherZone() {
        let tokyo = calendar("Asia/Tokyo"), angeles = calendar("America/Los_Angeles")
        let end = local("2026-11-29 08:00", tokyo)   // 15:00 the day before in Los Angeles
        let now = local("2026-11-30 12:00", tokyo)   // 19:00 on the 29th in Los Angeles
        let here = stats(work(14, endingAt: end), now: now, tokyo)
        let there = stats(work(14, endingAt: end), now: now, angeles)
        #expect(CivilTime(dayNumber: here.today).iso == "2026-11-30")
        #expect(CivilTime(dayNumber: there.today).iso == "2026-11-29")
        #expect(here.currentStreak == 1 && !here.todayCounts)
        #expect(there.currentStreak == 1 && !there.todayCounts)
        #expect(here.heatMapMinutes.suffix(2) == [7, 0] && there.heatMapMinutes.suffix(2) == [7, 0])
    }

    @Test(arguments: [(2, "2026-11-23", 14.0), (1, "2026-11-29", 7.0)])
    func theWeekStartsOnTheCalendarsFirstWeekday(firstWeekday: Int, weekStart: String, minutes: Double) {
        let cal = calendar("America/New_York", firstWeekday: firstWeekday)
        // Saturday the 28th and Sunday the 29th.
        let segments = work(14, endingAt: local("2026-11-28 08:00", cal))
            + work(14, endingAt: local("2026-11-29 08:00", cal))
        let s = stats(segments, now: local("2026-11-29 20:00", cal), cal)
        #expect(CivilTime(dayNumber: s.weeklyStarts.last!).iso == weekStart)
        #expect(s.weekMinutes == minutes && s.weeklyMinutes.last == minutes)
    }

    @Test func caloriesFollowMETTimesWeightTimesHours() {
        // 60 segments of 30 s: half an hour. 8.0 × 70 kg × 0.5 h = 280 kcal.
        let s = stats(work(60, endingAt: local("2026-11-29 08:00", newYork)), now: local("2026-11-29 09:00", newYork),
                      newYork, weightKg: 70)
        #expect(s.totalCalories.map { abs($0 - 280) < 1e-9 } == true)
        #expect(s.weekCalories.map { abs($0 - 280) < 1e-9 } == true)
    }

    @Test func theWeekAndTheTotalCountTheSameSecondsOfWork() {
        // 14 exercises run out (with 13 rests of 10 s) and one quit 7 s in: 427 s of work, this week and in all.
        let end = local("2026-11-29 08:00", newYork)
        var segments = work(14, endingAt: end)
        segments += (0..<13).map { SegmentRecord(sessionID: 1, index: 100 + $0, kind: "rest", exercise: "Rest",
                                                 round: 1, planned: 10, actual: 10, ended: .ranOut, endedAt: end) }
        segments.append(SegmentRecord(sessionID: 1, index: 200, kind: "work", exercise: "Plank", round: 1,
                                      planned: 30, actual: 7, ended: .skipped, endedAt: end))
        let s = stats(segments, now: end + 3600, newYork, weightKg: 72)
        #expect(s.totalWorkSeconds == 427)
        #expect(s.totalCalories == s.weekCalories)
        #expect(s.totalCalories.map { abs($0 - 8 * 72 * 427 / 3600) < 1e-9 } == true)
        // The streak and the guideline still count work and rests that ran their time.
        #expect(s.weekMinutes == (14 * 30 + 130) / 60.0)
    }

    @Test func exerciseTotalsAreMostWorkedFirst() {
        let end = local("2026-11-29 08:00", newYork)
        let segments = work(3, endingAt: end, exercise: "Plank") + work(5, endingAt: end, exercise: "Squat")
            + work(3, endingAt: end, exercise: "Lunge")
        let s = stats(segments, now: end, newYork)
        #expect(s.exercises.map(\.title) == ["Squat", "Lunge", "Plank"])
        #expect(s.exercises.map(\.times) == [5, 3, 3] && s.exercises[0].seconds == 150)
    }

    @Test(arguments: [(0.0, 0), (0.5, 1), (6.99, 1), (7, 2), (13.9, 2), (14, 3), (21, 4), (90, 4)])
    func heatMapLevels(minutes: Double, level: Int) {
        #expect(HistoryStats.level(minutes: minutes) == level)
    }

    @Test(arguments: [("1970-01-01", 0), ("2000-02-29", 11016), ("1969-12-31", -1), ("2026-11-29", 20786)])
    func civilDatesRoundTrip(iso: String, dayNumber: Int) {
        #expect(CivilTime(iso: iso)?.dayNumber == dayNumber)
        #expect(CivilTime(dayNumber: dayNumber).iso == iso)
    }

    @Test(arguments: ["2026-02-30", "2026-13-01", "2026-2-03", "26-02-03", "2026-02-03x", "२०२६-02-03", ""])
    func civilDatesRejectWhatDoesNotExist(text: String) {
        #expect(CivilTime(iso: text) == nil)
    }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func sha256MatchesTheStandardVectors(text: String, digest: String) {
        #expect(ContentHash.sha256(Array(text.utf8)) == digest)
    }
}

extension HistoryStatsTests {
    @Test func theClassicWorkoutMakesADayAndTheThresholdCanBeLowered() {
        let cal = calendar("America/New_York")
        let classic = work(12, endingAt: local("2026-11-29 07:30", cal))   // 6 minutes of work
        let rests = (0..<11).map { k in
            SegmentRecord(sessionID: 1, index: 2 * k + 2, kind: "rest", exercise: "next", round: 1, planned: 10,
                          actual: 10, ended: .ranOut, endedAt: local("2026-11-29 07:30", cal) - Double(k) * 40 - 5)
        }
        let now = local("2026-11-29 20:00", cal)
        #expect(!stats(classic, now: now, cal).todayCounts)
        // The whole classic, its rests included, is 7:50 of workout: a day that counts.
        #expect(stats(classic + rests, now: now, cal).todayCounts)
        let lowered = HistoryStats.compute(sessions: [], segments: classic, now: now, calendar: cal, dayThreshold: 360)
        #expect(lowered.todayCounts && lowered.currentStreak == 1 && lowered.heatMapMinutes.last == 6)
        #expect(StatsReport.json(lowered).contains("\"day_threshold_minutes\": 6,"))
        #expect(HistoryStats.level(minutes: 6, threshold: 360) == 2)
    }
}

extension HistoryStatsTests {
    /// `--since DATE` starts at local midnight, or where a clock change skips midnight, at the
    /// first instant that exists (Havana moves from 00:00 to 01:00).
    @Test(arguments: [("America/New_York", "2026-03-08", "2026-03-08T05:00:00Z"),
                      ("America/New_York", "2026-11-02", "2026-11-02T05:00:00Z"),
                      ("Asia/Kathmandu", "2026-11-29", "2026-11-28T18:15:00Z"),
                      ("America/Havana", "2026-03-08", "2026-03-08T05:00:00Z")])
    func aDateStartsAtTheFirstInstantOfTheLocalDay(zone: String, date: String, utc: String) {
        let start = LocalDays.start(of: CivilTime(iso: date)!, calendar: calendar(zone))
        #expect(HistoryReport.isoUTC(start) == utc)
    }

    /// The log's timestamps: UTC to the nearest millisecond, never rounded up into the next second.
    @Test(arguments: [(1_796_139_568.642, "2026-12-01T15:39:28.642Z"), (1_796_139_568.0, "2026-12-01T15:39:28.000Z"),
                      (1_796_139_568.0071, "2026-12-01T15:39:28.007Z"),
                      (1_796_139_599.9996, "2026-12-01T15:39:59.999Z"),
                      (0, "1970-01-01T00:00:00.000Z")])
    func aLogStampIsUTCToTheMillisecond(t: Double, stamp: String) {
        #expect(HistoryReport.isoUTC(t, milliseconds: true) == stamp)
    }
}

/// Each workout counts on the local day it started, with the UTC offset stored when it started.
@Suite("Streaks by the day a workout started")
struct StreakDayTests {
    /// A session started at `start` (UTC seconds) with `offset`, with 14 work segments of 30 s after it.
    func workout(_ id: Int64, start: Double, offset: Int) -> (SessionRecord, [SegmentRecord]) {
        let session = SessionRecord(id: id, routine: "classic", routineFile: "/c.json", contentHash: "",
                                    startedAt: start, utcOffset: offset, plannedSeconds: 470, plannedExercises: 12)
        let segments = (0..<14).map { k in
            SegmentRecord(sessionID: id, index: 2 * k + 1, kind: "work", exercise: "Squat", round: 1, planned: 30,
                          actual: 30, ended: .ranOut, endedAt: start + 40 * Double(k + 1))
        }
        return (session, segments)
    }

    func streak(_ workouts: [(SessionRecord, [SegmentRecord])], now: Double,
                _ calendar: LocalCalendar) -> HistoryStats {
        HistoryStats.compute(sessions: workouts.map(\.0), segments: workouts.flatMap(\.1), now: now, calendar: calendar)
    }

    /// Started at 23:56 each night: half of each workout ended after midnight, so no day reached seven minutes.
    @Test func aWorkoutStartedJustBeforeMidnightCountsForThatDay() {
        let newYork = calendar("America/New_York")
        let workouts = (0..<6).map { k in
            workout(Int64(k + 1), start: local("2026-11-2\(3 + k) 23:56", newYork), offset: -18000)
        }
        let s = streak(workouts, now: local("2026-11-29 12:00", newYork), newYork)
        #expect(s.longestStreak == 6 && s.currentStreak == 6)
    }

    /// Eight days lived in Tokyo, read back at home in New York: still eight days in a row, not four.
    @Test func aTripKeepsTheDaysItWasLivedOn() {
        let newYork = calendar("America/New_York"), tokyo = calendar("Asia/Tokyo")
        let workouts = (0..<8).map { k in
            workout(Int64(k + 1), start: local("2026-11-1\(k) 07:30", tokyo), offset: 9 * 3600)
        }
        let s = streak(workouts, now: local("2026-11-17 20:00", newYork), newYork)
        #expect(s.longestStreak == 8)
    }

    /// Samoa skipped 30 December 2011: the 29th and the 31st are days in a row.
    @Test func aSkippedDayDoesNotBreakTheStreak() {
        let apia = calendar("Pacific/Apia")
        let days = ["2011-12-28 08:00", "2011-12-29 08:00", "2011-12-31 08:00", "2012-01-01 08:00"]
        let workouts = days.enumerated().map { k, day in
            let start = local(day, apia)
            let offset = apia.timeZone.secondsFromUTC(at: start)
            return workout(Int64(k + 1), start: start, offset: offset)
        }
        let s = streak(workouts, now: local("2012-01-01 20:00", apia), apia)
        #expect(s.longestStreak == 4 && s.currentStreak == 4)
    }
}

/// A zone that counts how often it is asked, to pin how much of a history the start-up streak walks.
final class CountingZone: TimeZoneRules, @unchecked Sendable {
    let rules: any TimeZoneRules
    private let asked = Mutex(0)
    init(_ rules: any TimeZoneRules) { self.rules = rules }
    var lookUps: Int { asked.withLock { $0 } }
    func secondsFromUTC(at t: Double) -> Int {
        asked.withLock { $0 += 1 }
        return rules.secondsFromUTC(at: t)
    }
}

@Suite("The streak a workout reads at its start")
struct StartUpStreakTests {
    /// Twenty years of daily workouts: the streak is walked back from today through its own days, with
    /// the zone asked about today alone, not laid out over every day of the history.
    @Test(arguments: [true, false])
    func aLongHistoryIsNotLaidOutDayByDay(doneToday: Bool) {
        let zone = CountingZone(SystemTimeZone(identifier: "Europe/Berlin"))
        let berlin = LocalCalendar(timeZone: zone)
        let now = local("2026-11-29 20:00", calendar("Europe/Berlin"))
        let today = LocalDays(calendar: calendar("Europe/Berlin"), from: now, to: now).day(at: now)
        var totals = HistoryTotals()
        for day in (today - 7300)...(doneToday ? today : today - 1) {
            totals.days[day] = HistoryTotals.Day(workout: 450, work: 360)
        }
        let basis = StreakBasis(totals, now: now, calendar: berlin)
        #expect(basis.daysBeforeToday == 7300)
        #expect(basis.todaySeconds == (doneToday ? 450 : 0))
        #expect(zone.lookUps < 50, "asked the zone \(zone.lookUps) times")
        // What `stats` computes from the same sums.
        let stats = HistoryStats.compute(totals, now: now, calendar: calendar("Europe/Berlin"))
        #expect(StreakBasis(stats) == basis)
    }

    /// Samoa skipped 30 December 2011: the start-up streak steps over it too.
    @Test func aSkippedDayDoesNotBreakTheStartUpStreak() {
        let apia = calendar("Pacific/Apia")
        var totals = HistoryTotals()
        for day in ["2011-12-28 08:00", "2011-12-29 08:00", "2011-12-31 08:00"] {
            let start = local(day, apia)
            totals.days[CivilTime.dayNumber(at: start, utcOffset: apia.timeZone.secondsFromUTC(at: start))] =
                HistoryTotals.Day(workout: 420, work: 360)
        }
        let basis = StreakBasis(totals, now: local("2012-01-01 07:00", apia), calendar: apia)
        #expect(basis.daysBeforeToday == 3 && basis.todaySeconds == 0)
        #expect(basis.days(adding: 420) == 4)
    }
}
