// SPDX-License-Identifier: GPL-3.0-or-later
import CSevenminSystem
import Glibc
import SevenminCore

/// Runs `body` on a new detached thread named `name` (as `top` shows it, at most 15 bytes):
/// `pthread_create(3)`. Threads that block (on a device, a file, a child) get their own rather
/// than one of Dispatch's, which are meant for short work. Traps if no thread can be had, as
/// Foundation's `Thread` did: the process is then out of memory or of threads.
public func startThread(named name: String, _ body: @escaping @Sendable () -> Void) {
    let start = Unmanaged.passRetained(ThreadStart(name: name, body: body)).toOpaque()
    var thread = pthread_t()
    let failed = withSignalsHeld { pthread_create(&thread, nil, { raw in
        let start = Unmanaged<ThreadStart>.fromOpaque(raw!).takeRetainedValue()
        // ignored: a thread's name is for `top` and debuggers only.
        _ = csevenmin_name_thread(start.name)
        start.body()
        return nil
    }, start) }
    guard failed == 0 else { fatalError("pthread_create: \(String(cString: strerror(failed)))") }
    _ = pthread_detach(thread)   // ignored: fails only for a thread that is not joinable, and this one is
}

/// Runs `body` with the workout's signals blocked in this thread, so that every thread it starts, ours or a
/// library's, is born with them blocked. They are then handled on the main thread alone, where the loop
/// waits for them. Handled on another thread, a continue could be told after the timer that woke the loop
/// with it, and the time the process was stopped would count as exercise.
public func withSignalsHeld<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    var old = sigset_t()
    // ignored: blocking and restoring valid signals cannot fail (only an invalid `how` is an error)
    _ = csevenmin_signals_hold(&old)
    // ignored: as above
    defer { _ = csevenmin_signals_unhold(&old) }
    return try body()
}

private final class ThreadStart {
    let name: String
    let body: @Sendable () -> Void
    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }
}
