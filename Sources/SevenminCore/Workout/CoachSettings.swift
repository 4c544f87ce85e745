// SPDX-License-Identifier: GPL-3.0-or-later
/// The user's choices about how the coach gets through: flash, bell, voice.
public struct CoachSettings: Equatable, Sendable {
    /// When to ring the terminal bell for go, rest, switch and finish.
    public enum Bell: Equatable, Sendable {
        /// Only when there is no sound device.
        case auto
        case always
        case never
    }

    public var flash = true
    public var bell = Bell.auto
    /// Speak the phrases (the adapter turns this off when no voice can be had).
    public var voice = false
    /// The language the coach speaks (and the screen's workout words are in).
    public var language = CoachLanguage.en
    /// Speak the 3-2-1 instead of ticking it.
    public var countAloud = false
    /// The seed of a shuffled plan, logged and shown at the end so it can be repeated.
    public var seed: UInt64?
    /// Send a desktop notification through the terminal at the finish.
    public var notify = false
    /// Keep the summary up until a key is pressed; off in plain mode, where nobody may be at the keys.
    public var summaryWaitsForKey = true
    /// Ask "How hard was that?" on the finish screen: where the answer is kept (history is on).
    public var asksEffort = false
    /// The plan and step this workout is done for, shown in the header and at the finish.
    public var planStep: RoutineChoice.PlanStep?
    /// Keys can be read: a resumed workout opens paused, waiting for space. Off in plain mode without
    /// a terminal on standard input.
    public var keysAtHand = true
    /// Draw the move's figure, animated; off, the screen changes once a second as before.
    public var figure = true
    /// A heart-rate strap is asked for: the status line shows its bpm, or "-- bpm" while none is fresh.
    public var heartRate = false
    /// The zones the heart rate is shown in, from the user's age or maximum; nil: the bpm alone.
    public var heartZones: HeartZones?
    /// Say the heart rate at halfway of each work segment, when a reading is fresh.
    public var speaksHeartRate = false
    /// The command run beside the workout (`sevenmin during`) and what its end does; nil for `start`.
    public var during: CommandRun?
    /// The user's personal records, from the history: a hold shows its move's, and beating one is news.
    public var records = PersonalRecords()
    /// With `--ghost`, how much better than the record the ghost holds (1.05: 5 %); nil: no ghost.
    public var ghostMargin: Double?

    public init(flash: Bool = true, bell: Bell = .auto, voice: Bool = false, countAloud: Bool = false,
                seed: UInt64? = nil, notify: Bool = false, summaryWaitsForKey: Bool = true, keysAtHand: Bool = true,
                asksEffort: Bool = false, figure: Bool = true, heartRate: Bool = false) {
        self.heartRate = heartRate
        self.asksEffort = asksEffort
        self.figure = figure
        self.notify = notify
        self.summaryWaitsForKey = summaryWaitsForKey
        self.keysAtHand = keysAtHand
        self.flash = flash
        self.bell = bell
        self.voice = voice
        self.countAloud = countAloud
        self.seed = seed
    }
}
