// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// `sevenmin plan`: the plan joined, its step, today's workout or the next planned day, and why it
/// last moved, as text or JSON.
public struct PlanReport: Equatable, Sendable {
    public var plan: TrainingPlan
    /// The plan's file, as found.
    public var path: String
    public var joinedAt: Double
    public var progress: PlanProgress
    public var day: PlanDay
    /// The UTC offset now, for local dates.
    public var utcOffset: Int

    public init(plan: TrainingPlan, path: String, joinedAt: Double, progress: PlanProgress, day: PlanDay,
                utcOffset: Int) {
        self.plan = plan
        self.path = path
        self.joinedAt = joinedAt
        self.progress = progress
        self.day = day
        self.utcOffset = utcOffset
    }

    public static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    public var step: TrainingPlan.Step { plan.steps[progress.step] }

    public var text: String {
        let a = plan.advance
        var lines = ["Plan: \(visible(plan.name)) (\(visible(path)))",
                     "Days: " + plan.days.map { PlanReport.weekdays[$0] }.joined(separator: ", "),
                     "Step \(progress.step + 1) of \(plan.steps.count): \(visible(step.summary))"]
        let date = CivilTime(dayNumber: day.day).iso
        lines.append(day.isToday ? "Today: \(visible(step.summary)) (sevenmin start)"
            : "Next: \(PlanReport.weekdays[CivilTime.weekday(ofDay: day.day)]) \(date): \(visible(step.summary))")
        if progress.step + 1 < plan.steps.count {
            let earliest = CivilTime(progress.earliestMoveUp(plan), utcOffset: utcOffset)
            lines.append("Moves up after \(a.sessions) completed workout\(a.sessions == 1 ? "" : "s") rated "
                + "\(a.effortAtMost)/10 or less (\(progress.counted) so far), on \(earliest.iso) at the soonest")
        } else {
            lines.append("The last step: it stays here")
        }
        lines.append("Moves back after one rated \(plan.backEffortAtLeast)/10 or more; unrated workouts never "
            + "move it ('sevenmin rate N')")
        if let move = progress.moves.last {
            lines.append("Last change: " + PlanReport.words(move, utcOffset: utcOffset))
        } else {
            lines.append("Joined on \(PlanProgress.date(joinedAt, utcOffset)); no change yet")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `moved up to step 2 on 2026-12-07: …`.
    static func words(_ move: PlanProgress.Move, utcOffset: Int) -> String {
        "moved \(move.to > move.from ? "up" : "back") to step \(move.to + 1) on "
            + "\(PlanProgress.date(move.at, utcOffset)): \(move.reason)"
    }

    public var json: String {
        func stepJSON(_ s: TrainingPlan.Step) -> JSONWriter.Value {
            var fields: [JSONWriter.Member] = [.init("routine", .string(s.routine))]
            if let v = s.adjustments.rounds { fields.append(.init("rounds", .integer(v))) }
            if let v = s.adjustments.work { fields.append(.init("work", .number(v))) }
            if let v = s.adjustments.rest { fields.append(.init("rest", .number(v))) }
            if let v = s.adjustments.getReady { fields.append(.init("getReady", .number(v))) }
            if !s.adjustments.without.isEmpty {
                fields.append(.init("without", .array(s.adjustments.without.map { .string($0) })))
            }
            fields.append(.init("shuffle", .bool(s.shuffle)))
            return .object(fields)
        }
        let change: JSONWriter.Value = progress.moves.last.map { m in
            .object([.init("from", .integer(m.from + 1)), .init("to", .integer(m.to + 1)),
                     .init("date", .string(PlanProgress.date(m.at, utcOffset))), .init("reason", .string(m.reason))])
        } ?? .null
        let object: JSONWriter.Value = .object([
            .init("plan", .string(plan.name)), .init("file", .string(path)),
            .init("joined", .string(PlanProgress.date(joinedAt, utcOffset))),
            .init("days", .array(plan.days.map { .string(TrainingPlan.dayNames[$0]) })),
            .init("step", .integer(progress.step + 1)), .init("steps", .integer(plan.steps.count)),
            .init("today", day.isToday ? stepJSON(step) : .null),
            .init("next", day.isToday ? .null : .object([.init("date", .string(CivilTime(dayNumber: day.day).iso)),
                                                          .init("workout", stepJSON(step))])),
            .init("counted", .integer(progress.counted)), .init("needed", .integer(plan.advance.sessions)),
            .init("last_change", change),
        ])
        return JSONWriter.line(object) + "\n"
    }
}
