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
    /// How many jobs have been given, and how many have run: a caller waits for its number.
    private var given = 0
    private var finished = 0
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
        guard let number = enqueue(job) else { return false }
        return wait(for: number, until: clock.now() + timeout)
    }

    /// Waits until job `number` has run, or `deadline` has passed: whether it had run.
    private func wait(for number: Int, until deadline: Double) -> Bool {
        condition.withLock {
            while finished < number {
                if !condition.wait(until: deadline) { return finished >= number }
            }
            return true
        }
    }

    /// Runs `job` after every job given before it and lets the thread end once it has: `sync` and
    /// `stop` at once, so that the thread, once it has run `job`, leaves instead of going back to sleep
    /// only to be woken to leave. Waits at most `timeout` seconds, as `sync`.
    public func finish(timeout: Double, _ job: @escaping @Sendable () -> Void) -> Bool {
        guard let number = enqueue(job, last: true) else { return false }
        return wait(for: number, until: clock.now() + timeout)
    }

    /// Lets the thread end once the jobs already given have run; later jobs are dropped.
    public func stop() {
        condition.withLock { stopping = true }
        condition.broadcast()
    }

    /// The job's number, or nil when the worker no longer takes jobs; with `last`, it takes no more after it.
    private func enqueue(_ job: @escaping @Sendable () -> Void, last: Bool = false) -> Int? {
        let (number, start): (Int?, Bool) = condition.withLock {
            guard !stopping else { return (nil, false) }
            jobs.append(job)
            given += 1
            stopping = last
            defer { started = true }
            return (given, !started)
        }
        // Told once the lock is let go: woken while this thread still held it, the worker would
        // only wake again to wait for it.
        if start { startThread(named: name) { self.run() } } else if number != nil { condition.broadcast() }
        return number
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
            for job in batch {
                job()
                condition.withLock { finished += 1 }
                condition.broadcast()
            }
        }
    }
}
