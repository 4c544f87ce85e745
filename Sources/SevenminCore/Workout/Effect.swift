// SPDX-License-Identifier: GPL-3.0-or-later
/// What the workout asks the adapters to do. The core decides; the loop only performs these.
public enum Effect: Equatable, Sendable {
    /// Draw this frame.
    case draw(ScreenModel)
    /// Forget what the terminal shows, so the next frame is drawn in full (after `fg` or a stop).
    case repaint
    /// Sound a cue that fell due at `due`.
    case playCue(Cue, due: Instant)
    /// Speak a phrase.
    case announce(Announcement)
    /// Render these phrases ahead of time, in the background, so none waits on synthesis when due.
    case prepareVoice([Phrase])
    /// Append a line to the events file.
    case log(EventRecord)
    /// Tell the terminal what happened in the session (a segment began, a pause, halfway), in order,
    /// for a terminal that puts it into words (plain mode); a screen shows it in the next frame instead.
    case happened(SessionEvent)
    /// Write to the history.
    case record(HistoryEntry)
    /// Ring the terminal bell: a cue for when there is no sound device.
    case bell
    /// Set the window title.
    case setTitle(String)
    /// Publish the workout's state for status lines; nil: no workout runs any more.
    case status(StatusSnapshot?)
    /// Publish the workout as a media player; nil: it is over. Told at each segment, pause and resume only.
    case player(PlayerState?)
    /// Tell the phones the workout is over, and how; the server closes once no question is left open.
    case phoneEnded(PhoneEnding)
    /// Drop every phone from the page and make a new token (and QR code) for it: the `x` key.
    case renewPhoneLink
    /// Keep the screen awake, or let it blank again (at the end, and after a long pause).
    case keepAwake(Bool)
    /// Ask the terminal to show a desktop notification.
    case notify(title: String, body: String)
    /// Open a link (an exercise's video) in the user's browser.
    case openLink(String)
    /// Give the terminal back and stop the process (Ctrl-Z); `fg` continues it.
    case suspend
    /// End the workout.
    case quit(WorkoutEnding)
}
