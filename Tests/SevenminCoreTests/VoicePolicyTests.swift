import Testing
@testable import SevenminCore

@Suite("What the coach says, and when")
struct VoicePolicyTests {
    /// Two rounds of two exercises, the second said differently from how it is written.
    let plan = Plan(Routine(name: "V", rest: 5, getReady: 5, rounds: 2, roundRest: 20, exercises: [
        exercise("Jumping Jacks", work: 30),
        Exercise(title: "Plank-2", color: FlatColor.red.rgb, work: 20, sides: 2, say: "Side plank"),
    ]))

    func spoken(voice: Bool = true, countAloud: Bool = false) -> [(Double, String)] {
        AudioSchedule.items(for: plan, voice: voice, countAloud: countAloud).compactMap { item in
            if case .phrase(let p) = item.sound { return (item.offset, p.text) }
            return nil
        }
    }

    @Test func everyChangeIsAnnouncedAtItsPlannedInstant() {
        let said = spoken()
        #expect(said.map(\.1) == [
            "Get ready. First: Jumping Jacks.",
            "Jumping Jacks. Thirty seconds.", "Halfway.",
            "Rest. Next: Side plank.",
            "Side plank. Twenty seconds.", "Switch sides.",
            "Round two of two. Rest. Next: Jumping Jacks.",
            "Jumping Jacks. Thirty seconds.", "Halfway.",
            "Rest. Last one: Side plank.",
            "Side plank. Twenty seconds.", "Switch sides.",
            "Workout complete. Two minutes fifteen.",
        ])
        // Each on its segment's boundary, or at the halfway instant.
        #expect(said.map(\.0) == [0, 5, 20, 35, 40, 50, 60, 80, 95, 110, 115, 125, 135])
    }

    @Test func countingAloudReplacesTheTicks() {
        let items = AudioSchedule.items(for: plan, voice: true, countAloud: true)
        let ticks = items.filter { $0.sound == .cue(.tick) }
        #expect(ticks.isEmpty)
        let counts = items.compactMap { if case .phrase(let p) = $0.sound, ["Three.", "Two.", "One."].contains(p.text) {
            $0.offset } else { nil } }
        #expect(counts.prefix(5) == [2, 3, 4, 32, 33])
    }

    @Test func withoutAVoiceOnlyCuesSound() {
        #expect(spoken(voice: false).isEmpty)
        let cues = AudioSchedule.items(for: plan, voice: false, countAloud: false)
        #expect(cues.first?.sound == .cue(.tick) && cues.last?.sound == .cue(.finish) && cues.last?.offset == 135)
    }

    @Test func everyPhraseNeededIsPreparedAheadOnce() {
        let prepared = VoicePolicy.phrases(in: plan, countAloud: false).map(\.text)
        #expect(Set(prepared).count == prepared.count)
        let needed = Set(spoken().map(\.1))
        #expect(needed.isSubset(of: Set(prepared)))
        #expect(prepared.first == "Get ready. First: Jumping Jacks.")
    }

    @Test func pausingAndResumingAreSaidWhenTheVoiceIsOn() {
        var app = WorkoutApp(plan: plan, settings: CoachSettings(voice: true))
        let start = app.start(at: 0)
        #expect(start.contains { if case .prepareVoice = $0 { true } else { false } })
        let paused = app.handle(.key(.character(" ")), at: 1)
        #expect(paused.contains(.announce(Announcement(Phrases.paused, due: 1))))
        let quiet = WorkoutApp(plan: plan, settings: CoachSettings(voice: false))
        var copy = quiet
        #expect(!copy.start(at: 0).contains { if case .prepareVoice = $0 { true } else { false } })
    }
}
