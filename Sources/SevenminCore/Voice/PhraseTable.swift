// SPDX-License-Identifier: GPL-3.0-or-later
/// One language's words for everything the coach says, as a gettext catalogue holds them:
/// sentences with the exercise's name put in, and numbers in words with that language's rules.
/// Written for the ear: every phrase is two words at least, and a name is never said alone, where a
/// listener could take "Wall sit." for "well said" or "Rest." for "breast".
public struct PhraseTable: Sendable {
    public let language: CoachLanguage
    /// "Get ready. First up: Squat."
    let getReady: @Sendable (_ first: String) -> String
    /// What starts an exercise: "Time for squat. Thirty seconds.", the duration in words (nil: not timed).
    let work: @Sendable (_ name: String, _ duration: String?) -> String
    /// "Rest now. Next up: Squat." or, before the last exercise, "Rest now. Last one: Squat."
    let rest: @Sendable (_ next: String, _ isLast: Bool) -> String
    /// "Rest now.", for the rest after the last exercise, which leads to the finish.
    let finalRest: String
    /// "Round two of three.", the numbers already in words.
    let round: @Sendable (_ number: String, _ total: String) -> String
    let halfway: String
    let switchSides: String
    let paused: String
    let resumed: String
    /// "Workout complete.", before how long it took.
    let complete: String
    /// "Workout ended.", for a workout skipped through to its end, before how long it took.
    let ended: String
    /// A whole number in words, as counted aloud ("one", German "eins", Dutch "één").
    let number: @Sendable (Int) -> String
    /// A count of seconds with its noun, agreeing in number and gender: "one second", "thirty seconds".
    let seconds: @Sendable (Int) -> String
    /// The same for minutes.
    let minutes: @Sendable (Int) -> String
    /// What starts a step counted in reps, the count in words: "Ten push-ups.", or where the name
    /// cannot be counted so, "Plank: ten reps."
    let reps: @Sendable (_ count: Int, _ name: String) -> String
    /// What joins minutes and the seconds after them, as in "eight minutes and five seconds".
    let minutesAndSeconds: String
    /// "Heart rate one hundred forty.", the bpm already in words: said at halfway when asked.
    let heartRate: @Sendable (_ bpm: String) -> String
    /// "Command finished.", when the command run beside the workout (`during`) ends well.
    let commandFinished: String
    /// "Command failed, exit code two.", the status already in words.
    let commandFailed: @Sendable (_ code: String) -> String
    /// "New record.", said once as a step beats the user's record for the move.
    let newRecord: String
    /// Said once as a hold passes the ghost, the user's record a little bettered (`--ghost`).
    let ghostPassed: String
    /// "How many?", as a step of as many as you can ends and its count is asked.
    let howMany: String

    /// A number written as one word, as German, Italian and Dutch do: how many `size`s (`one` for a
    /// single one: German "ein", Dutch and Italian nothing), the word for `size`, and the rest.
    static func compound(_ number: Int, size: Int, named word: String, one: String,
                         words: (Int) -> String) -> String {
        let count = number / size, rest = number % size
        return (count == 1 ? one : words(count)) + word + (rest == 0 ? "" : words(rest))
    }

    /// The table for `language`.
    public static func of(_ language: CoachLanguage) -> PhraseTable {
        language.table(english, german, french, spanish, italian, dutch)
    }
}
