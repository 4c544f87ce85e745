// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SevenminCore
import SevenminSystem

/// Plain mode's waiting room: `poll` on the signal pipe, the deadline timer, the inbox of
/// background news and, when standard input is a terminal, its keys. Without a terminal the
/// workout runs on and ends by signals, or when nobody reads its lines any more (`outputClosed`:
/// `| head` has exited), as a hang-up.
public final class PlainInput: InputSource {
    private let signals: SignalPipe
    private let timer: DeadlineTimer
    private let inbox: WakeInbox
    /// Tells of the wall clock being set.
    private let wallClock = WallClockWatch()
    private let keyboard: KeyboardMode?
    private let outputClosed: () -> Bool

    public init(signals: SignalPipe, timer: DeadlineTimer, inbox: WakeInbox, keyboard: KeyboardMode?,
                outputClosed: @escaping () -> Bool = { false }) {
        self.signals = signals
        self.timer = timer
        self.inbox = inbox
        self.keyboard = keyboard
        self.outputClosed = outputClosed
    }

    public func wait(until deadline: Instant?) throws -> [Input] {
        try timer.arm(at: deadline)
        var fds = [signals.fileDescriptor, timer.fileDescriptor, inbox.fileDescriptor].map {
            pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
        } + [wallClock.pollDescriptor]
        if let keyboard { fds.append(pollfd(fd: keyboard.fileDescriptor, events: Int16(POLLIN), revents: 0)) }
        // An interruption is a signal, which the pipe now holds: wait again to read it.
        try retryingEINTR("poll") { poll(&fds, nfds_t(fds.count), -1) }
        // Signals first, as in `TerminalInput`: a continue must reach the app before news that woke with it.
        var inputs = fds[0].revents != 0 ? signals.drain().compactMap(SignalPipe.input(for:)) : []
        if wallClock.changed(revents: fds[3].revents) { inputs.append(.wallClockChanged) }
        if fds[1].revents != 0 { timer.clear() }
        if fds[2].revents != 0 { inputs += inbox.take() }
        if let keyboard, fds[4].revents != 0 {
            var bytes: [UInt8] = []
            // Readable, so the read does not block; nothing read is the end of the terminal.
            let got = (try? SystemCall.read(keyboard.fileDescriptor, into: &bytes, count: 64)) ?? 0
            inputs += got == 0 ? [.inputClosed] : KeyDecoder.keys(from: bytes).map { Input.key($0) }
        }
        if outputClosed() { inputs.append(.inputClosed) }
        return inputs
    }
}
