// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
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
            "Get ready. First up: Jumping Jacks.",
            "Time for Jumping Jacks. Thirty seconds.", "Halfway there.",
            "Rest now. Next up: Side plank.",
            // Each side its own ten seconds, parted by the five-second switch.
            "Time for Side plank. Ten seconds.", "Switch sides.", "Time for Side plank. Ten seconds.",
            "Round two of two. Rest now. Next up: Jumping Jacks.",
            "Time for Jumping Jacks. Thirty seconds.", "Halfway there.",
            "Rest now. Last one: Side plank.",
            "Time for Side plank. Ten seconds.", "Switch sides.", "Time for Side plank. Ten seconds.",
            "Workout complete. Two minutes and twenty-five seconds.",
        ])
        // Each on its segment's boundary, or at the halfway instant, once the cue there has been heard.
        let go = Cue.go.clearance, half = Cue.halfway.clearance, rest = Cue.rest.clearance
        let switchSides = Cue.switchSides.clearance, finish = Cue.finish.clearance
        let expected = [0, 5 + go, 20 + half, 35 + rest, 40 + go, 50 + switchSides, 55 + go, 65 + rest, 85 + go,
                        100 + half, 115 + rest, 120 + go, 130 + switchSides, 135 + go, 145 + finish]
        #expect(zip(said.map(\.0), expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(said.map(\.0))")
        #expect(said.count == expected.count)
    }

    @Test func wordsWaitForTheirCueButTheCueAndTheSegmentDoNot() {
        let items = AudioSchedule.items(for: plan, voice: true, countAloud: false)
        let cues = items.compactMap { if case .cue(let c) = $0.sound { (c, $0.offset) } else { nil } }
        // The cues still mark the plan's boundaries exactly: 5 s in, go; 35 s in, rest.
        #expect(cues.contains { $0 == (.go, 5) } && cues.contains { $0 == (.rest, 35) })
        #expect(cues.last.map { $0 == (.finish, 145) } == true)
        let starts = Set(plan.segments.map(\.offset))
        for item in items {
            guard case .phrase(let p) = item.sound, p.text != "Get ready. First up: Jumping Jacks." else { continue }
            #expect(!starts.contains(item.offset), "\(p.text) starts with its beep, at \(item.offset)")
        }
        // Without a voice the cues are the same.
        let quiet = AudioSchedule.items(for: plan, voice: false, countAloud: false)
        #expect(quiet.map(\.offset) == cues.map(\.1))
    }

    @Test func aSkipDropsWordsStillWaitingForTheLastSegmentsCue() {
        var app = WorkoutApp(plan: plan, settings: CoachSettings(flash: false, voice: true))
        _ = app.start(at: 0)
        _ = app.handle(.audio(.device("test")), at: 0)
        // Work starts at 5 s with the go cue; its words are due 0.35 s later.
        _ = app.handle(.tick, at: 5)
        #expect(app.nextDeadline() == 5 + Cue.go.clearance)
        let skipped = app.handle(.key(.character("n")), at: 5.1)
        let late = app.handle(.tick, at: 5 + Cue.go.clearance)
        let said = (skipped + late).compactMap { if case .announce(let a) = $0 { a.phrase.text } else { nil } }
        #expect(!said.contains("Time for Jumping Jacks. Thirty seconds."))
    }

    /// Skipped through with `n`, the finish says "ended", as the finish screen does; run out, "complete".
    @Test(arguments: [(true, "Workout ended."), (false, "Workout complete.")])
    func theFinishSaysWhetherTheWorkoutWasDone(skipping: Bool, words: String) {
        var app = WorkoutApp(plan: plan, settings: CoachSettings(flash: false, voice: true))
        _ = app.start(at: 0)
        _ = app.handle(.audio(.device("test")), at: 0)
        var effects: [Effect] = []
        if skipping {
            var t = 0.5
            while app.session.state != .finished, t < 60 {
                effects += app.handle(.key(.character("n")), at: t)
                t += 0.5
            }
            effects += app.handle(.tick, at: t + Cue.finish.clearance)
        } else {
            effects += app.handle(.tick, at: 145)
            effects += app.handle(.tick, at: 145 + Cue.finish.clearance)
        }
        let finish = effects.compactMap { if case .announce(let a) = $0, a.phrase.priority == .finish { a.phrase.text }
            else { nil } }
        #expect(finish.count == 1 && finish.first?.hasPrefix(words) == true, "said \(finish)")
    }

    @Test func withoutASummaryTheWorkoutEndsAfterItsLastWords() {
        var app = WorkoutApp(plan: plan, settings: CoachSettings(voice: true, summaryWaitsForKey: false))
        _ = app.start(at: 0)
        _ = app.handle(.audio(.device("test")), at: 0)
        let atFinish = app.handle(.tick, at: 145)
        #expect(!atFinish.contains(.quit(.completed)))
        let after = app.handle(.tick, at: 145 + Cue.finish.clearance)
        #expect(after.contains { if case .announce(let a) = $0 { a.phrase.priority == .finish } else { false } })
        #expect(after.contains(.quit(.completed)))
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
        #expect(cues.first?.sound == .cue(.tick) && cues.last?.sound == .cue(.finish) && cues.last?.offset == 145)
    }

    @Test func everyPhraseNeededIsPreparedAheadOnce() {
        let prepared = VoicePolicy.phrases(in: plan, countAloud: false).map(\.text)
        #expect(Set(prepared).count == prepared.count)
        let needed = Set(spoken().map(\.1))
        #expect(needed.isSubset(of: Set(prepared)))
        #expect(prepared.first == "Get ready. First up: Jumping Jacks.")
    }

    @Test func pausingAndResumingAreSaidWhenTheVoiceIsOn() {
        var app = WorkoutApp(plan: plan, settings: CoachSettings(voice: true))
        let start = app.start(at: 0)
        #expect(start.contains { if case .prepareVoice = $0 { true } else { false } })
        let paused = app.handle(.key(.character(" ")), at: 1)
        #expect(paused.contains(.announce(Announcement(Phrases.english.paused, due: 1))))
        let quiet = WorkoutApp(plan: plan, settings: CoachSettings(voice: false))
        var copy = quiet
        #expect(!copy.start(at: 0).contains { if case .prepareVoice = $0 { true } else { false } })
    }
}
