// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// This week's planned days and the plan streak, Seven-style: a planned day counts when a workout was
/// completed on it, or made up on an unplanned day within the two days after; a day not done is only
/// missed once those two days have passed. The streak is the run of planned days kept, up to now.
public struct PlanWeek: Equatable, Sendable {
    public enum Status: String, Equatable, Sendable {
        /// A workout was completed that day.
        case done
        /// Made up on a later, unplanned day (`madeUpOn`).
        case madeUp = "made_up"
        /// Not done, and the two days to make it up have passed.
        case missed
        /// Not done yet, and still in time: today, or within the two days after.
        case open
        /// Still to come.
        case toCome = "to_come"
    }

    public struct Day: Equatable, Sendable {
        /// Days since 1970 in local time.
        public var day: Int
        public var status: Status
        public var madeUpOn: Int?
    }

    /// Days after a missed planned day in which a workout makes it up.
    public static let graceDays = 2

    /// This week's planned days, in order.
    public var days: [Day]
    /// Planned days kept in a row, the latest that is decided last.
    public var streak: Int

    /// `workoutDays`: the local days with a completed workout; `from`: the first planned day to count (the join).
    public static func compute(planDays: [Int], workoutDays: Set<Int>, from first: Int, today: Int,
                               weekStart: Int) -> PlanWeek {
        var used = Set<Int>()
        var statuses: [Int: Day] = [:]
        let last = max(weekStart + 6, today)
        let planned = (min(first, weekStart)...last).filter { planDays.contains(CivilTime.weekday(ofDay: $0)) }
        for p in planned {
            if p > today {
                statuses[p] = Day(day: p, status: .toCome)
            } else if workoutDays.contains(p) {
                statuses[p] = Day(day: p, status: .done)
                used.insert(p)
            } else if let w = (1...graceDays).map({ p + $0 }).first(where: {
                $0 <= today && workoutDays.contains($0) && !used.contains($0)
                    && !planDays.contains(CivilTime.weekday(ofDay: $0))
            }) {
                statuses[p] = Day(day: p, status: .madeUp, madeUpOn: w)
                used.insert(w)
            } else {
                statuses[p] = Day(day: p, status: today - p <= graceDays ? .open : .missed)
            }
        }
        var streak = 0
        for p in planned.reversed() where p >= first {
            guard let s = statuses[p]?.status else { continue }
            if s == .toCome || s == .open { continue }
            if s == .missed { break }
            streak += 1
        }
        return PlanWeek(days: planned.filter { $0 >= max(weekStart, first) && $0 <= weekStart + 6 }
                            .compactMap { statuses[$0] },
                        streak: streak)
    }

    /// `Mon ✓  Wed ✓ (Thu)  Fri ·`: this week's planned days as `stats` prints them.
    public func line(utf8: Bool) -> String {
        days.map { d in
            let name = StatsReport.weekdayNames[CivilTime.weekday(ofDay: d.day)]
            switch d.status {
            case .done: return name + (utf8 ? " ✓" : " x")
            case .madeUp: return name + (utf8 ? " ✓" : " x") + " (made up "
                + StatsReport.weekdayNames[CivilTime.weekday(ofDay: d.madeUpOn ?? d.day)] + ")"
            case .missed: return name + " missed"
            case .open: return name + " open"
            case .toCome: return name + (utf8 ? " ·" : " .")
            }
        }.joined(separator: "  ")
    }
}
