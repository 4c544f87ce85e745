// SPDX-License-Identifier: GPL-3.0-or-later
// Every word of a workout in German, in one place: what the coach says (`PhraseTable`), the screen's words
// and sentences (`ScreenWords`, `ScreenText`) and the notices (`NoticeText`).
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
        minutesAndSeconds: " und ",
        heartRate: { "Dein Puls: \($0)." },
        commandFinished: "Befehl fertig.", commandFailed: { "Befehl fehlgeschlagen, Exit-Code \($0)." },
        newRecord: "Neuer Rekord.", ghostPassed: "Du hast deinen Schatten überholt.", howMany: "Wie viele?")

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

extension ScreenWords {
    static let german = ScreenWords(
        getReady: "Bereit machen", rest: "Erholung", restBeforeRound: { "Erholung vor Runde \($0)" },
        next: "Als Nächstes", lastExercise: "Letzte Übung", paused: "Angehalten", halfway: "Halbzeit",
        switchSides: "Seite wechseln", goingOn: "Weiter", finished: "Fertig", left: "übrig",
        exercise: "Übung", warmup: "Aufwärmen", cooldown: "Abwärmen", firstSide: "erste Seite",
        secondSide: "Seite wechseln: zweite Seite", otherSide: "zweite Seite", eachSide: "je Seite",
        reps: { $0 == 1 ? "1 Wiederholung" : "\($0) Wiederholungen" },
        soFar: "bisher", timeLimit: "Zeitlimit",
        heartZones: ["sehr leicht", "leicht", "moderat", "intensiv", "maximal"], bpm: "S/min",
        record: "Rekord", newRecord: "Neuer Rekord", ghostPassed: "Schatten überholt",
        most: "Max", howMany: "Wie viele?",
        countKeys: "Enter: speichern · Esc: keine")
}

extension ScreenText {
    static let german = ScreenText(
        complete: "Training beendet", ended: { "Beendet: \($0) von \($1) Übungen gemacht" },
        streak: { $0 == 1 ? "Tag 1 einer neuen Serie" : "Tag \($0) in Folge" },
        heartRecovery: { "Erholungspuls: \($0) S/min in einer Minute (\($1) auf \($2))" },
        heartRecoveryPending: "Erholungspuls: eine Minute nach der letzten Übung gemessen",
        time: "Zeit", exercisesDone: "Übungen gemacht", inRounds: { " in \($0) Runden" }, shuffled: "Gemischt mit",
        effortQuestion: "Wie anstrengend war das? 1–10", effortKeys: "1–9, 0 für 10 · Eingabe überspringt",
        effortForPlan: "sie bestimmt den nächsten Schritt deines Plans",
        effortForHistory: "sie bleibt in deinem Verlauf",
        planStep: { "Plan: \($0) · Schritt \($1) von \($2)" }, offPlan: "außerhalb des Plans",
        pressAnyKey: "Eine Taste beendet",
        exercisesIn: { "\($0)/\($1) Übungen in \($2)" }, effort: { "Anstrengung \($0)/10" },
        keys: "Tasten", keyActions: ["anhalten / weiter", "vor / zurück", "diesen Abschnitt neu beginnen",
                                     "10 Sekunden mehr / weniger", "das Video öffnen",
                                     "diese Hilfe zeigen / verbergen",
                                     "beenden", "unterbrechen; fg setzt fort"],
        space: "Leertaste",
        more: { "… \($0) weitere: das Fenster höher machen" },
        quitQuestion: "Dieses Training beenden?", quitKeys: "y  beenden      n  weitermachen",
        quitCompactKeys: "y beenden · n weiter", quitWord: "Beenden?",
        quitCommandKeys: { ["y  beenden, \($0) auch stoppen", "b  beenden, \($0) weiterlaufen lassen",
                            "n  weitermachen"] },
        quitCommandCompactKeys: "y beide stoppen · b lassen · n weiter",
        keyHints: "Leertaste anhalten · n/p springen · ? Tasten · q beenden", shortKeyHints: "? Tasten · q beenden",
        toGo: "insgesamt übrig", whenDone: "Eingabe, wenn fertig", round: "Runde", done: "Fertig",
        pausedTitle: "angehalten", open: { "+ \($0) offen" },
        exercises: { $0 == 1 ? "1 Übung" : "\($0) Übungen" }, inAll: "insgesamt", form: "Haltung",
        plainKeys: "Tasten: Leertaste hält an, n oder rechts springt vor, p oder links zurück, r beginnt den "
            + "Abschnitt neu, + und - geben 10 s dazu oder nehmen sie weg, o öffnet das Video, q beendet",
        plainQuit: "Dieses Training beenden? y beendet, jede andere Taste macht weiter",
        plainQuitCommand: { "Dieses Training beenden? y oder Eingabe stoppt auch \($0), b lässt es weiterlaufen, "
            + "jede andere Taste macht weiter" }, note: "Hinweis",
        restUntil: { "bis unter \($0) S/min, höchstens \($1)" }, restEndedAt: { "Pause endete bei \($0) S/min" },
        restEndedAfter: { "Pause endete nach \($0)" })
}

extension NoticeText {
    static let german = NoticeText(
        noSound: "kein Tongerät: die Signale sind stumm",
        noSoundBell: "kein Tongerät: stattdessen klingelt das Terminal",
        noVideo: { "kein Video für " + $0 },
        noVoice: { "keine Stimme: \($0) kann nicht sprechen" },
        voiceFallback: { "\($0) kann nicht sprechen; es spricht \($1)" },
        historyNotSaved: { "Verlauf nicht gespeichert (\($0)): \($1)" },
        locked: "von einem anderen Programm gesperrt", readOnly: "schreibgeschützt", historyFull: "Datenträger voll",
        damaged: { "beschädigt; nach \($0) verschoben, beim nächsten Mal beginnt ein neuer" },
        notAFile: "keine gewöhnliche Datei; unverändert gelassen",
        tooNew: { "von einem neueren sevenmin, Schema \($0); unverändert gelassen" },
        notWritten: "Schreiben fehlgeschlagen",
        startedAfresh: { "Verlauf beschädigt; dieses Training beginnt einen neuen, der alte liegt in " + $0 },
        eventsFile: { "Ereignisdatei: \($0); keine weiteren Ereignisse" }, readerGone: "ihr Leser ist fort",
        diskFull: "der Datenträger ist voll", writeFailed: { "Schreiben fehlgeschlagen (Fehler \($0))" },
        cannotOpenLink: "Link lässt sich nicht öffnen: ", noBrowser: { "BROWSER setzen (\($0) nicht gefunden)" },
        didNotStart: { "\($0) startete nicht" }, programFailed: { "\($0) schlug fehl" },
        noHeartRate: { "kein Puls von " + $0 },
        noPhone: { $0.map { "keine Telefonseite auf " + $0 } ?? "keine Telefonseite: kein Netz" },
        heartRateLost: { "\($0): \($1)" }, bluetoothOff: "Bluetooth ist aus",
        strapGone: "außer Reichweite; wird gesucht",
        strapWontConnect: "keine Verbindung (außer Reichweite oder belegt); neuer Versuch folgt",
        strapAmbiguous: { "mehrere Geräte tragen diesen Namen; Adresse angeben: " + $0 },
        noSkinContact: "Puls: kein Hautkontakt",
        linesInstead: { "dieses Terminal (TERM=\($0)) kann den Cursor nicht bewegen; eine Zeile je Änderung "
            + "statt des Bildschirms" })
}

extension PhoneWords {
    static let german = PhoneWords(
        pause: "Pause", resume: "Weiter", skip: "Überspringen", back: "Zurück", tapToStart: "Tippen zum Starten",
        connectionLost: "Verbindung verloren, neuer Versuch…", dropped: "Den neuen Code scannen",
        scan: "Mit dem Telefon scannen",
        phones: { $0 == 1 ? "1 Telefon" : "\($0) Telefone" }, dropKey: "Telefone trennen, neuer Code")
}
