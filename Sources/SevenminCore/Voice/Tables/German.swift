// SPDX-License-Identifier: GPL-3.0-or-later
extension PhraseTable {
    static let german = PhraseTable(
        language: .de,
        getReady: { "Mach dich bereit. Zuerst: \($0)." },
        work: { name, duration in duration.map { "\(name), \($0) lang." } ?? "Jetzt \(name)." },
        rest: { next, isLast in "Kurz erholen. \(isLast ? "Zum Schluss" : "Als Nächstes"): \(next)." },
        finalRest: "Kurz erholen.",
        round: { "Runde \($0) von \($1)." },
        halfway: "Die Hälfte ist geschafft.", switchSides: "Seite wechseln.", paused: "Training angehalten.",
        resumed: "Weiter geht's.",
        complete: "Training beendet.",
        ended: "Training abgebrochen.",
        number: germanWords,
        // Sekunde and Minute are feminine: "eine Sekunde", and "einundzwanzig Sekunden".
        seconds: { $0 == 1 ? "eine Sekunde" : germanWords($0) + " Sekunden" },
        minutes: { $0 == 1 ? "eine Minute" : germanWords($0) + " Minuten" },
        // Wiederholung is feminine too: "eine Wiederholung", "zehn Wiederholungen".
        reps: { count, name in
            "\(name): " + (count == 1 ? "eine Wiederholung." : germanWords(count) + " Wiederholungen.")
        },
        minutesAndSeconds: " und ")

    /// One word, as German writes numbers: 1 → "eins", 21 → "einundzwanzig", 101 → "einhunderteins".
    static func germanWords(_ number: Int) -> String {
        let small = ["null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf",
                     "zwölf", "dreizehn", "vierzehn", "fünfzehn", "sechzehn", "siebzehn", "achtzehn", "neunzehn"]
        let tens = ["", "", "zwanzig", "dreißig", "vierzig", "fünfzig", "sechzig", "siebzig", "achtzig", "neunzig"]
        // "eins" loses its s before another part: einundzwanzig, einhundert, eintausend.
        func leading(_ n: Int) -> String { n == 1 ? "ein" : germanWords(n) }
        if number < 0 { return "minus " + germanWords(-number) }
        if number < 20 { return small[number] }
        if number < 100 {
            return number % 10 == 0 ? tens[number / 10] : leading(number % 10) + "und" + tens[number / 10]
        }
        if number < 1_000 { return compound(number, size: 100, named: "hundert", one: "ein", words: germanWords) }
        if number < 1_000_000 {
            return compound(number, size: 1_000, named: "tausend", one: "ein", words: germanWords)
        }
        let millions = number / 1_000_000
        return (millions == 1 ? "eine Million" : germanWords(millions) + " Millionen")
            + (number % 1_000_000 == 0 ? "" : " " + germanWords(number % 1_000_000))
    }
}
