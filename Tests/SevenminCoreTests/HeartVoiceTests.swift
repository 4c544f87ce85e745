// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

/// `speakHeartRate`: the coach says the bpm at halfway of each work segment, in its own language.
@Suite("Heart rate spoken")
struct HeartVoiceTests {
    /// What the coach says over `shortPlan` (A's halfway at 3.5 s, B's switch of sides at 8 s), and each window
    /// it is asked to render, with 142 bpm read at `readAt`.
    func spoken(asked: Bool, readAt: Double?, language: CoachLanguage = .en) -> (said: [String], windows: [[String]]) {
        var settings = CoachSettings(flash: false, voice: true, heartRate: true)
        settings.speaksHeartRate = asked
        settings.language = language
        var app = WorkoutApp(plan: shortPlan, settings: settings)
        var effects = app.start(at: 0)
        var readingDue = readAt
        for step in 1...240 {
            let now = Double(step) / 20
            if let due = readingDue, now >= due {
                effects += app.handle(.heartRate(HeartRateMeasurement(bpm: 142)), at: now)
                readingDue = nil
            }
            effects += app.handle(.tick, at: now)
        }
        let said = effects.compactMap { if case .announce(let a) = $0 { a.phrase.text } else { nil } }
        let windows = effects.compactMap { if case .prepareVoice(let p) = $0 { p.map(\.text) } else { nil } }
        return (said, windows)
    }

    @Test func theBpmFollowsTheHalfwayWordsWhileAReadingIsFresh() {
        let (said, windows) = spoken(asked: true, readAt: 2)
        let withBpm = "Halfway there. Heart rate one hundred forty-two."
        #expect(said.contains(withBpm) && !said.contains("Halfway there."), "\(said)")
        // Rendered when due, since no number is rendered ahead: first, with the window due next, which a window
        // of this phrase alone would have let go of.
        let window = windows.first { $0.first == withBpm } ?? []
        #expect(window.contains { $0.hasPrefix("Switch sides") }, "\(windows)")
        // Five seconds after the reading it is stale: the switch of sides at 8 s says no number.
        #expect(said.contains("Switch sides.") && !said.contains { $0.hasPrefix("Switch sides. Heart") }, "\(said)")
    }

    @Test(arguments: [(false, 2.0), (true, nil)] as [(Bool, Double?)])
    func notAskedOrNoReadingTheHalfwayIsAsEver(asked: Bool, readAt: Double?) {
        let said = spoken(asked: asked, readAt: readAt).said
        #expect(said.contains("Halfway there.") && !said.contains { $0.contains("Heart rate") }, "\(said)")
    }

    @Test(arguments: CoachLanguage.allCases)
    func theBpmIsSaidInTheCoachsLanguageInTwoWordsAtLeast(language: CoachLanguage) {
        let phrases = Phrases(language)
        let phrase = phrases.heartRate(142).text
        let number = phrases.table.number(142)
        #expect(phrase.contains(number), "\(phrase)")
        let words = phrase.replacing(number, with: "").split { !$0.isLetter }
        #expect(words.count >= 2, "\(phrase)")
        if language != .en { #expect(phrase != Phrases(.en).heartRate(142).text) }
        let said = spoken(asked: true, readAt: 2, language: language).said
        #expect(said.contains(phrases.halfway.text + " " + phrase), "\(said)")
    }
}
