// SPDX-License-Identifier: GPL-3.0-or-later
// Every word of a workout in Italian, in one place: what the coach says (`PhraseTable`), the screen's words
// and sentences (`ScreenWords`, `ScreenText`) and the notices (`NoticeText`).
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
        minutesAndSeconds: " e ",
        heartRate: { "Frequenza cardiaca: \($0)." },
        commandFinished: "Comando finito.", commandFailed: { "Comando fallito, codice di uscita \($0)." },
        newRecord: "Nuovo record.", ghostPassed: "Hai superato il tuo fantasma.", howMany: "Quante?")

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

extension ScreenWords {
    static let italian = ScreenWords(
        getReady: "Preparati", rest: "Riposo", restBeforeRound: { "Riposo prima del giro \($0)" }, next: "Prossimo",
        lastExercise: "Ultimo esercizio", paused: "In pausa", halfway: "A metà", switchSides: "Cambia lato",
        goingOn: "Si riprende", finished: "Finito", left: "rimanenti",
        exercise: "Esercizio", warmup: "Riscaldamento", cooldown: "Defaticamento", firstSide: "primo lato",
        secondSide: "cambia lato: secondo lato", otherSide: "secondo lato", eachSide: "per lato",
        reps: { $0 == 1 ? "1 ripetizione" : "\($0) ripetizioni" },
        soFar: "finora", timeLimit: "limite",
        heartZones: ["molto leggera", "leggera", "moderata", "intensa", "massima"], bpm: "bpm",
        record: "record", newRecord: "Nuovo record", ghostPassed: "Fantasma superato",
        most: "Max", howMany: "Quante?",
        countKeys: "Invio: salva · Esc: nessuna")
}

extension ScreenText {
    static let italian = ScreenText(
        complete: "Allenamento completato", ended: { "Interrotto: \($0) esercizi fatti su \($1)" },
        streak: { $0 == 1 ? "Giorno 1 di una nuova serie" : "Giorno \($0) di fila" },
        heartRecovery: { "Recupero cardiaco: \($0) bpm in un minuto (da \($1) a \($2))" },
        heartRecoveryPending: "Recupero cardiaco: misurato un minuto dopo l’ultimo esercizio",
        time: "Durata", exercisesDone: "Esercizi fatti", inRounds: { " in \($0) giri" }, shuffled: "Mescolato con",
        effortQuestion: "Quanto è stato faticoso? 1–10", effortKeys: "1–9, 0 per 10 · Invio per saltare",
        effortForPlan: "decide il prossimo passo del tuo piano",
        effortForHistory: "resta nel tuo storico",
        planStep: { "Piano: \($0) · passo \($1) di \($2)" }, offPlan: "fuori dal piano",
        pressAnyKey: "Premi un tasto per finire",
        exercisesIn: { "\($0)/\($1) esercizi in \($2)" }, effort: { "fatica \($0)/10" },
        keys: "Tasti", keyActions: ["pausa / riprendi", "avanti / indietro", "ricomincia questa parte",
                                    "aggiungi / togli 10 secondi", "apri il video", "mostra / nascondi questo aiuto",
                                    "esci", "sospendi; fg riprende"],
        space: "spazio",
        more: { "… altre \($0): allunga la finestra" },
        quitQuestion: "Uscire da questo allenamento?", quitKeys: "y  esci      n  continua",
        quitCompactKeys: "y esci · n continua", quitWord: "Uscire?",
        quitCommandKeys: { ["y  esci, ferma anche \($0)", "b  esci, lascia \($0) in esecuzione", "n  continua"] },
        quitCommandCompactKeys: "y ferma tutto · b lascia · n continua",
        keyHints: "spazio pausa · n/p salta · ? tasti · q esci", shortKeyHints: "? tasti · q esci",
        toGo: "in tutto", whenDone: "Invio quando hai finito", round: "Giro", done: "Fatto", pausedTitle: "in pausa",
        open: { $0 == 1 ? "+ 1 libero" : "+ \($0) liberi" },
        exercises: { $0 == 1 ? "1 esercizio" : "\($0) esercizi" }, inAll: "in tutto", form: "Postura",
        plainKeys: "Tasti: spazio mette in pausa, n o destra salta, p o sinistra torna indietro, r ricomincia la "
            + "parte, + e - aggiungono o tolgono 10 s, o apre il video, q esce",
        plainQuit: "Uscire da questo allenamento? y esce, ogni altro tasto continua",
        plainQuitCommand: { "Uscire da questo allenamento? y o Invio ferma anche \($0), b lo lascia in esecuzione, "
            + "ogni altro tasto continua" }, note: "Nota",
        restUntil: { "finché sotto \($0) bpm, al massimo \($1)" }, restEndedAt: { "riposo finito a \($0) bpm" },
        restEndedAfter: { "riposo finito dopo \($0)" })
}

extension NoticeText {
    static let italian = NoticeText(
        noSound: "nessun dispositivo audio: i segnali sono muti",
        noSoundBell: "nessun dispositivo audio: suona il campanello del terminale",
        noVideo: { "nessun video per " + $0 },
        noVoice: { "nessuna voce: \($0) non può parlare" }, voiceFallback: { "\($0) non può parlare; parla \($1)" },
        historyNotSaved: { "cronologia non salvata (\($0)): \($1)" },
        locked: "bloccata da un altro programma", readOnly: "sola lettura", historyFull: "disco pieno",
        damaged: { "danneggiata; spostata in \($0), se ne inizierà una nuova" },
        notAFile: "non è un archivio normale; lasciata com’era",
        tooNew: { "di un sevenmin più recente, schema \($0); lasciata com’era" },
        notWritten: "scrittura non riuscita",
        startedAfresh: { "cronologia danneggiata; questo allenamento ne inizia una nuova, la vecchia è in " + $0 },
        eventsFile: { "registro degli eventi: \($0); nessun altro evento scritto" },
        readerGone: "chi lo leggeva se n’è andato", diskFull: "il disco è pieno",
        writeFailed: { "scrittura non riuscita (errore \($0))" },
        cannotOpenLink: "impossibile aprire il collegamento: ", noBrowser: { "imposta BROWSER (\($0) non trovato)" },
        didNotStart: { "\($0) non si è avviato" }, programFailed: { "\($0) non è riuscito" },
        noHeartRate: { "nessuna frequenza cardiaca da " + $0 },
        noPhone: { $0.map { "nessuna pagina per il telefono su " + $0 }
            ?? "nessuna pagina per il telefono: nessuna rete" },
        heartRateLost: { "\($0): \($1)" }, bluetoothOff: "il Bluetooth è spento",
        strapGone: "fuori portata; lo si cerca",
        strapWontConnect: "nessuna connessione (fuori portata o occupato); si riprova",
        strapAmbiguous: { "più dispositivi hanno questo nome; indicane l’indirizzo: " + $0 },
        noSkinContact: "battito: nessun contatto con la pelle",
        linesInstead: { "questo terminale (TERM=\($0)) non può muovere il cursore; una riga per cambiamento "
            + "invece dello schermo" })
}

extension PhoneWords {
    static let italian = PhoneWords(
        pause: "Pausa", resume: "Riprendi", skip: "Salta", back: "Indietro", tapToStart: "Tocca per iniziare",
        connectionLost: "Connessione persa, riconnessione…", dropped: "Scansiona il nuovo codice",
        scan: "Scansiona con il telefono",
        phones: { $0 == 1 ? "1 telefono" : "\($0) telefoni" }, dropKey: "scollega i telefoni, nuovo codice")
}
