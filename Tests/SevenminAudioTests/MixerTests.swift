// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminAudio
import SevenminCore

@Suite("Mixing")
struct MixerTests {
    @Test func overlappingCuesAreSummedNotCutOff() {
        var mixer = Mixer()
        mixer.start(.halfway, samples: [Int16](repeating: 1_000, count: 10))
        mixer.start(.tick, samples: [Int16](repeating: 200, count: 4))
        #expect(mixer.render(frames: 6) == [1_200, 1_200, 1_200, 1_200, 1_000, 1_000])
        #expect(mixer.render(frames: 6) == [1_000, 1_000, 1_000, 1_000, 0, 0])
        #expect(mixer.isSilent)
    }

    @Test func sumsClipInsteadOfWrapping() {
        var mixer = Mixer()
        mixer.start(.go, samples: [30_000, -30_000])
        mixer.start(.tick, samples: [30_000, -30_000])
        #expect(mixer.render(frames: 2) == [32_767, -32_768])
    }

    @Test func beepsDuckTwelveDecibelsUnderSpeechAndComeBackAfter() {
        var mixer = Mixer()
        let ramp = Mixer.rampFrames
        mixer.start(.halfway, samples: [Int16](repeating: 10_000, count: 6 * ramp))
        mixer.say([Int16](repeating: 0, count: 2 * ramp), priority: .high)
        let out = mixer.render(frames: 6 * ramp).map(Double.init)
        // The duck ramps down from the phrase's first frame.
        #expect(out[0] > 9_950)
        #expect(abs(decibels(out[ramp + 10] / 10_000) + 12) < 0.05)
        #expect(abs(decibels(out[2 * ramp - 1] / 10_000) + 12) < 0.05)
        // Back to full level one ramp after the phrase ends, with no step on the way.
        #expect(out[3 * ramp + 10] == 10_000)
        #expect(zip(out, out.dropFirst()).allSatisfy { abs($0 - $1) < 20 })
    }

    @Test func aMoreImportantPhraseCutsOffALesserOneWithAShortFade() {
        var mixer = Mixer()
        mixer.say([Int16](repeating: 4_000, count: 10_000), priority: .low)
        _ = mixer.render(frames: 100)
        #expect(!mixer.canSay(.low))
        #expect(mixer.canSay(.high))
        let cut = mixer.say([Int16](repeating: 0, count: 2_000), priority: .high)
        #expect(cut)
        let out = mixer.render(frames: 2 * Mixer.rampFrames)
        #expect(out[0] > 3_900)
        #expect(out[Mixer.rampFrames...].allSatisfy { $0 == 0 }, "the lesser phrase is gone after the fade")
        #expect(mixer.phraseFramesLeft == 2_000 - 2 * Mixer.rampFrames)
    }

    @Test func volumeScalesEverything() {
        var mixer = Mixer(gain: 0.5)
        mixer.start(.go, samples: [10_000, -8_000])
        #expect(mixer.render(frames: 2) == [5_000, -4_000])
    }
}

@Suite("What plays, and when")
struct PlayoutTests {
    func cue(_ cue: Cue, due: Instant) -> AudioItem { AudioItem(.cue(cue), samples: [1, 1, 1], due: due) }
    func phrase(_ text: String, _ priority: Phrase.Priority, due: Instant, frames: Int = 1_000) -> AudioItem {
        AudioItem(.phrase(text, priority: priority), samples: [Int16](repeating: 1, count: frames), due: due)
    }

    @Test(arguments: [(Cue.tick, 0.25, true), (.go, 0.75, false), (.finish, 27.0, true)])
    func itemsMoreThanHalfASecondLateAreDroppedButNeverTheFinish(cue: Cue, late: Double, plays: Bool) {
        var playout = Playout()
        let report = playout.admit([self.cue(cue, due: 10)], now: 10 + late)
        #expect(report.map(\.delivery) == [plays ? .played : .stale(late: late)])
    }

    @Test func aLatePhraseIsDroppedTooButNotTheFinishingWords() {
        var playout = Playout()
        let report = playout.admit([phrase("Halfway.", .low, due: 0), phrase("Done.", .finish, due: 0)], now: 3)
        #expect(report.map(\.delivery) == [.played, .stale(late: 3)])
        #expect(report.first?.item.kind == .phrase("Done.", priority: .finish))
    }

    @Test func twoPhrasesNeverOverlapAndTheSecondWaitsItsTurn() {
        var playout = Playout()
        #expect(playout.admit([phrase("Three.", .low, due: 0), phrase("Two.", .low, due: 0)], now: 0).count == 1)
        #expect(playout.waiting.count == 1)
        _ = playout.mixer.render(frames: 1_000)
        let report = playout.admit([], now: 0.1)
        #expect(report.map(\.item.kind) == [.phrase("Two.", priority: .low)])
        #expect(report.map(\.delivery) == [.played])
    }

    @Test func aPhraseThatWaitedTooLongIsDropped() {
        var playout = Playout()
        _ = playout.admit([phrase("Rest. Next: Push-up.", .high, due: 0, frames: 44_100)], now: 0)
        _ = playout.admit([phrase("Halfway.", .low, due: 0.1)], now: 0.1)
        _ = playout.mixer.render(frames: 44_100)
        let report = playout.admit([], now: 1)
        #expect(report.map(\.delivery) == [.stale(late: 0.9)])
        #expect(playout.waiting.isEmpty)
    }

    @Test func aSegmentStartCutsOffCountingAloud() {
        var playout = Playout()
        _ = playout.admit([phrase("One.", .low, due: 0)], now: 0)
        let report = playout.admit([phrase("Wall sit.", .high, due: 0.01), cue(.go, due: 0.01)], now: 0.01)
        let kinds: [AudioItem.Kind] = [.cue(.go), .phrase("One.", priority: .low),
                                       .phrase("Wall sit.", priority: .high)]
        #expect(report.map(\.item.kind) == kinds)
        #expect(report.map(\.delivery) == [.played, .cutOff, .played])
    }
}
