// SPDX-License-Identifier: GPL-3.0-or-later
/// The workout a command that takes a routine (`start`, `list`, `export-audio`, `export-routine`,
/// `doctor`) runs or shows: one rule for all of them, so none shows or exports what another would not run.
public struct RoutineChoice: Equatable, Sendable {
    /// The plan and step a workout is done for.
    public struct PlanStep: Equatable, Sendable {
        public var plan: String
        /// From 1.
        public var step: Int
        public var steps: Int
        /// False when options typed over the step change its workout: it is then not the step's, and
        /// neither moves the plan up nor back (`PlanProgress` counts only sessions recorded at a step).
        public var counts: Bool

        public init(plan: String, step: Int, steps: Int, counts: Bool = true) {
            (self.plan, self.step, self.steps, self.counts) = (plan, step, steps, counts)
        }

        /// What the history records: the plan and step only when the workout counts for them.
        public var recorded: (plan: String, step: Int)? { counts ? (plan, step) : nil }
    }

    /// The routine and the plan options to apply to it.
    public var request: PlanRequest
    /// The plan's step this is, when no routine was named and a plan is joined.
    public var planStep: PlanStep?

    public init(request: PlanRequest, planStep: PlanStep? = nil) {
        self.request = request
        self.planStep = planStep
    }

    /// The routine named wins; else the joined plan's step (`plan`), with any plan option typed over it;
    /// else the config file's `routine`; else the request's own default, `classic`.
    public static func resolve(_ typed: PlanRequest, plan: PlanReport?, configRoutine: String?) -> RoutineChoice {
        if typed.given.routine { return RoutineChoice(request: typed) }
        guard let plan else {
            var request = typed
            if let configRoutine { request.routine = configRoutine }
            return RoutineChoice(request: request)
        }
        let step = plan.step
        var request = step.request
        typealias Option = PlanRequest.Option
        let given = typed.given, typedAdjustments = typed.adjustments
        if given.contains(Option.rounds) { request.adjustments.rounds = typedAdjustments.rounds }
        if given.contains(Option.work) { request.adjustments.work = typedAdjustments.work }
        if given.contains(Option.rest) { request.adjustments.rest = typedAdjustments.rest }
        if given.contains(Option.getReady) { request.adjustments.getReady = typedAdjustments.getReady }
        request.adjustments.without += typedAdjustments.without.filter { !request.adjustments.without.contains($0) }
        if typed.shuffle != .none { request.shuffle = typed.shuffle }
        request.given = typed.given
        // Shuffling keeps the step's work; any other change makes it another workout.
        let counts = request.adjustments == step.adjustments
        return RoutineChoice(request: request, planStep: PlanStep(plan: plan.plan.name, step: plan.progress.step + 1,
                                                                  steps: plan.plan.steps.count, counts: counts))
    }
}
