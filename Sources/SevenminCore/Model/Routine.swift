// SPDX-License-Identifier: GPL-3.0-or-later
/// The body area an exercise works; `--shuffle` keeps the order of groups.
public enum ExerciseGroup: String, CaseIterable, Sendable {
    case cardio, lower, upper, core
}

/// One exercise of a routine, after validation.
public struct Exercise: Equatable, Sendable {
    public var title: String
    public var description: String
    /// An http(s) link to a demonstration video, if any.
    public var videoURL: String?
    public var color: RGB
    /// The colour as the file names it (`flatRed`, `#3A7082`), or the palette name given to it.
    public var colorName: String
    /// Seconds of work; the routine's default when the file gives none.
    public var work: Double
    /// 2 for exercises done once on each side, half the work each, with a switch between.
    public var sides: Int
    public var group: ExerciseGroup?
    /// Free-form labels such as `chair`, `floor`, `noisy`; `--without TAG` drops exercises by them.
    public var tags: [String]
    /// What the voice says instead of the title, for names that read badly aloud or another language.
    public var say: String?
    /// The move as a stick figure, shown beside the countdown; nil draws none.
    public var figure: Figure?
    /// Up to three short form cues ("hips level"), shown beside the figure and printed in plain mode.
    public var cues: [String]
    /// Seconds of rest after this exercise, before the next one; nil for the routine's `rest`.
    /// Routines imported from timers that place each rest by hand keep their timing through it.
    public var rest: Double?
    /// Seconds of the pause between this exercise's sides; nil for the routine's `switchRest`.
    public var switchRest: Double?
    /// Repetitions to do instead of a time: the step counts up from 0:00 and ends when the user says
    /// it is done (Enter or `n`), or at `repsLimit`.
    public var reps: Int?
    /// With `reps`, the most seconds the step may take (the exercise's own `work`); nil: no limit.
    public var repsLimit: Double?

    /// The seconds the plan gives the exercise: its work, or for a step counted in reps its limit, 0
    /// (open) without one.
    public var plannedSeconds: Double { reps == nil ? work : repsLimit ?? 0 }

    public init(title: String, description: String = "", videoURL: String? = nil,
                color: RGB, colorName: String? = nil, work: Double, sides: Int = 1,
                group: ExerciseGroup? = nil, tags: [String] = [], say: String? = nil, figure: Figure? = nil,
                cues: [String] = [], rest: Double? = nil, switchRest: Double? = nil, reps: Int? = nil,
                repsLimit: Double? = nil) {
        self.title = title
        self.description = description
        self.videoURL = videoURL
        self.color = color
        self.colorName = colorName ?? color.hex
        self.work = work
        self.sides = sides
        self.group = group
        self.tags = tags
        self.say = say
        self.figure = figure
        self.cues = cues
        self.rest = rest
        self.switchRest = switchRest
        self.reps = reps
        self.repsLimit = repsLimit
    }
}

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
