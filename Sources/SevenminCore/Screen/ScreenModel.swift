// SPDX-License-Identifier: GPL-3.0-or-later
/// Everything the workout screen shows, derived from the session at an instant.
public struct ScreenModel: Equatable, Sendable {
    public enum Overlay: Equatable, Sendable {
        case none, help, confirmQuit
        /// The quit prompt of `during` while its command runs, named here: stop both, leave it running, or go on.
        case confirmQuitCommand(String)

        /// Either quit prompt.
        public var isQuitPrompt: Bool { self == .confirmQuit || askedCommand != nil }
        /// The command the quit prompt asks about.
        public var askedCommand: String? { if case .confirmQuitCommand(let name) = self { name } else { nil } }
    }

    public struct Summary: Equatable, Sendable {
        public var activeTime: Double
        public var exercisesDone: Int
        public var exerciseCount: Int
        public var rounds: Int
        /// Days in a row that count, this one included; nil when unknown or today does not count.
        public var streak: Int?
        /// Whether the finish asks how hard it was ("How hard was that? 1–10"): not after a workout
        /// mostly skipped, whose rating would say nothing of the plan's step.
        public var asksEffort = false
        /// Whether the rating moves a plan (the workout was a plan's step, unchanged).
        public var effortMovesPlan = false
        /// The answer, once given.
        public var effort: Int?
        /// With a strap: the heart-rate recovery after the last work segment once measured, and whether it
        /// is still to be (a minute after that segment ended).
        public var heartRecovery: HeartRateSample.Recovery?
        public var measuringRecovery = false
        /// The personal records this workout set, shown under the rest.
        public var records: [PersonalRecord] = []

        /// Whether fewer than half its exercises were done: too little to ask how hard it was.
        public static func mostlySkipped(done: Int, of count: Int) -> Bool { done * 2 < count }

        /// The question with what its answer does: "How hard was that? 1–10 — it sets the next step of your
        /// plan".
        public func effortQuestion(_ text: ScreenText) -> String {
            text.effortQuestion + effortEffect(text)
        }

        /// What the rating does, following the question: " — it sets the next step of your plan".
        public func effortEffect(_ text: ScreenText) -> String {
            " — " + (effortMovesPlan ? text.effortForPlan : text.effortForHistory)
        }

        /// Whether every exercise was done: the workout counts as completed.
        public var isComplete: Bool { exercisesDone >= exerciseCount }

        /// "Workout complete", or for one skipped through "Ended: 2 of 12 exercises done".
        public func headline(_ text: ScreenText = .english) -> String {
            isComplete ? text.complete : text.ended(exercisesDone, exerciseCount)
        }

        /// "Classic: 12/12 exercises in 7:50", the one line that sums a workout up (the finish
        /// notification's body, and the line left after exit), with the streak when `streak` is set, and
        /// the effort once rated.
        public func line(routine: String, streak withStreak: Bool, text: ScreenText = .english) -> String {
            visible(routine) + ": "
                + text.exercisesIn(exercisesDone, exerciseCount, TimeFormat.clock(activeTime, roundingUp: false))
                + (withStreak ? streak.map { " · " + text.streak($0) } ?? "" : "")
                + (effort.map { " · " + text.effort($0) } ?? "")
        }

        public init(activeTime: Double, exercisesDone: Int, exerciseCount: Int, rounds: Int, streak: Int? = nil,
                    asksEffort: Bool = false, effort: Int? = nil) {
            self.asksEffort = asksEffort
            self.effort = effort
            self.activeTime = activeTime
            self.exercisesDone = exercisesDone
            self.exerciseCount = exerciseCount
            self.rounds = rounds
            self.streak = streak
        }
    }

    public var routineName: String
    /// The plan and step the workout is done for, if any.
    public var planStep: RoutineChoice.PlanStep?

    /// "Plan: Three circuits · step 3 of 4", and "off plan, not counted" for a workout changed off the step.
    public var planLine: String? {
        planStep.map { text.planStep(visible($0.plan), $0.step, $0.steps) + ($0.counts ? "" : " · " + text.offPlan) }
    }
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
    /// 1 or 2 for an exercise done on each side (in the switch between them, 2: the side to come);
    /// nil otherwise.
    public var side: Int?
    /// Whether the sides are segments of their own, parted by a switch, rather than halves of one.
    public var sidesApart = false
    public var remaining: Double
    /// On a step counted in reps, how many: the clock shows `counted`, counting up.
    public var reps: Int?
    /// Seconds into the segment, pauses excluded.
    public var counted: Double = 0
    /// Held to the limit: the clock counts up, as on a step counted in reps.
    public var toLimit = false
    /// As many as you can (`"reps": "max"`): open, the clock counts up; timed, it counts down.
    public var asManyAsYouCan: AsManyAsYouCan?
    /// Whether the clock counts up: a step counted in reps, as many as you can with no time, or held to the
    /// limit.
    public var countsUp: Bool { reps != nil || toLimit || asManyAsYouCan == .open }
    /// On a hold to the limit, the move's record and ghost (`WorkoutApp+Records`).
    public var hold: Hold?
    /// A record set by the step before, shown big in this one.
    public var newRecord: PersonalRecord?
    /// On a step of as many as you can, the move's record of its kind: under an open step's time.
    public var countRecord: PersonalRecord?
    /// The count asked after a step of as many as you can, while it is: it takes the screen.
    public var countAsk: CountAsk?

    /// The count asked: the move, the digits typed so far, and its record of the kind, if any.
    public struct CountAsk: Equatable, Sendable {
        public var title: String
        public var digits: String
        public var record: PersonalRecord?
    }
    /// On a step that counts up with a time limit, the limit: the step ends there.
    public var repsLimit: Double? { countsUp && segmentLength > 0 ? segmentLength : nil }
    /// Steps counted in reps still to come, the one under way included: time no total can give.
    public var openAhead = 0
    /// The segment's countdown as now set (with any time added), for the plain transcript's halfway.
    public var segmentLength: Double = 0
    /// Seconds of workout so far, pauses excluded.
    public var elapsed: Double = 0
    public var totalRemaining: Double
    public var progress: Double
    public var paused: Bool
    public var summary: Summary?
    public var overlay: Overlay = .none
    /// A one-line notice shown in the status bar, such as silent audio.
    public var notice: String?
    /// The command run beside the workout (`during`): its name, time or end, and last line.
    public var command: String?
    /// The seed of a shuffled workout, shown at the end so that it can be repeated.
    public var shuffleSeed: UInt64?
    /// Draw the frame inverted for a moment, to catch the eye at a change (the caller decides when).
    public var flash = false
    /// The colour of every work segment in order, for the strip that shows where the workout is.
    public var overview: [RGB] = []
    /// Index in `overview` of the work segment under way, or coming next during a pause.
    public var overviewPosition = 0
    /// The indices in `overview` of work segments done (run half their time or more); those before
    /// `overviewPosition` and not in it were skipped. Nil: every one before it counts as done.
    public var overviewDone: Set<Int>?
    /// The heart rate in beats per minute: `.some(nil)` while a strap is asked for but no reading is fresh
    /// (shown as "-- bpm", never the last number); nil with no strap asked for.
    public var heartRate: Int??
    /// The phone's page (`start --phone`): its QR code shows while getting ready and on the help panel.
    public var phone: PhoneLink?
    /// How many phones have the page open.
    public var phones = 0
    /// The zone of that heart rate, 1 to 5 (`HeartZones`); nil without one or without zones.
    public var heartZone: Int?
    /// In a rest that waits for the heart, what ends it; in the segment after, what ended it (`restUntil`).
    public var heartRest: String?
    /// Whether the move's figure is drawn (`--no-figure` turns it off).
    public var showsFigure = true

    /// Seconds into the segment's countdown, pauses left out: where the figure is in its move.
    public var figureTime: Double { figureMoment ?? (countsUp ? counted : max(0, segmentLength - remaining)) }
    /// Where the figure is when a frame moves only the figure: the rest of the model is then the last
    /// frame's, so that the renderer redraws the figure's cells alone.
    public var figureMoment: Double?

    /// What the clock shows: the time left, or on a step counted in reps the time counted up.
    public var clock: String {
        countsUp ? TimeFormat.clock(counted, roundingUp: false) : TimeFormat.clock(remaining)
    }

    /// "7:45", or with steps counted in reps to come "7:45 + 2 open": the time still to go, in the
    /// workout's language.
    public var toGo: String { Plan.time(totalRemaining, open: openAhead, text: text) }

    /// The language of the workout's words (headings, state words, plain-mode lines).
    public var language = CoachLanguage.en
    public var words: ScreenWords { ScreenWords.of(language) }
    /// Its sentences: the finish, the panels, the status line, notices.
    public var text: ScreenText { ScreenText.of(language) }

    /// A model from plain values, for callers and tests that hold no session.
    public init(routineName: String, kind: SegmentKind, exercise: Exercise, upNext: Exercise? = nil,
                workNumber: Int = 1, workCount: Int = 1, exerciseNumber: Int = 1, exerciseCount: Int = 1,
                stage: Stage = .main, round: Int = 1, rounds: Int = 1, side: Int? = nil, remaining: Double,
                totalRemaining: Double = 0, progress: Double = 0, paused: Bool = false, summary: Summary? = nil,
                overlay: Overlay = .none, notice: String? = nil, shuffleSeed: UInt64? = nil, flash: Bool = false,
                overview: [RGB] = [], overviewPosition: Int = 0) {
        self.routineName = routineName
        self.kind = kind
        self.exercise = exercise
        self.upNext = upNext
        self.workNumber = workNumber
        self.workCount = workCount
        self.exerciseNumber = exerciseNumber
        self.exerciseCount = exerciseCount
        self.stage = stage
        self.round = round
        self.rounds = rounds
        self.side = side
        self.remaining = remaining
        self.totalRemaining = totalRemaining
        self.progress = progress
        self.paused = paused
        self.summary = summary
        self.overlay = overlay
        self.notice = notice
        self.shuffleSeed = shuffleSeed
        self.flash = flash
        self.overview = overview
        self.overviewPosition = overviewPosition
    }

    public init(session: WorkoutSession, at now: Instant, overlay: Overlay = .none, notice: String? = nil,
                shuffleSeed: UInt64? = nil) {
        self.shuffleSeed = shuffleSeed
        let plan = session.plan
        let segment = session.segment
        routineName = plan.routine.name
        kind = segment.kind
        exercise = plan.exercise(of: session.index)
        upNext = segment.segment.isWork ? plan.nextWork(after: session.index) : plan.comingNext(after: session.index)
        workCount = plan.workSegmentCount
        workNumber = plan.workNumber(ofSegment: session.index)
        exerciseNumber = segment.slot.index + 1
        exerciseCount = plan.exerciseCount(in: segment.stage)
        stage = segment.stage
        round = segment.round
        rounds = plan.rounds
        remaining = session.remaining(at: now)
        counted = session.counted(at: now)
        segmentLength = segment.countsUp ? segment.duration : session.timer.countdownTime
        if segment.segment.isWork {
            reps = segment.reps
            toLimit = segment.toLimit
            asManyAsYouCan = segment.asManyAsYouCan
        }
        openAhead = plan.openSteps(after: session.index) + (segment.countsUp ? 1 : 0)
        elapsed = session.activeTime(at: now)
        if let half = segment.side {
            // A side of its own, or the switch to the second.
            side = half
            sidesApart = true
        } else if segment.segment.isWork, exercise.sides == 2 {
            // With no pause between the sides, they switch at half time.
            side = remaining <= session.timer.countdownTime / 2 ? 2 : 1
        }
        totalRemaining = session.totalRemaining(at: now)
        progress = session.progress(at: now)
        paused = session.state == .paused
        if session.state == .finished {
            summary = Summary(activeTime: session.activeTime(at: now),
                              exercisesDone: plan.exercisesDone(fromWork: session.completedWork).count,
                              exerciseCount: workCount, rounds: plan.rounds)
        }
        self.overlay = overlay
        self.notice = notice
        overview = plan.workColors
        overviewPosition = workNumber - 1
    }
}
