// SPDX-License-Identifier: GPL-3.0-or-later
extension PhraseTable {
    static let english = PhraseTable(
        language: .en,
        getReady: { "Get ready. First: \($0)." },
        rest: { next, isLast in "Rest. \(isLast ? "Last one" : "Next"): \(next)." },
        round: { "Round \($0) of \($1)." },
        halfway: "Halfway.", switchSides: "Switch sides.", paused: "Paused.", resumed: "Resumed.",
        complete: "Workout complete.",
        ended: "Workout ended.",
        number: englishWords,
        seconds: { englishWords($0) + ($0 == 1 ? " second" : " seconds") },
        minutes: { englishWords($0) + ($0 == 1 ? " minute" : " minutes") },
        minutesAndSeconds: " ")

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
