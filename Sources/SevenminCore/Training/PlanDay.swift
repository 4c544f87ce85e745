// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// What a joined plan asks of today: the step's workout when today is a planned day not yet done,
/// else the next planned day.
public struct PlanDay: Equatable, Sendable {
    /// The step's workout is due today.
    public var isToday: Bool
    /// Today's local day when due today, else the next planned day's (days since 1970).
    public var day: Int

    public static func next(_ plan: TrainingPlan, sessions: [SessionRecord], now: Double, utcOffset: Int) -> PlanDay {
        let today = LocalDay.number(now, utcOffset: utcOffset)
        let doneToday = LocalDay.completed(sessions.filter { $0.plan == plan.name }, on: today)
        if !doneToday, plan.days.contains(LocalDay.weekday(today)) { return PlanDay(isToday: true, day: today) }
        let next = (1...7).map { today + $0 }.first { plan.days.contains(LocalDay.weekday($0)) } ?? today + 1
        return PlanDay(isToday: false, day: next)
    }
}
