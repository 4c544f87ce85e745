// SPDX-License-Identifier: GPL-3.0-or-later
/// Everything the coach says, as functions of plain values, in the words of one language's table.
public struct Phrases: Sendable {
    public let table: PhraseTable
    public var language: CoachLanguage { table.language }

    public init(_ language: CoachLanguage) { table = PhraseTable.of(language) }

    public static let english = Phrases(.en)

    /// "Get ready. First up: Jumping Jacks."
    public func getReady(first: String) -> Phrase {
        Phrase(table.getReady(Phrases.inSentence(first)), priority: .high)
    }

    /// "Time for wall sit. Thirty seconds." An exercise's `say` text, when given, replaces its title,
    /// for names that read badly aloud; `seconds` is left out when it is nil or zero ("Time for wall sit.").
    public func workStart(title: String, say: String? = nil, seconds: Double?) -> Phrase {
        let name = Phrases.inSentence(say.flatMap { $0.isEmpty ? nil : $0 } ?? title)
        guard let seconds, seconds >= 1 else { return Phrase(table.work(name, nil), priority: .high) }
        return Phrase(table.work(name, durationWords(seconds)), priority: .high)
    }

    /// What starts a step counted in reps: "Ten push-ups.", or "Plank: ten reps."; `say` replaces the title.
    public func reps(_ count: Int, title: String, say: String? = nil) -> Phrase {
        Phrase(table.reps(count, Phrases.inSentence(say.flatMap { $0.isEmpty ? nil : $0 } ?? title)), priority: .high)
    }

    /// "New record.", and the ghost passed: said once each.
    public var newRecord: Phrase { Phrase(table.newRecord, priority: .high) }
    public var ghostPassed: Phrase { Phrase(table.ghostPassed, priority: .normal) }
    /// "How many?": the count of a step of as many as you can is asked.
    public var howMany: Phrase { Phrase(table.howMany, priority: .high) }

    public var halfway: Phrase { Phrase(table.halfway, priority: .low) }

    /// "Heart rate one hundred forty.", the bpm in words.
    public func heartRate(_ bpm: Int) -> Phrase { Phrase(table.heartRate(table.number(bpm)), priority: .low) }
    public var switchSides: Phrase { Phrase(table.switchSides, priority: .normal) }
    public var paused: Phrase { Phrase(table.paused, priority: .normal) }
    public var resumed: Phrase { Phrase(table.resumed, priority: .normal) }

    /// "Rest now. Next up: Push-up.", or before the last exercise, "Rest now. Last one: Side plank."
    public func rest(next: String, isLast: Bool = false) -> Phrase {
        Phrase(table.rest(Phrases.inSentence(next), isLast), priority: .high)
    }

    /// "Rest now.", for the rest after the last exercise, which leads to the finish.
    public var finalRest: Phrase { Phrase(table.finalRest, priority: .high) }

    /// "Round two of three." said as a round begins.
    public func round(_ number: Int, of total: Int) -> Phrase {
        Phrase(table.round(table.number(number), table.number(total)), priority: .high)
    }

    /// "Workout complete. Seven minutes and fifty seconds." `seconds` is the time the workout took; a workout
    /// skipped through to its end is "Workout ended", as the finish screen says "Ended".
    public func finished(seconds: Double, complete: Bool = true) -> Phrase {
        Phrase((complete ? table.complete : table.ended) + " " + Phrases.sentence(duration(seconds)),
               priority: .finish)
    }

    /// "Command finished." or "Command failed, exit code two.": the command run beside the workout has ended.
    public func commandEnded(_ status: CommandStatus) -> Phrase {
        Phrase(status.succeeded ? table.commandFinished : table.commandFailed(table.number(Int(status.exitCode))),
               priority: .normal)
    }

    /// "Three", "Two", "One": the last seconds, counted aloud.
    public func count(_ number: Int) -> Phrase {
        Phrase(Phrases.capitalised(table.number(number)) + ".", priority: .low)
    }

    /// A duration as it begins a sentence: "Thirty seconds", "One minute", "Seven minutes and fifty seconds".
    /// Rounded to the nearest second.
    public func duration(_ seconds: Double) -> String { Phrases.capitalised(durationWords(seconds)) }

    /// A duration as it is said within a sentence: "thirty seconds", "seven minutes and fifty seconds".
    func durationWords(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.rounded()))
        let minutes = total / 60, rest = total % 60
        if minutes == 0 { return table.seconds(rest) }
        return table.minutes(minutes) + (rest == 0 ? "" : table.minutesAndSeconds + table.seconds(rest))
    }

    /// A whole number in words, as this language counts.
    public func words(_ number: Int) -> String { table.number(number) }

    /// The first letter in capitals; Dutch "één" begins a sentence as "Eén", its capital left without
    /// the accent, as Dutch writes it.
    static func capitalised(_ s: String) -> String {
        if s.hasPrefix("éé") { return "Eé" + s.dropFirst(2) }
        return s.prefix(1).uppercased() + s.dropFirst()
    }

    /// A name as it sits within a sentence: without the full stop, or the "!" or "?", it may end with.
    static func inSentence(_ name: String) -> String {
        var name = Substring(name)
        while let last = name.last, ".!?".contains(last) { name = name.dropLast() }
        return name.isEmpty ? "" : String(name)
    }

    /// Ends with a full stop unless the text already ends a sentence, so the voice pauses there.
    static func sentence(_ s: String) -> String {
        guard let last = s.last, !".!?".contains(last) else { return s }
        return s + "."
    }
}
