// SPDX-License-Identifier: GPL-3.0-or-later
import CSevenminSystem
import Glibc
import SevenminCore

/// `CLOCK_MONOTONIC`: unaffected by wall-clock changes, and it stands still while
/// the machine is suspended, so a workout resumes where it was (see DECISIONS.md).
public struct SystemMonotonicClock: MonotonicClock {
    public init() {}

    public func now() -> Instant {
        var ts = timespec()
        // ignored: CLOCK_MONOTONIC always exists on Linux and the pointer is valid, so it cannot fail
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
