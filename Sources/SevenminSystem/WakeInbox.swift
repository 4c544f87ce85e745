// SPDX-License-Identifier: GPL-3.0-or-later
import CSevenminSystem
import Glibc
import SevenminCore
import Synchronization

/// News from background work for the loop (the sound device opening, a delivery, the history's
/// streak or a failure): inputs posted from any thread, and an `eventfd` that the loop's `poll`
/// waits on, so news wakes it at once, paused or not, instead of waiting for the next key.
public final class WakeInbox: Sendable {
    /// Readable while news waits.
    public let fileDescriptor: Int32
    private let pending = Mutex<[Input]>([])

    /// `eventfd`, non-blocking.
    public init() throws(SystemError) {
        fileDescriptor = try retryingNegativeErrno("eventfd") { csevenmin_wake_create() }
    }

    /// Hands `input` to the loop and wakes it; safe from any thread, and never blocks.
    public func post(_ input: Input) {
        pending.withLock { $0.append(input) }
        var one: UInt64 = 1
        // ignored: the only failure is EAGAIN, a counter already near its maximum, which is still readable.
        _ = write(fileDescriptor, &one, 8)
    }

    /// Everything posted since the last call, in order; resets the descriptor.
    public func take() -> [Input] {
        var count: UInt64 = 0
        // ignored: EAGAIN means no post since the last take; what is pending is taken either way.
        _ = read(fileDescriptor, &count, 8)
        return pending.withLock { inputs in
            defer { inputs = [] }
            return inputs
        }
    }

    // ignored: an eventfd holds no data that close could lose
    deinit { close(fileDescriptor) }
}
