// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// What a key or a remote's command does, and how the workout ends; the status and the screen kept awake
/// told to the desktop.
extension WorkoutApp {
    /// A new status for status lines when the segment, the pause or the segment's end has changed;
    /// the end stays put while a segment runs, so nothing is written between changes.
    mutating func status(at now: Instant) -> [Effect] {
        guard session.state == .running || session.state == .paused else {
            guard session.state == .finished else { return [] }
            // While the command beside it still runs, status lines go on saying so.
            let kept = command.flatMap { commandRunning ? ($0.name, $0.state) : nil }.map { command in
                var snapshot = StatusSnapshot(routine: plan.routine.name, title: ScreenText.of(settings.language).done,
                                              segment: plan.segments.count, segments: plan.segments.count,
                                              paused: false, remaining: 0, phone: phone?.url)
                snapshot.finished = true
                snapshot.command = command
                return snapshot
            }
            return publication.handle(.finished(keeping: kept) { [self] in
                let done = summary(at: now), text = ScreenText.of(settings.language)
                let phoneEnd: [Effect] = phone == nil ? [] : [.phoneEnded(.finished(done, routine: plan.routine.name,
                    language: settings.language, asking: settings.summaryWaitsForKey))]
                return phoneEnd + (settings.notify ? [.notify(title: done.headline(text),
                    body: done.line(routine: plan.routine.name, streak: false, text: text))] : [])
            })
        }
        let paused = session.state == .paused, remaining = session.remaining(at: now)
        let told = Publication.Told(index: session.index, paused: paused, end: paused ? remaining : now + remaining)
        return publication.handle(.state(told, status: { [self] in
            var snapshot = StatusSnapshot(routine: plan.routine.name, title: plan.heading(of: session.index),
                                          segment: session.index + 1, segments: plan.segments.count, paused: paused,
                                          remaining: remaining, phone: phone?.url)
            snapshot.command = command.map { ($0.name, $0.state) }
            return snapshot
        }, player: { [self] in
            PlayerState(playing: !paused, title: plan.heading(of: session.index), routine: plan.routine.name,
                        length: session.segment.countsUp ? 0 : session.timer.countdownTime,
                        elapsed: session.counted(at: now), at: now, segment: session.index)
        }))
    }

    /// Keeps the screen awake while the workout runs, and while it has been paused less than
    /// `awakePauseLimit`; not before the start, nor after the finish.
    mutating func wakefulness(at now: Instant) -> [Effect] {
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
    mutating func remote(_ command: RemoteCommand, at now: Instant,
                                 into effects: inout [Effect]) -> WorkoutEnding? {
        guard session.state == .running || session.state == .paused else {
            return command == .stop && session.state == .finished ? .completed : nil
        }
        let prompt = overlay.isQuitPrompt
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

    /// Opens the quit prompt, by a key or by Ctrl-C (`bySignal`), pausing the workout; `.quit` where there is no
    /// workout left to ask about.
    mutating func askQuit(bySignal: Bool, at now: Instant, into effects: inout [Effect]) -> WorkoutEnding? {
        guard session.state == .running || session.state == .paused else { return .quit }
        let running = session.state == .running
        perform(session.pause(at: now), at: now, into: &effects)
        // Beside a command still running, the prompt asks about it too.
        overlays.handle(.askQuit(running: running, command: commandRunning ? command?.name : nil, bySignal: bySignal))
        return nil
    }

    /// Performs a key's action; returns an ending when the workout should stop.
    mutating func apply(_ action: Action, at now: Instant, into effects: inout [Effect]) -> WorkoutEnding? {
        switch action {
        case .togglePause: perform(session.togglePause(at: now), at: now, into: &effects)
        case .next, .done:
            // Enter ends only a step that counts up (reps, to the limit); `n` ends any, and one that counts up as done.
            guard action == .next || session.segment.countsUp else { break }
            leave(at: now, into: &effects, done: session.segment.countsUp) { $0.next(at: now) }
        case .previous: leave(at: now, into: &effects) { $0.previous(at: now) }
        case .restart: leave(at: now, into: &effects) { $0.restartSegment(at: now) }
        case .addTime(let seconds):
            perform(session.addTime(seconds, at: now), at: now, into: &effects)
            currentLength = session.timer.countdownTime
        case .toggleHelp: overlays.handle(.toggleHelp)
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
            return askQuit(bySignal: false, at: now, into: &effects)
        case .confirmQuit:
            return overlays.bySignal ? .signal(.interrupt) : .quit
        case .leaveRunning:
            guard commandRunning else { return .quit }
            leavesCommand = true
            return .quit
        case .cancelQuit:
            if overlays.handle(.cancelQuit) { perform(session.resume(at: now), at: now, into: &effects) }
        case .dismiss:
            // Not before the last words have been handed on either: a key would cut them off.
            if let seen = finishSeen, now - seen >= WorkoutApp.dismissGuard, !speech.holdsWords {
                return .completed
            }
        case .rate(let n):
            guard let seen = finishSeen, now - seen >= WorkoutApp.dismissGuard, !speech.holdsWords else { break }
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
    mutating func leave(at now: Instant, into effects: inout [Effect], done: Bool = false,
                                _ move: (inout WorkoutSession) -> [SessionEvent]) {
        guard session.state == .running || session.state == .paused else { return }
        let index = session.index, ran = session.timer.counted(at: now)
        let events = move(&session)
        effects += segmentEnded(segmentEnd(index, actual: ran, ranOut: done, at: now), at: now)
        perform(events, at: now, into: &effects, leftCurrent: true)
    }

    mutating func end(_ ending: WorkoutEnding, at now: Instant) -> [Effect] {
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
        effects += publication.handle(.ended)
        if keepsAwake {
            keepsAwake = false
            effects.append(.keepAwake(false))
        }
        if phone != nil {
            effects.append(.phoneEnded(session.state == .finished
                ? .finished(summary(at: now), routine: plan.routine.name, language: settings.language, asking: false)
                : .ended(settings.language)))
        }
        // A finished workout was recorded as completed when it finished, whatever ends the summary.
        if unfinished || session.state == .ready { effects.append(.record(.finished(SessionOutcome(ending)))) }
        effects.append(.quit(ending))
        return effects
    }
}
