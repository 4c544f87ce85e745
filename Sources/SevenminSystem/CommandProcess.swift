// SPDX-License-Identifier: GPL-3.0-or-later
import CSevenminSystem
import Glibc
import SevenminCore
import Synchronization

/// The command `sevenmin during` runs beside the workout: on a pseudo-terminal of its own (`forkpty`), in its own
/// session and process group. A thread of its own sleeps in one `poll` on the terminal, the process (a pidfd) and
/// an `eventfd` for closing; it copies every byte to the log, keeps the last line (`TerminalLine`) and posts it, and
/// at the end the status, as `Input`s for the loop. It decides nothing.
public final class CommandProcess: Sendable {
    /// Why the command could not be started.
    public enum StartFailure: Error, Equatable {
        /// It could not be run: `CommandStatus.notStarted` (127: not found; 126: found, but not runnable).
        case notRun(CommandStatus, SystemError)
        /// Something of ours failed (the log, the terminal): 125.
        case ours(SystemError)
    }

    public let pid: pid_t
    private let master: Int32
    private let pidfd: Int32
    private let log: Int32
    private let wake: Int32
    private let finished = Condition()
    /// The thread has ended: the status is posted, or it was told to stop reading.
    private let done = Atomic<Bool>(false)
    /// The process has been waited for: its group may be gone, so nothing is sent to it any more.
    private let reaped = Atomic<Bool>(false)
    /// Stop reading (to detach): the thread leaves the terminal and the process to whoever takes them.
    private let leaving = Atomic<Bool>(false)

    /// How often at most the last line is posted while output streams: a status line is read, not watched.
    public static let linePeriod = 0.1

    /// Starts `arguments` on a terminal of `rows` x `columns`, its output copied to the new file at `logPath`
    /// (0600, never through a symbolic link, an existing file replaced). Nothing is read until `begin`.
    public init(_ arguments: [String], rows: Int, columns: Int, logPath: String) throws(StartFailure) {
        precondition(!arguments.isEmpty, "a command to run")
        let log: Int32
        do {
            log = try SystemCall.open(logPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        } catch { throw .ours(error) }
        let wake: Int32
        do { wake = try retryingNegativeErrno("eventfd") { csevenmin_wake_create() } } catch {
            // ignored: an empty log of a command never started
            _ = Glibc.close(log)
            throw .ours(error)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var fd: Int32 = -1
        let started: Int32
        do {
            started = try retryingNegativeErrno { failed in
                argv.withUnsafeBufferPointer { list in
                    csevenmin_pty_spawn(list.baseAddress!, UInt16(clamping: rows), UInt16(clamping: columns), &fd,
                                        failed)
                }
            }
        } catch {
            // ignored: descriptors of a command that never started
            _ = Glibc.close(log)
            // ignored: as above
            _ = Glibc.close(wake)
            if error.call == "execvp" { throw .notRun(.notStarted(error.errno == ENOENT ? 127 : 126), error) }
            throw .ours(error)
        }
        pid = started
        master = fd
        self.log = log
        self.wake = wake
        // Without a pidfd (a kernel before 5.3), the end is seen when the terminal closes.
        pidfd = (try? retryingNegativeErrno("pidfd_open") { csevenmin_pidfd_open(started) }) ?? -1
    }

    deinit {
        // ignored: descriptors whose thread has ended; nothing is lost in closing them
        _ = Glibc.close(master)
        // ignored: as above; the log's bytes were each written
        _ = Glibc.close(log)
        // ignored: as above
        _ = Glibc.close(wake)
        // ignored: as above
        if pidfd >= 0 { _ = Glibc.close(pidfd) }
    }

    /// Starts the thread that reads the command; `news` gets its last line and, last, its end.
    public func begin(clock: any MonotonicClock, news: @escaping @Sendable (Input) -> Void) {
        startThread(named: "sevenmin-during") { [self] in
            run(clock: clock, news: news)
            finished.withLock {
                done.store(true, ordering: .releasing)
                finished.broadcast()
            }
        }
    }

    /// Sends `signal` to the command's whole process group, then, if it has not ended by `grace` seconds
    /// later, SIGKILL; waits (until `deadline` on the monotonic clock) for the thread to have read its output to
    /// the end and reaped it. Whatever is left of the group after its leader ended is killed too.
    public func stop(signal: Int32, grace: Double, clock: any MonotonicClock) {
        guard !reaped.load(ordering: .acquiring) else { return }
        // ignored: ESRCH, a group already gone, is what is wanted
        _ = kill(-pid, signal)
        if !waitForThread(until: clock.now() + grace) {
            // ignored: as above
            _ = kill(-pid, SIGKILL)
            _ = waitForThread(until: clock.now() + grace)
        }
        // Anything of the group still there (a child that ignored the signal) goes with its leader; the group
        // keeps its number while any member lives, so no other process can be hit.
        // ignored: ESRCH, nothing left, is the usual answer
        _ = kill(-pid, SIGKILL)
    }

    /// Leaves the command running after sevenmin ends: the thread stops reading, and a process of its own goes
    /// on copying the terminal to the log until the command closes it. False if that process could not start.
    public func detach() -> Bool {
        leaving.store(true, ordering: .releasing)
        poke()
        _ = waitForThread(until: .infinity)
        guard !reaped.load(ordering: .acquiring) else { return true }
        return (try? retryingNegativeErrno { csevenmin_pty_detach(master, log, $0) }) != nil
    }

    /// Whether the command's end has been seen and posted.
    public var hasEnded: Bool { reaped.load(ordering: .acquiring) }

    private func waitForThread(until deadline: Double) -> Bool {
        finished.withLock {
            while !done.load(ordering: .acquiring) { if !finished.wait(until: deadline) { break } }
            return done.load(ordering: .acquiring)
        }
    }

    private func poke() {
        var one: UInt64 = 1
        // ignored: the only failure is EAGAIN, a counter already near its maximum, which is still readable
        _ = write(wake, &one, 8)
    }

    private func run(clock: any MonotonicClock, news: @Sendable (Input) -> Void) {
        var line = TerminalLine(), posted = "", postedAt = -Double.infinity, fed = false
        var logging = true, reading = true
        var buffer = [UInt8](repeating: 0, count: 65536)
        /// Reads what is there now; false once the terminal has closed.
        func drain() -> Bool {
            while true {
                let got = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress!, $0.count) }
                if got < 0, errno == EINTR { continue }
                // EAGAIN: nothing more for now. EIO: every copy of the command's side is closed.
                guard got > 0 else { return got < 0 && errno == EAGAIN }
                let chunk = buffer[0..<got]
                if logging { logging = writeAll(chunk) }
                line.feed(chunk)
                fed = true
            }
        }
        func post(force: Bool) {
            let now = clock.now()
            guard fed, force || now - postedAt >= CommandProcess.linePeriod else { return }
            fed = false
            let text = line.text
            guard text != posted else { return }
            posted = text
            postedAt = now
            news(.command(.output(text)))
        }
        while true {
            var fds = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: reading ? master : -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)]
            // A line held back by the period is posted when the period is over, if nothing else comes first.
            let timeout = fed ? Int32(max(0, (postedAt + CommandProcess.linePeriod - clock.now()) * 1000) + 1) : -1
            // ignored: EINTR only ends this wait early; the loop looks again
            _ = poll(&fds, 3, timeout)
            if leaving.load(ordering: .acquiring) { return }
            if reading, fds[1].revents != 0 { reading = drain() }
            post(force: false)
            // The end: the process is gone (pidfd), or without a pidfd its terminal closed.
            if fds[2].revents != 0 || pidfd < 0 && !reading {
                if reading { reading = drain() }
                var status: Int32 = 0
                // ignored: a failure (ECHILD) leaves status 0; the process was ours and is gone either way
                _ = try? retryingEINTR("waitpid") { waitpid(pid, &status, 0) }
                reaped.store(true, ordering: .releasing)
                post(force: true)
                // WIFEXITED, WEXITSTATUS and WTERMSIG, macros Swift cannot see.
                let signal = status & 0x7F
                news(.command(.ended(signal == 0 ? .exited((status >> 8) & 0xFF) : .killed(signal: signal))))
                return
            }
        }
    }

    /// Writes all of `bytes` to the log; false if it cannot (a full disk): the command goes on, unlogged.
    private func writeAll(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = write(log, raw.baseAddress! + done, raw.count - done)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
    }
}
