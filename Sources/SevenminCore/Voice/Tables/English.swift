// SPDX-License-Identifier: GPL-3.0-or-later
// Every word of a workout in English, in one place: what the coach says (`PhraseTable`), the screen's words
// and sentences (`ScreenWords`, `ScreenText`) and the notices (`NoticeText`).
extension PhraseTable {
    static let english = PhraseTable(
        language: .en,
        getReady: { "Get ready. First up: \($0)." },
        work: { name, duration in
            "Time for \(name)." + (duration.map { " " + Phrases.capitalised($0) + "." } ?? "")
        },
        rest: { next, isLast in "Rest now. \(isLast ? "Last one" : "Next up"): \(next)." },
        finalRest: "Rest now.",
        round: { "Round \($0) of \($1)." },
        halfway: "Halfway there.", switchSides: "Switch sides.", paused: "Workout paused.", resumed: "Workout resumed.",
        complete: "Workout complete.",
        ended: "Workout ended.",
        number: englishWords,
        seconds: { englishWords($0) + ($0 == 1 ? " second" : " seconds") },
        minutes: { englishWords($0) + ($0 == 1 ? " minute" : " minutes") },
        reps: { count, name in
            let number = Phrases.capitalised(englishWords(count))
            guard let plural = englishPlural(name) else {
                return "\(name): \(englishWords(count)) \(count == 1 ? "rep" : "reps")."
            }
            return "\(number) \(count == 1 ? name.lowercased() : plural)."
        },
        minutesAndSeconds: " and ",
        heartRate: { "Heart rate \($0)." },
        commandFinished: "Command finished.", commandFailed: { "Command failed, exit code \($0)." },
        newRecord: "New record.", ghostPassed: "You passed your ghost.", howMany: "How many?")

    /// The name counted in English, lower-cased, when it is a short name of plain words whose last can
    /// take a plural: "Push-up" → "push-ups", "Lunge" → "lunges", "Jumping Jacks" as it is. Nil otherwise
    /// ("Plank hold 30 s", names in other scripts), which the coach says as "Name: ten reps."
    static func englishPlural(_ name: String) -> String? {
        let words = name.lowercased().split(separator: " ")
        guard (1...3).contains(words.count), let last = words.last, last.count >= 2,
              words.allSatisfy({ $0.allSatisfy { ("a"..."z").contains($0) || $0 == "-" || $0 == "'" } }),
              last.last.map({ ("a"..."z").contains($0) }) == true else { return nil }
        let head = words.dropLast().map { $0 + " " }.joined()
        let stem = String(last)
        if stem.hasSuffix("s") { return head + stem }
        if ["ch", "sh", "x", "z"].contains(where: { stem.hasSuffix($0) }) { return head + stem + "es" }
        if stem.hasSuffix("y"), let before = stem.dropLast().last, !"aeiou".contains(before) {
            return head + stem.dropLast() + "ies"
        }
        return head + stem + "s"
    }

    /// 0 → "zero", 42 → "forty-two", 1905 → "one thousand nine hundred five".
    static func englishWords(_ number: Int) -> String {
        let small = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                     "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
        let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
        if number < 0 { return "minus " + englishWords(-number) }
        if number < 20 { return small[number] }
        if number < 100 { return tens[number / 10] + (number % 10 == 0 ? "" : "-" + small[number % 10]) }
        for (size, name) in [(1_000_000_000, "billion"), (1_000_000, "million"), (1_000, "thousand"), (100, "hundred")]
        where number >= size {
            let rest = number % size
            return englishWords(number / size) + " " + name + (rest == 0 ? "" : " " + englishWords(rest))
        }
        return ""
    }
}

extension ScreenWords {
    public static let english = ScreenWords(
        getReady: "Get ready", rest: "Rest", restBeforeRound: { "Rest before round \($0)" }, next: "Next",
        lastExercise: "Last exercise", paused: "Paused", halfway: "Halfway", switchSides: "Switch sides",
        goingOn: "Going on", finished: "Finished", left: "left",
        exercise: "Exercise", warmup: "Warm-up", cooldown: "Cool-down", firstSide: "first side",
        secondSide: "switch sides: second side", otherSide: "second side", eachSide: "each side",
        reps: { $0 == 1 ? "1 rep" : "\($0) reps" },
        soFar: "so far", timeLimit: "time limit",
        heartZones: ["very light", "light", "moderate", "hard", "maximum"], bpm: "bpm",
        record: "record", newRecord: "New record", ghostPassed: "Ghost passed",
        most: "Max", howMany: "How many?",
        countKeys: "Enter: keep · Esc: none")
}

extension ScreenText {
    public static let english = ScreenText(
        complete: "Workout complete", ended: { "Ended: \($0) of \($1) exercises done" },
        streak: { $0 == 1 ? "Day 1 of a new streak" : "Day \($0) in a row" },
        heartRecovery: { "Heart-rate recovery: \($0) bpm in a minute (\($1) to \($2))" },
        heartRecoveryPending: "Heart-rate recovery: read a minute after the last exercise",
        time: "Time", exercisesDone: "Exercises done", inRounds: { " in \($0) rounds" }, shuffled: "Shuffled with",
        effortQuestion: "How hard was that? 1–10", effortKeys: "1–9, 0 for 10 · Enter skips",
        effortForPlan: "it sets the next step of your plan",
        effortForHistory: "it is kept in your history",
        planStep: { "Plan: \($0) · step \($1) of \($2)" }, offPlan: "off plan, not counted",
        pressAnyKey: "Press any key to finish",
        exercisesIn: { "\($0)/\($1) exercises in \($2)" }, effort: { "effort \($0)/10" },
        keys: "Keys", keyActions: KeyBindings.summary.map(\.action),
        space: "space",
        more: { "… \($0) more: make the window taller" },
        quitQuestion: "Quit this workout?", quitKeys: "y  quit      n  keep going",
        quitCompactKeys: "y quit · n go on",
        quitWord: "Quit?",
        quitCommandKeys: { ["y  quit, stop \($0) too", "b  quit, leave \($0) running", "n  keep going"] },
        quitCommandCompactKeys: "y stop both · b leave · n go on",
        keyHints: "space pause · n/p skip · ? keys · q quit", shortKeyHints: "? keys · q quit",
        toGo: "to go", whenDone: "Enter when done", round: "Round", done: "Done", pausedTitle: "paused",
        open: { "+ \($0) open" },
        exercises: { $0 == 1 ? "1 exercise" : "\($0) exercises" }, inAll: "in all", form: "Form",
        plainKeys: "Keys: space pauses, n or right skips, p or left goes back, r restarts the segment, "
            + "+ and - add or remove 10 s, o opens the video, q quits",
        plainQuit: "Quit this workout? y quits, any other key goes on",
        plainQuitCommand: { "Quit this workout? y or Enter stops \($0) too, b leaves it running, "
            + "any other key goes on" },
        note: "Note",
        restUntil: { "until under \($0) bpm, at most \($1)" }, restEndedAt: { "rest ended at \($0) bpm" },
        restEndedAfter: { "rest ended after \($0)" })
}

extension NoticeText {
    public static let english = NoticeText(
        noSound: "no sound device: cues are silent",
        noSoundBell: "no sound device: the terminal bell rings instead",
        noVideo: { "no video for " + $0 },
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
        noHeartRate: { "no heart rate from " + $0 },
        noPhone: { $0.map { "no phone page on " + $0 } ?? "no phone page: no network" },
        heartRateLost: { "\($0): \($1)" }, bluetoothOff: "Bluetooth is off",
        strapGone: "out of reach; looking for it",
        strapWontConnect: "won't connect (out of reach or in use); trying again",
        strapAmbiguous: { "several devices have this name; give its address: " + $0 },
        noSkinContact: "heart rate: no skin contact",
        linesInstead: { "this terminal (TERM=\($0)) cannot move the cursor; writing a line per change instead "
            + "of the screen" })
}

extension PhoneWords {
    static let english = PhoneWords(
        pause: "Pause", resume: "Resume", skip: "Skip", back: "Back", tapToStart: "Tap to start",
        connectionLost: "Connection lost, reconnecting…", dropped: "Scan the new code",
        scan: "Scan with the phone",
        phones: { $0 == 1 ? "1 phone" : "\($0) phones" }, dropKey: KeyBindings.phoneDrop.action)
}
