// SPDX-License-Identifier: GPL-3.0-or-later
/// The whole workout as a pure state machine: handed an input and the instant it happened,
/// it answers with the effects to perform, in order (bubbletea's update). Overlays, the quit
/// prompt, cues, the bell, the title, the events file and the history are all decided here.
public struct WorkoutApp: Sendable {
    public internal(set) var session: WorkoutSession
    public let settings: CoachSettings
    /// What covers the screen: the keys or the quit prompt.
    var overlays = Overlays()
    public internal(set) var audio = AudioStatus.opening { didSet { notice = shownNotice } }
    /// When the workout started; the events file counts `t` from here.
    public internal(set) var origin: Instant = 0
    /// Problems reported while the workout runs; the latest shows on the status line.
    public internal(set) var notices: [WorkoutNotice] = [] { didSet { notice = shownNotice } }
    /// When the finish was first seen; keys in the second after it do not dismiss the summary.
    var finishSeen: Instant?
    var flashUntil: Instant?
    var title: String?
    /// When the app last handled anything (while handling, the instant at hand): a continue long after it
    /// means the process was stopped.
    var lastHandled: Instant?
    /// What status lines and the media player were last told.
    var publication = Publication()
    /// Whether the screen is kept awake; and since when the workout has been paused, while it is.
    public internal(set) var keepsAwake = false
    var pausedSince: Instant?
    /// Paused by Ctrl-Z: the screen may blank until the workout is resumed, `fg` or not.
    var pausedBySuspend = false
    /// Words held for their cue, or waiting for their speech.
    var speech = SpeechQueue()
    /// The countdown length of the current segment, to tell what it really ran when it ends.
    var currentLength = 0.0
    /// The heart rate read, whether the strap has skin contact, and the samples the history keeps.
    var heart = HeartRateState()
    /// Where the phone's page is (`start --phone`), once its server says, and how many phones have it open.
    public internal(set) var phone: PhoneLink?
    var phones = 0
    /// The rests that wait for the heart, in a routine with `restUntil`.
    var heartRest: HeartRest?
    /// The command run beside the workout (`sevenmin during`), as last reported; nil for `start`.
    public internal(set) var command: CommandRun?
    /// The user chose to leave that command running in the background as the workout ends.
    public internal(set) var leavesCommand = false
    /// The last frame's model: a frame that moves only the figure is this with the figure moved on.
    var lastDrawn: ScreenModel?
    /// The personal records played against, and those set (`WorkoutApp+Records`).
    var records: RecordPlay
    /// The count asked after a step of as many as you can, while it is: keys go to it first.
    public internal(set) var counting: CountEntry?

    /// Keys pressed this soon after the finish (or before its last words) are taken as meant for
    /// the workout, not the summary.
    public static let dismissGuard = 1.0
    /// How long a flash lasts.
    public static let flashLength = 0.15
    /// A running workout is handled at least once a second; continued after a longer gap, the process
    /// was stopped (SIGSTOP, a debugger), and the time stopped is a pause, not exercise.
    public static let stoppedLimit = 3.0
    /// Paused this long, the screen may blank again; resuming keeps it awake again.
    public static let awakePauseLimit = 300.0

    /// Where a resumed workout picks up, and what its earlier parts did.
    public struct Resumption: Equatable, Sendable {
        public var segmentIndex: Int
        /// The plan indices of the work segments the earlier parts did (`SegmentRecord.isDone`).
        public var exercisesDone: Set<Int>
        public var activeTime: Double

        public init(segmentIndex: Int, exercisesDone: Set<Int>, activeTime: Double) {
            self.segmentIndex = segmentIndex
            self.exercisesDone = exercisesDone
            self.activeTime = activeTime
        }
    }

    public let resumption: Resumption?
    var streakBasis: StreakBasis?
    /// Seconds of workout (work and rest, not getting ready) that ran out in this run.
    var workoutSeconds = 0.0
    /// The plan indices of the work segments done (run at least half their time), earlier parts included:
    /// each side of an exercise done on each side is one (`Plan.exercisesDone(fromWork:)` counts exercises).
    var workDone: Set<Int> { didSet { overviewDone = WorkoutApp.overviewDone(plan, workDone) } }
    /// The overview strip's tiles done, from `workDone` (worked out when it changes, not every second).
    var overviewDone: Set<Int> = []
    /// The status line's notice, from `notices` and `audio`, worded when either changes.
    var notice: String?
    /// The window title after its clock, for the segment and pause it was worded for.
    var titleTail: (index: Int, paused: Bool, text: String)?

    /// How hard the user said the workout was, on the finish screen.
    public internal(set) var effort: Int?

    /// The segment the workout starts on: 0, or the lead-in of a resumed one.
    public let startIndex: Int

    public init(plan: Plan, settings: CoachSettings = CoachSettings(), resuming: Resumption? = nil) {
        let (plan, start) = resuming.map { plan.leadingIn(to: $0.segmentIndex) } ?? (plan, 0)
        session = WorkoutSession(plan: plan)
        startIndex = start
        self.settings = settings
        resumption = resuming
        workDone = resuming?.exercisesDone ?? []
        records = RecordPlay(records: settings.records)
        heartRest = plan.routine.restUntil.map(HeartRest.init)
        overviewDone = WorkoutApp.overviewDone(plan, workDone)
        notice = shownNotice
        command = settings.during
        session.repeats = settings.during?.ending == .untilDone
    }

    static func overviewDone(_ plan: Plan, _ workDone: Set<Int>) -> Set<Int> {
        Set(plan.exercisesDone(fromWork: workDone).map { plan.workNumber(ofSegment: $0) - 1 })
    }

    public var plan: Plan { session.plan }
    /// What covers the screen now.
    public var overlay: ScreenModel.Overlay { overlays.shown }

    /// Starts the workout at `now`.
    public mutating func start(at now: Instant) -> [Effect] {
        origin = now
        lastHandled = now
        command?.started = now
        var effects: [Effect] = []
        perform(session.start(at: now, from: startIndex), at: now, into: &effects)
        // A resumed workout waits for the user, as phone apps resume, when anyone can press a key.
        if resumption != nil, settings.keysAtHand {
            perform(session.pause(at: now), at: now, into: &effects)
        }
        effects += frame(at: now)
        // After the first frame, so that drawing it never waits on the voice.
        if settings.voice { effects.append(.prepareVoice(VoicePolicy.phrases(in: plan,
            countAloud: settings.countAloud, language: settings.language, from: session.index,
            segments: VoicePolicy.renderAhead))) }
        return effects
    }

    public mutating func handle(_ input: Input, at now: Instant) -> [Effect] {
        var effects: [Effect] = []
        // Stopped from outside and continued: ten minutes stopped credited the whole workout and the day.
        // The time stopped becomes a pause, from the last instant handled; so the status moves too.
        let last = lastHandled
        // Set first: effects are performed now, whatever instant their events fell due at.
        lastHandled = now
        if input == .signal(.continued), session.state == .running, let last, now - last > WorkoutApp.stoppedLimit {
            perform(session.pause(at: last), at: last, into: &effects)
            perform(session.resume(at: now), at: now, into: &effects)
        }
        // Reached only for the figure's next frame, time changes nothing else on screen.
        let figureOnly = input == .tick && session.state == .running && counting == nil
            && (flashUntil.map { now < $0 } ?? true)
            && (heart.stale.map { now < $0 } ?? true)
            && (session.nextDeadline().map { now < $0 } ?? true)
        perform(session.advance(to: now), at: now, into: &effects)
        heart.advance(to: now)
        passGhost(at: now, into: &effects)
        while let end = unattendedRepsEnd, end <= now {
            leave(at: end, into: &effects, done: true) { $0.next(at: end) }
            perform(session.advance(to: now), at: now, into: &effects)
        }
        // Before any key, so that a key ending the workout comes after words already due.
        effects += speech.handle(.time, at: now, origin: origin)
        switch input {
        case .tick:
            if figureOnly, effects.isEmpty, let moved = figureMoved(at: now) { return [.draw(moved)] }
        case .resize, .key(.resize):
            // A new size: whatever the terminal showed is gone, so the next frame is drawn whole.
            effects.append(.repaint)
        case .key(let key) where counting != nil:
            effects += countKey(key, at: now)
        case .key(let key):
            if let ending = apply(KeyBindings.action(for: key, overlay: overlay, finished: session.state == .finished),
                                  at: now, into: &effects) {
                // The finish screen stays while the command runs, its line still moving, until it ends; `q` leaves
                // it running.
                if !(ending == .completed && commandRunning) { return effects + end(ending, at: now) }
                if key == .character("q") || key == .character("Q") {
                    leavesCommand = true
                    return effects + end(.quit, at: now)
                }
            }
        case .signal(let signal):
            switch signal {
            case .interrupt where asksOnInterrupt:
                _ = askQuit(bySignal: true, at: now, into: &effects)
            case .interrupt, .terminate, .hangUp, .quit:
                return effects + end(.signal(signal), at: now)
            case .suspend:
                perform(session.pause(at: now), at: now, into: &effects)
                // Told before the process stops, not once it continues: for as long as the job stays stopped,
                // the player would say Playing and the screen would be kept awake.
                effects += status(at: now)
                pausedBySuspend = session.state == .paused
                effects += wakefulness(at: now)
                effects.append(.suspend)
                effects.append(.repaint)
            case .continued:
                effects.append(.repaint)
            }
        case .inputClosed:
            return effects + end(.signal(.hangUp), at: now)
        case .audio(let status):
            audio = status
        case .delivered(let delivery):
            if delivery.outcome == .notRendered, case .phrase(let phrase) = delivery.item {
                effects += speech.handle(.notRendered(Announcement(phrase, due: delivery.due), delivery), at: now,
                                         origin: origin)
            } else {
                effects.append(.log(EventRecords.delivery(delivery, origin: origin)))
            }
            // News from the audio thread changes nothing on screen unless time did.
            if WorkoutApp.onlySound(effects) { return effects }
        case .phraseReady(let phrase):
            effects += speech.handle(.ready(phrase), at: now, origin: origin)
            if WorkoutApp.onlySound(effects) { return effects }
        case .notice(let notice) where HeartRateState.isStrapLost(notice):
            // A strap that cannot be read has no heart rate to show, nor one for a rest to wait for.
            var told = notices
            heart.lost(notice, notices: &told)
            notices = told
            waitForHeart(.strapLost(index: session.index), at: now, into: &effects)
        case .notice(let notice):
            notices.append(notice)
        case .streak(let basis):
            streakBasis = basis
        case .wallClockChanged:
            // The status's end is given in wall-clock time by the adapter: give the status again.
            effects += publication.handle(.statusStale)
        case .remote(let command):
            if let ending = remote(command, at: now, into: &effects) { return effects + end(ending, at: now) }
        case .heartRate(let reading):
            // A reading without a rate (no skin contact, out of range) makes it unknown at once.
            var told = notices
            if let bpm = heart.read(reading, at: now, origin: origin, notices: &told) {
                effects.append(.record(.heartRate(bpm)))
            }
            if told != notices { notices = told }
        case .phone(.link(let link)):
            phone = link
            // Status lines give the page's address too: give the status again.
            effects += publication.handle(.statusStale)
        case .phone(.connected(let count)):
            phones = count
        case .phone(.done):
            if let ending = apply(.done, at: now, into: &effects) { return effects + end(ending, at: now) }
        case .phone(.rate(let n)):
            if let ending = apply(.rate(n), at: now, into: &effects) { return effects + end(ending, at: now) }
        case .command(let news):
            if let ending = commandNews(news, at: now, into: &effects) { return effects + end(ending, at: now) }
        }
        heart.expire(at: now)
        if let news = restingNews(at: now) { waitForHeart(news, at: now, into: &effects) }
        // After any key: one that skipped from the exercise to a rest ends the workout there.
        stopForCommand(at: now, into: &effects)
        return effects + frame(at: now)
    }

    /// The next instant at which something visible or audible changes; nil when only input can change things.
    public func nextDeadline() -> Instant? {
        [session.nextDeadline(), flashUntil, speech.nextDeadline, figureFrame, unattendedRepsEnd, heart.stale,
         heart.log.recoveryDue, commandRunning && session.state == .finished ? lastHandled.map { $0 + 1 } : nil,
         ghostDue, keepsAwake ? pausedSince.map { $0 + WorkoutApp.awakePauseLimit } : nil].compactMap { $0 }.min()
    }
}
