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
    /// Ask the terminal to show a desktop notification.
    case notify(title: String, body: String)
    /// Open a link (an exercise's video) in the user's browser.
    case openLink(String)
    /// Give the terminal back and stop the process (Ctrl-Z); `fg` continues it.
    case suspend
    /// End the workout.
    case quit(WorkoutEnding)
}

/// How a workout ended.
public enum WorkoutEnding: Equatable, Sendable {
    case completed
    case quit
    case signal(WorkoutSignal)
}

/// A phrase for the voice to speak, with the instant it falls due.
public struct Announcement: Equatable, Sendable {
    public var phrase: Phrase
    public var due: Instant

    public init(_ phrase: Phrase, due: Instant) {
        self.phrase = phrase
        self.due = due
    }
}

/// What the history keeps of a workout as it goes.
public enum HistoryEntry: Equatable, Sendable {
    /// A segment ended, by running out or by being left (skipped, restarted, or quit).
    case segmentEnded(SegmentEnd)
    /// The workout ended, as the history is to call it.
    case finished(SessionOutcome)
    /// The user said how hard it was, 1 to 10, on the finish screen.
    case effort(Int)
}

/// A segment that ended.
public struct SegmentEnd: Equatable, Sendable {
    public var index: Int
    public var kind: SegmentKind
    public var title: String
    public var round: Int
    /// Seconds the plan gave it.
    public var planned: Double
    /// Seconds it really ran, pauses excluded.
    public var actual: Double
    /// True when it ran out; false when it was skipped or cut short.
    public var ranOut: Bool
    /// Which side of an exercise done on each side, as `SegmentRecord.side`.
    public var side: Int? = nil
}
