import Foundation

/// A point on a monotonic timeline, in seconds from an arbitrary origin.
public typealias Instant = Double

/// A source of monotonic instants; injected so that tests step time by hand.
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

/// A clock that moves only when told to.
public final class ManualClock: MonotonicClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Instant

    public init(start: Instant = 1000) { current = start }

    public func now() -> Instant { lock.withLock { current } }

    public func advance(by seconds: Double) { lock.withLock { current += seconds } }

    public func set(_ instant: Instant) { lock.withLock { current = instant } }
}
