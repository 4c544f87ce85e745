// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// What `sevenmin stats` reports: streaks, this week against the guideline, minutes per week,
/// a year of days, totals per exercise and, given a body weight, calories.
public struct HistoryStats: Equatable, Sendable {
    /// A day counts towards a streak when it holds this much of completed workout (work and the
    /// rests between, as Seven counts any workout of seven minutes): the classic makes a day.
    public static let dayThresholdSeconds = 7 * 60.0
    /// ACSM/WHO: at least 75 minutes of vigorous activity a week.
    public static let weeklyGuidelineMinutes = 75.0
    /// Compendium of Physical Activities (Ainsworth et al.): calisthenics, vigorous effort.
    public static let met = 8.0
    public static let heatMapWeeks = 52
    public static let weeklyChartWeeks = 12

    /// One exercise's totals over all history.
    public struct ExerciseTotal: Equatable, Sendable {
        public var title: String
        public var times: Int
        public var seconds: Double
    }

    /// Seconds of completed work that make a day count, as computed with.
    public var dayThreshold: Double
    /// Days in a row that count, ending today, or yesterday while today can still count.
    public var currentStreak: Int
    /// Whether today already counts (the streak is then "day N"; otherwise it is at risk).
    public var todayCounts: Bool
    public var longestStreak: Int
    /// Completed work this calendar week (from `firstWeekday`), in minutes.
    public var weekMinutes: Double
    public var sessions: Int
    public var completedSessions: Int
    /// Seconds of work in all, every exercise for the time it ran.
    public var totalWorkSeconds: Double
    /// Most-worked first.
    public var exercises: [ExerciseTotal]
    /// The local day (days since 1970) of the heat map's first cell: a week start, 51 weeks before this week's.
    public var heatMapStart: Int
    /// Minutes of completed work per day from `heatMapStart` through today.
    public var heatMapMinutes: [Double]
    /// The first day of each of the last 12 weeks, oldest first, and its minutes.
    public var weeklyStarts: [Int]
    public var weeklyMinutes: [Double]
    /// Today, as days since 1970 in the local calendar.
    public var today: Int
    /// The body weight calories were computed for, in kg.
    public var weightKg: Double?
    /// kcal = MET × kg × hours of work (as `history` counts it: every exercise for the time it ran), in all and
    /// this week; nil without a body weight.
    public var totalCalories: Double?
    public var weekCalories: Double?
    /// The workouts with a heart rate recorded: how many, the mean of their samples and the highest.
    public var heartWorkouts = 0
    public var heartAverage: Int?
    public var heartPeak: Int?
    /// What the calories of workouts with a heart rate were computed with, when the config gives them all.
    public var ageYears: Int?
    public var sex: KeytelEnergy.Sex?
    /// How many workouts' calories come from their heart rate (Keytel et al. 2005) and not MET minutes.
    public var heartCalorieWorkouts = 0
    /// The desk snacks and the sitting, once any snack was done or a watcher runs (`counting(_:)`).
    public var snacks: SnackTally?

    /// A workout with a heart rate recorded, as `stats` counts it: the local day it started on, its seconds
    /// of work, and its heart rate during that work.
    public struct HeartWorkout: Equatable, Sendable {
        public var day: Int
        public var workSeconds: Double
        public var work: HeartRateSummary

        public init(day: Int, workSeconds: Double, work: HeartRateSummary) {
            self.day = day
            self.workSeconds = workSeconds
            self.work = work
        }
    }

    /// Heat-map shade for a day's minutes: 0 nothing, 1 some, 2 a counting day, 3 two, 4 three or more.
    public static func level(minutes: Double, threshold: Double = dayThresholdSeconds) -> Int {
        if minutes <= 0 { return 0 }
        let counting = minutes * 60 / threshold
        if counting < 1 - 1e-9 { return 1 }
        return min(4, 1 + Int(counting + 1e-9))
    }

    /// Computes everything from the records; `work` needs only completed work segments, but others are ignored.
    public static func compute(sessions: [SessionRecord], segments: [SegmentRecord], now: Double,
                               calendar: LocalCalendar, weightKg: Double? = nil,
                               dayThreshold: Double = dayThresholdSeconds) -> HistoryStats {
        compute(HistoryTotals(sessions: sessions, segments: segments, now: now, calendar: calendar), now: now,
                calendar: calendar, weightKg: weightKg, dayThreshold: dayThreshold)
    }

    /// Computes everything from the history's sums (as the store adds them up in SQL) and the workouts with
    /// a heart rate. Calories are MET × kg × hours of work, but for a workout with a heart rate where `age` and
    /// `sex` are given too: Keytel's equation at its average rate during work, for its seconds of work.
    public static func compute(_ totals: HistoryTotals, now: Double, calendar: LocalCalendar, weightKg: Double? = nil,
                               heart: [HeartWorkout] = [], age: Int? = nil, sex: KeytelEnergy.Sex? = nil,
                               dayThreshold: Double = dayThresholdSeconds) -> HistoryStats {
        // Days outside the prepared range are found all the same, only more slowly.
        let earliest = min(now, totals.days.keys.min().map { Double($0 * CivilTime.secondsPerDay) } ?? now)
        let days = LocalDays(calendar: calendar, from: earliest, to: now)
        let today = days.day(at: now)
        let thisWeek = CivilTime.weekStart(of: today, firstWeekday: days.firstWeekday)
        var secondsByDay: [Int: Double] = [:]
        // Work as `history` counts it, the exercise cut short included: what the calories are of.
        var total = 0.0, weekWork = 0.0
        // In the days' order, so that the sums do not depend on how a dictionary is laid out.
        for (day, sums) in totals.days.sorted(by: { $0.key < $1.key }) {
            total += sums.work
            if (thisWeek...today).contains(day) { weekWork += sums.work }
            if sums.workout != 0 { secondsByDay[day] = sums.workout }
        }

        // Whole seconds, so that 14 × 30 s counts however the actual lengths were rounded.
        let counting = Set(secondsByDay.filter { $0.value.rounded() >= dayThreshold }.keys)
        var longest = 0, run = 0, previous = Int.min
        // Days the zone skipped (Samoa went from 29 to 31 December 2011) do not break a run.
        func follows(_ day: Int, _ earlier: Int) -> Bool {
            earlier != Int.min && day > earlier && (earlier + 1..<day).allSatisfy { !days.exists($0) }
        }
        for day in counting.sorted() {
            run = follows(day, previous) ? run + 1 : 1
            longest = max(longest, run)
            previous = day
        }
        let todayCounts = counting.contains(today)
        let current = currentStreak(today: today, counts: counting.contains, exists: days.exists)

        func minutes(_ range: ClosedRange<Int>) -> Double {
            range.reduce(0) { $0 + (secondsByDay[$1] ?? 0) } / 60
        }
        let weekMinutes = minutes(thisWeek...today)
        let heatMapStart = thisWeek - 7 * (heatMapWeeks - 1)
        let weeklyStarts = (0..<weeklyChartWeeks).map { thisWeek - 7 * (weeklyChartWeeks - 1 - $0) }

        let exercises = totals.exercises
            .map { ExerciseTotal(title: $0.key, times: $0.value.times, seconds: $0.value.seconds) }
            .sorted { ($0.seconds, $1.title) > ($1.seconds, $0.title) }
        let kcalPerSecond = weightKg.map { met * $0 / 3600 }
        // Workouts with a heart rate, counted by it where the config says enough; the rest by MET minutes.
        var byHeart = (total: 0.0, week: 0.0, work: 0.0, weekWork: 0.0, workouts: 0)
        if let kg = weightKg, let age, let sex {
            for w in heart {
                let kcal = KeytelEnergy.kilocalories(bpm: Double(w.work.average), seconds: w.workSeconds, weightKg: kg,
                                                     age: age, sex: sex)
                byHeart.total += kcal
                byHeart.work += w.workSeconds
                byHeart.workouts += 1
                if (thisWeek...today).contains(w.day) {
                    byHeart.week += kcal
                    byHeart.weekWork += w.workSeconds
                }
            }
        }
        let samples = heart.reduce(0) { $0 + $1.work.samples }
        let beats = heart.reduce(0) { $0 + $1.work.average * $1.work.samples }
        var stats = HistoryStats(
            dayThreshold: dayThreshold, currentStreak: current, todayCounts: todayCounts, longestStreak: longest,
            weekMinutes: weekMinutes,
            sessions: totals.sessions, completedSessions: totals.completedSessions,
            totalWorkSeconds: total, exercises: exercises, heatMapStart: heatMapStart,
            heatMapMinutes: (heatMapStart...today).map { (secondsByDay[$0] ?? 0) / 60 },
            weeklyStarts: weeklyStarts, weeklyMinutes: weeklyStarts.map { minutes($0...min(today, $0 + 6)) },
            today: today, weightKg: weightKg,
            totalCalories: kcalPerSecond.map { $0 * max(0, total - byHeart.work) + byHeart.total },
            weekCalories: kcalPerSecond.map { $0 * max(0, weekWork - byHeart.weekWork) + byHeart.week })
        stats.heartWorkouts = heart.count
        stats.heartAverage = samples > 0 ? Int((Double(beats) / Double(samples)).rounded()) : nil
        stats.heartPeak = heart.map(\.work.peak).max()
        stats.ageYears = age
        stats.sex = sex
        stats.heartCalorieWorkouts = byHeart.workouts
        return stats
    }

    /// Days in a row that count, ending today, or yesterday while today can still count: walked back
    /// from today only as far as the streak goes, asking the zone only where a day is missing (a day
    /// the zone skipped, as Samoa's 30 December 2011, does not break a run).
    static func currentStreak(today: Int, counts: (Int) -> Bool, exists: (Int) -> Bool) -> Int {
        var current = 0
        var day = counts(today) ? today : today - 1
        while !counts(day) && !exists(day) && day > today - 3 { day -= 1 }
        while counts(day) {
            current += 1
            day -= 1
            while !counts(day) && !exists(day) && day > today - 3 - current { day -= 1 }
        }
        return current
    }
}
