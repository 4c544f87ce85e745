// SPDX-License-Identifier: GPL-3.0-or-later
import SevenminCore

/// One thread of its own that runs jobs in the order they were given, and sleeps, without a
/// timeout, while there are none.
///
/// Dispatch's serial queues run on a pool whose idle thread waits five seconds for more work and
/// then leaves, so a job every few seconds (a segment's history) cost a thread's start, a timed
/// wait that ran out, and an exit each time: several wake-ups a job. This thread wakes once a job.
public final class SerialWorker: @unchecked Sendable {
    private let name: String
    private let condition = Condition()
    private let clock = SystemMonotonicClock()
    // Guarded by `condition`.
    private var jobs: [@Sendable () -> Void] = []
    private var started = false
    private var stopping = false
    /// How many times the thread has gone to sleep for want of a job: each one a wake-up.
    private var sleeps = 0
    /// Whether the thread has ended.
    private var ended = false

    /// How many times the thread has slept waiting for a job so far.
    var sleepsSoFar: Int { condition.withLock { sleeps } }

    /// How many times the thread has slept waiting for a job, once it has ended (within `timeout`
    /// seconds); nil if it has not ended by then.
    func sleepsOnceEnded(timeout: Double) -> Int? {
        let deadline = clock.now() + timeout
        return condition.withLock {
            while !ended { if !condition.wait(until: deadline) { break } }
            return ended ? sleeps : nil
        }
    }

    /// A worker whose thread is called `name` (at most 15 bytes); the thread starts with the first job.
    public init(named name: String) {
        self.name = name
    }

    /// Runs `job` after every job given before it; returns at once. Ignored once `stop` was called.
    public func async(_ job: @escaping @Sendable () -> Void) {
        _ = enqueue(job)
    }

    /// Runs `job` after every job given before it, and waits until it has run, for at most
    /// `timeout` seconds; false if it had not run by then (it still runs later), or the worker stopped.
    public func sync(timeout: Double, _ job: @escaping @Sendable () -> Void) -> Bool {
        waitFor(job, last: false, timeout: timeout)
    }

    /// Runs `job` after every job given before it and lets the thread end once it has: `sync` and
    /// `stop` at once, so that the thread, once it has run `job`, leaves instead of going back to sleep
    /// only to be woken to leave. Waits at most `timeout` seconds, as `sync`.
    public func finish(timeout: Double, _ job: @escaping @Sendable () -> Void) -> Bool {
        waitFor(job, last: true, timeout: timeout)
    }

    /// Lets the thread end once the jobs already given have run; later jobs are dropped.
    public func stop() {
        condition.withLock { stopping = true }
        condition.broadcast()
    }

    /// Gives `job` and waits for it on a lock of its own: waiting on the worker's, the caller took it
    /// again just as the thread, woken for the job, wanted it back, and the thread slept once more on it.
    private func waitFor(_ job: @escaping @Sendable () -> Void, last: Bool, timeout: Double) -> Bool {
        let done = Completion()
        guard enqueue({ job(); done.signal() }, last: last) else { return false }
        return done.wait(until: clock.now() + timeout)
    }

    /// Whether the worker took the job (not once it stops); with `last`, it takes no more after it.
    private func enqueue(_ job: @escaping @Sendable () -> Void, last: Bool = false) -> Bool {
        let (taken, start): (Bool, Bool) = condition.withLock {
            guard !stopping else { return (false, false) }
            jobs.append(job)
            stopping = last
            defer { started = true }
            return (true, !started)
        }
        // Told once the lock is let go: woken while this thread still held it, the worker would
        // only wake again to wait for it.
        if start { startThread(named: name) { self.run() } } else if taken { condition.broadcast() }
        return taken
    }

    private func run() {
        while true {
            let batch: [@Sendable () -> Void] = condition.withLock {
                while jobs.isEmpty && !stopping {
                    sleeps += 1
                    condition.wait()
                }
                defer { jobs = [] }
                return jobs
            }
            if batch.isEmpty {
                condition.withLock { ended = true }
                condition.broadcast()
                return
            }
            for job in batch { job() }
        }
    }
}

/// That one job has run, told to the one thread waiting for it.
private final class Completion: @unchecked Sendable {
    private let condition = Condition()
    private var done = false  // guarded by `condition`

    func signal() {
        condition.withLock { done = true }
        condition.broadcast()
    }

    /// Waits until `signal`, or the monotonic instant `deadline`: whether it was signalled.
    func wait(until deadline: Double) -> Bool {
        condition.withLock {
            while !done {
                if !condition.wait(until: deadline) { return done }
            }
            return true
        }
    }
}
