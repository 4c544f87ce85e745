// SPDX-License-Identifier: GPL-3.0-or-later
/// What the history knew of the streak when a workout began, so that the finish can say
/// "Day 5 in a row" at once, counting the workout just done, without reading the database again.
public struct StreakBasis: Equatable, Sendable {
    /// Days in a row that counted, ending yesterday.
    public var daysBeforeToday: Int
    /// Seconds of workout already done today.
    public var todaySeconds: Double
    /// Seconds a day needs to count.
    public var threshold: Double

    public init(daysBeforeToday: Int, todaySeconds: Double, threshold: Double = HistoryStats.dayThresholdSeconds) {
        self.daysBeforeToday = daysBeforeToday
        self.todaySeconds = todaySeconds
        self.threshold = threshold
    }

    /// The basis as history statistics computed at the start give it.
    public init(_ stats: HistoryStats) {
        let today = stats.heatMapMinutes.last ?? 0
        self.init(daysBeforeToday: stats.todayCounts ? stats.currentStreak - 1 : stats.currentStreak,
                  todaySeconds: today * 60, threshold: stats.dayThreshold)
    }

    /// The basis from the history's sums at `now`, as `HistoryStats.compute` would give it, for the start of
    /// a workout: only today's offset is looked up, and only the streak's own days are looked at, however
    /// long the history.
    public init(_ totals: HistoryTotals, now: Double, calendar: LocalCalendar,
                threshold: Double = HistoryStats.dayThresholdSeconds) {
        let days = LocalDays(calendar: calendar, from: now, to: now)
        let today = days.day(at: now)
        // Whole seconds, as `HistoryStats.compute` counts a day.
        func counts(_ day: Int) -> Bool { (totals.days[day]?.workout ?? 0).rounded() >= threshold }
        let current = HistoryStats.currentStreak(today: today, counts: counts, exists: days.exists)
        self.init(daysBeforeToday: counts(today) ? current - 1 : current,
                  todaySeconds: totals.days[today]?.workout ?? 0, threshold: threshold)
    }

    /// The streak after `seconds` more of workout today: nil when today does not count yet.
    public func days(adding seconds: Double) -> Int? {
        (todaySeconds + seconds).rounded() >= threshold ? daysBeforeToday + 1 : nil
    }
}
