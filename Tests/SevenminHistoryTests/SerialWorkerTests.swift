// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Synchronization
import Testing
@testable import SevenminSystem

/// The recorder's thread: jobs in order, on one thread that stays, and waits that keep their deadline.
@Suite("Serial worker")
struct SerialWorkerTests {
    @Test func jobsRunInOrderOnOneThreadThatStays() {
        let worker = SerialWorker(named: "test-worker")
        let seen = Mutex<[(job: Int, thread: pthread_t)]>([])
        for k in 0..<50 {
            worker.async { seen.withLock { $0.append((k, pthread_self())) } }
            // Gaps between jobs, as between segments: the same thread takes them all.
            if k % 10 == 9 { #expect(worker.sync(timeout: 5) {}) }
        }
        #expect(worker.sync(timeout: 5) {})
        let runs = seen.withLock { $0 }
        #expect(runs.map(\.job) == Array(0..<50))
        #expect(Set(runs.map { UInt(bitPattern: Int(bitPattern: $0.thread)) }).count == 1)
        #expect(runs.first.map { pthread_equal($0.thread, pthread_self()) == 0 } == true)
        worker.stop()
    }

    @Test func aWaitGivesUpAtItsDeadlineAndTheJobStillRuns() {
        let worker = SerialWorker(named: "test-worker")
        let gate = Condition()
        let open = Mutex(false)
        worker.async {
            gate.withLock { while !open.withLock({ $0 }) { gate.wait() } }
        }
        let ran = Mutex(false)
        let clock = ContinuousClock()
        var finished = true
        let waited = clock.measure { finished = worker.sync(timeout: 0.2) { ran.withLock { $0 = true } } }
        #expect(!finished)
        #expect(waited >= .milliseconds(190))
        gate.withLock {
            open.withLock { $0 = true }
            gate.broadcast()
        }
        #expect(worker.sync(timeout: 5) {})
        #expect(ran.withLock { $0 })
        worker.stop()
    }

    @Test func stoppingRunsWhatWasGivenAndRefusesMore() {
        let worker = SerialWorker(named: "test-worker")
        let count = Mutex(0)
        for _ in 0..<5 { worker.async { count.withLock { $0 += 1 } } }
        #expect(worker.sync(timeout: 5) {})
        worker.stop()
        worker.async { count.withLock { $0 += 100 } }
        #expect(!worker.sync(timeout: 0.5) { count.withLock { $0 += 100 } })
        #expect(count.withLock { $0 } == 5)
    }

    /// The history's last job (closing the file) is the thread's last: once it has run, the thread
    /// ends, instead of sleeping once more only to be woken to end.
    @Test func theLastJobEndsTheThreadWithoutAnotherSleep() {
        let worker = SerialWorker(named: "test-worker")
        let count = Mutex(0)
        #expect(worker.sync(timeout: 5) { count.withLock { $0 += 1 } })
        // Asleep between jobs, as between segments.
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(5)
        while worker.sleepsSoFar < 1 && clock.now < deadline { usleep(1000) }
        #expect(worker.sleepsSoFar == 1)
        #expect(worker.finish(timeout: 5) { count.withLock { $0 += 1 } })
        #expect(worker.sleepsOnceEnded(timeout: 5) == 1)
        // It takes nothing after the last.
        worker.async { count.withLock { $0 += 100 } }
        #expect(!worker.sync(timeout: 0.5) { count.withLock { $0 += 100 } })
        #expect(count.withLock { $0 } == 2)
    }

    /// A wait with no end (`.infinity`) lasts until signalled, and one long past ends at once: `during`'s `q` on
    /// the finish once waited until `.infinity` and trapped converting it to a timespec.
    @Test func aWaitWithNoEndLastsUntilSignalledAndOneLongPastEndsAtOnce() {
        let condition = Condition()
        let ready = Mutex(false)
        #expect(condition.withLock { condition.wait(until: -.infinity) } == false)
        startThread(named: "test-signaller") {
            condition.withLock {
                ready.withLock { $0 = true }
                condition.signal()
            }
        }
        let signalled = condition.withLock { () -> Bool in
            while !ready.withLock({ $0 }) { guard condition.wait(until: .infinity) else { return false } }
            return true
        }
        #expect(signalled)
    }
}
