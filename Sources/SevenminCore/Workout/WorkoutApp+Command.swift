// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// What the command run beside the workout (`sevenmin during`) comes to: its line on the status line, and at its
/// end a cue, a phrase, and the end of the workout as `DuringEnding` says.
extension WorkoutApp {
    /// Whether a command runs beside the workout and has not ended.
    public var commandRunning: Bool { command.map { $0.status == nil } ?? false }

    /// Whether Ctrl-C asks first, as `q` does, whether to stop the command too: while it runs beside a workout
    /// not yet over, and a key can answer. At that prompt, and everywhere else, Ctrl-C stops both.
    var asksOnInterrupt: Bool {
        commandRunning && settings.keysAtHand && overlay.askedCommand == nil
            && (session.state == .running || session.state == .paused)
    }

    /// Takes the command's news; returns an ending when the workout should end now.
    mutating func commandNews(_ news: CommandNews, at now: Instant, into effects: inout [Effect]) -> WorkoutEnding? {
        guard var run = command, run.status == nil else { return nil }
        switch news {
        case .output(let line):
            run.lastLine = line
            command = run
            return nil
        case .ended(let status):
            run.status = status
            run.endedAt = now
            command = run
            session.repeats = false
            // No command is left to ask about: the prompt asks only whether to quit.
            overlays.handle(.commandEnded)
            // Status lines carry the command's state: give the status again.
            effects += publication.handle(.statusStale)
            effects.append(.log(EventRecord(t: now - origin, event: "command", [
                ("name", .string(run.name)), ("state", .string(status.words)),
                ("exit", .integer(Int(status.exitCode)))])))
            let cue = Cue.finish
            if audio != .muted, audio != .silent { effects.append(.playCue(cue, due: now)) }
            if settings.bell == .always || settings.bell == .auto && audio == .silent { effects.append(.bell) }
            if settings.voice {
                effects.append(.announce(Announcement(Phrases(settings.language).commandEnded(status),
                                                      due: now + cue.clearance)))
            }
            // A workout that ended first was only waiting for the command.
            if session.state == .finished { return .completed }
            if run.ending == .now { leave(at: now, into: &effects) { $0.stop(at: now) } }
            stopForCommand(at: now, into: &effects)
            // Ended here, the workout shows its finish, no prompt over it.
            if session.state == .finished { overlays.handle(.finished) }
            return nil
        }
    }

    /// Once the command has ended, the workout ends where the exercise under way does, both sides of one done on
    /// each side (the session finishes when it runs out, or when a step counted in reps is done), or at once
    /// between exercises.
    mutating func stopForCommand(at now: Instant, into effects: inout [Effect]) {
        guard command?.endedAt != nil, session.state == .running || session.state == .paused else { return }
        // Never cut mid-set: an exercise done on each side ends with its second side, from its first side or the
        // switch between them.
        let under = session.segment, index = session.index
        if let last = under.segment.isWork ? index + (under.side == 1 ? 2 : 0) : under.side == 2 ? index + 1 : nil {
            session.finishesAfter = last
        } else {
            leave(at: now, into: &effects) { $0.stop(at: now) }
        }
    }

    /// The status line's words for the command, at `now`.
    func commandLine(at now: Instant) -> String? { command?.statusLine(at: now) }
}
