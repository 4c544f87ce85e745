// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

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
