// SPDX-License-Identifier: GPL-3.0-or-later
/// The workout's words on the screen and in plain mode, in one language: the one table that
/// headings, state words and transcript lines are taken from. Events files and the history keep
/// English, since scripts read them. Each language's table is in its file of `Voice/Tables/`.
public struct ScreenWords: Sendable {
    public let getReady: String
    public let rest: String
    /// "Rest before round 2".
    public let restBeforeRound: @Sendable (Int) -> String
    /// "Next", before the exercise coming.
    public let next: String
    public let lastExercise: String
    /// The state word while paused, as the big type shows it; in capitals on the status line.
    public let paused: String
    /// Plain mode's lines.
    public let halfway: String
    public let switchSides: String
    public let goingOn: String
    public let finished: String
    /// "1:30 left".
    public let left: String
    /// The subtitle of an exercise: "Exercise 3/12 · first side"; plain mode's "30 s, each side".
    public let exercise: String
    public let warmup: String
    public let cooldown: String
    public let firstSide: String
    public let secondSide: String
    /// The second side, where a pause to switch came before it.
    public let otherSide: String
    public let eachSide: String
    /// "10 reps", as big type shows a step counted in reps and plain mode says it.
    public let reps: @Sendable (Int) -> String
    /// Under the time counted up on a step counted in reps, "so far", and "time limit" before its limit.
    public let soFar: String
    public let timeLimit: String
    /// The five heart-rate zones' names, the lowest first (`HeartZones`).
    public let heartZones: [String]
    /// Beats a minute, after a heart rate: "bpm", in German "S/min", in Spanish "ppm".
    public let bpm: String
    /// Before the record under a hold's time ("record 0:40"); "New record" big at its end and at the finish;
    /// "Ghost passed" once a hold outlasts the ghost.
    public let record: String
    public let newRecord: String
    public let ghostPassed: String
    /// Before the move of a step of as many as you can, as a count before one of reps: "Max × Push-up".
    public let most: String
    /// Over the count asked after a step of as many as you can, and the keys under it.
    public let howMany: String
    public let countKeys: String
    /// What sets a label off from what follows it: ": ", and in French a no-break space before the
    /// colon too, as French sets it and as the French voice says "Ensuite : Pompes".
    public var colon = ": "

    public static func of(_ language: CoachLanguage) -> ScreenWords {
        language.table(english, german, french, spanish, italian, dutch)
    }
}
