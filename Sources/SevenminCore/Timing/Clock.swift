// SPDX-License-Identifier: GPL-3.0-or-later
/// A point on a monotonic timeline, in seconds from an arbitrary origin.
public typealias Instant = Double

/// A source of monotonic instants, injected into the loop. The session itself is handed
/// instants, so tests step time by passing them, with no clock at all.
public protocol MonotonicClock: Sendable {
    func now() -> Instant
}
