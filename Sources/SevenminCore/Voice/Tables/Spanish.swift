// SPDX-License-Identifier: GPL-3.0-or-later
// Every word of a workout in Spanish, in one place: what the coach says (`PhraseTable`), the screen's words
// and sentences (`ScreenWords`, `ScreenText`) and the notices (`NoticeText`).
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
        minutesAndSeconds: " y ",
        heartRate: { "Frecuencia cardíaca: \($0)." },
        commandFinished: "Comando terminado.", commandFailed: { "El comando falló, código de salida \($0)." },
        newRecord: "Nuevo récord.", ghostPassed: "Has superado a tu fantasma.", howMany: "¿Cuántas?")

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

extension ScreenWords {
    static let spanish = ScreenWords(
        getReady: "Prepárate", rest: "Descanso", restBeforeRound: { "Descanso antes de la ronda \($0)" },
        next: "Siguiente", lastExercise: "Último ejercicio", paused: "En pausa", halfway: "A la mitad",
        switchSides: "Cambia de lado", goingOn: "Seguimos", finished: "Terminado", left: "restante",
        exercise: "Ejercicio", warmup: "Calentamiento", cooldown: "Vuelta a la calma", firstSide: "primer lado",
        secondSide: "cambia de lado: segundo lado", otherSide: "segundo lado", eachSide: "cada lado",
        reps: { $0 == 1 ? "1 repetición" : "\($0) repeticiones" },
        soFar: "hasta ahora", timeLimit: "límite",
        heartZones: ["muy suave", "suave", "moderada", "intensa", "máxima"], bpm: "ppm",
        record: "récord", newRecord: "Nuevo récord", ghostPassed: "Fantasma superado",
        most: "Máx", howMany: "¿Cuántas?",
        countKeys: "Intro: guardar · Esc: ninguna")
}

extension ScreenText {
    static let spanish = ScreenText(
        complete: "Entrenamiento completado", ended: { "Terminado: \($0) de \($1) ejercicios hechos" },
        streak: { $0 == 1 ? "Día 1 de una nueva racha" : "Día \($0) seguido" },
        heartRecovery: { "Recuperación cardíaca: \($0) ppm en un minuto (de \($1) a \($2))" },
        heartRecoveryPending: "Recuperación cardíaca: se mide un minuto después del último ejercicio",
        time: "Duración", exercisesDone: "Ejercicios hechos", inRounds: { " en \($0) rondas" },
        shuffled: "Mezclado con",
        effortQuestion: "¿Cuánto te ha costado? 1–10", effortKeys: "1–9, 0 para 10 · Intro para omitir",
        effortForPlan: "fija el próximo paso de tu plan",
        effortForHistory: "se guarda en tu historial",
        planStep: { "Plan: \($0) · paso \($1) de \($2)" }, offPlan: "fuera del plan",
        pressAnyKey: "Pulsa una tecla para terminar",
        exercisesIn: { "\($0)/\($1) ejercicios en \($2)" }, effort: { "esfuerzo \($0)/10" },
        keys: "Teclas", keyActions: ["pausar / seguir", "siguiente / anterior", "reiniciar este tramo",
                                     "añadir / quitar 10 segundos", "abrir el vídeo", "mostrar / ocultar esta ayuda",
                                     "salir", "suspender; fg reanuda"],
        space: "espacio",
        more: { "… \($0) más: agranda la ventana" },
        quitQuestion: "¿Salir de este entrenamiento?", quitKeys: "y  salir      n  seguir",
        quitCompactKeys: "y salir · n seguir", quitWord: "¿Salir?",
        quitCommandKeys: { ["y  salir, detener también \($0)", "b  salir, dejar \($0) en marcha", "n  seguir"] },
        quitCommandCompactKeys: "y detener todo · b dejar · n seguir",
        keyHints: "espacio pausa · n/p saltar · ? teclas · q salir", shortKeyHints: "? teclas · q salir",
        toGo: "en total", whenDone: "Intro al terminar", round: "Ronda", done: "Hecho", pausedTitle: "en pausa",
        open: { $0 == 1 ? "+ 1 libre" : "+ \($0) libres" },
        exercises: { $0 == 1 ? "1 ejercicio" : "\($0) ejercicios" }, inAll: "en total", form: "Postura",
        plainKeys: "Teclas: espacio pausa, n o derecha salta, p o izquierda vuelve, r reinicia el tramo, "
            + "+ y - añaden o quitan 10 s, o abre el vídeo, q sale",
        plainQuit: "¿Salir de este entrenamiento? y sale, cualquier otra tecla sigue",
        plainQuitCommand: { "¿Salir de este entrenamiento? y o Intro detiene también \($0), b lo deja en marcha, "
            + "cualquier otra tecla sigue" }, note: "Aviso",
        restUntil: { "hasta bajar de \($0) ppm, como mucho \($1)" }, restEndedAt: { "descanso terminado a \($0) ppm" },
        restEndedAfter: { "descanso terminado tras \($0)" })
}

extension NoticeText {
    static let spanish = NoticeText(
        noSound: "sin dispositivo de sonido: las señales no suenan",
        noSoundBell: "sin dispositivo de sonido: suena el timbre del terminal",
        noVideo: { "no hay vídeo de " + $0 },
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
        noHeartRate: { "sin frecuencia cardíaca de " + $0 },
        noPhone: { $0.map { "sin página para el teléfono en " + $0 } ?? "sin página para el teléfono: sin red" },
        heartRateLost: { "\($0): \($1)" }, bluetoothOff: "el Bluetooth está apagado",
        strapGone: "fuera de alcance; se busca de nuevo",
        strapWontConnect: "sin conexión (fuera de alcance u ocupado); se reintentará",
        strapAmbiguous: { "varios dispositivos tienen este nombre; indique su dirección: " + $0 },
        noSkinContact: "pulso: sin contacto con la piel",
        linesInstead: { "este terminal (TERM=\($0)) no puede mover el cursor; una línea por cambio en lugar "
            + "de la pantalla" })
}

extension PhoneWords {
    static let spanish = PhoneWords(
        pause: "Pausa", resume: "Reanudar", skip: "Saltar", back: "Atrás", tapToStart: "Toca para empezar",
        connectionLost: "Conexión perdida, reconectando…", dropped: "Escanea el código nuevo",
        scan: "Escanear con el teléfono",
        phones: { $0 == 1 ? "1 teléfono" : "\($0) teléfonos" }, dropKey: "desconectar los teléfonos, código nuevo")
}
