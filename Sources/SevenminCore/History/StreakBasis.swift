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

    /// The streak after `seconds` more of workout today: nil when today does not count yet.
    public func days(adding seconds: Double) -> Int? {
        (todaySeconds + seconds).rounded() >= threshold ? daysBeforeToday + 1 : nil
    }
}
