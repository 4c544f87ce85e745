// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// A plan of weeks: the steps a user climbs, one routine (with `start`'s plan options) each, the
/// days of the week it is done on, and the rules for moving up and back, which follow the ratings.
public struct TrainingPlan: Equatable, Sendable {
    /// One step: a routine and the options `start` would be given for it.
    public struct Step: Equatable, Sendable {
        public var routine: String
        public var adjustments: RoutineAdjustments
        public var shuffle: Bool

        public init(routine: String, adjustments: RoutineAdjustments = RoutineAdjustments(), shuffle: Bool = false) {
            self.routine = routine
            self.adjustments = adjustments
            self.shuffle = shuffle
        }
    }

    /// When the plan moves up a step: after `sessions` completed sessions at it, each rated at most
    /// `effortAtMost`, and no sooner than `minDays` after the step was reached.
    public struct Advance: Equatable, Sendable {
        public var sessions = 2
        public var effortAtMost = 6
        /// ACSM: progress gradually; no more than a step a week.
        public var minDays = 7

        public init(sessions: Int = 2, effortAtMost: Int = 6, minDays: Int = 7) {
            self.sessions = sessions
            self.effortAtMost = effortAtMost
            self.minDays = minDays
        }
    }

    public var name: String
    public var description: String?
    /// Days of the week, 0 for Sunday to 6 for Saturday, in order.
    public var days: [Int]
    public var steps: [Step]
    public var advance: Advance
    /// One session rated at least this moves the plan back a step.
    public var backEffortAtLeast: Int

    public init(name: String, description: String? = nil, days: [Int] = [1, 3, 5], steps: [Step],
                advance: Advance = Advance(), backEffortAtLeast: Int = 9) {
        self.name = name
        self.description = description
        self.days = days
        self.steps = steps
        self.advance = advance
        self.backEffortAtLeast = backEffortAtLeast
    }

    /// Day names as plan files and `remind` write them, Sunday first (as `tm_wday` counts).
    public static let dayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
}

extension TrainingPlan.Step {
    /// The step as `start` would be asked for it: what runs when `start` is given no routine.
    public var request: PlanRequest {
        var request = PlanRequest()
        request.routine = routine
        request.adjustments = adjustments
        request.shuffle = shuffle ? .random : .none
        return request
    }

    /// `classic, 2 rounds, work 40 s, without floor`: the step in a few words.
    public var summary: String {
        var parts = [routine]
        if let rounds = adjustments.rounds { parts.append(rounds == 1 ? "1 round" : "\(rounds) rounds") }
        if let work = adjustments.work { parts.append("work \(JSONWriter.number(work)) s") }
        if let rest = adjustments.rest { parts.append("rest \(JSONWriter.number(rest)) s") }
        if let ready = adjustments.getReady { parts.append("get ready \(JSONWriter.number(ready)) s") }
        if !adjustments.without.isEmpty { parts.append("without " + adjustments.without.joined(separator: ", ")) }
        if shuffle { parts.append("shuffled") }
        return parts.joined(separator: ", ")
    }
}
