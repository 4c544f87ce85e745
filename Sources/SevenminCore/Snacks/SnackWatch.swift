// SPDX-License-Identifier: GPL-3.0-or-later

/// What the snack watcher hears: the desktop's news, the person's answers, and the time passing.
public enum SnackWatchInput: Equatable, Sendable {
    /// The watcher's own wake-up (a deadline, or the minute's look at the clock).
    case tick
    /// Input again after being idle.
    case active
    /// Idle since the instant given, long enough for a break (`SnackWatch.breakLength`).
    case idle(since: Double)
    /// A natural pause: a few seconds without input (`SnackWatch.pauseLength`), asked for by `.watchPause`.
    case paused
    case locked(Bool)
    /// A microphone or camera in use.
    case call(Bool)
    /// The notification server's do not disturb.
    case doNotDisturb(Bool)
    /// A workout or snack began running on this machine: it holds a heads-up back.
    case workoutStarted
    /// The workout or snack running ended, as its history tells (nil: not recorded). Done, it was a break
    /// (`SnackWatch.isBreak`); quit or skipped through, the sitting goes on as if it had not run.
    case workoutEnded(SessionOutcome?)
    /// The heads-up answered: Start, In 10 minutes, Skip; or closed unanswered.
    case answer(SnackAnswer)
}

/// How the person answered a heads-up.
public enum SnackAnswer: String, Equatable, Sendable {
    case start, snooze, skip, dismissed
}

/// Why a heads-up that is due waits, as `SnackWatchState.heldBack` spells it.
public enum SnackHold: String, Equatable, Sendable {
    case call, doNotDisturb, outsideHours, workout
}

/// What the watcher decides; the adapters perform it.
public enum SnackWatchEffect: Equatable, Sendable {
    /// Show the heads-up.
    case headsUp
    /// Take back the heads-up still shown (the person took a break).
    case withdraw
    /// Open `sevenmin snack` where the person sits.
    case startSnack
    /// Tell of the next pause (true), or stop (false).
    case watchPause(Bool)
    /// A sitting bout ended: from, to (seconds since 1970 UTC).
    case bout(from: Double, to: Double)
    /// What `snacks` and `status` show changed.
    case status(SnackWatchStatus)
}

/// What the watcher tells `snacks` and `status`: sitting since when, the next heads-up, why it waits.
public struct SnackWatchStatus: Equatable, Sendable {
    /// Nil while on a break.
    public var sittingSince: Double?
    /// When the next heads-up is due; nil while on a break or while one is out.
    public var nextHeadsUp: Double?
    public var held: SnackHold?
    /// A heads-up is out, unanswered: "snack due".
    public var due: Bool
}

/// The snack watcher's decisions, on the clock it is handed (seconds since 1970 UTC, wall time: a machine
/// asleep is a break, and the working hours are local). Sitting time is time active since the last break; a
/// break is idle for `breakLength` or more, the screen locked, the machine asleep, or a workout done. A heads-up
/// comes after `every` of sitting, never while held (`SnackHold`); a held one comes at the next free moment.
public struct SnackWatch: Sendable {
    public static let breakLength = 5.0 * 60
    public static let pauseLength = 10.0
    public static let snooze = 10.0 * 60
    /// After two Skips in a row, the next heads-up waits this long.
    public static let skipped = 60.0 * 60
    /// The longest the watcher sleeps when nothing happens, to see the clock jump over a machine asleep.
    public static let longestSleep = 60.0

    public let schedule: SnackSchedule
    /// Seconds of sitting before a heads-up.
    private let every: Double
    private let timeZone: any TimeZoneRules
    public private(set) var sittingSince: Double?
    private var lastSeen: Double
    private var away = false, locked = false, inCall = false, quiet = false, working = false
    private var out = false
    /// When the workout running began.
    private var workoutStart: Double?
    /// No heads-up before this (a snooze, a skip, one left unanswered).
    private var notBefore: Double?
    private var skips = 0
    private var published: SnackWatchStatus?

    /// A watcher starting at `now`, the person taken as sitting until the desktop says otherwise.
    public init(schedule: SnackSchedule, timeZone: any TimeZoneRules, now: Double) {
        self.schedule = schedule
        every = Double(schedule.every) * 60
        self.timeZone = timeZone
        sittingSince = now
        lastSeen = now
    }

    /// Whether a workout or snack that ended with `outcome` was a break: run to its end with every move run for
    /// at least half its time, as the history's `completed` says. Started and quit, or skipped through, is not.
    public static func isBreak(_ outcome: SessionOutcome?) -> Bool {
        outcome == .completed
    }

    /// When the next heads-up is due, held or not; nil while on a break or while one is out.
    public var nextHeadsUp: Double? {
        guard let sittingSince, !out else { return nil }
        return max(sittingSince + every, notBefore ?? 0)
    }

    /// When to be woken if nothing happens first.
    /// A heads-up already due was held back: what holds it tells of its end, or the minute's look finds it.
    public func deadline() -> Double {
        let sleep = lastSeen + Self.longestSleep
        guard let due = nextHeadsUp, due > lastSeen else { return sleep }
        return min(sleep, due)
    }

    /// What holds a heads-up back at `now`, if anything.
    public func hold(at now: Double) -> SnackHold? {
        if inCall { return .call }
        if quiet { return .doNotDisturb }
        if working { return .workout }
        return schedule.isWorkingTime(at: now, utcOffset: timeZone.secondsFromUTC(at: now)) ? nil : .outsideHours
    }

    /// Takes in `input` at `now` and says what to do.
    public mutating func handle(_ input: SnackWatchInput, at now: Double) -> [SnackWatchEffect] {
        var effects: [SnackWatchEffect] = []
        // The clock jumped further than any sleep of ours: the machine was asleep, a break; whoever woke it sits.
        if now - lastSeen > Self.breakLength {
            takeBreak(endingSitting: lastSeen, &effects)
            resume(at: now)
        }
        lastSeen = max(lastSeen, now)
        switch input {
        case .tick:
            break
        case .active:
            away = false
            resume(at: now)
        case .idle(let since):
            away = true
            takeBreak(endingSitting: since, &effects)
        case .paused:
            if out, schedule.auto, hold(at: now) == nil { answer(.start, at: now, &effects) }
        case .locked(let on):
            locked = on
            if on { takeBreak(endingSitting: now, &effects) } else { resume(at: now) }
        case .call(let on):
            inCall = on
        case .doNotDisturb(let on):
            quiet = on
        case .workoutStarted:
            working = true
            workoutStart = workoutStart ?? now
            // Not in the way of the workout: a heads-up still due at its end comes again then.
            if out { takeBack(&effects) }
        case .workoutEnded(let outcome):
            working = false
            if let start = workoutStart, Self.isBreak(outcome) {
                skips = 0
                takeBreak(endingSitting: start, &effects)
                resume(at: now)
            }
            workoutStart = nil
        case .answer(let answer):
            if out { self.answer(answer, at: now, &effects) }
        }
        if let due = nextHeadsUp, now >= due, hold(at: now) == nil {
            out = true
            effects.append(.headsUp)
            if schedule.auto { effects.append(.watchPause(true)) }
        }
        let status = SnackWatchStatus(sittingSince: sittingSince, nextHeadsUp: nextHeadsUp,
                                      held: nextHeadsUp.flatMap { now >= $0 ? hold(at: now) : nil }, due: out)
        if status != published {
            published = status
            effects.append(.status(status))
        }
        return effects
    }

    /// Sitting again, unless still away, locked or working.
    private mutating func resume(at now: Double) {
        guard sittingSince == nil, !away, !locked, !working else { return }
        sittingSince = now
    }

    /// A break: the bout that ran ends at `end`, and a heads-up still out is taken back.
    private mutating func takeBreak(endingSitting end: Double, _ effects: inout [SnackWatchEffect]) {
        if let since = sittingSince {
            if end > since { effects.append(.bout(from: since, to: end)) }
            sittingSince = nil
        }
        notBefore = nil
        if out { takeBack(&effects) }
    }

    /// Takes back the heads-up out.
    private mutating func takeBack(_ effects: inout [SnackWatchEffect]) {
        out = false
        effects.append(.withdraw)
        if schedule.auto { effects.append(.watchPause(false)) }
    }

    private mutating func answer(_ answer: SnackAnswer, at now: Double, _ effects: inout [SnackWatchEffect]) {
        out = false
        if schedule.auto { effects.append(.watchPause(false)) }
        switch answer {
        case .start:
            skips = 0
            effects.append(.startSnack)
            // The snack is the break; its own run, when seen done (`.workoutEnded`), moves the sitting's start on.
            takeBreak(endingSitting: now, &effects)
            resume(at: now)
        case .snooze:
            skips = 0
            notBefore = now + Self.snooze
        case .skip:
            skips += 1
            notBefore = now + (skips >= 2 ? Self.skipped : every)
            if skips >= 2 { skips = 0 }
        case .dismissed:
            notBefore = now + every
        }
    }
}

