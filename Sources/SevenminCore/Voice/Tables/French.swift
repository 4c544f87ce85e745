// SPDX-License-Identifier: GPL-3.0-or-later
extension PhraseTable {
    static let french = PhraseTable(
        language: .fr,
        getReady: { "Préparez-vous. D'abord : \($0)." },
        work: { name, duration in duration.map { "\(name), pendant \($0)." } ?? "C'est parti : \(name)." },
        rest: { next, isLast in "On se repose. \(isLast ? "Le dernier" : "Ensuite") : \(next)." },
        finalRest: "On se repose.",
        round: { "Tour \($0) sur \($1)." },
        halfway: "On est à mi-chemin.", switchSides: "Changez de côté.", paused: "Séance en pause.",
        resumed: "On reprend.",
        complete: "Entraînement terminé.",
        ended: "Entraînement arrêté.",
        number: frenchWords,
        // Seconde and minute are feminine (une, vingt et une), and French counts 0 and 1 as singular.
        seconds: { feminineFrench($0) + ($0 < 2 ? " seconde" : " secondes") },
        minutes: { feminineFrench($0) + ($0 < 2 ? " minute" : " minutes") },
        // Répétition is feminine: "une répétition", "vingt et une répétitions".
        reps: { count, name in
            "\(name) : \(feminineFrench(count)) \(count < 2 ? "répétition" : "répétitions")."
        },
        minutesAndSeconds: " et ")

    /// "vingt et un", "soixante et onze", "quatre-vingts", "quatre-vingt-dix-neuf", "deux cents", "mille".
    static func frenchWords(_ number: Int) -> String {
        let small = ["zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze",
                     "douze", "treize", "quatorze", "quinze", "seize", "dix-sept", "dix-huit", "dix-neuf"]
        let tens = ["", "", "vingt", "trente", "quarante", "cinquante", "soixante"]
        if number < 0 { return "moins " + frenchWords(-number) }
        if number < 20 { return small[number] }
        if number < 70 {
            let unit = number % 10, ten = tens[number / 10]
            return unit == 0 ? ten : ten + (unit == 1 ? " et un" : "-" + small[unit])
        }
        if number < 80 { return "soixante" + (number == 71 ? " et onze" : "-" + small[number - 60]) }
        if number < 100 { return number == 80 ? "quatre-vingts" : "quatre-vingt-" + small[number - 80] }
        if number < 1_000 {
            let hundreds = number / 100, rest = number % 100
            let head = hundreds == 1 ? "cent" : frenchWords(hundreds) + " cent" + (rest == 0 ? "s" : "")
            return rest == 0 ? head : head + " " + frenchWords(rest)
        }
        if number < 1_000_000 {
            let thousands = number / 1_000, rest = number % 1_000
            let head = thousands == 1 ? "mille" : frenchWords(thousands) + " mille"
            return rest == 0 ? head : head + " " + frenchWords(rest)
        }
        let millions = number / 1_000_000, rest = number % 1_000_000
        let head = frenchWords(millions) + (millions == 1 ? " million" : " millions")
        return rest == 0 ? head : head + " " + frenchWords(rest)
    }

    /// Before a feminine noun "un" becomes "une": une seconde, trente et une secondes.
    static func feminineFrench(_ number: Int) -> String {
        let words = frenchWords(number)
        return words == "un" || words.hasSuffix(" un") || words.hasSuffix("-un") ? words + "e" : words
    }
}
