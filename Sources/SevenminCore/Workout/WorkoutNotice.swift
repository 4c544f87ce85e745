// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// Something the user should know while a workout runs, though it goes on: a value with its
/// parameters, which the core words in the workout's language (`NoticeText`), so that no adapter holds
/// a sentence the user reads. Its detail in English (what a library said) goes to the log.
public enum WorkoutNotice: Equatable, Sendable {
    /// The sound device could not be opened: the cues are silent.
    case noSound
    /// The sound device could not be opened, and the terminal bell rings for the cues instead.
    case noSoundBell
    /// The exercise on screen has no video to open.
    case noVideo(exercise: String)
    /// Neither the voice asked for nor its fallback can speak: cues alone.
    case noVoice(voice: String)
    /// The voice asked for cannot speak; its fallback does.
    case voiceFallback(asked: String, speaking: String)
    /// The workout is not being written to the history at `path`.
    case historyNotSaved(path: String, HistoryProblem)
    /// The history proved damaged and was moved to `movedTo`; a new one was started at once, and this
    /// workout is recorded there.
    case historyStartedAfresh(movedTo: String)
    /// The events file takes no more lines.
    case eventsFileStopped(WriteFailure)
    /// A link could not be opened.
    case linkNotOpened(LinkFailure)
    /// The terminal (`TERM`) cannot move the cursor, so the workout is written a line per change.
    case linesInstead(term: String)
    /// The heart-rate strap asked for (`device`, an address or a name) cannot be read: no Bluetooth, no
    /// such device, or it offers no heart rate. The workout goes on without.
    case noHeartRate(device: String)
    /// The phone's page cannot be served (`start --phone`): `address` cannot be bound, or (nil) no network.
    case noPhone(address: String?)
    /// The strap was read, and is no longer: why, as BlueZ tells it. It is looked for again.
    case heartRateLost(device: String, HeartRateLoss)
    /// The strap says it has lost skin contact: its readings are not shown until it has it again.
    case noSkinContact

    /// Why a strap that was read, or found, cannot be read now.
    public enum HeartRateLoss: Equatable, Sendable {
        /// The Bluetooth adapter is powered off.
        case adapterOff
        /// The device went out of reach, was switched off or was removed.
        case gone
        /// It would not connect: BlueZ cannot tell a strap out of reach from one that allows one connection
        /// and has given it to another device.
        case wontConnect
        /// Two devices or more have the name asked for (their addresses): reading one could be reading
        /// another's heart.
        case ambiguous(addresses: [String])
    }

    /// Why the history is not saved.
    public enum HistoryProblem: Equatable, Sendable {
        /// Another program held the file.
        case locked
        case readOnly
        /// The disk holding it is full.
        case full
        /// The file was damaged; it was moved to `movedTo` and a new one starts next time.
        case damaged(movedTo: String)
        /// It is a link, a FIFO or a device, and was left as it is.
        case notAFile
        /// It is from a newer sevenmin, of schema `schema`, and was left as it is.
        case tooNew(schema: Int)
        /// Anything else: the log has what SQLite said.
        case failed
    }

    /// Why a file stopped taking what was written to it.
    public enum WriteFailure: Equatable, Sendable {
        /// The program reading the pipe went away.
        case readerGone
        /// The disk (or the quota) is full.
        case full
        /// Another system error, by its number; the log has its words.
        case failed(code: Int32)
    }

    /// Why a link could not be opened.
    public enum LinkFailure: Equatable, Sendable {
        /// None of the programs tried (`BROWSER`'s, else `xdg-open`) is installed.
        case noBrowser(tried: String)
        /// The program could not be started.
        case didNotStart(program: String)
        /// The program ran and said it failed.
        case failed(program: String)
    }
}
