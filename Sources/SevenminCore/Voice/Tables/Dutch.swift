// SPDX-License-Identifier: GPL-3.0-or-later
extension PhraseTable {
    static let dutch = PhraseTable(
        language: .nl,
        getReady: { "Maak je klaar. Eerst: \($0)." },
        work: { name, duration in duration.map { "\(name), \($0) lang." } ?? "Begin met \(name)." },
        rest: { next, isLast in "Nu even rust. \(isLast ? "De laatste" : "Hierna"): \(next)." },
        finalRest: "Nu even rust.",
        round: { "Ronde \($0) van \($1)." },
        halfway: "Je bent halverwege.", switchSides: "Wissel van kant.", paused: "Training gepauzeerd.",
        resumed: "We gaan verder.",
        complete: "Training voltooid.",
        ended: "Training gestopt.",
        // Counted alone, one is "één", with its accents, so it is not read as the article "een".
        number: { $0 == 1 ? "één" : dutchWords($0) },
        seconds: { $0 == 1 ? "één seconde" : dutchWords($0) + " seconden" },
        minutes: { $0 == 1 ? "één minuut" : dutchWords($0) + " minuten" },
        reps: { count, name in
            "\(name): " + (count == 1 ? "één herhaling." : dutchWords(count) + " herhalingen.")
        },
        minutesAndSeconds: " en ")

    /// One word, as Dutch writes numbers: "eenentwintig", "tweeëntwintig", "honderdeen", "tweeduizend".
    static func dutchWords(_ number: Int) -> String {
        let small = ["nul", "een", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen", "tien", "elf",
                     "twaalf", "dertien", "veertien", "vijftien", "zestien", "zeventien", "achttien", "negentien"]
        let tens = ["", "", "twintig", "dertig", "veertig", "vijftig", "zestig", "zeventig", "tachtig", "negentig"]
        if number < 0 { return "min " + dutchWords(-number) }
        if number < 20 { return small[number] }
        if number < 100 {
            let unit = number % 10
            guard unit > 0 else { return tens[number / 10] }
            // "en" after a unit ending in e is written "ën": tweeëntwintig, drieëndertig.
            return small[unit] + (small[unit].hasSuffix("e") ? "ën" : "en") + tens[number / 10]
        }
        if number < 1_000 { return compound(number, size: 100, named: "honderd", one: "", words: dutchWords) }
        if number < 1_000_000 { return compound(number, size: 1_000, named: "duizend", one: "", words: dutchWords) }
        let millions = number / 1_000_000, rest = number % 1_000_000
        let head = millions == 1 ? "één miljoen" : dutchWords(millions) + " miljoen"
        return rest == 0 ? head : head + " " + dutchWords(rest)
    }
}
