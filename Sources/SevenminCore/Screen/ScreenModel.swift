/// Everything the workout screen shows, derived from the session at an instant.
public struct ScreenModel: Equatable, Sendable {
    public enum Overlay: Equatable, Sendable { case none, help, confirmQuit }

    public struct Summary: Equatable, Sendable {
        public var activeTime: Double
        public var exercisesDone: Int
        public var exerciseCount: Int
        public var rounds: Int
    }

    public var routineName: String
    public var kind: SegmentKind
    public var exercise: Exercise
    /// The exercise worked on after this segment, if any.
    public var upNext: Exercise?
    public var workNumber: Int
    public var workCount: Int
    public var exerciseNumber: Int
    public var exerciseCount: Int
    public var stage: Stage
    public var round: Int
    public var rounds: Int
    /// 1 or 2 for an exercise done on each side; nil otherwise.
    public var side: Int?
    public var remaining: Double
    public var totalRemaining: Double
    public var progress: Double
    public var paused: Bool
    public var summary: Summary?
    public var overlay: Overlay = .none
    /// A one-line notice shown in the status bar, such as silent audio.
    public var notice: String?
    /// The seed of a shuffled workout, shown at the end so that it can be repeated.
    public var shuffleSeed: UInt64?
    /// A brief flash marks a transition.
    public var flash = false

    public init(session: WorkoutSession, at now: Instant, overlay: Overlay = .none, notice: String? = nil,
                shuffleSeed: UInt64? = nil) {
        self.shuffleSeed = shuffleSeed
        let plan = session.plan
        let segment = session.segment
        routineName = plan.routine.name
        kind = segment.kind
        exercise = plan.exercise(of: session.index)
        upNext = segment.segment.isWork ? plan.nextWork(after: session.index) : exercise
        workCount = plan.workSegmentCount
        workNumber = plan.workNumber(ofSegment: session.index)
        exerciseNumber = segment.slot.index + 1
        exerciseCount = plan.exerciseCount(in: segment.stage)
        stage = segment.stage
        round = segment.round
        rounds = plan.rounds
        remaining = session.remaining(at: now)
        if segment.segment.isWork, exercise.sides == 2 {
            side = remaining <= session.timer.countdownTime / 2 ? 2 : 1
        }
        totalRemaining = session.totalRemaining(at: now)
        progress = session.progress(at: now)
        paused = session.state == .paused
        if session.state == .finished {
            summary = Summary(activeTime: session.activeTime(at: now), exercisesDone: session.completedWork.count,
                              exerciseCount: workCount, rounds: plan.rounds)
        }
        self.overlay = overlay
        self.notice = notice
    }
}
