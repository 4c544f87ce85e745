// SPDX-License-Identifier: GPL-3.0-or-later
/// A countdown or stopwatch modelled on MZTimerLabel, computed from stored instants.
///
/// Time shown is always derived as `counted = now − start`, where `start`
/// moves forward by the length of every pause; nothing is counted tick by tick.
public struct CountdownTimer: Equatable, Sendable {
    public enum Mode: Equatable, Sendable { case countdown, stopwatch }
    public enum State: Equatable, Sendable { case idle, running, paused }

    public private(set) var mode: Mode
    /// The countdown's length in seconds; for a stopwatch, where it stops (infinity: it never does).
    public private(set) var countdownTime: Double
    public private(set) var state: State = .idle
    /// When counting began, shifted forward by the time spent paused.
    public private(set) var startInstant: Instant?
    private var pausedAt: Instant?

    /// A countdown of `countdownTime`; a stopwatch counting up to it, or with none given, for ever.
    public init(mode: Mode = .countdown, countdownTime: Double? = nil) {
        self.mode = mode
        self.countdownTime = max(0, countdownTime ?? (mode == .countdown ? 0 : .infinity))
    }

    public mutating func start(at now: Instant) {
        switch state {
        case .idle:
            startInstant = now
            state = .running
        case .paused:
            resume(at: now)
        case .running:
            break
        }
    }

    public mutating func pause(at now: Instant) {
        guard state == .running else { return }
        pausedAt = now
        state = .paused
    }

    public mutating func resume(at now: Instant) {
        guard state == .paused, let pausedAt, let start = startInstant else { return }
        startInstant = start + (now - pausedAt)
        self.pausedAt = nil
        state = .running
    }

    /// Adds time: to a countdown, more time left; to a stopwatch, more time counted.
    /// A negative amount subtracts, never below zero remaining or zero counted.
    public mutating func addTime(_ seconds: Double, at now: Instant) {
        switch mode {
        case .countdown:
            countdownTime = max(countdownTime + seconds, counted(at: now))
        case .stopwatch:
            guard let start = startInstant else { return }
            let reference = pausedAt ?? now
            startInstant = min(start - seconds, reference)
        }
    }

    /// Seconds counted so far, at most the length (a countdown's, or where a stopwatch stops).
    public func counted(at now: Instant) -> Double {
        guard let start = startInstant else { return 0 }
        let reference = state == .paused ? (pausedAt ?? now) : now
        return min(max(0, reference - start), countdownTime)
    }

    /// Seconds left until the timer stops: a countdown's time left; for a stopwatch with no end, infinity.
    public func remaining(at now: Instant) -> Double {
        max(0, countdownTime - counted(at: now))
    }

    /// The instant a running timer stops (a countdown reaches zero, a stopwatch its end), on the same clock.
    public var finishInstant: Instant? {
        guard state == .running, countdownTime.isFinite, let start = startInstant else { return nil }
        return start + countdownTime
    }

    /// The next instant a running stopwatch's count reaches a whole second (or its end), when a label
    /// counting up changes; nil for a countdown or when not running.
    public func nextWholeSecond(after now: Instant) -> Instant? {
        guard mode == .stopwatch, state == .running, let start = startInstant else { return nil }
        return start + min((counted(at: now) + 1e-9).rounded(.down) + 1, countdownTime)
    }
}
