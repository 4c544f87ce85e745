// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// What the workout shows: the screen's model, the finish summary, the notice, the window's title and the
/// figure's frames.
extension WorkoutApp {
    /// The next frame of the move's figure, taken from the segment's own timeline, while one is drawn
    /// and moving (in a pause, the move to come).
    var figureFrame: Instant? {
        guard settings.figure, session.state == .running,
              let figure = plan.exercise(of: session.index).figure, figure.keyframes.count > 1 else { return nil }
        return session.nextFrame(perSecond: FigureDrawing.framesPerSecond)
    }

    /// What the screen shows at `now`.
    public func screen(at now: Instant) -> ScreenModel {
        var model = ScreenModel(session: session, at: now, overlay: overlay, notice: notice, shuffleSeed: settings.seed)
        model.flash = flashUntil.map { now < $0 } ?? false
        model.showsFigure = settings.figure
        model.heartRest = heartRest?.words(at: session.index, text: model.text)
        if settings.heartRate {
            let bpm = heart.fresh(at: now)
            model.heartRate = .some(bpm)
            model.heartZone = bpm.flatMap { settings.heartZones?.zone(of: $0) }
        }
        model.overviewDone = overviewDone
        model.command = commandLine(at: now)
        model.phone = phone
        model.phones = phones
        model.language = settings.language
        model.planStep = settings.planStep
        model.hold = hold
        // In the pause after the step that set it; an exercise straight after keeps its own name big.
        if let shown = records.shown, shown.index == session.index, !session.segment.segment.isWork {
            model.newRecord = shown.record
        }
        if model.summary != nil { model.summary = summary(at: now) }
        if session.segment.segment.isWork, let kind = session.segment.countKind {
            model.countRecord = records.records.record(plan.exercise(of: session.index).title, kind)
        }
        model.countAsk = counting.map {
            ScreenModel.CountAsk(title: $0.title, digits: $0.digits, record: records.records.record($0.title, $0.kind))
        }
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
        summary.records = records.set
        if settings.heartRate {
            summary.heartRecovery = heart.log.recovery
            summary.measuringRecovery = heart.log.recoveryDue != nil
        }
        return summary
    }

    /// The status line's notice, worded in the workout's language.
    var shownNotice: String? {
        let text = NoticeText.of(settings.language)
        // With no device the bell stands in, unless it was turned off: the notice says which is true.
        let silent: WorkoutNotice = settings.bell == .never ? .noSound : .noSoundBell
        return (notices.last ?? (audio == .silent ? silent : nil)).map { visible(text.words($0)) }
    }

    /// The last frame with only the figure moved on to `now`, as the figure's own frames draw it: the rest
    /// of the screen changes once a second, as without the figure, and the renderer redraws the figure's
    /// cells alone instead of the whole screen eight times a second.
    mutating func figureMoved(at now: Instant) -> ScreenModel? {
        guard var model = lastDrawn, model.summary == nil, model.overlay == .none, !model.paused else { return nil }
        // Seconds into the step, as its screen counts them: an open step counted in reps has no end to
        // count back from (its countdown is infinite, which made the moment infinite, and the pose NaN).
        model.figureMoment = max(0, min(session.timer.countdownTime, session.counted(at: now)))
        lastDrawn = model
        return model
    }

    mutating func frame(at now: Instant) -> [Effect] {
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
        // A command still running (`during`) is waited for.
        if session.state == .finished, !settings.summaryWaitsForKey, !speech.holdsWords, !commandRunning {
            effects.append(.quit(.completed))
        }
        return effects
    }

    mutating func windowTitle(at now: Instant) -> String {
        guard session.state != .finished else { return ScreenText.of(settings.language).done + " · sevenmin" }
        let clock = session.segment.countsUp ? TimeFormat.clock(session.counted(at: now), roundingUp: false)
            : TimeFormat.clock(session.remaining(at: now))
        return clock + titleTail(paused: session.state == .paused)
    }

    /// The title's words after the clock, worded once a segment and kept while it and the pause last.
    mutating func titleTail(paused: Bool) -> String {
        if let tail = titleTail, tail.index == session.index, tail.paused == paused { return tail.text }
        let text = ScreenText.of(settings.language)
        let heading = plan.segments[session.index].kind.heading(exercise: plan.exercise(of: session.index),
            round: plan.segments[session.index].round, words: ScreenWords.of(settings.language))
        let words = " " + visible(heading) + (paused ? " (\(text.pausedTitle))" : "") + " · sevenmin"
        titleTail = (session.index, paused, words)
        return words
    }

    mutating func flash(at now: Instant) {
        if settings.flash { flashUntil = now + WorkoutApp.flashLength }
    }
}
