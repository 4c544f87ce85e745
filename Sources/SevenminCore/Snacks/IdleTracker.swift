// SPDX-License-Identifier: GPL-3.0-or-later

/// Turns when the last input came, as a desktop without idle watches tells it, into the snack watcher's news:
/// a break once idle for `SnackWatch.breakLength`, back at the next input, a pause once `SnackWatch.pauseLength`
/// passes without input while one is watched for. KDE's screen saver only answers what the idle time is
/// (`GetSessionIdleTime`): it is asked when `nextLook` comes, and while away at the watcher's minute look.
/// logind tells of its idle hint by signal: nil (input now and on) until the hint says since when.
public struct IdleTracker: Equatable, Sendable {
    /// When the last input came; nil while input goes on (logind's idle hint off).
    public private(set) var lastInput: Double?
    /// Idle long enough for a break, told as such.
    public private(set) var away = false
    private var watchingPause = false
    /// The last input before the pause last told, so that one pause is told once.
    private var pauseTold: Double?

    public init() {}

    /// The desktop says the last input came at `lastInput` (nil: input goes on), at `now`; the news.
    public mutating func heard(lastInput: Double?, at now: Double) -> [SnackWatchInput] {
        self.lastInput = lastInput
        return look(at: now)
    }

    /// The news at `now` from what was last heard, as time passed.
    public mutating func look(at now: Double) -> [SnackWatchInput] {
        let idle = now - (lastInput ?? now)
        var news: [SnackWatchInput] = []
        if !away, idle >= SnackWatch.breakLength, let since = lastInput {
            away = true
            news.append(.idle(since: since))
        } else if away, idle < SnackWatch.breakLength {
            away = false
            news.append(.active)
        }
        if watchingPause, idle >= SnackWatch.pauseLength, let since = lastInput, pauseTold != since {
            pauseTold = since
            news.append(.paused)
        }
        return news
    }

    /// Tells of the next pause (true), or stops.
    public mutating func watchPause(_ on: Bool) {
        watchingPause = on
        if !on { pauseTold = nil }
    }

    /// When idle time would next make news with no input: the break, or the pause watched for; nil: none would.
    public var nextLook: Double? {
        guard let last = lastInput else { return nil }
        let pause = watchingPause && pauseTold != last ? last + SnackWatch.pauseLength : nil
        let breakDue = away ? nil : last + SnackWatch.breakLength
        return [pause, breakDue].compactMap { $0 }.min()
    }
}
