import Foundation

/// A point on a monotonic timeline, in seconds from an arbitrary origin.
public typealias Instant = Double

/// A source of monotonic instants, injected into the runner. The session itself is handed
/// instants, so tests step time by passing them, with no clock at all.
public protocol MonotonicClock: Sendable {
    func now() -> Instant
}

/// `CLOCK_MONOTONIC`: unaffected by wall-clock changes, and it stands still while
/// the machine is suspended, so a workout resumes where it was (see DECISIONS.md).
public struct SystemMonotonicClock: MonotonicClock {
    public init() {}

    public func now() -> Instant {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
