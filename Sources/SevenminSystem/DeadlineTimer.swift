// SPDX-License-Identifier: GPL-3.0-or-later
import CSevenminSystem
import Glibc
import SevenminCore

/// A one-shot alarm at an absolute instant on CLOCK_MONOTONIC, as a readable descriptor.
/// Waiting on it (rather than on a poll timeout) avoids the kernel's timeout slack.
public final class DeadlineTimer {
    public let fileDescriptor: Int32

    /// `timerfd_create`.
    public init() throws(SystemError) {
        fileDescriptor = try retryingNegativeErrno("timerfd_create") { csevenmin_timer_create() }
    }

    /// Fires once at `instant` (seconds on CLOCK_MONOTONIC); nil disarms (`timerfd_settime`).
    public func arm(at instant: Double?) throws(SystemError) {
        try retryingNegativeErrno("timerfd_settime") { csevenmin_timer_arm(fileDescriptor, instant ?? -1) }
    }

    /// Consumes an expiry (`read`); nothing to consume is not an error.
    public func clear() {
        var expirations: UInt64 = 0
        while read(fileDescriptor, &expirations, 8) < 0 && errno == EINTR {}
    }

    // ignored: a timerfd holds no data that close could lose
    deinit { close(fileDescriptor) }
}
