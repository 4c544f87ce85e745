// SPDX-License-Identifier: GPL-3.0-or-later
/// What the workout loop needs of a terminal; curses in the program, an in-memory grid in tests.
public protocol TerminalBackend: AnyObject {
    /// The size in columns and rows.
    var size: (width: Int, height: Int) { get }
    /// Shows `grid`, writing only what changed since the last frame.
    func draw(_ grid: CellGrid)
    /// Shows a frame: by default rendered to a grid of the terminal's size and drawn; the plain
    /// terminal writes lines from the model instead.
    func present(_ model: ScreenModel, with renderer: ScreenRenderer)
    /// Hears what happened in the session since the last frame, in order; `present` follows.
    func happened(_ event: SessionEvent)
    /// Forgets what is on screen, so the next frame is drawn in full.
    func invalidate()
    func bell()
    func setTitle(_ title: String)
    /// Asks the terminal for a desktop notification (an OSC sequence the terminal understands).
    func notify(title: String, body: String)
    /// Gives the terminal back and stops the process; returns once it runs again (after `fg`).
    func suspend()
}

extension TerminalBackend {
    public func present(_ model: ScreenModel, with renderer: ScreenRenderer) {
        let size = self.size
        draw(renderer.render(model, width: size.width, height: size.height))
    }

    /// A screen shows what happened in the frame that follows.
    public func happened(_ event: SessionEvent) {}
}

/// Where the loop waits for something to happen: keys, signals, the deadline, and news that
/// background work posts (the sound device opening, a delivery, the history), which wakes it at once.
public protocol InputSource: AnyObject {
    /// Blocks until input arrives or `deadline` passes (nil: no deadline). An empty answer means
    /// only that time has passed.
    func wait(until deadline: Instant?) throws -> [Input]
}

/// Where cues and phrases are sent to be heard: the libao player, or a recorder in tests.
public protocol AudioSink: AnyObject, Sendable {
    /// Queues `cue`, which fell due at `due`; returns at once.
    func play(_ cue: Cue, due: Instant)
    /// Queues a phrase; returns at once.
    func say(_ announcement: Announcement)
    /// Starts rendering phrases in the background; returns at once.
    func prepare(_ phrases: [Phrase])
}

/// Opens links outside the terminal: `$BROWSER` or `xdg-open` in the program, a recorder in tests.
public protocol LinkOpener: AnyObject {
    func open(_ url: String)
}

/// Where the loop writes what happened: the events file and the history. News for the workout (a
/// broken events pipe, a history that cannot be written, the streak) comes back as inputs, through
/// the input source, never by the loop asking.
public protocol WorkoutRecorder: AnyObject {
    func log(_ record: EventRecord)
    func record(_ entry: HistoryEntry)
}

/// Where the workout's state is published for status lines: a file in the program, a recorder in tests.
public protocol StatusPublisher: AnyObject {
    /// Publishes `snapshot`; nil withdraws it (no workout runs).
    func publish(_ snapshot: StatusSnapshot?)
}
