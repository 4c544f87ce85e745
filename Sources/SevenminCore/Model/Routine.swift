// SPDX-License-Identifier: GPL-3.0-or-later
/// A workout routine as loaded from a JSON file.
public struct Routine: Equatable, Sendable {
    public static let defaultWork = 30.0
    public static let defaultRest = 10.0
    public static let defaultGetReady = 10.0
    public static let defaultRounds = 1
    public static let defaultRoundRest = 60.0
    /// Sweat pauses 4 s between sides and Seconds offers a pause; 5 s is time to roll over.
    public static let defaultSwitchRest = 5.0

    public var name: String
    public var description: String
    public var rest: Double
    public var getReady: Double
    public var rounds: Int
    public var roundRest: Double
    /// Seconds of the pause between the two sides of an exercise done on each side; 0 for none, the
    /// sides then switching at half time.
    public var switchRest: Double
    /// Seconds of rest after the very last exercise, before the finish, as timers whose sets end on
    /// a rest run it (JAWT); 0 ends the workout with its last exercise.
    public var finalRest = 0.0
    /// Rests that wait for the heart rate to fall, when a strap is read; nil for rests of their set length.
    public var restUntil: RestUntil?
    public var exercises: [Exercise]
    /// Run once, before the first round.
    public var warmup: [Exercise]
    /// Run once, after the last round.
    public var cooldown: [Exercise]
    /// The voice to speak with, such as `rms`, `en-us`, `de` or `fr`; nil for the language's own.
    public var voice: String?
    /// The language the routine is written in, which the coach then speaks; nil to leave it to the
    /// voice, `--language` and the environment.
    public var language: CoachLanguage?

    public init(name: String, description: String = "", rest: Double = Routine.defaultRest,
                getReady: Double = Routine.defaultGetReady, rounds: Int = Routine.defaultRounds,
                roundRest: Double = Routine.defaultRoundRest, exercises: [Exercise],
                warmup: [Exercise] = [], cooldown: [Exercise] = [], voice: String? = nil,
                language: CoachLanguage? = nil, switchRest: Double = Routine.defaultSwitchRest) {
        self.name = name
        self.description = description
        self.rest = rest
        self.getReady = getReady
        self.rounds = rounds
        self.roundRest = roundRest
        self.switchRest = switchRest
        self.exercises = exercises
        self.warmup = warmup
        self.cooldown = cooldown
        self.voice = voice
        self.language = language
    }

    /// Seconds of rest after `exercise`: its own, else the routine's.
    public func rest(after exercise: Exercise) -> Double { exercise.rest ?? rest }

    /// Seconds of the pause between `exercise`'s sides: its own, else the routine's; 0 for an exercise
    /// done whole.
    public func switchRest(of exercise: Exercise) -> Double {
        exercise.sides == 2 ? exercise.switchRest ?? switchRest : 0
    }

    /// The short YouTube link for a video id: short enough to fit on the screen whole.
    public static func youTubeURL(id: String) -> String {
        "https://youtu.be/" + id
    }
}
