// SPDX-License-Identifier: GPL-3.0-or-later
extension PhraseTable {
    static let english = PhraseTable(
        language: .en,
        getReady: { "Get ready. First up: \($0)." },
        work: { name, duration in duration.map { "\(name) for \($0)." } ?? "Start \(name) now." },
        rest: { next, isLast in "Rest now. \(isLast ? "Last one" : "Next up"): \(next)." },
        finalRest: "Rest now.",
        round: { "Round \($0) of \($1)." },
        halfway: "Halfway there.", switchSides: "Switch sides.", paused: "Workout paused.", resumed: "Workout resumed.",
        complete: "Workout complete.",
        ended: "Workout ended.",
        number: englishWords,
        seconds: { englishWords($0) + ($0 == 1 ? " second" : " seconds") },
        minutes: { englishWords($0) + ($0 == 1 ? " minute" : " minutes") },
        reps: { count, name in
            let number = Phrases.capitalised(englishWords(count))
            guard let plural = englishPlural(name) else {
                return "\(name): \(englishWords(count)) \(count == 1 ? "rep" : "reps")."
            }
            return "\(number) \(count == 1 ? name.lowercased() : plural)."
        },
        minutesAndSeconds: " and ")

    /// The name counted in English, lower-cased, when it is a short name of plain words whose last can
    /// take a plural: "Push-up" → "push-ups", "Lunge" → "lunges", "Jumping Jacks" as it is. Nil otherwise
    /// ("Plank hold 30 s", names in other scripts), which the coach says as "Name: ten reps."
    static func englishPlural(_ name: String) -> String? {
        let words = name.lowercased().split(separator: " ")
        guard (1...3).contains(words.count), let last = words.last, last.count >= 2,
              words.allSatisfy({ $0.allSatisfy { ("a"..."z").contains($0) || $0 == "-" || $0 == "'" } }),
              last.last.map({ ("a"..."z").contains($0) }) == true else { return nil }
        let head = words.dropLast().map { $0 + " " }.joined()
        let stem = String(last)
        if stem.hasSuffix("s") { return head + stem }
        if ["ch", "sh", "x", "z"].contains(where: { stem.hasSuffix($0) }) { return head + stem + "es" }
        if stem.hasSuffix("y"), let before = stem.dropLast().last, !"aeiou".contains(before) {
            return head + stem.dropLast() + "ies"
        }
        return head + stem + "s"
    }

    /// 0 → "zero", 42 → "forty-two", 1905 → "one thousand nine hundred five".
    static func englishWords(_ number: Int) -> String {
        let small = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                     "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
        let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
        if number < 0 { return "minus " + englishWords(-number) }
        if number < 20 { return small[number] }
        if number < 100 { return tens[number / 10] + (number % 10 == 0 ? "" : "-" + small[number % 10]) }
        for (size, name) in [(1_000_000_000, "billion"), (1_000_000, "million"), (1_000, "thousand"), (100, "hundred")]
        where number >= size {
            let rest = number % size
            return englishWords(number / size) + " " + name + (rest == 0 ? "" : " " + englishWords(rest))
        }
        return ""
    }
}
