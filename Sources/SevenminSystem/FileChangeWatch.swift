// SPDX-License-Identifier: GPL-3.0-or-later
import CSevenminSystem
import Glibc

/// Files or folders watched for changes (`inotify`): its descriptor is readable once one changed, and stays so
/// until `acknowledge`. Nothing is read while nothing changes.
public final class FileChangeWatch {
    /// Readable when a watched file changed.
    public let descriptor: Int32

    /// Watches nothing yet; throws when `inotify` cannot be had.
    public init() throws(SystemError) {
        descriptor = try retryingEINTR("inotify_init1") { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }
    }

    // ignored: an inotify descriptor holds nothing that close could lose
    deinit { Glibc.close(descriptor) }

    /// Watches `path` for `events` (`inotify_add_watch(2)`, `IN_…` flags).
    public func add(_ path: String, events: UInt32) throws(SystemError) {
        _ = try retryingEINTR("inotify_add_watch") { inotify_add_watch(descriptor, path, events) }
    }

    /// Whether anything changed since last asked; empties the queue.
    public func acknowledge() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096), touched = false
        while (buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }) > 0 { touched = true }
        return touched
    }
}

/// One process watched for its end (`pidfd_open(2)`): its descriptor is readable once the process has ended,
/// whoever its parent is.
public final class ProcessEndWatch {
    public let pid: Int32
    /// Readable once the process has ended.
    public let descriptor: Int32

    /// Throws when the process is gone already (`ESRCH`), or the kernel has no pidfd (before 5.3).
    public init(_ pid: Int32) throws(SystemError) {
        self.pid = pid
        descriptor = try retryingNegativeErrno("pidfd_open") { csevenmin_pidfd_open(pid) }
    }

    // ignored: a pidfd holds nothing that close could lose
    deinit { Glibc.close(descriptor) }

    /// Whether the process has ended: its descriptor is readable now.
    public var ended: Bool {
        var fd = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        // ignored: a poll that fails (EINTR) says not yet; the next look, woken by the same descriptor, asks again
        _ = poll(&fd, 1, 0)
        return fd.revents != 0
    }
}
