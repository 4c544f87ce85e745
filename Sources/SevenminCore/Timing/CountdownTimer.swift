// SPDX-License-Identifier: GPL-3.0-or-later
/// A countdown or stopwatch modelled on MZTimerLabel, computed from stored instants.
///
/// Time shown is always derived as `counted = now − start`, where `start`
/// moves forward by the length of every pause; nothing is counted tick by tick.
public struct CountdownTimer: Equatable, Sendable {
    public enum Mode: Equatable, Sendable { case countdown, stopwatch }
    public enum State: Equatable, Sendable { case idle, running, paused }

    public private(set) var mode: Mode
    /// The countdown's length in seconds; ignored by a stopwatch.
    public private(set) var countdownTime: Double
    public private(set) var state: State = .idle
    /// When counting began, shifted forward by the time spent paused.
    public private(set) var startInstant: Instant?
    private var pausedAt: Instant?

    public init(mode: Mode = .countdown, countdownTime: Double = 0) {
        self.mode = mode
        self.countdownTime = max(0, countdownTime)
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

    /// Seconds counted so far (for a countdown, at most its length).
    public func counted(at now: Instant) -> Double {
        guard let start = startInstant else { return 0 }
        let reference = state == .paused ? (pausedAt ?? now) : now
        let raw = max(0, reference - start)
        return mode == .countdown ? min(raw, countdownTime) : raw
    }

    /// Seconds left on a countdown; for a stopwatch, always 0.
    public func remaining(at now: Instant) -> Double {
        mode == .countdown ? max(0, countdownTime - counted(at: now)) : 0
    }

    /// The instant a running countdown reaches zero, on the same clock.
    public var finishInstant: Instant? {
        guard mode == .countdown, state == .running, let start = startInstant else { return nil }
        return start + countdownTime
    }
}
