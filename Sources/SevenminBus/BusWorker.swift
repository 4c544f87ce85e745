// SPDX-License-Identifier: GPL-3.0-or-later
import CSevenminSystem
import Glibc
import SevenminCore
import SevenminSystem
import Synchronization

/// A thread of its own for one bus connection: it opens the connection, then waits in `poll` on the
/// connection and on its own `eventfd`, handling what comes in (method calls from the bus) and running
/// the jobs handed to it, in order. Idle, it sleeps: no wake-up costs the loop anything. sd-bus is not
/// thread-safe, so everything done on the connection is done here.
final class BusWorker: Sendable {
    typealias Job = @Sendable (BusConnection?) -> Void

    private let wake: Int32
    private let state = Mutex<(jobs: [Job], closing: Bool)>(([], false))
    private let finished = Condition()
    private let done = Atomic<Bool>(false)
    private let started = Atomic<Bool>(false)
    private let name: String
    private let open: @Sendable () throws(BusError) -> BusConnection
    private let opened: @Sendable (Result<BusConnection, BusError>) -> Void

    /// A worker whose thread, once `start`ed, opens its connection with `open`, handing the outcome to
    /// `opened` before any job (nil: no bus; every job is then handed nil). Jobs wait until then.
    init(named name: String, open: @escaping @Sendable () throws(BusError) -> BusConnection,
         opened: @escaping @Sendable (Result<BusConnection, BusError>) -> Void) throws(SystemError) {
        wake = try retryingNegativeErrno("eventfd") { csevenmin_wake_create() }
        self.name = name
        self.open = open
        self.opened = opened
    }

    /// Starts the thread; does nothing a second time.
    func start() {
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
        startThread(named: name) { [self] in
            var connection: BusConnection?
            do throws(BusError) {
                let opening = try open()
                connection = opening
                opened(.success(opening))
            } catch {
                opened(.failure(error))
            }
            run(connection)
        }
    }

    // ignored: an eventfd holds no data that close could lose
    deinit { Glibc.close(wake) }

    /// Runs `job` on the thread, after those handed before; never blocks. False once closing: dropped.
    @discardableResult
    func perform(_ job: @escaping Job) -> Bool {
        let accepted = state.withLock { state in
            guard !state.closing else { return false }
            state.jobs.append(job)
            return true
        }
        if accepted { poke() }
        return accepted
    }

    /// Waits until `deadline` (on the monotonic clock) for the jobs handed so far to have run and what they
    /// sent to have gone (`sd_bus_flush`): for a process about to stop, which would hold them back until it
    /// continues.
    func settle(until deadline: Double) {
        guard started.load(ordering: .acquiring) else { return }
        let reached = Reached()
        let finished = self.finished
        guard perform({ bus in
            // ignored: a bus that cannot send now has lost its other end; nothing is waiting for it
            try? bus?.flush()
            finished.withLock {
                reached.flag.store(true, ordering: .releasing)
                finished.broadcast()
            }
        }) else { return }
        finished.withLock {
            while !reached.flag.load(ordering: .acquiring) { if !finished.wait(until: deadline) { break } }
        }
    }

    /// Lets the thread run the jobs still waiting, close the connection and end, without waiting for it.
    /// Later jobs are dropped.
    func beginClosing() {
        state.withLock { $0.closing = true }
        if started.load(ordering: .acquiring) { poke() }
    }

    /// Closes (`beginClosing`) and waits until `deadline` (on the monotonic clock) for the thread to end.
    /// True once it has ended (or never started).
    @discardableResult
    func close(until deadline: Double) -> Bool {
        beginClosing()
        // Never started: nothing was opened, and nothing waiting is worth opening a bus for.
        guard started.load(ordering: .acquiring) else { return true }
        return finished.withLock {
            while !done.load(ordering: .acquiring) { if !finished.wait(until: deadline) { break } }
            return done.load(ordering: .acquiring)
        }
    }

    private final class Reached: Sendable { let flag = Atomic<Bool>(false) }

    private func poke() {
        var one: UInt64 = 1
        // ignored: the only failure is EAGAIN, a counter already near its maximum, which is still readable
        _ = write(wake, &one, 8)
    }

    private func run(_ opened: BusConnection?) {
        var connection = opened
        while true {
            let (jobs, closing) = state.withLock { state in
                defer { state.jobs = [] }
                return (state.jobs, state.closing)
            }
            for job in jobs { job(connection) }
            if closing { break }
            var fds = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            var timeout: Int32 = -1
            if let bus = connection {
                do throws(BusError) {
                    try bus.process()
                    fds.append(try bus.pollDescriptor())
                    timeout = try bus.timeout(now: SystemMonotonicClock().now())
                } catch {
                    // The bus went away (its daemon ended): what it served is gone with it.
                    bus.close()
                    connection = nil
                }
            }
            // ignored: EINTR and the like only end this wait early; the loop looks again
            _ = poll(&fds, nfds_t(fds.count), timeout)
            var count: UInt64 = 0
            // ignored: EAGAIN means no job was handed over; the jobs are taken either way
            _ = read(wake, &count, 8)
        }
        connection?.close()
        finished.withLock {
            done.store(true, ordering: .releasing)
            finished.broadcast()
        }
    }
}
