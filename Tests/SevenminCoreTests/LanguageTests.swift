// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

@Suite("The coach in six languages")
struct LanguageTests {
    @Test(arguments: [
        (CoachLanguage.de, 1, "eins"), (.de, 16, "sechzehn"), (.de, 21, "einundzwanzig"), (.de, 30, "dreißig"),
        (.de, 99, "neunundneunzig"), (.de, 101, "einhunderteins"), (.de, 2_000, "zweitausend"),
        (.fr, 1, "un"), (.fr, 17, "dix-sept"), (.fr, 21, "vingt et un"), (.fr, 22, "vingt-deux"),
        (.fr, 70, "soixante-dix"), (.fr, 71, "soixante et onze"), (.fr, 80, "quatre-vingts"),
        (.fr, 81, "quatre-vingt-un"), (.fr, 91, "quatre-vingt-onze"), (.fr, 200, "deux cents"),
        (.fr, 201, "deux cent un"), (.fr, 1_000, "mille"),
        (.es, 16, "dieciséis"), (.es, 21, "veintiuno"), (.es, 31, "treinta y uno"), (.es, 100, "cien"),
        (.es, 101, "ciento uno"), (.es, 500, "quinientos"), (.es, 2_000, "dos mil"),
        (.it, 21, "ventuno"), (.it, 23, "ventitré"), (.it, 28, "ventotto"), (.it, 100, "cento"),
        (.it, 101, "centouno"), (.it, 1_000, "mille"), (.it, 2_000, "duemila"),
        (.nl, 1, "één"), (.nl, 21, "eenentwintig"), (.nl, 22, "tweeëntwintig"), (.nl, 23, "drieëntwintig"),
        (.nl, 30, "dertig"), (.nl, 100, "honderd"), (.nl, 1_000, "duizend"),
        (.en, 42, "forty-two"),
    ])
    func numbersAsEachLanguageSaysThem(language: CoachLanguage, number: Int, said: String) {
        #expect(Phrases(language).words(number) == said)
    }

    /// Plurals and agreement: the noun follows the number, and "one" agrees with it.
    @Test(arguments: [
        (CoachLanguage.de, 1.0, "Eine Sekunde"), (.de, 21, "Einundzwanzig Sekunden"), (.de, 60, "Eine Minute"),
        (.de, 470, "Sieben Minuten und fünfzig Sekunden"),
        (.fr, 1, "Une seconde"), (.fr, 0, "Zéro seconde"), (.fr, 21, "Vingt et une secondes"),
        (.fr, 120, "Deux minutes"),
        (.es, 1, "Un segundo"), (.es, 21, "Veintiún segundos"), (.es, 31, "Treinta y un segundos"),
        (.es, 470, "Siete minutos y cincuenta segundos"),
        (.it, 1, "Un secondo"), (.it, 30, "Trenta secondi"), (.it, 61, "Un minuto e un secondo"),
        (.nl, 1, "Eén seconde"), (.nl, 45, "Vijfenveertig seconden"), (.nl, 120, "Twee minuten"),
        (.en, 1, "One second"), (.en, 470, "Seven minutes and fifty seconds"),
    ])
    func durationsAgreeWithTheirNumber(language: CoachLanguage, seconds: Double, said: String) {
        #expect(Phrases(language).duration(seconds) == said)
    }

    @Test func everyPhraseIsInTheLanguageAsked() {
        let de = Phrases(.de)
        #expect(de.getReady(first: "Hampelmann").text == "Mach dich bereit. Zuerst: Hampelmann.")
        #expect(de.workStart(title: "Kniebeugen", seconds: 30).text == "Kniebeugen, dreißig Sekunden lang.")
        #expect(de.switchSides.text == "Seite wechseln.")
        #expect(de.rest(next: "Plank", isLast: true).text == "Kurz erholen. Zum Schluss: Plank.")
        #expect(de.round(2, of: 3).text == "Runde zwei von drei.")
        #expect(de.finished(seconds: 470).text == "Training beendet. Sieben Minuten und fünfzig Sekunden.")
        #expect(Phrases(.fr).rest(next: "Pompes").text == "On se repose. Ensuite : Pompes.")
        #expect(Phrases(.nl).count(1).text == "Eén.")
        // Dutch capitalises "één" as "Eén", in every sentence that starts with it, and within one keeps it.
        #expect(Phrases(.nl).finished(seconds: 1).text == "Training voltooid. Eén seconde.")
        #expect(Phrases(.nl).workStart(title: "Plank", seconds: 1).text == "Plank, één seconde lang.")
        // Every language has its own words for every fixed phrase.
        let fixed = CoachLanguage.allCases.map { Phrases($0) }.map { [$0.halfway, $0.switchSides, $0.paused,
                                                                      $0.resumed].map(\.text) }
        #expect(Set(fixed.flatMap { $0 }).count == 4 * CoachLanguage.allCases.count)
    }

    @Test func aPlanIsSpokenInTheLanguageOfTheSettings() {
        let plan = Plan(Routine(name: "R", rest: 5, getReady: 5, exercises: [
            Exercise(title: "Kniebeugen", color: FlatColor.red.rgb, work: 20),
            Exercise(title: "Seitstütz", color: FlatColor.red.rgb, work: 20, sides: 2),
        ]))
        let said = AudioSchedule.items(for: plan, voice: true, countAloud: false, language: .de).compactMap {
            if case .phrase(let p) = $0.sound { p.text } else { nil }
        }
        #expect(said == ["Mach dich bereit. Zuerst: Kniebeugen.", "Kniebeugen, zwanzig Sekunden lang.",
                         "Die Hälfte ist geschafft.", "Kurz erholen. Zum Schluss: Seitstütz.",
                         "Seitstütz, zehn Sekunden lang.", "Seite wechseln.", "Seitstütz, zehn Sekunden lang.",
                         "Training beendet. Fünfundfünfzig Sekunden."])
        #expect(VoicePolicy.phrases(in: plan, countAloud: false, language: .de).map(\.text)
                .contains("Training angehalten."))
    }

    @Test(arguments: [
        ("de_DE.UTF-8", CoachLanguage.de), ("fr-CA", .fr), ("nl_BE@euro", .nl), ("es", .es), ("it_IT", .it),
        ("en_GB.UTF-8", .en), ("pt_BR.UTF-8", nil), ("C", nil), ("POSIX", nil), ("", nil),
    ] as [(String, CoachLanguage?)])
    func localesNameTheirLanguage(tag: String, language: CoachLanguage?) {
        #expect(CoachLanguage(tag: tag) == language)
    }

    @Test(arguments: [
        ("rms", CoachLanguage.en), ("slt", .en), ("en-us", .en), ("de", .de), ("fr-be", .fr), ("es-419", .es),
        ("roa/it", .it), ("nl", .nl), ("pl", nil),
    ] as [(String, CoachLanguage?)])
    func voicesSpeakTheirLanguage(voice: String, language: CoachLanguage?) {
        #expect(CoachLanguage(voice: voice) == language)
    }

    @Test func theEnvironmentIsReadAsGettextReadsIt() {
        #expect(CoachLanguage.fromEnvironment(["LANGUAGE": "pt:fr:de", "LANG": "nl_NL.UTF-8"]) == .fr)
        #expect(CoachLanguage.fromEnvironment(["LC_ALL": "", "LC_MESSAGES": "it_IT", "LANG": "de_DE"]) == .it)
        // The C locale is untranslated: English, whatever LANG or LANGUAGE say.
        #expect(CoachLanguage.fromEnvironment(["LC_ALL": "C", "LANG": "de_DE.UTF-8"]) == nil)
        #expect(CoachLanguage.fromEnvironment(["LC_ALL": "POSIX", "LANGUAGE": "fr", "LANG": "de_DE"]) == nil)
        #expect(CoachLanguage.fromEnvironment(["LANGUAGE": "fr"]) == nil)
        // LANGUAGE is read under any other locale, C.UTF-8 too, as gettext reads it.
        #expect(CoachLanguage.fromEnvironment(["LANGUAGE": "fr", "LANG": "C.UTF-8"]) == .fr)
        #expect(CoachLanguage.fromEnvironment(["LANGUAGE": "pt", "LC_MESSAGES": "it_IT"]) == .it)
        #expect(CoachLanguage.fromEnvironment(["LANG": "es_ES.UTF-8"]) == .es)
        #expect(CoachLanguage.fromEnvironment(["LANG": "C.UTF-8"]) == nil)
    }

    /// The voice named speaks its own language; else the routine's language, its voice's, `--language`,
    /// the environment, English. The voice is the one named, the routine's, or the language's own.
    @Test(arguments: [
        (nil, nil, nil, nil, [:], CoachLanguage.en, VoiceChoice(engine: .flite, voice: "rms")),
        (nil, nil, nil, nil, ["LANG": "de_DE.UTF-8"], .de, VoiceChoice(engine: .espeak, voice: "de")),
        (nil, nil, nil, .fr, ["LANG": "de_DE.UTF-8"], .fr, VoiceChoice(engine: .espeak, voice: "fr")),
        (nil, nil, "it", .fr, [:], .it, VoiceChoice(engine: .espeak, voice: "it")),
        (nil, CoachLanguage.nl, "it", .fr, [:], .nl, VoiceChoice(engine: .espeak, voice: "nl")),
        (nil, CoachLanguage.en, "slt", .fr, [:], .en, VoiceChoice(engine: .flite, voice: "slt")),
        ("de", CoachLanguage.fr, nil, .es, [:], .de, VoiceChoice(engine: .espeak, voice: "de")),
        ("rms", nil, nil, nil, ["LANG": "fr_FR"], .en, VoiceChoice(engine: .flite, voice: "rms")),
        // A voice without a table speaks, and the words come from the next in line.
        ("pl", nil, nil, .es, [:], .es, VoiceChoice(engine: .espeak, voice: "pl")),
    ] as [(String?, CoachLanguage?, String?, CoachLanguage?, [String: String], CoachLanguage, VoiceChoice)])
    func theLanguageAndTheVoiceAreChosenInOrder(voiceName: String?, routineLanguage: CoachLanguage?,
                                                routineVoice: String?, option: CoachLanguage?,
                                                environment: [String: String], language: CoachLanguage,
                                                voice: VoiceChoice) {
        let routine = Routine(name: "R", exercises: [], voice: routineVoice, language: routineLanguage)
        let chosen = CoachLanguage.resolve(voiceName: voiceName, routine: routine, option: option,
                                           environment: environment)
        #expect(chosen.language == language)
        #expect(chosen.voice == voice)
    }
}

@Suite("The workout's words in the coach's language")
struct ScreenWordsTests {
    func app(_ language: CoachLanguage, summaryWaitsForKey: Bool = true) -> WorkoutApp {
        var settings = CoachSettings(flash: false, summaryWaitsForKey: summaryWaitsForKey)
        settings.language = language
        return WorkoutApp(plan: shortPlan, settings: settings)
    }

    @Test func theScreenShowsItsHeadingsAndStateWordsInTheLanguage() {
        var app = app(.de)
        _ = app.start(at: 0)
        var text = WorkoutScreen.render(app.screen(at: 0.5), width: 80, height: 24).text
        #expect(text.contains("Bereit machen") && text.contains("Als Nächstes: A"))
        _ = app.handle(.tick, at: 5.5)
        text = WorkoutScreen.render(app.screen(at: 5.5), width: 80, height: 24).text
        #expect(text.contains("Erholung") && !text.contains("Rest"))
        _ = app.handle(.key(.character(" ")), at: 5.6)
        text = WorkoutScreen.render(app.screen(at: 5.6), width: 80, height: 24).text
        #expect(text.contains("ANGEHALTEN") && !text.contains("PAUSED"))
        // The events file and the history keep English, for the scripts that read them.
        #expect(shortPlan.heading(of: 2) == "Rest")
    }

    @Test func plainModeSpeaksTheLanguageToo() throws {
        let clock = ManualClock(), backend = TranscriptBackend()
        let input = ScriptedInput(clock: clock, [.at(0, [.audio(.device("test"))])]
            + Array(repeating: .untilDeadline, count: 40))
        let loop = WorkoutLoop(app: app(.fr, summaryWaitsForKey: false), clock: clock, terminal: backend,
                               input: input, audio: nil, recorder: nil)
        #expect(try loop.run() == .completed)
        #expect(backend.lines == [
            "0:00 Short — 2 exercices — 0:09 au total",
            "0:00 Préparez-vous — 2 s — ensuite\u{00A0}: A",
            "0:02 A — 3 s — ensuite\u{00A0}: B",
            "0:03 Mi-temps",
            "0:05 Repos — 1 s — ensuite\u{00A0}: B",
            "0:06 B — 3 s, de chaque côté",
            "0:07 Changez de côté",
            "0:09 Terminé",
        ])
    }

    /// French sets a no-break space before a colon; the screen said "Ensuite: A" where the voice says
    /// "Ensuite : A". Other languages keep the colon on the word.
    @Test func theScreenSetsItsColonsAsTheVoiceSaysThem() {
        var app = app(.fr)
        _ = app.start(at: 0)
        let text = WorkoutScreen.render(app.screen(at: 0.5), width: 80, height: 24).text
        #expect(text.contains("Ensuite\u{00A0}: A") && !text.contains("Ensuite: A"), "\(text)")
        #expect(Phrases(.fr).rest(next: "A").text.contains("Ensuite : A"))
        #expect(ScreenWords.of(.de).colon == ": " && ScreenWords.of(.en).colon == ": ")
    }

    /// The help panel's actions start in one column in every language: German's "Leertaste" left its row
    /// one column out of line.
    @Test(arguments: CoachLanguage.allCases)
    func theKeysPanelIsInLineInEveryLanguage(language: CoachLanguage) {
        var app = app(language)
        _ = app.start(at: 0)
        _ = app.handle(.key(.character("?")), at: 0.5)
        let rows = WorkoutScreen.render(app.screen(at: 0.5), width: 80, height: 24).text.split(separator: "\n")
        let text = ScreenText.of(language)
        let columns = text.keyActions.map { action in
            rows.lazy.compactMap { row in
                row.firstRange(of: action).map { row.distance(from: row.startIndex, to: $0.lowerBound) }
            }.first
        }
        #expect(columns.allSatisfy { $0 != nil } && Set(columns).count == 1,
                "\(language): \(columns)\n\(rows.joined(separator: "\n"))")
        // Each key is set off from its action by two spaces at least.
        let lines = WorkoutScreen.helpLines(text).dropFirst(2)
        #expect(lines.allSatisfy { line in text.keyActions.contains { line.hasSuffix("  " + $0) } }, "\(lines)")
    }

    /// At 10 to 14 columns the status line drops whole words: it was cut to "1:00 übri".
    @Test(arguments: CoachLanguage.allCases)
    func theStatusLineIsNeverCutMidWord(language: CoachLanguage) {
        var app = app(language)
        _ = app.start(at: 0)
        let wide = WorkoutScreen.render(app.screen(at: 3), width: 200, height: 24).text.split(separator: "\n")
        let words = Set(wide.last!.split(separator: " "))
        for width in 10...14 {
            let rows = WorkoutScreen.render(app.screen(at: 3), width: width, height: 3).text.split(separator: "\n")
            let status = rows.last!
            #expect(status.split(separator: " ").allSatisfy(words.contains), "\(language) \(width): '\(status)'")
        }
    }

    /// Under `LC_ALL=C` the German screen showed "?bung" and "Als N?chstes": where the charset has no
    /// Unicode, letters are spelt as each language writes them without accents, never as "?".
    @Test func aCharsetWithoutUnicodeSpellsTheLettersOut() throws {
        #expect(Glyphs.ascii.fold("Übung · Als Nächstes: Größe", language: .de)
            == "Uebung - Als Naechstes: Groesse")
        #expect(Glyphs.ascii.fold("ÜBUNG", language: .de) == "UEBUNG")
        #expect(Glyphs.ascii.fold("Terminé · Arrêter\u{00A0}?", language: .fr) == "Termine - Arreter ?")
        #expect(Glyphs.ascii.fold("¿Salir? Año", language: .es) == "Salir? Ano")
        #expect(Glyphs.ascii.fold("Eén · Über · Œuvre", language: .nl) == "Een - Uber - OEuvre")
        #expect(Glyphs.unicode.fold("Übung", language: .de) == "Übung")
        var app = app(.de)
        _ = app.start(at: 0)
        _ = app.handle(.tick, at: 5.5)
        let text = WorkoutScreen.render(app.screen(at: 5.5), width: 80, height: 24, glyphs: .ascii).text
        #expect(text.contains("Als Naechstes: B") && text.contains("uebrig"), "\(text)")
        #expect(!text.replacing("? ", with: "").contains("?"), "\(text)")
        // Plain mode's lines too.
        let clock = ManualClock(), backend = TranscriptBackend(unicode: false)
        let input = ScriptedInput(clock: clock, [.at(0, [.audio(.device("test"))])]
            + Array(repeating: .untilDeadline, count: 40))
        let loop = WorkoutLoop(app: self.app(.fr, summaryWaitsForKey: false), clock: clock, terminal: backend,
                               input: input, audio: nil, recorder: nil)
        #expect(try loop.run() == .completed)
        #expect(backend.lines.contains("0:00 Preparez-vous - 2 s - ensuite : A"), "\(backend.lines)")
        #expect(backend.lines.contains("0:09 Termine") && !backend.lines.joined().contains("?"), "\(backend.lines)")
    }

    @Test func everyLanguageHasItsOwnWords() {
        let tables = CoachLanguage.allCases.map(ScreenWords.of)
        for words in [\ScreenWords.getReady, \.rest, \.next, \.paused, \.halfway, \.switchSides, \.finished] {
            #expect(Set(tables.map { $0[keyPath: words] }).count == tables.count)
        }
    }
}
