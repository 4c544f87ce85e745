// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The workout's notices (`WorkoutNotice`) in one language, as the status line and plain mode show them.
/// Paths, program names, voices and `TERM` are shown as they are; each table words every failure.
public struct NoticeText: Sendable {
    public let noSound: String
    /// "no video for Squats".
    public let noVideo: @Sendable (_ exercise: String) -> String
    /// "no voice: espeak-ng xx cannot speak".
    public let noVoice: @Sendable (_ voice: String) -> String
    /// "espeak-ng xx cannot speak; speaking with Flite rms".
    public let voiceFallback: @Sendable (_ asked: String, _ speaking: String) -> String
    /// "history not saved (read-only): PATH", around why and the file.
    public let historyNotSaved: @Sendable (_ why: String, _ path: String) -> String
    public let locked: String
    public let readOnly: String
    public let historyFull: String
    public let damaged: @Sendable (_ movedTo: String) -> String
    public let notAFile: String
    public let tooNew: @Sendable (_ schema: Int) -> String
    public let notWritten: String
    /// "history damaged; this workout starts a new one, the old one moved to AWAY".
    public let startedAfresh: @Sendable (_ movedTo: String) -> String
    /// "events file: its reader went away; no more events written", around why.
    public let eventsFile: @Sendable (_ why: String) -> String
    public let readerGone: String
    public let diskFull: String
    public let writeFailed: @Sendable (_ code: Int32) -> String
    /// "cannot open the link: ", before why.
    public let cannotOpenLink: String
    public let noBrowser: @Sendable (_ tried: String) -> String
    public let didNotStart: @Sendable (_ program: String) -> String
    public let programFailed: @Sendable (_ program: String) -> String
    /// The line said before a workout written a line per change.
    public let linesInstead: @Sendable (_ term: String) -> String

    public static func of(_ language: CoachLanguage) -> NoticeText {
        language.table(english, german, french, spanish, italian, dutch)
    }

    /// `notice` in `language`.
    public static func words(_ notice: WorkoutNotice, in language: CoachLanguage) -> String {
        of(language).words(notice)
    }

    /// `notice` in this table's language.
    public func words(_ notice: WorkoutNotice) -> String {
        switch notice {
        case .noSound: return noSound
        case .noVideo(let exercise): return noVideo(exercise)
        case .noVoice(let voice): return noVoice(voice)
        case .voiceFallback(let asked, let speaking): return voiceFallback(asked, speaking)
        case .historyNotSaved(let path, let problem):
            let why: String
            switch problem {
            case .locked: why = locked
            case .readOnly: why = readOnly
            case .full: why = historyFull
            case .damaged(let moved): why = damaged(moved)
            case .notAFile: why = notAFile
            case .tooNew(let schema): why = tooNew(schema)
            case .failed: why = notWritten
            }
            return historyNotSaved(why, path)
        case .historyStartedAfresh(let moved): return startedAfresh(moved)
        case .eventsFileStopped(let failure):
            switch failure {
            case .readerGone: return eventsFile(readerGone)
            case .full: return eventsFile(diskFull)
            case .failed(let code): return eventsFile(writeFailed(code))
            }
        case .linkNotOpened(let failure):
            switch failure {
            case .noBrowser(let tried): return cannotOpenLink + noBrowser(tried)
            case .didNotStart(let program): return cannotOpenLink + didNotStart(program)
            case .failed(let program): return cannotOpenLink + programFailed(program)
            }
        case .linesInstead(let term): return linesInstead(term)
        }
    }

    public static let english = NoticeText(
        noSound: "no sound device: cues are silent", noVideo: { "no video for " + $0 },
        noVoice: { "no voice: \($0) cannot speak" }, voiceFallback: { "\($0) cannot speak; speaking with \($1)" },
        historyNotSaved: { "history not saved (\($0)): \($1)" },
        locked: "locked by another program", readOnly: "read-only", historyFull: "disk full",
        damaged: { "damaged; moved to \($0), a new one starts next time" },
        notAFile: "not a plain file; left as it is", tooNew: { "from a newer sevenmin, schema \($0); left as it is" },
        notWritten: "write failed",
        startedAfresh: { "history damaged; this workout starts a new one, the old one moved to " + $0 },
        eventsFile: { "events file: \($0); no more events written" }, readerGone: "its reader went away",
        diskFull: "the disk is full", writeFailed: { "a write failed (error \($0))" },
        cannotOpenLink: "cannot open the link: ", noBrowser: { "set BROWSER (no \($0) found)" },
        didNotStart: { "\($0) did not start" }, programFailed: { "\($0) failed" },
        linesInstead: { "this terminal (TERM=\($0)) cannot move the cursor; writing a line per change instead "
            + "of the screen" })

    static let german = NoticeText(
        noSound: "kein Tongerät: die Signale sind stumm", noVideo: { "kein Video für " + $0 },
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
        linesInstead: { "dieses Terminal (TERM=\($0)) kann den Cursor nicht bewegen; eine Zeile je Änderung "
            + "statt des Bildschirms" })

    static let french = NoticeText(
        noSound: "aucun appareil audio : les signaux sont muets", noVideo: { "aucune vidéo pour " + $0 },
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
        linesInstead: { "ce terminal (TERM=\($0)) ne peut pas déplacer le curseur ; une ligne par changement "
            + "au lieu de l’écran" })

    static let spanish = NoticeText(
        noSound: "sin dispositivo de sonido: las señales no suenan", noVideo: { "no hay vídeo de " + $0 },
        noVoice: { "sin voz: \($0) no puede hablar" }, voiceFallback: { "\($0) no puede hablar; habla \($1)" },
        historyNotSaved: { "historial sin guardar (\($0)): \($1)" },
        locked: "bloqueado por otro programa", readOnly: "solo lectura", historyFull: "disco lleno",
        damaged: { "dañado; movido a \($0), se empezará uno nuevo" },
        notAFile: "no es un archivo normal; se dejó como estaba",
        tooNew: { "de un sevenmin más reciente, esquema \($0); se dejó como estaba" },
        notWritten: "falló la escritura",
        startedAfresh: { "historial dañado; este entrenamiento empieza uno nuevo, el viejo está en " + $0 },
        eventsFile: { "archivo de eventos: \($0); no se escriben más eventos" }, readerGone: "su lector se ha ido",
        diskFull: "el disco está lleno", writeFailed: { "falló la escritura (código \($0))" },
        cannotOpenLink: "no se puede abrir el enlace: ", noBrowser: { "define BROWSER (no se encontró \($0))" },
        didNotStart: { "\($0) no arrancó" }, programFailed: { "\($0) falló" },
        linesInstead: { "este terminal (TERM=\($0)) no puede mover el cursor; una línea por cambio en lugar "
            + "de la pantalla" })

    static let italian = NoticeText(
        noSound: "nessun dispositivo audio: i segnali sono muti", noVideo: { "nessun video per " + $0 },
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
        linesInstead: { "questo terminale (TERM=\($0)) non può muovere il cursore; una riga per cambiamento "
            + "invece dello schermo" })

    static let dutch = NoticeText(
        noSound: "geen geluidsapparaat: de signalen zijn stil", noVideo: { "geen video voor " + $0 },
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
        linesInstead: { "deze terminal (TERM=\($0)) kan de cursor niet verplaatsen; een regel per wijziging "
            + "in plaats van het scherm" })
}
