// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// What the session's events come to: history entries, log lines, cues, the voice and the flash.
extension WorkoutApp {
    /// Whether the coach still has words to say after a cue now sounding.
    public var hasPendingSpeech: Bool { speech.holdsWords }

    mutating func segmentEnd(_ index: Int, actual: Double, ranOut: Bool, at now: Instant) -> SegmentEnd {
        let s = plan.segments[index]
        if s.segment.isWork { heart.workEnded(at: now) }
        if ranOut && s.kind != .getReady { workoutSeconds += actual }
        // A step counted in reps plans no time (its limit is only a limit): it is done when it ends so.
        let planned = s.countsUp ? 0 : s.duration
        if s.segment.isWork && SegmentRecord.isDone(actual: actual, planned: planned, ranOut: ranOut) {
            workDone.insert(index)
        }
        // A record needs a person to have ended the hold: with no keys at hand it ends as a reps step does.
        return SegmentEnd(index: index, kind: s.kind, title: plan.heading(of: index), round: s.round,
                          planned: planned, actual: actual, ranOut: ranOut, side: s.side,
                          stage: s.kind == .getReady ? .main : s.stage,
                          measure: s.toLimit && settings.keysAtHand ? .hold : nil)
    }

    /// Turns session events into effects: log lines, history, cues, bell, voice and flash.
    /// With `leftCurrent`, the first segment change was the user's jump, already recorded by `leave`.
    mutating func perform(_ events: [SessionEvent], at now: Instant, into effects: inout [Effect],
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
                    effects += segmentEnded(segmentEnd(ended, actual: currentLength, ranOut: true, at: now), at: now)
                }
                if finished {
                    // Reaching the end is not enough: `n` all the way through is no workout done.
                    let all = plan.exercisesDone(fromWork: workDone).count == plan.workSegmentCount
                    effects.append(.record(.finished(all ? .completed : .skipped)))
                } else {
                    // A rest that waited for the heart and ran out ended at its longest.
                    if !leftCurrent { _ = heartRest?.handle(.ranOut(into: event.segmentIndex)) }
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
            if event.kind == .segmentStarted || event.kind == .finished {
                effects += speech.handle(.segmentChanged, at: now, origin: origin)
            }
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
                effects += speech.handle(.toSay(announcement, held: cue != nil), at: now, origin: origin)
            }
        }
    }

    /// Whether `effects` only write events-file lines or speak: nothing that needs a new frame (anything
    /// that happened in the session does).
    static func onlySound(_ effects: [Effect]) -> Bool {
        effects.allSatisfy { effect in
            switch effect {
            case .log, .announce: return true
            default: return false
            }
        }
    }

    /// Cues go to the device when there is one; with none, the ones that mark a change ring the bell.
    /// Returns the cue that sounds for `event`, heard or not, for the voice to wait for.
    @discardableResult
    func sound(_ event: SessionEvent, at now: Instant, into effects: inout [Effect]) -> Cue? {
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
