// SPDX-License-Identifier: GPL-3.0-or-later
// Every word of a workout in French, in one place: what the coach says (`PhraseTable`), the screen's words
// and sentences (`ScreenWords`, `ScreenText`) and the notices (`NoticeText`).
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
        minutesAndSeconds: " et ",
        heartRate: { "Fréquence cardiaque\u{00A0}: \($0)." },
        commandFinished: "Commande terminée.", commandFailed: { "Échec de la commande, code de sortie \($0)." },
        newRecord: "Nouveau record.", ghostPassed: "Tu as dépassé ton fantôme.", howMany: "Combien\u{00A0}?")

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

extension ScreenWords {
    static let french = ScreenWords(
        getReady: "Préparez-vous", rest: "Repos", restBeforeRound: { "Repos avant le tour \($0)" }, next: "Ensuite",
        lastExercise: "Dernier exercice", paused: "En pause", halfway: "Mi-temps", switchSides: "Changez de côté",
        goingOn: "On reprend", finished: "Terminé", left: "restant",
        exercise: "Exercice", warmup: "Échauffement", cooldown: "Retour au calme", firstSide: "premier côté",
        secondSide: "changez de côté\u{00A0}: second côté", otherSide: "second côté",
        eachSide: "de chaque côté",
        reps: { $0 == 1 ? "1 répétition" : "\($0) répétitions" },
        soFar: "jusqu'ici", timeLimit: "limite",
        heartZones: ["très légère", "légère", "modérée", "intense", "maximale"], bpm: "bpm",
        record: "record", newRecord: "Nouveau record", ghostPassed: "Fantôme dépassé",
        most: "Max", howMany: "Combien\u{00A0}?",
        countKeys: "Entrée\u{00A0}: garder · Échap\u{00A0}: aucun", colon: "\u{00A0}: ")
}

extension ScreenText {
    static let french = ScreenText(
        complete: "Séance terminée", ended: { "Arrêtée\u{00A0}: \($0) exercices faits sur \($1)" },
        streak: { $0 == 1 ? "Jour 1 d’une nouvelle série" : "Jour \($0) d’affilée" },
        heartRecovery: { "Récupération cardiaque\u{00A0}: \($0) bpm en une minute (de \($1) à \($2))" },
        heartRecoveryPending: "Récupération cardiaque\u{00A0}: mesurée une minute après le dernier exercice",
        time: "Durée", exercisesDone: "Exercices faits", inRounds: { " en \($0) tours" }, shuffled: "Mélangée avec",
        effortQuestion: "C’était dur à quel point\u{00A0}? 1–10",
        effortKeys: "1–9, 0 pour 10 · Entrée pour passer",
        effortForPlan: "elle fixe la prochaine étape de votre plan",
        effortForHistory: "elle reste dans votre historique",
        planStep: { "Plan\u{00A0}: \($0) · étape \($1) sur \($2)" }, offPlan: "hors du plan",
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
        quitCommandKeys: { ["y  arrêter, \($0) aussi", "b  arrêter, laisser tourner \($0)", "n  continuer"] },
        quitCommandCompactKeys: "y tout arrêter · b laisser · n continuer",
        keyHints: "espace pause · n/p sauter · ? touches · q arrêter", shortKeyHints: "? touches · q arrêter",
        toGo: "au total", whenDone: "Entrée une fois fini", round: "Tour", done: "Terminé", pausedTitle: "en pause",
        open: { $0 == 1 ? "+ 1 libre" : "+ \($0) libres" },
        exercises: { $0 == 1 ? "1 exercice" : "\($0) exercices" }, inAll: "au total", form: "Posture",
        plainKeys: "Touches\u{00A0}: espace met en pause, n ou droite passe, p ou gauche revient, "
            + "r reprend le segment, + et - ajoutent ou retirent 10 s, o ouvre la vidéo, q arrête",
        plainQuit: "Arrêter cette séance\u{00A0}? y arrête, toute autre touche continue",
        plainQuitCommand: { "Arrêter cette séance\u{00A0}? y ou Entrée arrête aussi \($0), b le laisse tourner, "
            + "toute autre touche continue" }, note: "Remarque",
        restUntil: { "jusqu'à moins de \($0) bpm, \($1) au plus" }, restEndedAt: { "repos fini à \($0) bpm" },
        restEndedAfter: { "repos fini après \($0)" })
}

extension NoticeText {
    static let french = NoticeText(
        noSound: "aucun appareil audio : les signaux sont muets",
        noSoundBell: "aucun appareil audio : le terminal sonne à la place",
        noVideo: { "aucune vidéo pour " + $0 },
        noVoice: { "pas de voix : \($0) ne peut pas parler" },
        voiceFallback: { "\($0) ne peut pas parler ; \($1) parle à sa place" },
        historyNotSaved: { "historique non enregistré (\($0)) : \($1)" },
        locked: "verrouillé par un autre programme", readOnly: "lecture seule", historyFull: "disque plein",
        damaged: { "endommagé ; déplacé vers \($0), un nouveau sera commencé" },
        notAFile: "pas un fichier ordinaire ; laissé tel quel",
        tooNew: { "d’un sevenmin plus récent, schéma \($0) ; laissé tel quel" },
        notWritten: "échec d’écriture",
        startedAfresh: { "historique endommagé ; cette séance en commence un nouveau, l'ancien est dans " + $0 },
        eventsFile: { "fichier d’événements : \($0) ; plus aucun événement écrit" },
        readerGone: "son lecteur est parti", diskFull: "le disque est plein",
        writeFailed: { "échec d’écriture (erreur \($0))" },
        cannotOpenLink: "impossible d’ouvrir le lien : ", noBrowser: { "définissez BROWSER (\($0) introuvable)" },
        didNotStart: { "\($0) n’a pas démarré" }, programFailed: { "\($0) a échoué" },
        noHeartRate: { "pas de fréquence cardiaque de " + $0 },
        noPhone: { $0.map { "pas de page pour le téléphone sur " + $0 }
            ?? "pas de page pour le téléphone : pas de réseau" },
        heartRateLost: { "\($0)\u{00A0}: \($1)" }, bluetoothOff: "le Bluetooth est éteint",
        strapGone: "hors de portée\u{00A0}; on le cherche",
        strapWontConnect: "connexion impossible (hors de portée ou occupé)\u{00A0}; nouvel essai",
        strapAmbiguous: { "plusieurs appareils portent ce nom\u{00A0}; indiquez son adresse\u{00A0}: " + $0 },
        noSkinContact: "fréquence cardiaque\u{00A0}: pas de contact avec la peau",
        linesInstead: { "ce terminal (TERM=\($0)) ne peut pas déplacer le curseur ; une ligne par changement "
            + "au lieu de l’écran" })
}

extension PhoneWords {
    static let french = PhoneWords(
        pause: "Pause", resume: "Reprendre", skip: "Passer", back: "Retour", tapToStart: "Touchez pour commencer",
        connectionLost: "Connexion perdue, reconnexion…", dropped: "Scannez le nouveau code",
        scan: "À scanner avec le téléphone",
        phones: { $0 == 1 ? "1 téléphone" : "\($0) téléphones" },
        dropKey: "déconnecter les téléphones, nouveau code")
}
