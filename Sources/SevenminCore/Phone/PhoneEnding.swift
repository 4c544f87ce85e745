// SPDX-License-Identifier: GPL-3.0-or-later
/// What the phone's page says once the workout is over, as the core words it: the finish's summary and, while
/// the terminal asks it too, how hard it was; or that the workout ended. The server keeps serving while the
/// question is open (until it is answered, from the phone or the terminal, or the finish is left), and closes
/// once it has told the phones an ending without one.
public struct PhoneEnding: Equatable, Sendable {
    /// "Workout complete", "Ended: 2 of 12 exercises done", or "Workout ended." after a quit.
    public var title: String
    /// "Classic: 12/12 exercises in 7:50 · effort 7/10"; nil after a quit.
    public var line: String?
    /// "How hard was that? 1–10 — it is kept in your history" while the rating is asked; nil once it is not.
    public var question: String?

    public init(title: String, line: String? = nil, question: String? = nil) {
        self.title = title
        self.line = line
        self.question = question
    }

    /// The finish: `summary`'s headline and line, and its question while `asking`.
    public static func finished(_ summary: ScreenModel.Summary, routine: String, language: CoachLanguage,
                                asking: Bool) -> PhoneEnding {
        let text = ScreenText.of(language)
        return PhoneEnding(title: summary.headline(text),
                           line: summary.line(routine: routine, streak: true, text: text),
                           question: asking && summary.asksEffort && summary.effort == nil
                               ? summary.effortQuestion(text) : nil)
    }

    /// A workout quit before its finish.
    public static func ended(_ language: CoachLanguage) -> PhoneEnding {
        PhoneEnding(title: PhraseTable.of(language).ended)
    }
}
