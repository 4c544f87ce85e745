// SPDX-License-Identifier: GPL-3.0-or-later
/// Everything the coach says, as functions of plain values, in the words of one language's table.
public struct Phrases: Sendable {
    public let table: PhraseTable
    public var language: CoachLanguage { table.language }

    public init(_ language: CoachLanguage) { table = PhraseTable.of(language) }

    public static let english = Phrases(.en)

    /// "Get ready. First: Jumping Jacks."
    public func getReady(first: String) -> Phrase {
        Phrase(table.getReady(first), priority: .high)
    }

    /// "Wall sit. Thirty seconds." An exercise's `say` text, when given, replaces its title,
    /// for names that read badly aloud; `seconds` is left out when it is nil or zero.
    public func workStart(title: String, say: String? = nil, seconds: Double?) -> Phrase {
        let name = say.flatMap { $0.isEmpty ? nil : $0 } ?? title
        guard let seconds, seconds >= 1 else { return Phrase(Phrases.sentence(name), priority: .high) }
        return Phrase(Phrases.sentence(name) + " " + Phrases.sentence(duration(seconds)), priority: .high)
    }

    /// What starts a step counted in reps: "Ten push-ups.", or "Plank. Ten reps."; `say` replaces the title.
    public func reps(_ count: Int, title: String, say: String? = nil) -> Phrase {
        Phrase(table.reps(count, say.flatMap { $0.isEmpty ? nil : $0 } ?? title), priority: .high)
    }

    public var halfway: Phrase { Phrase(table.halfway, priority: .low) }
    public var switchSides: Phrase { Phrase(table.switchSides, priority: .normal) }
    public var paused: Phrase { Phrase(table.paused, priority: .normal) }
    public var resumed: Phrase { Phrase(table.resumed, priority: .normal) }

    /// "Rest. Next: Push-up.", or before the last exercise, "Rest. Last one: Side plank."
    public func rest(next: String, isLast: Bool = false) -> Phrase {
        Phrase(table.rest(next, isLast), priority: .high)
    }

    /// "Rest.", for the rest after the last exercise, which leads to the finish.
    public var finalRest: Phrase { Phrase(Phrases.sentence(ScreenWords.of(language).rest), priority: .high) }

    /// "Round two of three." said as a round begins.
    public func round(_ number: Int, of total: Int) -> Phrase {
        Phrase(table.round(table.number(number), table.number(total)), priority: .high)
    }

    /// "Workout complete. Seven minutes fifty." `seconds` is the time the workout took; a workout
    /// skipped through to its end is "Workout ended", as the finish screen says "Ended".
    public func finished(seconds: Double, complete: Bool = true) -> Phrase {
        Phrase((complete ? table.complete : table.ended) + " " + Phrases.sentence(duration(seconds)),
               priority: .finish)
    }

    /// "Three", "Two", "One": the last seconds, counted aloud.
    public func count(_ number: Int) -> Phrase {
        Phrase(Phrases.capitalised(table.number(number)) + ".", priority: .low)
    }

    /// A duration as it is said: "Thirty seconds", "One minute", "Seven minutes fifty".
    /// Rounded to the nearest second.
    public func duration(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.rounded()))
        let minutes = total / 60, rest = total % 60
        if minutes == 0 { return Phrases.capitalised(table.seconds(rest)) }
        let head = Phrases.capitalised(table.minutes(minutes))
        return rest == 0 ? head : head + table.minutesAndSeconds + table.number(rest)
    }

    /// A whole number in words, as this language counts.
    public func words(_ number: Int) -> String { table.number(number) }

    /// The first letter in capitals; Dutch "één" begins a sentence as "Eén", its capital left without
    /// the accent, as Dutch writes it.
    static func capitalised(_ s: String) -> String {
        if s.hasPrefix("éé") { return "Eé" + s.dropFirst(2) }
        return s.prefix(1).uppercased() + s.dropFirst()
    }

    /// Ends with a full stop unless the text already ends a sentence, so the voice pauses there.
    static func sentence(_ s: String) -> String {
        guard let last = s.last, !".!?".contains(last) else { return s }
        return s + "."
    }
}
