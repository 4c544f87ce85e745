// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SevenminCore
import SevenminSystem

/// The terminal of plain mode: writes the transcript's lines for each frame and never moves the
/// cursor, so screen readers, logs and pipes get one line per change. Grids are never drawn.
public final class PlainTerminal: TerminalBackend {
    private var transcript: PlainTranscript
    private let write: (String) -> Void
    private let signals: SignalPipe
    private let keyboard: KeyboardMode?

    /// `write` takes each line with its newline; `keyboard` is the terminal keys come from, if any.
    public init(transcript: PlainTranscript, signals: SignalPipe, keyboard: KeyboardMode?,
                write: @escaping (String) -> Void) {
        self.transcript = transcript
        self.signals = signals
        self.keyboard = keyboard
        self.write = write
    }

    /// A nominal size: nothing is laid out.
    public var size: (width: Int, height: Int) { (80, 24) }

    public func present(_ model: ScreenModel, with renderer: ScreenRenderer) {
        for line in transcript.lines(for: model) { write(line + "\n") }
    }

    public func happened(_ event: SessionEvent) {
        transcript.happened(event)
    }

    public func draw(_ grid: CellGrid) {}

    public func invalidate() {}

    /// Silent: a bell byte would land in logs and pipes, and each change already has its line.
    public func bell() {}

    public func setTitle(_ title: String) {}

    /// Plain output goes to files, pipes and screen readers, where an escape sequence is noise:
    /// the finish is already a line of its own.
    public func notify(title: String, body: String) {}

    /// Gives the user's modes back and stops (Ctrl-Z); after `fg`, reads keys again.
    public func suspend() {
        keyboard?.release()
        signals.stopProcess()
        let ttou = signal(SIGTTOU, SIG_IGN)
        try? keyboard?.take()
        // ignored: SIG_ERR only for an invalid signal number; SIGTTOU is valid
        signal(SIGTTOU, ttou)
    }
}
