// SPDX-License-Identifier: GPL-3.0-or-later
// Every word of a workout in Dutch, in one place: what the coach says (`PhraseTable`), the screen's words
// and sentences (`ScreenWords`, `ScreenText`) and the notices (`NoticeText`).
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
        minutesAndSeconds: " en ",
        heartRate: { "Je hartslag: \($0)." },
        commandFinished: "Opdracht klaar.", commandFailed: { "Opdracht mislukt, foutcode \($0)." },
        newRecord: "Nieuw record.", ghostPassed: "Je hebt je schim ingehaald.", howMany: "Hoeveel?")

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

extension ScreenWords {
    static let dutch = ScreenWords(
        getReady: "Maak je klaar", rest: "Rust", restBeforeRound: { "Rust voor ronde \($0)" }, next: "Hierna",
        lastExercise: "Laatste oefening", paused: "Gepauzeerd", halfway: "Halverwege", switchSides: "Wissel van kant",
        goingOn: "We gaan verder", finished: "Klaar", left: "over",
        exercise: "Oefening", warmup: "Warming-up", cooldown: "Cooling-down", firstSide: "eerste kant",
        secondSide: "wissel van kant: tweede kant", otherSide: "tweede kant", eachSide: "per kant",
        reps: { $0 == 1 ? "1 herhaling" : "\($0) herhalingen" },
        soFar: "tot nu toe", timeLimit: "tijdslimiet",
        heartZones: ["zeer licht", "licht", "gemiddeld", "zwaar", "maximaal"], bpm: "bpm",
        record: "record", newRecord: "Nieuw record", ghostPassed: "Schim ingehaald",
        most: "Max", howMany: "Hoeveel?",
        countKeys: "Enter: bewaren · Esc: geen")
}

extension ScreenText {
    static let dutch = ScreenText(
        complete: "Training voltooid", ended: { "Gestopt: \($0) van \($1) oefeningen gedaan" },
        streak: { $0 == 1 ? "Dag 1 van een nieuwe reeks" : "Dag \($0) op rij" },
        heartRecovery: { "Hartslagherstel: \($0) bpm in een minuut (van \($1) naar \($2))" },
        heartRecoveryPending: "Hartslagherstel: gemeten een minuut na de laatste oefening",
        time: "Tijd", exercisesDone: "Oefeningen gedaan", inRounds: { " in \($0) rondes" },
        shuffled: "Geschud met",
        effortQuestion: "Hoe zwaar was dat? 1–10", effortKeys: "1–9, 0 voor 10 · Enter slaat over",
        effortForPlan: "het bepaalt de volgende stap van je plan",
        effortForHistory: "het blijft in je geschiedenis",
        planStep: { "Plan: \($0) · stap \($1) van \($2)" }, offPlan: "buiten het plan",
        pressAnyKey: "Druk op een toets om te stoppen",
        exercisesIn: { "\($0)/\($1) oefeningen in \($2)" }, effort: { "inspanning \($0)/10" },
        keys: "Toetsen", keyActions: ["pauzeren / verder", "volgende / vorige", "dit deel opnieuw",
                                      "er 10 seconden bij / af", "de video openen", "deze hulp tonen / verbergen",
                                      "stoppen", "onderbreken; fg gaat verder"],
        space: "spatie",
        more: { "… nog \($0): maak het venster hoger" },
        quitQuestion: "Deze training stoppen?", quitKeys: "y  stoppen      n  doorgaan",
        quitCompactKeys: "y stoppen · n door", quitWord: "Stoppen?",
        quitCommandKeys: { ["y  stoppen, ook \($0)", "b  stoppen, \($0) laten draaien", "n  doorgaan"] },
        quitCommandCompactKeys: "y alles stoppen · b laten · n door",
        keyHints: "spatie pauze · n/p verder · ? toetsen · q stoppen", shortKeyHints: "? toetsen · q stoppen",
        toGo: "in totaal", whenDone: "Enter als je klaar bent", round: "Ronde", done: "Klaar",
        pausedTitle: "gepauzeerd", open: { "+ \($0) open" },
        exercises: { $0 == 1 ? "1 oefening" : "\($0) oefeningen" }, inAll: "in totaal", form: "Houding",
        plainKeys: "Toetsen: spatie pauzeert, n of rechts slaat over, p of links gaat terug, r begint het deel "
            + "opnieuw, + en - doen er 10 s bij of af, o opent de video, q stopt",
        plainQuit: "Deze training stoppen? y stopt, elke andere toets gaat door",
        plainQuitCommand: { "Deze training stoppen? y of Enter stopt ook \($0), b laat het draaien, "
            + "elke andere toets gaat door" }, note: "Let op",
        restUntil: { "tot onder \($0) bpm, hooguit \($1)" }, restEndedAt: { "rust voorbij bij \($0) bpm" },
        restEndedAfter: { "rust voorbij na \($0)" })
}

extension NoticeText {
    static let dutch = NoticeText(
        noSound: "geen geluidsapparaat: de signalen zijn stil",
        noSoundBell: "geen geluidsapparaat: de terminalbel klinkt in de plaats",
        noVideo: { "geen video voor " + $0 },
        noVoice: { "geen stem: \($0) kan niet spreken" }, voiceFallback: { "\($0) kan niet spreken; \($1) spreekt" },
        historyNotSaved: { "geschiedenis niet bewaard (\($0)): \($1)" },
        locked: "vergrendeld door een ander programma", readOnly: "alleen-lezen", historyFull: "schijf vol",
        damaged: { "beschadigd; verplaatst naar \($0), er wordt een nieuwe begonnen" },
        notAFile: "geen gewoon bestand; gelaten zoals het was",
        tooNew: { "van een nieuwere sevenmin, schema \($0); gelaten zoals het was" }, notWritten: "schrijven mislukt",
        startedAfresh: { "geschiedenis beschadigd; deze training begint een nieuwe, de oude staat in " + $0 },
        eventsFile: { "gebeurtenissenbestand: \($0); er worden geen gebeurtenissen meer geschreven" },
        readerGone: "de lezer is weg", diskFull: "de schijf is vol", writeFailed: { "schrijven mislukt (fout \($0))" },
        cannotOpenLink: "kan de koppeling niet openen: ", noBrowser: { "zet BROWSER (geen \($0) gevonden)" },
        didNotStart: { "\($0) startte niet" }, programFailed: { "\($0) mislukte" },
        noHeartRate: { "geen hartslag van " + $0 },
        noPhone: { $0.map { "geen telefoonpagina op " + $0 } ?? "geen telefoonpagina: geen netwerk" },
        heartRateLost: { "\($0): \($1)" }, bluetoothOff: "Bluetooth staat uit",
        strapGone: "buiten bereik; wordt gezocht",
        strapWontConnect: "geen verbinding (buiten bereik of bezet); nieuwe poging volgt",
        strapAmbiguous: { "meerdere apparaten hebben deze naam; geef het adres: " + $0 },
        noSkinContact: "hartslag: geen huidcontact",
        linesInstead: { "deze terminal (TERM=\($0)) kan de cursor niet verplaatsen; een regel per wijziging "
            + "in plaats van het scherm" })
}

extension PhoneWords {
    static let dutch = PhoneWords(
        pause: "Pauze", resume: "Hervatten", skip: "Overslaan", back: "Terug", tapToStart: "Tik om te starten",
        connectionLost: "Verbinding verbroken, opnieuw verbinden…", dropped: "Scan de nieuwe code",
        scan: "Scan met de telefoon",
        phones: { $0 == 1 ? "1 telefoon" : "\($0) telefoons" }, dropKey: "telefoons loskoppelen, nieuwe code")
}
