// SPDX-License-Identifier: GPL-3.0-or-later
import CSevenminSystem
import Glibc
import SevenminCore

/// A mutex and a condition variable together, for a thread that sleeps until told there is work:
/// pthreads', with the condition's timeouts on `CLOCK_MONOTONIC`, so a change of the wall clock
/// never cuts a wait short or stretches it.
public final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        // ignored: pthread_mutex_init and pthread_cond_init fail only without memory, and these are
        // made once each at start-up.
        _ = pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        _ = pthread_condattr_init(&attributes)
        _ = pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        _ = pthread_cond_init(condition, &attributes)
        _ = pthread_condattr_destroy(&attributes)
    }

    deinit {
        // ignored: nothing waits on a condition being freed.
        _ = pthread_cond_destroy(condition)
        _ = pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// `pthread_mutex_lock(3)`; cannot fail for a default mutex locked by its owner's rules.
    public func lock() { _ = pthread_mutex_lock(mutex) }   // ignored: as above

    /// `pthread_mutex_unlock(3)`.
    public func unlock() { _ = pthread_mutex_unlock(mutex) }   // ignored: unlocked by its holder

    /// Runs `body` holding the lock.
    public func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock()
        defer { unlock() }
        return try body()
    }

    /// `pthread_cond_wait(3)`, holding the lock: sleeps until signalled (or spuriously).
    public func wait() { _ = pthread_cond_wait(condition, mutex) }   // ignored: returns only 0

    /// `pthread_cond_timedwait(3)`, holding the lock, until the monotonic instant `deadline` (`.infinity`: until
    /// signalled); false if the deadline passed.
    public func wait(until deadline: Instant) -> Bool {
        // No end (infinity, or more than a timespec holds): a signal alone ends the wait.
        guard deadline < 1e15 else {
            wait()
            return true
        }
        // Long past (minus infinity too): as pthread_cond_timedwait would say at once.
        guard deadline > 0 else { return false }
        var ts = timespec()
        let whole = deadline.rounded(.down)
        ts.tv_sec = Int(whole)
        ts.tv_nsec = min(999_999_999, Int((deadline - whole) * 1e9))
        return pthread_cond_timedwait(condition, mutex, &ts) != ETIMEDOUT
    }

    /// `pthread_cond_signal(3)`: wakes one waiter.
    public func signal() { _ = pthread_cond_signal(condition) }   // ignored: returns only 0

    /// `pthread_cond_broadcast(3)`: wakes every waiter.
    public func broadcast() { _ = pthread_cond_broadcast(condition) }   // ignored: returns only 0
}
