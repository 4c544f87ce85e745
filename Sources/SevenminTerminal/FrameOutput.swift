// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SevenminCore
import SevenminSystem

/// Gathers what curses writes for one frame and hands it to the terminal in a single `write(2)`,
/// inside synchronised output where the terminal takes it.
///
/// ncurses 6.4 flushes its buffer at every cursor jump until the first `endwin`, and whenever the
/// buffer (sized for the screen it started on) fills, so a frame used to reach the terminal in a
/// write per row, and a terminal could show it half drawn. Curses cannot be handed a buffer, but it
/// writes to a descriptor of its own: once the terminal's modes are set, that descriptor refers to a
/// file in memory, and each frame then goes out whole. It stays there between frames (what curses
/// sends meanwhile, such as a bell, goes out at once, by `send`), until the terminal is given back.
final class FrameOutput {
    /// The descriptor curses writes to: a copy of standard output's, or of the memory file's.
    let cursesDescriptor: Int32
    /// Where curses writes while it holds the terminal; nil if the kernel has no memory files, and then
    /// curses writes to the terminal as it goes.
    private let memory: Int32?
    /// Whether to wrap each frame in DEC private mode 2026.
    var synchronized = false
    /// Sequences of our own (the title, a notification) waiting to go out with the next frame.
    private var queued: [UInt8] = []

    init() throws(SystemError) {
        cursesDescriptor = try SystemCall.duplicate(STDOUT_FILENO)
        memory = try? SystemCall.memoryFile(named: "sevenmin-frame")
    }

    /// Puts `bytes` into the frame being drawn, after what curses has sent so far (each `refresh`
    /// sends all it has).
    func insert(_ bytes: [UInt8]) {
        try? SystemCall.write(cursesDescriptor, bytes)   // ignored: as a frame's own bytes, below
    }

    /// Whether curses' descriptor points at memory, until the terminal is given back.
    private var holding = false

    /// Points curses' descriptor at memory, so that the next frame carries what curses wrote meanwhile,
    /// and every frame after it goes out in one write. Only once the terminal's modes are set: curses
    /// sets them through that descriptor. Again after the terminal is taken back (`fg`).
    func hold() {
        guard !holding, let memory, (try? SystemCall.redirect(cursesDescriptor, to: memory)) != nil else { return }
        holding = true
    }

    /// Sends what was held at once, and puts curses' descriptor back on the terminal (before curses
    /// gives the terminal back or stops).
    func release() {
        guard holding else { return }
        send()
        // ignored: curses' descriptor goes back to the terminal it was copied from; if even that
        // fails, what curses writes to give the terminal back is lost, not the terminal.
        try? SystemCall.redirect(cursesDescriptor, to: STDOUT_FILENO)
        holding = false
    }

    /// Whether bytes wait for the next frame.
    var hasQueued: Bool { !queued.isEmpty }

    /// Sends `bytes` with the next frame, which the loop draws in the same turn.
    func queue(_ bytes: [UInt8]) {
        queued += bytes
    }

    /// Runs `draw` (curses calls ending in `refresh`) and writes what it produced, after what was
    /// queued, as one write.
    func frame(_ draw: () -> Void) {
        let prefix = queued
        queued = []
        guard holding else {
            if !prefix.isEmpty { try? SystemCall.write(cursesDescriptor, prefix) }   // ignored: as below
            return draw()
        }
        draw()
        send(after: prefix)
    }

    /// Writes what curses has written to memory since the last frame, after `prefix`, in one write.
    func send(after prefix: [UInt8] = []) {
        guard holding, let memory else { return }
        let drawn = (try? SystemCall.drain(memory)) ?? []
        guard !drawn.isEmpty || !prefix.isEmpty else { return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(drawn.count + prefix.count + 16)
        if synchronized { bytes += TerminalReplies.beginSynchronized }
        bytes += prefix
        bytes += drawn
        if synchronized { bytes += TerminalReplies.endSynchronized }
        // ignored: a terminal that went away shows up as the end of input, which ends the workout.
        try? SystemCall.write(STDOUT_FILENO, bytes)
    }
}
