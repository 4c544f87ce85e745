// SPDX-License-Identifier: GPL-3.0-or-later
/// The whole workout as a pure state machine: handed an input and the instant it happened,
/// it answers with the effects to perform, in order (bubbletea's update). Overlays, the quit
/// prompt, cues, the bell, the title, the events file and the history are all decided here.
public struct WorkoutApp: Sendable {
    public private(set) var session: WorkoutSession
    public let settings: CoachSettings
    public private(set) var overlay = ScreenModel.Overlay.none
    public private(set) var audio = AudioStatus.opening { didSet { notice = shownNotice } }
    /// When the workout started; the events file counts `t` from here.
    public private(set) var origin: Instant = 0
    /// Problems reported while the workout runs; the latest shows on the status line.
    public private(set) var notices: [WorkoutNotice] = [] { didSet { notice = shownNotice } }
    private var resumeAfterQuitPrompt = false
    /// When the finish was first seen; keys in the second after it do not dismiss the summary.
    private var finishSeen: Instant?
    private var flashUntil: Instant?
    private var title: String?
    /// When the app last handled anything (while handling, the instant at hand): a continue long after it
    /// means the process was stopped.
    private var lastHandled: Instant?
    /// What status lines were last told: the segment, whether paused, and when it ends (running)
    /// or how long it has left (paused). Nil once a workout has ended or before it started.
    private var published: (index: Int, paused: Bool, end: Double)?
    private var finishAnnounced = false
    /// What the media player was last told, as `published`, but kept when the wall clock is set: the
    /// player speaks in the workout's own time. Nil before the start and once told the workout is over.
    private var playerTold: (index: Int, paused: Bool, end: Double)?
    /// Whether the screen is kept awake; and since when the workout has been paused, while it is.
    public private(set) var keepsAwake = false
    private var pausedSince: Instant?
    /// Paused by Ctrl-Z: the screen may blank until the workout is resumed, `fg` or not.
    private var pausedBySuspend = false
    /// Phrases waiting for the cue that goes with them to be heard first (`Cue.clearance`), soonest first.
    private var pendingSpeech: [Announcement] = []
    /// The countdown length of the current segment, to tell what it really ran when it ends.
    private var currentLength = 0.0
    /// Phrases whose speech was not rendered when due, waiting for it until the staleness limit.
    private var awaitingSpeech: [Announcement] = []
    /// The heart rate read, whether the strap has skin contact, and the samples the history keeps.
    private var heart = HeartRateState()
    /// Where the phone's page is (`start --phone`), once its server says, and how many phones have it open.
    public private(set) var phone: PhoneLink?
    private var phones = 0
    /// The rest under way in a routine with `restUntil`, and the seconds a reading added to it to make it wait
    /// for the heart (nil: not waiting).
    private var heartRest: (index: Int, added: Double?)?
    /// How the last rest that waited ended, for the segment after it: at the bpm under the rule's, or at its
    /// longest (nil).
    private var heartRestEnd: (index: Int, bpm: Int?)?
    /// The last frame's model: a frame that moves only the figure is this with the figure moved on.
    private var lastDrawn: ScreenModel?

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
    private var streakBasis: StreakBasis?
    /// Seconds of workout (work and rest, not getting ready) that ran out in this run.
    private var workoutSeconds = 0.0
    /// The plan indices of the work segments done (run at least half their time), earlier parts included:
    /// each side of an exercise done on each side is one (`Plan.exercisesDone(fromWork:)` counts exercises).
    private var workDone: Set<Int> { didSet { overviewDone = WorkoutApp.overviewDone(plan, workDone) } }
    /// The overview strip's tiles done, from `workDone` (worked out when it changes, not every second).
    private var overviewDone: Set<Int> = []
    /// The status line's notice, from `notices` and `audio`, worded when either changes.
    private var notice: String?
    /// The window title after its clock, for the segment and pause it was worded for.
    private var titleTail: (index: Int, paused: Bool, text: String)?

    /// How hard the user said the workout was, on the finish screen.
    public private(set) var effort: Int?

    /// The segment the workout starts on: 0, or the lead-in of a resumed one.
    public let startIndex: Int

    public init(plan: Plan, settings: CoachSettings = CoachSettings(), resuming: Resumption? = nil) {
        let (plan, start) = resuming.map { plan.leadingIn(to: $0.segmentIndex) } ?? (plan, 0)
        session = WorkoutSession(plan: plan)
        startIndex = start
        self.settings = settings
        resumption = resuming
        workDone = resuming?.exercisesDone ?? []
        overviewDone = WorkoutApp.overviewDone(plan, workDone)
        notice = shownNotice
    }

    private static func overviewDone(_ plan: Plan, _ workDone: Set<Int>) -> Set<Int> {
        Set(plan.exercisesDone(fromWork: workDone).map { plan.workNumber(ofSegment: $0) - 1 })
    }

    public var plan: Plan { session.plan }

    /// Starts the workout at `now`.
    public mutating func start(at now: Instant) -> [Effect] {
        origin = now
        lastHandled = now
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
        let figureOnly = input == .tick && session.state == .running && (flashUntil.map { now < $0 } ?? true)
            && (heart.stale.map { now < $0 } ?? true)
            && (session.nextDeadline().map { now < $0 } ?? true)
        perform(session.advance(to: now), at: now, into: &effects)
        heart.advance(to: now)
        while let end = unattendedRepsEnd, end <= now {
            leave(at: end, into: &effects, done: true) { $0.next(at: end) }
            perform(session.advance(to: now), at: now, into: &effects)
        }
        // Before any key, so that a key ending the workout comes after words already due.
        while let first = pendingSpeech.first, first.due <= now {
            effects.append(.announce(pendingSpeech.removeFirst()))
        }
        giveUpSpeech(at: now, into: &effects)
        switch input {
        case .tick:
            if figureOnly, effects.isEmpty, let moved = figureMoved(at: now) { return [.draw(moved)] }
        case .resize, .key(.resize):
            // A new size: whatever the terminal showed is gone, so the next frame is drawn whole.
            effects.append(.repaint)
        case .key(let key):
            if let ending = apply(KeyBindings.action(for: key, overlay: overlay, finished: session.state == .finished),
                                  at: now, into: &effects) {
                return effects + end(ending, at: now)
            }
        case .signal(let signal):
            switch signal {
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
                awaitSpeech(Announcement(phrase, due: delivery.due), reported: delivery, at: now, into: &effects)
            } else {
                effects.append(.log(EventRecords.delivery(delivery, origin: origin)))
            }
            // News from the audio thread changes nothing on screen unless time did.
            if WorkoutApp.onlySound(effects) { return effects }
        case .phraseReady(let phrase):
            // Said now if it is still worth saying; otherwise its deadline has already given it up.
            if let k = awaitingSpeech.firstIndex(where: { $0.phrase == phrase }) {
                effects.append(.announce(awaitingSpeech.remove(at: k)))
            }
            if WorkoutApp.onlySound(effects) { return effects }
        case .notice(let notice) where HeartRateState.isStrapLost(notice):
            // A strap that cannot be read has no heart rate to show, nor one for a rest to wait for.
            var told = notices
            heart.lost(notice, notices: &told)
            notices = told
            stopWaitingForHeart(at: now, into: &effects)
        case .notice(let notice):
            notices.append(notice)
        case .streak(let basis):
            streakBasis = basis
        case .wallClockChanged:
            // The status's end is given in wall-clock time by the adapter: give the status again.
            published = nil
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
            published = nil
        case .phone(.connected(let count)):
            phones = count
        }
        heart.expire(at: now)
        waitForHeart(at: now, into: &effects)
        return effects + frame(at: now)
    }

    /// The next instant at which something visible or audible changes; nil when only input can change things.
    public func nextDeadline() -> Instant? {
        ([session.nextDeadline(), flashUntil, pendingSpeech.first?.due, figureFrame, unattendedRepsEnd, heart.stale,
          heart.log.recoveryDue,
          keepsAwake ? pausedSince.map { $0 + WorkoutApp.awakePauseLimit } : nil]
            + awaitingSpeech.map { $0.due + CuePolicy.stalenessLimit }).compactMap { $0 }.min()
    }

    /// A rest of a routine with `restUntil`: the first fresh reading in it makes it last the rule's `max` in
    /// all, and a reading under the rule's bpm ends it there and then. Without a reading it runs as set.
    private mutating func waitForHeart(at now: Instant, into effects: inout [Effect]) {
        guard let rule = plan.routine.restUntil, session.state == .running || session.state == .paused,
              [.rest, .roundRest].contains(session.segment.kind), !plan.isFinalRest(session.index) else { return }
        if heartRest?.index != session.index { heartRest = (session.index, nil) }
        guard let bpm = heart.fresh(at: now) else { return }
        if heartRest?.added == nil {
            perform(session.addTime(rule.max - currentLength, at: now), at: now, into: &effects)
            // What the timer took, which may be less than asked: a rest past the longest keeps a second.
            heartRest?.added = session.timer.countdownTime - currentLength
            currentLength = session.timer.countdownTime
        }
        if bpm < rule.heartRate {
            heartRestEnd = (session.index + 1, bpm)
            leave(at: now, into: &effects, done: true) { $0.next(at: now) }
        }
    }

    /// The strap was lost (gone, out of reach, Bluetooth off, or no longer read) while a rest waited for it: the
    /// rest is an ordinary one again, as with no strap, rather than last the rule's longest for a reading that
    /// cannot come. A reading that comes again stretches it again. Skin contact lost is not a loss: a strap
    /// shifting on the chest would otherwise end a rest past its own length.
    private mutating func stopWaitingForHeart(at now: Instant, into effects: inout [Effect]) {
        guard let rest = heartRest, rest.index == session.index, let added = rest.added else { return }
        heartRest?.added = nil
        perform(session.addTime(-added, at: now), at: now, into: &effects)
        currentLength = session.timer.countdownTime
    }

    /// With no keys at hand (a pipe, an exported track) nobody can say a step counted in reps is done:
    /// it is taken as done after its exercise's work, as a timed step would end.
    var unattendedRepsEnd: Instant? {
        guard !settings.keysAtHand, session.state == .running, session.segment.reps != nil,
              let start = session.timer.startInstant else { return nil }
        return start + plan.exercise(of: session.index).work
    }

    /// The next frame of the move's figure, taken from the segment's own timeline, while one is drawn
    /// and moving (in a pause, the move to come).
    var figureFrame: Instant? {
        guard settings.figure, session.state == .running,
              let figure = plan.exercise(of: session.index).figure, figure.keyframes.count > 1 else { return nil }
        return session.nextFrame(perSecond: FigureDrawing.framesPerSecond)
    }

    /// Whether the coach still has words to say after a cue now sounding.
    public var hasPendingSpeech: Bool { !pendingSpeech.isEmpty }

    /// What the screen shows at `now`.
    public func screen(at now: Instant) -> ScreenModel {
        var model = ScreenModel(session: session, at: now, overlay: overlay, notice: notice, shuffleSeed: settings.seed)
        model.flash = flashUntil.map { now < $0 } ?? false
        model.showsFigure = settings.figure
        if let rule = plan.routine.restUntil {
            if let rest = heartRest, rest.index == session.index, rest.added != nil {
                model.heartRest = model.text.restUntil(rule.heartRate, TimeFormat.clock(rule.max))
            } else if let end = heartRestEnd, end.index == session.index {
                model.heartRest = end.bpm.map(model.text.restEndedAt)
                    ?? model.text.restEndedAfter(TimeFormat.clock(rule.max))
            }
        }
        if settings.heartRate {
            let bpm = heart.fresh(at: now)
            model.heartRate = .some(bpm)
            model.heartZone = bpm.flatMap { settings.heartZones?.zone(of: $0) }
        }
        model.overviewDone = overviewDone
        model.phone = phone
        model.phones = phones
        model.language = settings.language
        model.planStep = settings.planStep
        if model.summary != nil { model.summary = summary(at: now) }
        return model
    }

    /// What the workout came to, all its parts counted, with the streak when the history gave one.
    public func summary(at now: Instant) -> ScreenModel.Summary {
        let done = plan.exercisesDone(fromWork: workDone).count
        var summary = ScreenModel.Summary(
            activeTime: session.activeTime(at: now) + (resumption?.activeTime ?? 0), exercisesDone: done,
            exerciseCount: plan.workSegmentCount, rounds: plan.rounds,
            streak: streakBasis?.days(adding: workoutSeconds),
            asksEffort: settings.asksEffort
                && !ScreenModel.Summary.mostlySkipped(done: done, of: plan.workSegmentCount),
            effort: effort)
        summary.effortMovesPlan = settings.planStep?.counts ?? false
        if settings.heartRate {
            summary.heartRecovery = heart.log.recovery
            summary.measuringRecovery = heart.log.recoveryDue != nil
        }
        return summary
    }

    // MARK: Internals

    /// The status line's notice, worded in the workout's language.
    private var shownNotice: String? {
        let text = NoticeText.of(settings.language)
        // With no device the bell stands in, unless it was turned off: the notice says which is true.
        let silent: WorkoutNotice = settings.bell == .never ? .noSound : .noSoundBell
        return (notices.last ?? (audio == .silent ? silent : nil)).map { visible(text.words($0)) }
    }

    /// The last frame with only the figure moved on to `now`, as the figure's own frames draw it: the rest
    /// of the screen changes once a second, as without the figure, and the renderer redraws the figure's
    /// cells alone instead of the whole screen eight times a second.
    private mutating func figureMoved(at now: Instant) -> ScreenModel? {
        guard var model = lastDrawn, model.summary == nil, model.overlay == .none, !model.paused else { return nil }
        // Seconds into the step, as its screen counts them: an open step counted in reps has no end to
        // count back from (its countdown is infinite, which made the moment infinite, and the pose NaN).
        model.figureMoment = max(0, min(session.timer.countdownTime, session.counted(at: now)))
        lastDrawn = model
        return model
    }

    private mutating func frame(at now: Instant) -> [Effect] {
        var effects: [Effect] = []
        if let until = flashUntil, now >= until { flashUntil = nil }
        let newTitle = windowTitle(at: now)
        if newTitle != title {
            title = newTitle
            effects.append(.setTitle(newTitle))
        }
        if session.state == .finished, finishSeen == nil { finishSeen = now }
        effects += status(at: now)
        effects += wakefulness(at: now)
        let model = screen(at: now)
        lastDrawn = model
        effects.append(.draw(model))
        // Without a summary to wait on, the workout ends once the coach has had its last word.
        if session.state == .finished, !settings.summaryWaitsForKey, pendingSpeech.isEmpty {
            effects.append(.quit(.completed))
        }
        return effects
    }

    /// A new status for status lines when the segment, the pause or the segment's end has changed;
    /// the end stays put while a segment runs, so nothing is written between changes.
    private mutating func status(at now: Instant) -> [Effect] {
        guard session.state == .running || session.state == .paused else {
            if session.state == .finished, !finishAnnounced {
                finishAnnounced = true
                published = nil
                let done = summary(at: now)
                let text = ScreenText.of(settings.language)
                let body = done.line(routine: plan.routine.name, streak: false, text: text)
                playerTold = nil
                return [.status(nil), .player(nil)]
                    + (settings.notify ? [.notify(title: done.headline(text), body: body)] : [])
            }
            return []
        }
        let paused = session.state == .paused, remaining = session.remaining(at: now)
        let end = paused ? remaining : now + remaining
        // Tenths of a second of rounding are not a change; restarting or adding time is.
        func same(_ last: (index: Int, paused: Bool, end: Double)?) -> Bool {
            guard let last else { return false }
            return last.index == session.index && last.paused == paused && abs(last.end - end) < 0.05
        }
        var effects: [Effect] = []
        if !same(published) {
            published = (session.index, paused, end)
            effects.append(.status(StatusSnapshot(routine: plan.routine.name, title: plan.heading(of: session.index),
                                                  segment: session.index + 1, segments: plan.segments.count,
                                                  paused: paused, remaining: remaining, phone: phone?.url)))
        }
        if !same(playerTold) {
            playerTold = (session.index, paused, end)
            let length = session.segment.reps == nil ? session.timer.countdownTime : 0
            effects.append(.player(PlayerState(playing: !paused, title: plan.heading(of: session.index),
                                               routine: plan.routine.name, length: length,
                                               elapsed: session.counted(at: now), at: now,
                                               segment: session.index)))
        }
        return effects
    }

    /// Keeps the screen awake while the workout runs, and while it has been paused less than
    /// `awakePauseLimit`; not before the start, nor after the finish.
    private mutating func wakefulness(at now: Instant) -> [Effect] {
        let paused = session.state == .paused
        pausedSince = paused ? pausedSince ?? now : nil
        if !paused { pausedBySuspend = false }
        let wanted = session.state == .running
            || paused && !pausedBySuspend && now - (pausedSince ?? now) < WorkoutApp.awakePauseLimit
        guard wanted != keepsAwake else { return [] }
        keepsAwake = wanted
        return [.keepAwake(wanted)]
    }

    /// What a remote's command does: what the key that does the same would, for a player that shows no
    /// screen. Play and pause never toggle; Stop asks nothing and ends the workout as `q` then `y` would.
    private mutating func remote(_ command: RemoteCommand, at now: Instant,
                                 into effects: inout [Effect]) -> WorkoutEnding? {
        guard session.state == .running || session.state == .paused else {
            return command == .stop && session.state == .finished ? .completed : nil
        }
        let prompt = overlay == .confirmQuit
        switch command {
        case .playPause:
            return apply(prompt ? .cancelQuit : .togglePause, at: now, into: &effects)
        case .play:
            if prompt { _ = apply(.cancelQuit, at: now, into: &effects) }
            if session.state == .paused { perform(session.resume(at: now), at: now, into: &effects) }
        case .pause:
            if session.state == .running { perform(session.pause(at: now), at: now, into: &effects) }
        case .next, .previous:
            // Through the quit prompt, as its keys are: the question is still on the screen.
            guard !prompt else { break }
            return apply(command == .next ? .next : .previous, at: now, into: &effects)
        case .stop:
            return .quit
        }
        return nil
    }

    private mutating func windowTitle(at now: Instant) -> String {
        guard session.state != .finished else { return ScreenText.of(settings.language).done + " · sevenmin" }
        let clock = session.segment.reps == nil ? TimeFormat.clock(session.remaining(at: now))
            : TimeFormat.clock(session.counted(at: now), roundingUp: false)
        return clock + titleTail(paused: session.state == .paused)
    }

    /// The title's words after the clock, worded once a segment and kept while it and the pause last.
    private mutating func titleTail(paused: Bool) -> String {
        if let tail = titleTail, tail.index == session.index, tail.paused == paused { return tail.text }
        let text = ScreenText.of(settings.language)
        let heading = plan.segments[session.index].kind.heading(exercise: plan.exercise(of: session.index),
            round: plan.segments[session.index].round, words: ScreenWords.of(settings.language))
        let words = " " + visible(heading) + (paused ? " (\(text.pausedTitle))" : "") + " · sevenmin"
        titleTail = (session.index, paused, words)
        return words
    }

    /// Performs a key's action; returns an ending when the workout should stop.
    private mutating func apply(_ action: Action, at now: Instant, into effects: inout [Effect]) -> WorkoutEnding? {
        switch action {
        case .togglePause: perform(session.togglePause(at: now), at: now, into: &effects)
        case .next, .done:
            // Enter ends only a step counted in reps; `n` ends any, and a step counted in reps as done.
            guard action == .next || session.segment.reps != nil else { break }
            leave(at: now, into: &effects, done: session.segment.reps != nil) { $0.next(at: now) }
        case .previous: leave(at: now, into: &effects) { $0.previous(at: now) }
        case .restart: leave(at: now, into: &effects) { $0.restartSegment(at: now) }
        case .addTime(let seconds):
            perform(session.addTime(seconds, at: now), at: now, into: &effects)
            currentLength = session.timer.countdownTime
        case .toggleHelp: overlay = overlay == .help ? .none : .help
        case .renewPhoneLink: if phone != nil { effects.append(.renewPhoneLink) }
        case .openVideo:
            // The video of what is on screen: the exercise, or during a pause the one coming next.
            guard session.state == .running || session.state == .paused else { break }
            let shown = plan.exercise(of: session.index)
            // Never a made-up link: where there is none, the status line says so.
            guard let url = shown.videoURL else {
                notices.append(.noVideo(exercise: shown.title))
                break
            }
            perform(session.pause(at: now), at: now, into: &effects)
            effects.append(.openLink(url))
        case .requestQuit:
            guard session.state == .running || session.state == .paused else { return .quit }
            resumeAfterQuitPrompt = session.state == .running
            perform(session.pause(at: now), at: now, into: &effects)
            overlay = .confirmQuit
        case .confirmQuit:
            return .quit
        case .cancelQuit:
            overlay = .none
            if resumeAfterQuitPrompt { perform(session.resume(at: now), at: now, into: &effects) }
        case .dismiss:
            // Not before the last words have been handed on either: a key would cut them off.
            if let seen = finishSeen, now - seen >= WorkoutApp.dismissGuard, pendingSpeech.isEmpty {
                return .completed
            }
        case .rate(let n):
            guard let seen = finishSeen, now - seen >= WorkoutApp.dismissGuard, pendingSpeech.isEmpty else { break }
            if summary(at: now).asksEffort {
                effort = n
                effects.append(.record(.effort(n)))
                effects.append(.log(EventRecord(t: now - origin, event: "effort", [("effort", .integer(n))])))
            }
            return .completed
        case .none:
            break
        }
        return nil
    }

    /// Moves away from the current segment on the user's word: it ends cut short, or, with `done`,
    /// as a step counted in reps ends: its reps done, in the time it took.
    private mutating func leave(at now: Instant, into effects: inout [Effect], done: Bool = false,
                                _ move: (inout WorkoutSession) -> [SessionEvent]) {
        guard session.state == .running || session.state == .paused else { return }
        let index = session.index, ran = session.timer.counted(at: now)
        let events = move(&session)
        effects.append(.record(.segmentEnded(segmentEnd(index, actual: ran, ranOut: done, at: now))))
        perform(events, at: now, into: &effects, leftCurrent: true)
    }

    private mutating func end(_ ending: WorkoutEnding, at now: Instant) -> [Effect] {
        var effects: [Effect] = []
        let unfinished = session.state == .running || session.state == .paused
        if unfinished {
            let ran = session.timer.counted(at: now)
            effects.append(.record(.segmentEnded(segmentEnd(session.index, actual: ran, ranOut: false, at: now))))
        }
        switch ending {
        case .signal(let signal):
            effects.append(.log(EventRecord(t: now - origin, event: "quit", [("signal",
                .integer(Int(signal.number)))])))
        case .quit:
            effects.append(.log(EventRecord(t: now - origin, event: "quit")))
        case .completed:
            break
        }
        if published != nil { effects.append(.status(nil)) }
        if playerTold != nil {
            playerTold = nil
            effects.append(.player(nil))
        }
        if keepsAwake {
            keepsAwake = false
            effects.append(.keepAwake(false))
        }
        // A finished workout was recorded as completed when it finished, whatever ends the summary.
        if unfinished || session.state == .ready { effects.append(.record(.finished(SessionOutcome(ending)))) }
        effects.append(.quit(ending))
        return effects
    }

    private mutating func segmentEnd(_ index: Int, actual: Double, ranOut: Bool, at now: Instant) -> SegmentEnd {
        let s = plan.segments[index]
        if s.segment.isWork { heart.workEnded(at: now) }
        if ranOut && s.kind != .getReady { workoutSeconds += actual }
        // A step counted in reps plans no time (its limit is only a limit): it is done when it ends so.
        let planned = s.reps == nil ? s.duration : 0
        if s.segment.isWork && SegmentRecord.isDone(actual: actual, planned: planned, ranOut: ranOut) {
            workDone.insert(index)
        }
        return SegmentEnd(index: index, kind: s.kind, title: plan.heading(of: index), round: s.round,
                          planned: planned, actual: actual, ranOut: ranOut, side: s.side,
                          stage: s.kind == .getReady ? .main : s.stage)
    }

    /// Turns session events into effects: log lines, history, cues, bell, voice and flash.
    /// With `leftCurrent`, the first segment change was the user's jump, already recorded by `leave`.
    private mutating func perform(_ events: [SessionEvent], at now: Instant, into effects: inout [Effect],
                                  leftCurrent: Bool = false) {
        var jumped = leftCurrent, opening = false
        for event in events {
            if let line = EventRecords.record(for: event, in: plan, origin: origin, now: now, seed: settings.seed) {
                effects.append(.log(line))
            }
            effects.append(.happened(event))
            switch event.kind {
            case .started:
                // The first segment (of a resumed workout, maybe not the plan's first) follows no other.
                jumped = true
                opening = true
            case .segmentStarted, .finished:
                let finished = event.kind == .finished
                if jumped {
                    jumped = false
                } else if finished || event.segmentIndex > 0 {
                    // The segment before ran out: the current one with any time added, later ones as planned.
                    let ended = finished ? event.segmentIndex : event.segmentIndex - 1
                    let end = segmentEnd(ended, actual: currentLength, ranOut: true, at: now)
                    effects.append(.record(.segmentEnded(end)))
                }
                if finished {
                    // Reaching the end is not enough: `n` all the way through is no workout done.
                    let all = plan.exercisesDone(fromWork: workDone).count == plan.workSegmentCount
                    effects.append(.record(.finished(all ? .completed : .skipped)))
                } else {
                    // A rest that waited for the heart and ran out ended at its longest.
                    if let rest = heartRest, rest.added != nil, rest.index == event.segmentIndex - 1, !leftCurrent {
                        heartRestEnd = (event.segmentIndex, nil)
                    }
                    currentLength = plan.segments[event.segmentIndex].duration
                }
                // The first segment changes nothing on a screen that has only just appeared: no flash, and
                // its words show in the first frame.
                if !opening { flash(at: now) }
                opening = false
            case .halfway, .switchSides:
                flash(at: now)
            case .paused, .resumed:
                // Where the timer stood still, for the FIT file's timer events; a stop from outside is a pause
                // from when the process stopped.
                let ago = max(0, (lastHandled ?? now) - event.due)
                effects.append(.record(event.kind == .paused ? .paused(ago: ago) : .resumed(ago: ago)))
            default:
                break
            }
            // A new segment's words replace whatever was still waiting to be said about the last.
            if event.kind == .segmentStarted || event.kind == .finished { pendingSpeech.removeAll() }
            let cue = sound(event, at: now, into: &effects)
            // The window of phrases rendered ahead moves on with the workout.
            if settings.voice, event.kind == .segmentStarted, event.segmentIndex > (resumption?.segmentIndex ?? 0) {
                effects.append(.prepareVoice(VoicePolicy.phrases(in: plan, countAloud: settings.countAloud,
                    language: settings.language, from: event.segmentIndex, segments: VoicePolicy.renderAhead)))
            }
            // The bpm, when asked for, goes with the halfway's words; rendered now, as no number is ahead of time.
            let bpm = settings.speaksHeartRate && [.halfway, .switchSides].contains(event.kind)
                ? heart.fresh(at: now) : nil
            if settings.voice, let phrase = VoicePolicy.phrase(for: event, in: session,
                countAloud: settings.countAloud, language: settings.language,
                complete: plan.exercisesDone(fromWork: workDone).count == plan.workSegmentCount, heartRate: bpm) {
                // Asked for first, with the window of phrases due next: a window of this phrase alone would let go
                // of all the others.
                if bpm != nil {
                    effects.append(.prepareVoice([phrase] + VoicePolicy.phrases(in: plan,
                        countAloud: settings.countAloud, language: settings.language, from: session.index,
                        segments: VoicePolicy.renderAhead)))
                }
                // Words start once their cue has been heard, so the beep does not mask the first word.
                let announcement = Announcement(phrase, due: event.due + (cue?.clearance ?? 0))
                if cue == nil {
                    effects.append(.announce(announcement))
                } else {
                    let place = pendingSpeech.firstIndex { $0.due > announcement.due } ?? pendingSpeech.endIndex
                    pendingSpeech.insert(announcement, at: place)
                }
            }
        }
    }

    /// Whether `effects` only write events-file lines or speak: nothing that needs a new frame (anything
    /// that happened in the session does).
    private static func onlySound(_ effects: [Effect]) -> Bool {
        effects.allSatisfy { effect in
            switch effect {
            case .log, .announce: return true
            default: return false
            }
        }
    }

    /// A phrase whose speech was not rendered when due waits for it within the staleness limit: one
    /// not rendered by then is skipped, never said late. The finish is rendered on the spot, so one
    /// not rendered could not be, and is skipped at once.
    private mutating func awaitSpeech(_ announcement: Announcement, reported: AudioDelivery, at now: Instant,
                                      into effects: inout [Effect]) {
        if announcement.phrase.priority != .finish, now - announcement.due < CuePolicy.stalenessLimit {
            awaitingSpeech.removeAll { $0.phrase == announcement.phrase }
            awaitingSpeech.append(announcement)
        } else {
            effects.append(.log(EventRecords.delivery(reported, origin: origin)))
        }
    }

    /// Skips every waiting phrase whose staleness limit has passed, with its events-file line.
    private mutating func giveUpSpeech(at now: Instant, into effects: inout [Effect]) {
        let late = awaitingSpeech.filter { now - $0.due >= CuePolicy.stalenessLimit }
        guard !late.isEmpty else { return }
        awaitingSpeech.removeAll { a in late.contains(a) }
        for a in late {
            effects.append(.log(EventRecords.delivery(AudioDelivery(.phrase(a.phrase), due: a.due, at: now,
                                                                    outcome: .notRendered), origin: origin)))
        }
    }

    private mutating func flash(at now: Instant) {
        if settings.flash { flashUntil = now + WorkoutApp.flashLength }
    }

    /// Cues go to the device when there is one; with none, the ones that mark a change ring the bell.
    /// Returns the cue that sounds for `event`, heard or not, for the voice to wait for.
    @discardableResult
    private func sound(_ event: SessionEvent, at now: Instant, into effects: inout [Effect]) -> Cue? {
        guard let cue = CuePolicy.cue(for: event, in: plan) else { return nil }
        let stale = CuePolicy.isStale(cue, due: event.due, at: now)
        let ringable = cue != .tick && cue != .halfway
        let bell: Bool
        switch settings.bell {
        case .always: bell = ringable
        case .never: bell = false
        case .auto: bell = ringable && audio == .silent
        }
        if settings.countAloud && settings.voice && cue == .tick { return nil }
        if !stale, audio != .muted, audio != .silent {
            effects.append(.playCue(cue, due: event.due))
        }
        if bell && !stale {
            effects.append(.bell)
            effects.append(.log(EventRecords.cue(cue, delivery: "bell", t: now - origin, planned: event.due - origin)))
        } else if audio == .muted || audio == .silent || stale {
            effects.append(.log(EventRecords.cue(cue, delivery: "none", t: now - origin, planned: event.due - origin)))
        }
        return cue
    }
}
