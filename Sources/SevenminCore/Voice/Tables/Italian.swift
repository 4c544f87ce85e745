// SPDX-License-Identifier: GPL-3.0-or-later
extension PhraseTable {
    static let italian = PhraseTable(
        language: .it,
        getReady: { "Preparati, si comincia con: \($0)." },
        work: { name, duration in duration.map { "\(name), per \($0)." } ?? "Ora tocca a \(name)." },
        rest: { next, isLast in "Ora riposa. \(isLast ? "L'ultimo" : "Il prossimo"): \(next)." },
        finalRest: "Ora riposa.",
        round: { "Giro \($0) di \($1)." },
        halfway: "Sei a metà.", switchSides: "Cambia lato.", paused: "Allenamento in pausa.", resumed: "Si riprende.",
        complete: "Allenamento finito.",
        ended: "Allenamento interrotto.",
        number: italianWords,
        seconds: { $0 == 1 ? "un secondo" : italianWords($0) + " secondi" },
        minutes: { $0 == 1 ? "un minuto" : italianWords($0) + " minuti" },
        // Ripetizione is feminine: "una ripetizione", "ventuno ripetizioni".
        reps: { count, name in
            "\(name): " + (count == 1 ? "una ripetizione." : italianWords(count) + " ripetizioni.")
        },
        minutesAndSeconds: " e ")

    /// One word, as Italian writes numbers: "ventuno", "ventotto", "trentatré", "centouno", "duemila".
    static func italianWords(_ number: Int) -> String {
        let small = ["zero", "uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci",
                     "undici", "dodici", "tredici", "quattordici", "quindici", "sedici", "diciassette", "diciotto",
                     "diciannove"]
        let tens = ["", "", "venti", "trenta", "quaranta", "cinquanta", "sessanta", "settanta", "ottanta", "novanta"]
        if number < 0 { return "meno " + italianWords(-number) }
        if number < 20 { return small[number] }
        if number < 100 {
            let unit = number % 10, ten = tens[number / 10]
            switch unit {
            case 0: return ten
            // The ten loses its vowel before uno and otto: ventuno, trentotto.
            case 1, 8: return String(ten.dropLast()) + small[unit]
            // A final tre takes its accent: ventitré.
            case 3: return ten + "tré"
            default: return ten + small[unit]
            }
        }
        if number < 1_000 { return compound(number, size: 100, named: "cento", one: "", words: italianWords) }
        if number < 1_000_000 {
            let thousands = number / 1_000
            return (thousands == 1 ? "mille" : italianWords(thousands) + "mila")
                + (number % 1_000 == 0 ? "" : italianWords(number % 1_000))
        }
        let millions = number / 1_000_000, rest = number % 1_000_000
        let head = millions == 1 ? "un milione" : italianWords(millions) + " milioni"
        return rest == 0 ? head : head + " " + italianWords(rest)
    }
}
