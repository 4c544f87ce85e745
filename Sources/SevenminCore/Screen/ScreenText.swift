// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The workout's sentences beyond its state words (`ScreenWords`) and notices (`NoticeText`), in one
/// language: the finish screen, the help and quit panels, the status line and its key hints, the window
/// title and plain mode's own lines. Keys keep their letters (`y`, `n`, `q`, `?`) in every language, as the
/// keys themselves do; the command line's help and errors stay English (see DECISIONS.md). Each language's
/// table is in its file of `Voice/Tables/`.
public struct ScreenText: Sendable {
    /// The finish: "Workout complete", or "Ended: 2 of 12 exercises done".
    public let complete: String
    public let ended: @Sendable (_ done: Int, _ of: Int) -> String
    /// "Day 5 in a row"; for 1, "Day 1 of a new streak".
    public let streak: @Sendable (Int) -> String
    /// "Heart-rate recovery: 32 bpm in a minute (165 to 133)", from the drop, the rate at the end of the last
    /// exercise and a minute later; and the line shown until that minute has passed. Information, no verdict.
    public let heartRecovery: @Sendable (_ drop: Int, _ from: Int, _ to: Int) -> String
    public let heartRecoveryPending: String
    /// "Time" and "Exercises done", before their figures; " in 3 rounds" after the count.
    public let time: String
    public let exercisesDone: String
    public let inRounds: @Sendable (Int) -> String
    /// "Shuffled with", before `--seed N`.
    public let shuffled: String
    public let effortQuestion: String
    public let effortKeys: String
    /// What the rating does, after the question: for a plan's step, and for a workout off any plan.
    public let effortForPlan: String
    public let effortForHistory: String
    /// "Plan: Three circuits · step 3 of 4", and what is added for a workout changed off the step.
    public let planStep: @Sendable (_ plan: String, _ step: Int, _ of: Int) -> String
    public let offPlan: String
    public let pressAnyKey: String
    /// The line after exit and the finish notification's body: "12/12 exercises in 7:50".
    public let exercisesIn: @Sendable (_ done: Int, _ of: Int, _ time: String) -> String
    /// "effort 8/10".
    public let effort: @Sendable (Int) -> String
    /// The help panel: its title and what each key of `KeyBindings.summary` does, in that order.
    public let keys: String
    public let keyActions: [String]
    /// The space bar's name, in the help panel's column of keys.
    public let space: String
    /// "… 3 more: make the window taller".
    public let more: @Sendable (Int) -> String
    /// The quit prompt, whole and compact; `quitWord` is its question in one word, for the tiny forms.
    public let quitQuestion: String
    public let quitKeys: String
    public let quitCompactKeys: String
    public let quitWord: String
    /// `during`'s quit prompt while its command runs, handed the command's name: a line per answer, stopping
    /// both (`y`, Enter), leaving it running (`b`), going on (`n`); and its compact keys.
    public let quitCommandKeys: @Sendable (String) -> [String]
    public let quitCommandCompactKeys: String
    /// The status line's hints, and the shorter ones where a notice needs the room.
    public let keyHints: String
    public let shortKeyHints: String
    /// "7:50 to go", after the time left.
    public let toGo: String
    /// The status line's ask on a step counted in reps, where the clock counts up.
    public let whenDone: String
    /// "Round 2/3".
    public let round: String
    /// The window title at the finish and while paused.
    public let done: String
    public let pausedTitle: String
    /// "+ 2 open", after a time that leaves out steps counted in reps.
    public let open: @Sendable (Int) -> String
    /// Plain mode's first line ("12 exercises in 3 rounds — 7:50 in all") and its own lines.
    public let exercises: @Sendable (Int) -> String
    public let inAll: String
    public let form: String
    public let plainKeys: String
    public let plainQuit: String
    public let plainQuitCommand: @Sendable (String) -> String
    public let note: String
    /// Under a rest that waits for the heart: "until under 120 bpm, at most 1:00".
    public let restUntil: @Sendable (_ bpm: Int, _ most: String) -> String
    /// Beside the exercise after it: "rest ended at 112 bpm", or "rest ended after 1:00" at its longest.
    public let restEndedAt: @Sendable (_ bpm: Int) -> String
    public let restEndedAfter: @Sendable (_ most: String) -> String

    /// The quit prompt's keys, the same in every language, as the keys are.
    public static let quitAnswers = "y/n"

    /// `during`'s quit prompt's keys while its command runs: stop both, leave it running, go on.
    public static let quitCommandAnswers = "y/b/n"

    public static func of(_ language: CoachLanguage) -> ScreenText {
        language.table(english, german, french, spanish, italian, dutch)
    }
}
