// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The workout's sentences beyond its state words (`ScreenWords`) and notices (`NoticeText`), in one
/// language: the finish screen, the help and quit panels, the status line and its key hints, the window
/// title and plain mode's own lines. Keys keep their letters (`y`, `n`, `q`, `?`) in every language, as the
/// keys themselves do; the command line's help and errors stay English (see DECISIONS.md).
public struct ScreenText: Sendable {
    /// The finish: "Workout complete", or "Ended: 2 of 12 exercises done".
    public let complete: String
    public let ended: @Sendable (_ done: Int, _ of: Int) -> String
    /// "Day 5 in a row"; for 1, "Day 1 of a new streak".
    public let streak: @Sendable (Int) -> String
    /// "Time" and "Exercises done", before their figures; " in 3 rounds" after the count.
    public let time: String
    public let exercisesDone: String
    public let inRounds: @Sendable (Int) -> String
    /// "Shuffled with", before `--seed N`.
    public let shuffled: String
    public let effortQuestion: String
    public let effortKeys: String
    public let pressAnyKey: String
    /// The line after exit and the finish notification's body: "12/12 exercises in 7:50".
    public let exercisesIn: @Sendable (_ done: Int, _ of: Int, _ time: String) -> String
    /// "effort 8/10".
    public let effort: @Sendable (Int) -> String
    /// The help panel: its title and what each key of `KeyBindings.summary` does, in that order.
    public let keys: String
    public let keyActions: [String]
    /// The space bar's name, in the help panel's column of keys.
    public let space: String
    /// "… 3 more: make the window taller".
    public let more: @Sendable (Int) -> String
    /// The quit prompt, whole and compact; `quitWord` is its question in one word, for the tiny forms.
    public let quitQuestion: String
    public let quitKeys: String
    public let quitCompactKeys: String
    public let quitWord: String
    /// The status line's hints, and the shorter ones where a notice needs the room.
    public let keyHints: String
    public let shortKeyHints: String
    /// "7:50 to go", after the time left.
    public let toGo: String
    /// The status line's ask on a step counted in reps, where the clock counts up.
    public let whenDone: String
    /// "Round 2/3".
    public let round: String
    /// The window title at the finish and while paused.
    public let done: String
    public let pausedTitle: String
    /// "+ 2 open", after a time that leaves out steps counted in reps.
    public let open: @Sendable (Int) -> String
    /// Plain mode's first line ("12 exercises in 3 rounds — 7:50 in all") and its own lines.
    public let exercises: @Sendable (Int) -> String
    public let inAll: String
    public let form: String
    public let plainKeys: String
    public let plainQuit: String
    public let note: String

    /// The quit prompt's keys, the same in every language, as the keys are.
    public static let quitAnswers = "y/n"

    /// The quit prompt in one line: "Quit? y/n".
    public var quitTiny: String { quitWord + " " + ScreenText.quitAnswers }

    public static func of(_ language: CoachLanguage) -> ScreenText {
        language.table(english, german, french, spanish, italian, dutch)
    }

    public static let english = ScreenText(
        complete: "Workout complete", ended: { "Ended: \($0) of \($1) exercises done" },
        streak: { $0 == 1 ? "Day 1 of a new streak" : "Day \($0) in a row" },
        time: "Time", exercisesDone: "Exercises done", inRounds: { " in \($0) rounds" }, shuffled: "Shuffled with",
        effortQuestion: "How hard was that? 1–10", effortKeys: "1–9, 0 for 10 · Enter skips",
        pressAnyKey: "Press any key to finish",
        exercisesIn: { "\($0)/\($1) exercises in \($2)" }, effort: { "effort \($0)/10" },
        keys: "Keys", keyActions: KeyBindings.summary.map(\.action),
        space: "space",
        more: { "… \($0) more: make the window taller" },
        quitQuestion: "Quit this workout?", quitKeys: "y  quit      n  keep going", quitCompactKeys: "y quit · n go on",
        quitWord: "Quit?", keyHints: "space pause · n/p skip · ? keys · q quit", shortKeyHints: "? keys · q quit",
        toGo: "to go", whenDone: "Enter when done", round: "Round", done: "Done", pausedTitle: "paused",
        open: { "+ \($0) open" },
        exercises: { $0 == 1 ? "1 exercise" : "\($0) exercises" }, inAll: "in all", form: "Form",
        plainKeys: "Keys: space pauses, n or right skips, p or left goes back, r restarts the segment, "
            + "+ and - add or remove 10 s, o opens the video, q quits",
        plainQuit: "Quit this workout? y quits, any other key goes on", note: "Note")

    static let german = ScreenText(
        complete: "Training beendet", ended: { "Beendet: \($0) von \($1) Übungen gemacht" },
        streak: { $0 == 1 ? "Tag 1 einer neuen Serie" : "Tag \($0) in Folge" },
        time: "Zeit", exercisesDone: "Übungen gemacht", inRounds: { " in \($0) Runden" }, shuffled: "Gemischt mit",
        effortQuestion: "Wie anstrengend war das? 1–10", effortKeys: "1–9, 0 für 10 · Eingabe überspringt",
        pressAnyKey: "Eine Taste beendet",
        exercisesIn: { "\($0)/\($1) Übungen in \($2)" }, effort: { "Anstrengung \($0)/10" },
        keys: "Tasten", keyActions: ["anhalten / weiter", "vor / zurück", "diesen Abschnitt neu beginnen",
                                     "10 Sekunden mehr / weniger", "das Video öffnen", "diese Hilfe zeigen / verbergen",
                                     "beenden", "unterbrechen; fg setzt fort"],
        space: "Leertaste",
        more: { "… \($0) weitere: das Fenster höher machen" },
        quitQuestion: "Dieses Training beenden?", quitKeys: "y  beenden      n  weitermachen",
        quitCompactKeys: "y beenden · n weiter", quitWord: "Beenden?",
        keyHints: "Leertaste anhalten · n/p springen · ? Tasten · q beenden", shortKeyHints: "? Tasten · q beenden",
        toGo: "insgesamt übrig", whenDone: "Eingabe, wenn fertig", round: "Runde", done: "Fertig",
        pausedTitle: "angehalten", open: { "+ \($0) offen" },
        exercises: { $0 == 1 ? "1 Übung" : "\($0) Übungen" }, inAll: "insgesamt", form: "Haltung",
        plainKeys: "Tasten: Leertaste hält an, n oder rechts springt vor, p oder links zurück, r beginnt den "
            + "Abschnitt neu, + und - geben 10 s dazu oder nehmen sie weg, o öffnet das Video, q beendet",
        plainQuit: "Dieses Training beenden? y beendet, jede andere Taste macht weiter", note: "Hinweis")

    static let french = ScreenText(
        complete: "Séance terminée", ended: { "Arrêtée\u{00A0}: \($0) exercices faits sur \($1)" },
        streak: { $0 == 1 ? "Jour 1 d’une nouvelle série" : "Jour \($0) d’affilée" },
        time: "Durée", exercisesDone: "Exercices faits", inRounds: { " en \($0) tours" }, shuffled: "Mélangée avec",
        effortQuestion: "C’était dur à quel point\u{00A0}? 1–10",
        effortKeys: "1–9, 0 pour 10 · Entrée pour passer",
        pressAnyKey: "Une touche pour terminer",
        exercisesIn: { "\($0)/\($1) exercices en \($2)" }, effort: { "effort \($0)/10" },
        keys: "Touches", keyActions: ["pause / reprise", "suivant / précédent", "reprendre ce segment",
                                      "ajouter / retirer 10 secondes", "ouvrir la vidéo",
                                      "afficher / masquer cette aide", "arrêter",
                                      "suspendre\u{00A0}; fg pour reprendre"],
        space: "espace",
        more: { "… \($0) de plus\u{00A0}: agrandissez la fenêtre" },
        quitQuestion: "Arrêter cette séance\u{00A0}?", quitKeys: "y  arrêter      n  continuer",
        quitCompactKeys: "y arrêter · n continuer", quitWord: "Arrêter\u{00A0}?",
        keyHints: "espace pause · n/p sauter · ? touches · q arrêter", shortKeyHints: "? touches · q arrêter",
        toGo: "au total", whenDone: "Entrée une fois fini", round: "Tour", done: "Terminé", pausedTitle: "en pause",
        open: { $0 == 1 ? "+ 1 libre" : "+ \($0) libres" },
        exercises: { $0 == 1 ? "1 exercice" : "\($0) exercices" }, inAll: "au total", form: "Posture",
        plainKeys: "Touches\u{00A0}: espace met en pause, n ou droite passe, p ou gauche revient, "
            + "r reprend le segment, + et - ajoutent ou retirent 10 s, o ouvre la vidéo, q arrête",
        plainQuit: "Arrêter cette séance\u{00A0}? y arrête, toute autre touche continue", note: "Remarque")

    static let spanish = ScreenText(
        complete: "Entrenamiento completado", ended: { "Terminado: \($0) de \($1) ejercicios hechos" },
        streak: { $0 == 1 ? "Día 1 de una nueva racha" : "Día \($0) seguido" },
        time: "Duración", exercisesDone: "Ejercicios hechos", inRounds: { " en \($0) rondas" },
        shuffled: "Mezclado con",
        effortQuestion: "¿Cuánto te ha costado? 1–10", effortKeys: "1–9, 0 para 10 · Intro para omitir",
        pressAnyKey: "Pulsa una tecla para terminar",
        exercisesIn: { "\($0)/\($1) ejercicios en \($2)" }, effort: { "esfuerzo \($0)/10" },
        keys: "Teclas", keyActions: ["pausar / seguir", "siguiente / anterior", "reiniciar este tramo",
                                     "añadir / quitar 10 segundos", "abrir el vídeo", "mostrar / ocultar esta ayuda",
                                     "salir", "suspender; fg reanuda"],
        space: "espacio",
        more: { "… \($0) más: agranda la ventana" },
        quitQuestion: "¿Salir de este entrenamiento?", quitKeys: "y  salir      n  seguir",
        quitCompactKeys: "y salir · n seguir", quitWord: "¿Salir?",
        keyHints: "espacio pausa · n/p saltar · ? teclas · q salir", shortKeyHints: "? teclas · q salir",
        toGo: "en total", whenDone: "Intro al terminar", round: "Ronda", done: "Hecho", pausedTitle: "en pausa",
        open: { $0 == 1 ? "+ 1 libre" : "+ \($0) libres" },
        exercises: { $0 == 1 ? "1 ejercicio" : "\($0) ejercicios" }, inAll: "en total", form: "Postura",
        plainKeys: "Teclas: espacio pausa, n o derecha salta, p o izquierda vuelve, r reinicia el tramo, "
            + "+ y - añaden o quitan 10 s, o abre el vídeo, q sale",
        plainQuit: "¿Salir de este entrenamiento? y sale, cualquier otra tecla sigue", note: "Aviso")

    static let italian = ScreenText(
        complete: "Allenamento completato", ended: { "Interrotto: \($0) esercizi fatti su \($1)" },
        streak: { $0 == 1 ? "Giorno 1 di una nuova serie" : "Giorno \($0) di fila" },
        time: "Durata", exercisesDone: "Esercizi fatti", inRounds: { " in \($0) giri" }, shuffled: "Mescolato con",
        effortQuestion: "Quanto è stato faticoso? 1–10", effortKeys: "1–9, 0 per 10 · Invio per saltare",
        pressAnyKey: "Premi un tasto per finire",
        exercisesIn: { "\($0)/\($1) esercizi in \($2)" }, effort: { "fatica \($0)/10" },
        keys: "Tasti", keyActions: ["pausa / riprendi", "avanti / indietro", "ricomincia questa parte",
                                    "aggiungi / togli 10 secondi", "apri il video", "mostra / nascondi questo aiuto",
                                    "esci", "sospendi; fg riprende"],
        space: "spazio",
        more: { "… altre \($0): allunga la finestra" },
        quitQuestion: "Uscire da questo allenamento?", quitKeys: "y  esci      n  continua",
        quitCompactKeys: "y esci · n continua", quitWord: "Uscire?",
        keyHints: "spazio pausa · n/p salta · ? tasti · q esci", shortKeyHints: "? tasti · q esci",
        toGo: "in tutto", whenDone: "Invio quando hai finito", round: "Giro", done: "Fatto", pausedTitle: "in pausa",
        open: { $0 == 1 ? "+ 1 libero" : "+ \($0) liberi" },
        exercises: { $0 == 1 ? "1 esercizio" : "\($0) esercizi" }, inAll: "in tutto", form: "Postura",
        plainKeys: "Tasti: spazio mette in pausa, n o destra salta, p o sinistra torna indietro, r ricomincia la "
            + "parte, + e - aggiungono o tolgono 10 s, o apre il video, q esce",
        plainQuit: "Uscire da questo allenamento? y esce, ogni altro tasto continua", note: "Nota")

    static let dutch = ScreenText(
        complete: "Training voltooid", ended: { "Gestopt: \($0) van \($1) oefeningen gedaan" },
        streak: { $0 == 1 ? "Dag 1 van een nieuwe reeks" : "Dag \($0) op rij" },
        time: "Tijd", exercisesDone: "Oefeningen gedaan", inRounds: { " in \($0) rondes" },
        shuffled: "Geschud met",
        effortQuestion: "Hoe zwaar was dat? 1–10", effortKeys: "1–9, 0 voor 10 · Enter slaat over",
        pressAnyKey: "Druk op een toets om te stoppen",
        exercisesIn: { "\($0)/\($1) oefeningen in \($2)" }, effort: { "inspanning \($0)/10" },
        keys: "Toetsen", keyActions: ["pauzeren / verder", "volgende / vorige", "dit deel opnieuw",
                                      "er 10 seconden bij / af", "de video openen", "deze hulp tonen / verbergen",
                                      "stoppen", "onderbreken; fg gaat verder"],
        space: "spatie",
        more: { "… nog \($0): maak het venster hoger" },
        quitQuestion: "Deze training stoppen?", quitKeys: "y  stoppen      n  doorgaan",
        quitCompactKeys: "y stoppen · n door", quitWord: "Stoppen?",
        keyHints: "spatie pauze · n/p verder · ? toetsen · q stoppen", shortKeyHints: "? toetsen · q stoppen",
        toGo: "in totaal", whenDone: "Enter als je klaar bent", round: "Ronde", done: "Klaar",
        pausedTitle: "gepauzeerd", open: { "+ \($0) open" },
        exercises: { $0 == 1 ? "1 oefening" : "\($0) oefeningen" }, inAll: "in totaal", form: "Houding",
        plainKeys: "Toetsen: spatie pauzeert, n of rechts slaat over, p of links gaat terug, r begint het deel "
            + "opnieuw, + en - doen er 10 s bij of af, o opent de video, q stopt",
        plainQuit: "Deze training stoppen? y stopt, elke andere toets gaat door", note: "Let op")
}
