// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Testing
@testable import SevenminAudio
import SevenminCore

@Suite("Speech through Flite, and the choice of engine")
struct SpeechEngineTests {
    @Test(arguments: ["rms", "slt"])
    func fliteSpeaksAPhraseOfAboutTheRightLength(voice: String) throws {
        let sound = try FliteSynthesizer(voice: voice).synthesize("Wall sit")
        #expect(sound.sampleRate == 16_000)
        #expect(audibleSeconds(sound) > 0.3)
        #expect(sound.duration < 2)
        #expect(peak(sound.samples) > 4_000, "too quiet to hear over a beep")
    }

    /// Flite leaves about 170 ms of silence before the words and espeak-ng some too: trimmed, a phrase's
    /// first sound is its first few milliseconds, so a phrase due at a segment's start is heard there.
    @Test(arguments: [VoiceChoice.standard, VoiceChoice(engine: .flite, voice: "slt"), VoiceChoice.englishFallback])
    func aPhraseBeginsAndEndsWithItsWords(voice: VoiceChoice) throws {
        let sound = try SpeechEngines.open(exactly: voice, rate: 175).synthesize("Rest now. Next up: wall sit.")
        let window = sound.sampleRate / 200
        let loud = stride(from: 0, to: sound.samples.count - window, by: window).filter {
            rms(Array(sound.samples[$0..<$0 + window])) > 32_768 * 0.003
        }
        let first = Double(loud.first ?? .max) / Double(sound.sampleRate)
        let last = Double((loud.last ?? 0) + window) / Double(sound.sampleRate)
        #expect(first < 0.02, "the first sound \(Int(first * 1_000)) ms in")
        #expect(sound.duration - last < 0.06, "\(Int((sound.duration - last) * 1_000)) ms of silence after")
    }

    @Test func theTwoFliteVoicesSoundDifferent() throws {
        let a = try FliteSynthesizer(voice: "rms").synthesize("Rest."), b = try FliteSynthesizer(voice: "slt")
            .synthesize("Rest.")
        #expect(a != b)
    }

    @Test func aFasterRateSpeaksFasterWithFlite() throws {
        let text = Phrases.english.rest(next: "Push-up").text
        let slower = try FliteSynthesizer(voice: "rms", wordsPerMinute: 120).synthesize(text)
        let faster = try FliteSynthesizer(voice: "rms", wordsPerMinute: 250).synthesize(text)
        #expect(faster.duration < slower.duration * 0.75)
        // The speed is the synthesiser's own: the faster one did not change the slower one's voice.
        let again = try FliteSynthesizer(voice: "rms", wordsPerMinute: 120).synthesize(text)
        #expect(abs(again.duration - slower.duration) < 0.05)
    }

    @Test func fliteKnowsOnlyItsOwnVoices() {
        #expect(throws: SpeechError.unknownVoice("de")) { try FliteSynthesizer(voice: "de") }
    }

    @Test func englishIsFliteByDefaultAndOtherNamesAreEspeak() throws {
        let standard = SpeechEngines.open(VoiceChoice.named(nil), rate: 175)
        #expect(standard.problem == nil && standard.detail == nil)
        #expect(standard.engine?.choice == VoiceChoice(engine: .flite, voice: "rms"))
        #expect(SpeechEngines.open(.named("slt"), rate: 175).engine?.choice == VoiceChoice(engine: .flite,
                                                                                            voice: "slt"))
        let german = SpeechEngines.open(.named("de"), rate: 175)
        #expect(german.engine?.choice == VoiceChoice(engine: .espeak, voice: "de"))
        #expect(german.problem == nil && german.detail == nil)
    }

    @Test func anUnknownVoiceIsOneNoticeAndNoEngine() {
        let opened = SpeechEngines.open(.named("xx-nonesuch"), rate: 175)
        #expect(opened.engine == nil)
        #expect(opened.problem == .noVoice(voice: "espeak-ng xx-nonesuch"))
        #expect(opened.detail
                == "no voice: espeak-ng xx-nonesuch: unknown voice 'xx-nonesuch' (see the list of voices)")
    }

    @Test func bothEnginesVoicesAreListed() {
        let names = SpeechEngines.voices().map(\.name)
        #expect(Array(names.prefix(2)) == ["rms", "slt"])
        #expect(Set(names).isSuperset(of: ["de", "fr", "en-US"]))
    }
}
