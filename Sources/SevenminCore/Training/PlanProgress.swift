// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// Where a user stands in a joined plan, worked out afresh from the history every time: the same
/// sessions give the same step on any machine, and nothing is kept that two histories could disagree on.
///
/// Rules, for the sessions recorded for this plan at the step it was at (in the order they began):
/// - an unrated session never moves it;
/// - one rated at least `backEffortAtLeast` moves it back a step (not below the first), unless it
///   already moved back in the last `minDays`;
/// - a completed one rated at most `advance.effortAtMost` counts; one rated between the two (or
///   not completed and not that hard) breaks the run of counting sessions, or is passed over;
/// - once `advance.sessions` count, it moves up a step, no sooner than `advance.minDays` after it
///   reached this one (at that day, if the sessions were done before it).
/// No step is ever skipped, and it never moves more than one step in any `minDays`.
public struct PlanProgress: Equatable, Sendable {
    /// One change of step, with why.
    public struct Move: Equatable, Sendable {
        public var from: Int
        public var to: Int
        /// When, in seconds since 1970 UTC.
        public var at: Double
        public var reason: String
    }

    /// The step, from 0.
    public var step: Int
    /// When it was reached (joining, or the move that reached it).
    public var reachedAt: Double
    /// Sessions counting towards the next move up, since the step was reached.
    public var counted: Int
    public var moves: [Move]
    /// When the last session needed to move up was done.
    private var readyAt = 0.0

    static let day = 86_400.0

    /// The state at `now` of `plan`, joined at `joinedAt`, given every session in the history.
    public static func replay(_ plan: TrainingPlan, joinedAt: Double, sessions: [SessionRecord],
                              now: Double) -> PlanProgress {
        var p = PlanProgress(step: 0, reachedAt: joinedAt, counted: 0, moves: [])
        let mine = sessions
            .filter { $0.plan == plan.name && $0.startedAt >= joinedAt && $0.planStep != nil }
            .sorted { ($0.startedAt, $0.id) < ($1.startedAt, $1.id) }
        let minDays = Double(plan.advance.minDays) * day
        for s in mine {
            p.promoteIfDue(plan, at: s.startedAt, utcOffset: s.utcOffset)
            // A session of another step (one begun before the last move was known) says nothing of this one.
            guard s.planStep == p.step + 1, let effort = s.effort else { continue }
            let when = PlanProgress.date(s.startedAt, s.utcOffset)
            if effort >= plan.backEffortAtLeast {
                let lastBack = p.moves.last { $0.to < $0.from }
                let backAllowed = p.moves.last.map { $0.to > $0.from } ?? true
                    || lastBack.map { s.startedAt - $0.at >= minDays } ?? true
                if p.step > 0, backAllowed {
                    p.move(to: p.step - 1, at: s.startedAt, reason: "the workout of \(when) was rated \(effort)/10 "
                        + "(\(plan.backEffortAtLeast) or more moves back a step)")
                } else {
                    p.counted = 0
                }
            } else if s.outcome == .completed && effort <= plan.advance.effortAtMost {
                p.counted += 1
                if p.counted == plan.advance.sessions { p.readyAt = s.startedAt }
                p.promoteIfDue(plan, at: s.startedAt, utcOffset: s.utcOffset)
            } else if s.outcome == .completed {
                p.counted = 0
            }
        }
        p.promoteIfDue(plan, at: now, utcOffset: mine.last?.utcOffset ?? 0)
        return p
    }

    /// The day a move up becomes possible: `minDays` after the step was reached.
    public func earliestMoveUp(_ plan: TrainingPlan) -> Double {
        reachedAt + Double(plan.advance.minDays) * PlanProgress.day
    }

    private mutating func promoteIfDue(_ plan: TrainingPlan, at time: Double, utcOffset: Int) {
        guard counted >= plan.advance.sessions, step + 1 < plan.steps.count else { return }
        let due = earliestMoveUp(plan)
        guard time >= due else { return }
        let n = plan.advance.sessions
        let sessions = n == 1 ? "1 completed workout" : "\(n) completed workouts"
        move(to: step + 1, at: max(due, readyAt), reason: "\(sessions) rated \(plan.advance.effortAtMost)/10 or less "
            + "at step \(step + 1), which began on \(PlanProgress.date(reachedAt, utcOffset))")
    }

    private mutating func move(to target: Int, at time: Double, reason: String) {
        moves.append(Move(from: step, to: target, at: time, reason: reason))
        step = target
        reachedAt = time
        counted = 0
    }

    /// The local date of `t` where the offset was `utcOffset`: `2026-12-01`.
    static func date(_ t: Double, _ utcOffset: Int) -> String {
        CivilTime(t, utcOffset: utcOffset).iso
    }
}
