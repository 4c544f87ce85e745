// SPDX-License-Identifier: GPL-3.0-or-later
import CSevenminSystem
import Glibc
import SevenminCore

/// Notices the wall clock (CLOCK_REALTIME) being set while a workout runs: by hand, by NTP
/// stepping it, or by a preload that fakes it. The workout counts on CLOCK_MONOTONIC and never
/// jumps with it; what it has written in wall-clock time (the status file's `endsAt`) is written
/// again. A timerfd armed with `TFD_TIMER_CANCEL_ON_SET` wakes the loop's `poll` the moment the
/// kernel's clock is set; the offset between the two clocks, checked at every wake, also catches a
/// wall clock that only this process is shown (libfaketime), which the kernel cannot tell of.
public final class WallClockWatch {
    /// The timerfd to poll; -1 when none could be made (the offset is still checked at each wake).
    public let fileDescriptor: Int32
    /// Wall-clock minus monotonic seconds when last looked at.
    private var offset: Double
    /// A change of the offset by more than this is a jump, not the two clocks' drift between wakes.
    static let tolerance = 1.0

    public init() {
        fileDescriptor = (try? retryingNegativeErrno("timerfd_create") { csevenmin_clock_watch_create() }) ?? -1
        offset = Self.currentOffset()
    }

    // ignored: a timerfd holds no data that close could lose
    deinit { if fileDescriptor >= 0 { close(fileDescriptor) } }

    /// What to add to the loop's `poll`.
    public var pollDescriptor: pollfd { pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0) }

    /// Whether the wall clock was set since the last call, given the `revents` `poll` reported for
    /// `pollDescriptor`; re-arms the timerfd once it has fired.
    public func changed(revents: Int16) -> Bool {
        var set = false
        if revents != 0, fileDescriptor >= 0 {
            var expirations: UInt64 = 0
            // A clock set makes the read fail with ECANCELED, and the timerfd must be armed again.
            set = read(fileDescriptor, &expirations, 8) < 0 && errno == ECANCELED
            // ignored: an fd that cannot be re-armed stays quiet; the offset is still checked at every wake
            _ = csevenmin_clock_watch_arm(fileDescriptor)
        }
        let now = Self.currentOffset()
        defer { offset = now }
        return set || abs(now - offset) > Self.tolerance
    }

    /// CLOCK_REALTIME minus CLOCK_MONOTONIC, in seconds.
    static func currentOffset() -> Double {
        var wall = timespec(), monotonic = timespec()
        // ignored: both clocks always exist on Linux and the pointers are valid, so neither call can fail
        clock_gettime(CLOCK_REALTIME, &wall)
        // ignored: as above
        clock_gettime(CLOCK_MONOTONIC, &monotonic)
        return Double(wall.tv_sec - monotonic.tv_sec) + Double(wall.tv_nsec - monotonic.tv_nsec) / 1e9
    }
}
