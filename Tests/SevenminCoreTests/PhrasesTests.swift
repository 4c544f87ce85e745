// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

@Suite("What the coach says")
struct PhrasesTests {
    @Test(arguments: [
        (Phrases.english.getReady(first: "Jumping Jacks"), "Get ready. First: Jumping Jacks.", Phrase.Priority.high),
        (Phrases.english.workStart(title: "Wall sit", seconds: 30), "Wall sit. Thirty seconds.", .high),
        (Phrases.english.workStart(title: "Push-up and rotation", say: "Push up and turn", seconds: 45),
         "Push up and turn. Forty-five seconds.", .high),
        (Phrases.english.workStart(title: "Plank", say: "", seconds: nil), "Plank.", .high),
        (Phrases.english.halfway, "Halfway.", .low),
        (Phrases.english.switchSides, "Switch sides.", .normal),
        (Phrases.english.rest(next: "Push-up"), "Rest. Next: Push-up.", .high),
        (Phrases.english.rest(next: "Side plank", isLast: true), "Rest. Last one: Side plank.", .high),
        (Phrases.english.round(2, of: 3), "Round two of three.", .high),
        (Phrases.english.finished(seconds: 470), "Workout complete. Seven minutes fifty.", .finish),
        (Phrases.english.paused, "Paused.", .normal),
        (Phrases.english.resumed, "Resumed.", .normal),
        (Phrases.english.count(3), "Three.", .low),
        (Phrases.english.count(1), "One.", .low),
    ])
    func phraseText(phrase: Phrase, text: String, priority: Phrase.Priority) {
        #expect(phrase.text == text)
        #expect(phrase.priority == priority)
    }

    @Test(arguments: [
        (0.0, "Zero seconds"), (1, "One second"), (29.6, "Thirty seconds"), (60, "One minute"),
        (61, "One minute one"), (90, "One minute thirty"), (420, "Seven minutes"), (3_725, "Sixty-two minutes five"),
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
}
