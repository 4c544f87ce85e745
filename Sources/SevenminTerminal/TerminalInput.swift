// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SevenminCore
import SevenminSystem

/// The loop's waiting room: sleeps in `poll` on the terminal, the signal pipe, the deadline
/// timer and the inbox of background news, and reports what woke it as inputs.
public final class TerminalInput: InputSource {
    private let terminal: CursesTerminal
    private let signals: SignalPipe
    private let timer: DeadlineTimer
    private let inbox: WakeInbox
    /// Tells of the wall clock being set.
    private let wallClock = WallClockWatch()

    public init(terminal: CursesTerminal, signals: SignalPipe, timer: DeadlineTimer, inbox: WakeInbox) {
        self.terminal = terminal
        self.signals = signals
        self.timer = timer
        self.inbox = inbox
    }

    public func wait(until deadline: Instant?) throws -> [Input] {
        try timer.arm(at: deadline)
        var fds = [STDIN_FILENO, signals.fileDescriptor, timer.fileDescriptor, inbox.fileDescriptor].map {
            pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
        } + [wallClock.pollDescriptor]
        // An interruption is a signal, which the pipe now holds: wait again to read it.
        try retryingEINTR("poll") { poll(&fds, nfds_t(fds.count), -1) }
        // Signals first: a continue must reach the app before the news that woke with it, since the app
        // measures the time stopped from the last input it handled.
        var inputs: [Input] = []
        if fds[1].revents != 0 {
            for signo in signals.drain() {
                guard let input = SignalPipe.input(for: signo) else { continue }
                if input == .resize { terminal.followResize() }
                inputs.append(input)
            }
        }
        if wallClock.changed(revents: fds[4].revents) { inputs.append(.wallClockChanged) }
        if fds[2].revents != 0 { timer.clear() }
        if fds[3].revents != 0 { inputs += inbox.take() }
        var closed = fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
        if fds[0].revents & Int16(POLLIN) != 0 {
            let keys = terminal.pendingKeys()
            inputs += keys.map { Input.key($0) }
            // Readable yet nothing read: either end of file (the terminal went away) or a byte that
            // arrived just now. A read tells which without blocking, since the fd is readable. (What
            // was read may all have been the terminal's answer to the start-up question.)
            if keys.isEmpty, !terminal.readAnything { closed = closed || terminal.inputAtEnd() }
        }
        if closed { inputs.append(.inputClosed) }
        return inputs
    }
}
