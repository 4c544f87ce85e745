// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

@Suite("What the coach says")
struct PhrasesTests {
    @Test(arguments: [
        (Phrases.english.getReady(first: "Jumping Jacks"), "Get ready. First up: Jumping Jacks.", Phrase.Priority.high),
        (Phrases.english.workStart(title: "Wall sit", seconds: 30), "Time for Wall sit. Thirty seconds.", .high),
        (Phrases.english.workStart(title: "Push-up and rotation", say: "Push up and turn", seconds: 45),
         "Time for Push up and turn. Forty-five seconds.", .high),
        (Phrases.english.workStart(title: "Plank", say: "", seconds: nil), "Time for Plank.", .high),
        (Phrases.english.halfway, "Halfway there.", .low),
        (Phrases.english.switchSides, "Switch sides.", .normal),
        (Phrases.english.rest(next: "Push-up"), "Rest now. Next up: Push-up.", .high),
        (Phrases.english.rest(next: "Side plank", isLast: true), "Rest now. Last one: Side plank.", .high),
        (Phrases.english.round(2, of: 3), "Round two of three.", .high),
        (Phrases.english.finished(seconds: 470), "Workout complete. Seven minutes and fifty seconds.", .finish),
        (Phrases.english.finished(seconds: 485), "Workout complete. Eight minutes and five seconds.", .finish),
        (Phrases.english.finalRest, "Rest now.", .high),
        (Phrases.english.reps(10, title: "Push-up"), "Ten push-ups.", .high),
        (Phrases.english.reps(10, title: "Plank hold 30 s"), "Plank hold 30 s: ten reps.", .high),
        (Phrases.english.paused, "Workout paused.", .normal),
        (Phrases.english.resumed, "Workout resumed.", .normal),
        (Phrases.english.count(3), "Three.", .low),
        (Phrases.english.count(1), "One.", .low),
    ])
    func phraseText(phrase: Phrase, text: String, priority: Phrase.Priority) {
        #expect(phrase.text == text)
        #expect(phrase.priority == priority)
    }

    @Test(arguments: [
        (0.0, "Zero seconds"), (1, "One second"), (29.6, "Thirty seconds"), (60, "One minute"),
        (61, "One minute and one second"), (90, "One minute and thirty seconds"), (420, "Seven minutes"),
        (485, "Eight minutes and five seconds"), (3_725, "Sixty-two minutes and five seconds"),
    ])
    func durationsInWords(seconds: Double, said: String) {
        #expect(Phrases.english.duration(seconds) == said)
    }

    @Test(arguments: [
        (0, "zero"), (7, "seven"), (13, "thirteen"), (20, "twenty"), (42, "forty-two"), (100, "one hundred"),
        (115, "one hundred fifteen"), (1_905, "one thousand nine hundred five"), (-3, "minus three"),
        (2_000_000, "two million"),
    ])
    func numbersInWords(number: Int, said: String) {
        #expect(Phrases.english.words(number) == said)
    }

    @Test func segmentStartsOutrankEverythingButTheFinish() {
        let starts = [Phrases.english.getReady(first: "A"), Phrases.english.workStart(title: "A", seconds: 30),
                      Phrases.english.rest(next: "B"), Phrases.english.round(1, of: 2)]
        let english = Phrases.english
        let asides = [english.halfway, english.switchSides, english.count(2), english.paused]
        for start in starts {
            for aside in asides { #expect(start.priority > aside.priority) }
            #expect(start.priority < Phrases.english.finished(seconds: 1).priority)
        }
    }

    /// Written for the ear, in every language: each sentence the coach says is two words at least, and a
    /// name is never said alone, where "Rest." was heard as "breast" and "Wall sit." as "well said".
    @Test(arguments: CoachLanguage.allCases)
    func noSentenceIsOneWordOrANameAlone(language: CoachLanguage) {
        let p = Phrases(language)
        let said = [p.getReady(first: "Squat"), p.workStart(title: "Squat", seconds: 30),
                    p.workStart(title: "Squat", seconds: nil), p.rest(next: "Squat"),
                    p.rest(next: "Squat", isLast: true), p.finalRest, p.halfway, p.switchSides, p.paused,
                    p.resumed, p.round(2, of: 3), p.reps(10, title: "Squat"), p.reps(1, title: "Plank hold"),
                    p.finished(seconds: 485),
                    p.finished(seconds: 60, complete: false)]
        for phrase in said {
            for sentence in phrase.text.split(whereSeparator: { ".!?".contains($0) }) {
                // "Préparez-vous" is two words.
                let words = sentence.split { $0 == " " || $0 == "-" }.filter { $0.contains { $0.isLetter } }
                #expect(words.count >= 2, "\"\(sentence)\" in \"\(phrase.text)\"")
                #expect(words != ["Squat"], "\"\(phrase.text)\"")
            }
        }
    }
}
