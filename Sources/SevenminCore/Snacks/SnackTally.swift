// SPDX-License-Identifier: GPL-3.0-or-later
/// The desk snacks and the sitting of a day and a week, as `stats` counts them.
public struct SnackTally: Equatable, Sendable {
    /// What a snack minute counts for against the guideline's vigorous minutes: a snack is moderate work
    /// (standing moves, about 4 MET), and WHO counts two moderate minutes as one vigorous.
    public static let intensity = 0.5

    /// Snacks done today and this week.
    public var today = 0
    public var week = 0
    /// Seconds of this week's snacks as the week's minutes first counted them (work and the rests run out).
    public var weekSeconds = 0.0
    /// The longest sitting today and the average of each day's longest this week, in seconds; nil when no
    /// watcher has told of any (`watched` false: none runs, so sitting is not known).
    public var longestSittingToday: Double?
    public var averageLongestSitting: Double?
    public var watched = false

    public init() {}

    /// The snacks of `sessions`, tallied for local day `today` and the week `week`, with their seconds as the
    /// week's minutes counted them (`HistoryTotals`' workout, by day) and the sitting of `state`, the watcher's.
    public init(snacks sessions: [SessionRecord], secondsByDay: [Int: Double], today: Int, week: ClosedRange<Int>,
                state: SnackWatchState?, now: Double, utcOffset: Int) {
        for record in sessions where record.kind == .snack {
            let day = CivilTime.dayNumber(at: record.startedAt, utcOffset: record.utcOffset)
            if day == today { self.today += 1 }
            if week.contains(day) { self.week += 1 }
        }
        weekSeconds = secondsByDay.filter { week.contains($0.key) }.values.reduce(0, +)
        if let state {
            watched = true
            longestSittingToday = state.longestBout(onDay: today, utcOffset: utcOffset, at: now)
            averageLongestSitting = state.averageLongestBout(days: week, utcOffset: utcOffset, at: now)
        }
    }

    /// `stats`' line: "Snacks: 2 today, 5 this week (at half toward the guideline); longest sitting 52 min today,
    /// 48 min a day this week".
    public var line: String {
        func words(_ seconds: Double?) -> String {
            seconds.map { TimeFormat.hoursMinutesWords.string($0, roundingUp: false) } ?? "none"
        }
        let sitting = watched
            ? "longest sitting " + words(longestSittingToday) + " today, " + words(averageLongestSitting)
                + " a day this week"
            : "sitting not known ('sevenmin snacks on' watches it)"
        return "Snacks: \(today) today, \(week) this week (at half toward the guideline); " + sitting
    }
}

extension HistoryStats {
    /// These stats with `tally`'s snacks counted at their intensity toward the week's guideline.
    public func counting(_ tally: SnackTally) -> HistoryStats {
        var stats = self
        stats.snacks = tally
        stats.weekMinutes = max(0, weekMinutes - tally.weekSeconds / 60 * (1 - SnackTally.intensity))
        return stats
    }
}
