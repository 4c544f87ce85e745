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
        let today = CivilTime.dayNumber(at: now, utcOffset: utcOffset)
        let doneToday = PlanDay.completed(sessions.filter { $0.plan == plan.name }, on: today)
        if !doneToday, plan.days.contains(CivilTime.weekday(ofDay: today)) { return PlanDay(isToday: true, day: today) }
        let next = (1...7).map { today + $0 }.first { plan.days.contains(CivilTime.weekday(ofDay: $0)) } ?? today + 1
        return PlanDay(isToday: false, day: next)
    }

    /// Whether any workout of `sessions` (not a desk snack) was completed on local day `day` (each by the
    /// offset where it was done).
    public static func completed(_ sessions: [SessionRecord], on day: Int) -> Bool {
        sessions.contains {
            $0.kind == .workout && $0.outcome == .completed
                && CivilTime.dayNumber(at: $0.startedAt, utcOffset: $0.utcOffset) == day
        }
    }
}
