// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

// The seams through which the workout loop reaches the world: each is an adapter in the program
// and an in-memory double in the tests.

/// Where the loop waits for something to happen: keys, signals, the deadline, and news that
/// background work posts (the sound device opening, a delivery, the history), which wakes it at once.
public protocol InputSource: AnyObject {
    /// Blocks until input arrives or `deadline` passes (nil: no deadline). An empty answer means
    /// only that time has passed.
    func wait(until deadline: Instant?) throws -> [Input]
}

/// Where the loop writes what happened: the events file and the history. News for the workout (a
/// broken events pipe, a history that cannot be written, the streak) comes back as inputs, through
/// the input source, never by the loop asking.
public protocol WorkoutRecorder: AnyObject {
    func log(_ record: EventRecord)
    func record(_ entry: HistoryEntry)
}

/// What the history keeps of a workout as it goes.
public enum HistoryEntry: Equatable, Sendable {
    /// A segment ended, by running out or by being left (skipped, restarted, or quit).
    case segmentEnded(SegmentEnd)
    /// The count typed for the step of as many as you can at plan index `index`, which ended before it: its
    /// row gets the reps and what they measure.
    case counted(index: Int, kind: RecordKind, reps: Int)
    /// The workout ended, as the history is to call it.
    case finished(SessionOutcome)
    /// The user said how hard it was, 1 to 10, on the finish screen.
    case effort(Int)
    /// A heart-rate sample, bpm, fresh now: at most one a second (`HeartRateLog`).
    case heartRate(Int)
    /// The workout was paused, or went on again, `ago` seconds before now (`PauseRecord`).
    case paused(ago: Double), resumed(ago: Double)
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

/// Where cues can be heard, as far as the core needs to know.
public enum AudioStatus: Equatable, Sendable {
    /// Still opening in the background; cues are queued.
    case opening
    case device(String)
    /// No sound device: cues cannot be heard.
    case silent
    /// The user asked for no sound.
    case muted
}

/// Where the workout's state is published for status lines: a file in the program, a recorder in tests.
public protocol StatusPublisher: AnyObject {
    /// Publishes `snapshot`; nil withdraws it (no workout runs).
    func publish(_ snapshot: StatusSnapshot?)
}

/// Opens links outside the terminal: `$BROWSER` or `xdg-open` in the program, a recorder in tests.
public protocol LinkOpener: AnyObject {
    func open(_ url: String)
}

/// The phone's page (`start --phone`): an HTTP server in the program, a recorder in tests. It is told
/// what the media player is told, at each segment, pause and resume only; its buttons come back as
/// `Input.remote`, and its phones and address as `Input.phone`.
public protocol PhoneScreen: AnyObject {
    /// Tells the phones the workout's state; nil: it is over.
    func publish(_ player: PlayerState?)
    /// Tells the phones the workout is over; without a question left open, stops serving once they are told.
    func end(_ ending: PhoneEnding)
    /// Drops every phone and makes a new token, which comes back as `PhoneNews.link`.
    func renew()
}
