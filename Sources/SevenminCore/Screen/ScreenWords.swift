// SPDX-License-Identifier: GPL-3.0-or-later
/// The workout's words on the screen and in plain mode, in one language: the one table that
/// headings, state words and transcript lines are taken from. Events files and the history keep
/// English, since scripts read them.
public struct ScreenWords: Sendable {
    public let getReady: String
    public let rest: String
    /// "Rest before round 2".
    public let restBeforeRound: @Sendable (Int) -> String
    /// "Next", before the exercise coming.
    public let next: String
    public let lastExercise: String
    /// The state word while paused, as the big type shows it; in capitals on the status line.
    public let paused: String
    /// Plain mode's lines.
    public let halfway: String
    public let switchSides: String
    public let goingOn: String
    public let finished: String
    /// "1:30 left".
    public let left: String
    /// The subtitle of an exercise: "Exercise 3/12 · first side"; plain mode's "30 s, each side".
    public let exercise: String
    public let warmup: String
    public let cooldown: String
    public let firstSide: String
    public let secondSide: String
    /// The second side, where a pause to switch came before it.
    public let otherSide: String
    public let eachSide: String
    /// "10 reps", as big type shows a step counted in reps and plain mode says it.
    public let reps: @Sendable (Int) -> String
    /// What sets a label off from what follows it: ": ", and in French a no-break space before the
    /// colon too, as French sets it and as the French voice says "Ensuite : Pompes".
    public var colon = ": "

    public static func of(_ language: CoachLanguage) -> ScreenWords {
        language.table(english, german, french, spanish, italian, dutch)
    }

    public static let english = ScreenWords(
        getReady: "Get ready", rest: "Rest", restBeforeRound: { "Rest before round \($0)" }, next: "Next",
        lastExercise: "Last exercise", paused: "Paused", halfway: "Halfway", switchSides: "Switch sides",
        goingOn: "Going on", finished: "Finished", left: "left",
        exercise: "Exercise", warmup: "Warm-up", cooldown: "Cool-down", firstSide: "first side",
        secondSide: "switch sides: second side", otherSide: "second side", eachSide: "each side",
        reps: { $0 == 1 ? "1 rep" : "\($0) reps" })
    static let german = ScreenWords(
        getReady: "Bereit machen", rest: "Erholung", restBeforeRound: { "Erholung vor Runde \($0)" },
        next: "Als Nächstes", lastExercise: "Letzte Übung", paused: "Angehalten", halfway: "Halbzeit",
        switchSides: "Seite wechseln", goingOn: "Weiter", finished: "Fertig", left: "übrig",
        exercise: "Übung", warmup: "Aufwärmen", cooldown: "Abwärmen", firstSide: "erste Seite",
        secondSide: "Seite wechseln: zweite Seite", otherSide: "zweite Seite", eachSide: "je Seite",
        reps: { $0 == 1 ? "1 Wiederholung" : "\($0) Wiederholungen" })
    static let french = ScreenWords(
        getReady: "Préparez-vous", rest: "Repos", restBeforeRound: { "Repos avant le tour \($0)" }, next: "Ensuite",
        lastExercise: "Dernier exercice", paused: "En pause", halfway: "Mi-temps", switchSides: "Changez de côté",
        goingOn: "On reprend", finished: "Terminé", left: "restant",
        exercise: "Exercice", warmup: "Échauffement", cooldown: "Retour au calme", firstSide: "premier côté",
        secondSide: "changez de côté\u{00A0}: second côté", otherSide: "second côté",
        eachSide: "de chaque côté",
        reps: { $0 == 1 ? "1 répétition" : "\($0) répétitions" }, colon: "\u{00A0}: ")
    static let spanish = ScreenWords(
        getReady: "Prepárate", rest: "Descanso", restBeforeRound: { "Descanso antes de la ronda \($0)" },
        next: "Siguiente", lastExercise: "Último ejercicio", paused: "En pausa", halfway: "A la mitad",
        switchSides: "Cambia de lado", goingOn: "Seguimos", finished: "Terminado", left: "restante",
        exercise: "Ejercicio", warmup: "Calentamiento", cooldown: "Vuelta a la calma", firstSide: "primer lado",
        secondSide: "cambia de lado: segundo lado", otherSide: "segundo lado", eachSide: "cada lado",
        reps: { $0 == 1 ? "1 repetición" : "\($0) repeticiones" })
    static let italian = ScreenWords(
        getReady: "Preparati", rest: "Riposo", restBeforeRound: { "Riposo prima del giro \($0)" }, next: "Prossimo",
        lastExercise: "Ultimo esercizio", paused: "In pausa", halfway: "A metà", switchSides: "Cambia lato",
        goingOn: "Si riprende", finished: "Finito", left: "rimanenti",
        exercise: "Esercizio", warmup: "Riscaldamento", cooldown: "Defaticamento", firstSide: "primo lato",
        secondSide: "cambia lato: secondo lato", otherSide: "secondo lato", eachSide: "per lato",
        reps: { $0 == 1 ? "1 ripetizione" : "\($0) ripetizioni" })
    static let dutch = ScreenWords(
        getReady: "Maak je klaar", rest: "Rust", restBeforeRound: { "Rust voor ronde \($0)" }, next: "Hierna",
        lastExercise: "Laatste oefening", paused: "Gepauzeerd", halfway: "Halverwege", switchSides: "Wissel van kant",
        goingOn: "We gaan verder", finished: "Klaar", left: "over",
        exercise: "Oefening", warmup: "Warming-up", cooldown: "Cooling-down", firstSide: "eerste kant",
        secondSide: "wissel van kant: tweede kant", otherSide: "tweede kant", eachSide: "per kant",
        reps: { $0 == 1 ? "1 herhaling" : "\($0) herhalingen" })
}
