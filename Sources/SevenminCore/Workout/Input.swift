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
    case notice(WorkoutNotice)
    /// The history's streak as it stood when the workout began.
    case streak(StreakBasis)
    /// The wall clock was set (the workout's own time runs on and does not jump): what was written in
    /// wall-clock time is written again.
    case wallClockChanged
    /// A media key, a headset's button or a phone's remote, through the workout's media player.
    case remote(RemoteCommand)
    /// A heart-rate strap or watch sent a measurement (`HeartRateMeasurement`), at the instant handled.
    case heartRate(HeartRateMeasurement)
    /// The phone's server: where the page is, or how many phones have it open.
    case phone(PhoneNews)
    /// The command run beside the workout (`sevenmin during`): its last line, or its end.
    case command(CommandNews)
}
