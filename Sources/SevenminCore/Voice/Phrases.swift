/// A sentence for the coach to say, with how much it matters against other speech.
public struct Phrase: Hashable, Sendable {
    /// Orders phrases: a higher one cuts off an unfinished lower one; equal ones take turns.
    public enum Priority: Int, Comparable, Sendable {
        /// Halfway and counting aloud: pleasant, but worthless once late.
        case low
        /// Switch sides, paused, resumed.
        case normal
        /// What starts a segment: the user needs it to know what to do now.
        case high
        /// The end of the workout: never dropped for being late.
        case finish

        public static func < (a: Priority, b: Priority) -> Bool { a.rawValue < b.rawValue }
    }

    public var text: String
    public var priority: Priority

    public init(_ text: String, priority: Priority) {
        self.text = text
        self.priority = priority
    }
}

/// Everything the coach says, in one table, as functions of plain values (English).
public enum Phrases {
    /// "Get ready. First: Jumping Jacks."
    public static func getReady(first: String) -> Phrase {
        Phrase("Get ready. First: \(first).", priority: .high)
    }

    /// "Wall sit. Thirty seconds." An exercise's `say` text, when given, replaces its title,
    /// for names that read badly aloud; `seconds` is left out when it is nil or zero.
    public static func workStart(title: String, say: String? = nil, seconds: Double?) -> Phrase {
        let name = say.flatMap { $0.isEmpty ? nil : $0 } ?? title
        guard let seconds, seconds >= 1 else { return Phrase(sentence(name), priority: .high) }
        return Phrase(sentence(name) + " " + sentence(duration(seconds)), priority: .high)
    }

    public static let halfway = Phrase("Halfway.", priority: .low)
    public static let switchSides = Phrase("Switch sides.", priority: .normal)
    public static let paused = Phrase("Paused.", priority: .normal)
    public static let resumed = Phrase("Resumed.", priority: .normal)

    /// "Rest. Next: Push-up.", or before the last exercise, "Rest. Last one: Side plank."
    public static func rest(next: String, isLast: Bool = false) -> Phrase {
        Phrase("Rest. \(isLast ? "Last one" : "Next"): \(next).", priority: .high)
    }

    /// "Round two of three." said as a round begins.
    public static func round(_ number: Int, of total: Int) -> Phrase {
        Phrase("Round \(words(number)) of \(words(total)).", priority: .high)
    }

    /// "Workout complete. Seven minutes fifty." `seconds` is the time the workout took.
    public static func finished(seconds: Double) -> Phrase {
        Phrase("Workout complete. " + sentence(duration(seconds)), priority: .finish)
    }

    /// "Three", "Two", "One": the last seconds, counted aloud.
    public static func count(_ number: Int) -> Phrase {
        Phrase(capitalised(words(number)) + ".", priority: .low)
    }

    /// A duration as it is said: "Thirty seconds", "One minute", "Seven minutes fifty".
    /// Rounded to the nearest second.
    public static func duration(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.rounded()))
        let minutes = total / 60, rest = total % 60
        if minutes == 0 { return capitalised(words(rest)) + (rest == 1 ? " second" : " seconds") }
        let head = capitalised(words(minutes)) + (minutes == 1 ? " minute" : " minutes")
        return rest == 0 ? head : head + " " + words(rest)
    }

    /// A whole number in English words: 0 → "zero", 42 → "forty-two", 1905 → "one thousand nine hundred five".
    public static func words(_ number: Int) -> String {
        if number < 0 { return "minus " + words(-number) }
        if number < 20 { return small[number] }
        if number < 100 {
            let unit = number % 10
            return tens[number / 10] + (unit == 0 ? "" : "-" + small[unit])
        }
        for (size, name) in [(1_000_000_000, "billion"), (1_000_000, "million"), (1_000, "thousand"), (100, "hundred")]
        where number >= size {
            let rest = number % size
            return words(number / size) + " " + name + (rest == 0 ? "" : " " + words(rest))
        }
        return ""
    }

    private static let small = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    ]
    private static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

    private static func capitalised(_ s: String) -> String { s.prefix(1).uppercased() + s.dropFirst() }

    /// Ends with a full stop unless the text already ends a sentence, so the voice pauses there.
    private static func sentence(_ s: String) -> String {
        guard let last = s.last, !".!?".contains(last) else { return s }
        return s + "."
    }
}
