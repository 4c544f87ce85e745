// SPDX-License-Identifier: GPL-3.0-or-later
/// Something the outside world tells the workout: a key, the passing of time, a signal.
public enum Input: Equatable, Sendable {
    case key(Key)
    /// Time has passed; nothing else happened (the deadline timer fired).
    case tick
    /// The terminal changed size; the adapter has already followed it.
    case resize
    case signal(WorkoutSignal)
    /// The terminal hung up: nobody can press a key any more.
    case inputClosed
    /// The sound device finished opening (or failed to).
    case audio(AudioStatus)
    /// The audio thread handed a cue or phrase on, or could not; the core writes its events-file line.
    case delivered(AudioDelivery)
    /// A phrase reported as not yet rendered (`AudioDelivery.Outcome.notRendered`) is ready now.
    case phraseReady(Phrase)
    /// Something went wrong that the user should know of, though the workout goes on.
    case notice(String)
    /// The history's streak as it stood when the workout began.
    case streak(StreakBasis)
}

/// The signals a workout reacts to, by meaning rather than number.
public enum WorkoutSignal: Equatable, Sendable {
    case interrupt, terminate, hangUp, quit
    /// Ctrl-Z: pause and give the terminal back.
    case suspend
    /// Running again after a stop; whatever is on screen may be stale.
    case continued

    /// The POSIX signal number, for the exit status and the re-raise.
    public var number: Int32 {
        switch self {
        case .interrupt: return 2
        case .terminate: return 15
        case .hangUp: return 1
        case .quit: return 3
        case .suspend: return 20
        case .continued: return 18
        }
    }
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

/// What became of a cue or a phrase handed to the sound side: news from the audio thread.
public struct AudioDelivery: Equatable, Sendable {
    public enum Item: Equatable, Sendable {
        case cue(Cue)
        case phrase(Phrase)
    }

    public enum Outcome: Equatable, Sendable {
        /// Handed to the sound device, or written to the file.
        case played
        /// There is no sound device: nothing could be heard.
        case noDevice
        /// Dropped: it was `late` seconds past due when the audio thread took it.
        case stale(late: Double)
        /// A phrase stopped early because a more important one started.
        case cutOff
        /// A phrase whose speech was not rendered yet; the core decides whether to wait for it.
        case notRendered
    }

    public var item: Item
    /// When it fell due.
    public var due: Instant
    /// When the audio side handed it on or gave it up, on the loop's clock.
    public var at: Instant
    public var outcome: Outcome

    public init(_ item: Item, due: Instant, at: Instant, outcome: Outcome) {
        self.item = item
        self.due = due
        self.at = at
        self.outcome = outcome
    }
}
