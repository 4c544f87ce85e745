// SPDX-License-Identifier: GPL-3.0-or-later
extension PhraseTable {
    static let spanish = PhraseTable(
        language: .es,
        getReady: { "Prepárate, empezamos con: \($0)." },
        work: { name, duration in duration.map { "\(name), durante \($0)." } ?? "Vamos con \(name)." },
        rest: { next, isLast in "Ahora descansa. \(isLast ? "El último" : "Siguiente"): \(next)." },
        finalRest: "Ahora descansa.",
        round: { "Ronda \($0) de \($1)." },
        halfway: "Vas por la mitad.", switchSides: "Cambia de lado.", paused: "Entrenamiento en pausa.",
        resumed: "Seguimos adelante.",
        complete: "Entrenamiento completado.",
        ended: "Entrenamiento interrumpido.",
        number: spanishWords,
        // Segundo and minuto are masculine: "uno" is cut to "un" before them (veintiún segundos).
        seconds: { masculineSpanish($0) + ($0 == 1 ? " segundo" : " segundos") },
        minutes: { masculineSpanish($0) + ($0 == 1 ? " minuto" : " minutos") },
        // Repetición is feminine: "una repetición", "veintiuna repeticiones".
        reps: { count, name in
            "\(name): \(feminineSpanish(count)) \(count == 1 ? "repetición" : "repeticiones")."
        },
        minutesAndSeconds: " y ")

    /// "veintidós", "treinta y uno", "cien", "ciento uno", "quinientos", "dos mil".
    static func spanishWords(_ number: Int) -> String {
        let small = ["cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once",
                     "doce", "trece", "catorce", "quince", "dieciséis", "diecisiete", "dieciocho", "diecinueve",
                     "veinte", "veintiuno", "veintidós", "veintitrés", "veinticuatro", "veinticinco", "veintiséis",
                     "veintisiete", "veintiocho", "veintinueve"]
        let tens = ["", "", "", "treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa"]
        let hundreds = ["", "ciento", "doscientos", "trescientos", "cuatrocientos", "quinientos", "seiscientos",
                        "setecientos", "ochocientos", "novecientos"]
        if number < 0 { return "menos " + spanishWords(-number) }
        if number < 30 { return small[number] }
        if number < 100 { return tens[number / 10] + (number % 10 == 0 ? "" : " y " + small[number % 10]) }
        if number == 100 { return "cien" }
        if number < 1_000 {
            return hundreds[number / 100] + (number % 100 == 0 ? "" : " " + spanishWords(number % 100))
        }
        if number < 1_000_000 {
            let thousands = number / 1_000, rest = number % 1_000
            let head = thousands == 1 ? "mil" : masculineSpanish(thousands) + " mil"
            return rest == 0 ? head : head + " " + spanishWords(rest)
        }
        let millions = number / 1_000_000, rest = number % 1_000_000
        let head = millions == 1 ? "un millón" : masculineSpanish(millions) + " millones"
        return rest == 0 ? head : head + " " + spanishWords(rest)
    }

    /// "uno" before a masculine noun: un segundo, veintiún segundos, treinta y un segundos.
    /// Before a feminine noun: "una", "veintiuna", "treinta y una", "doscientas".
    static func feminineSpanish(_ number: Int) -> String {
        var words = spanishWords(number)
        if words.hasSuffix("uno") { words = String(words.dropLast()) + "a" }
        return words.replacing("ientos", with: "ientas")
    }

    static func masculineSpanish(_ number: Int) -> String {
        let words = spanishWords(number)
        if words.hasSuffix("veintiuno") { return String(words.dropLast(9)) + "veintiún" }
        return words.hasSuffix("uno") ? String(words.dropLast()) : words
    }
}
