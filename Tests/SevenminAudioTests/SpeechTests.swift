// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminAudio
import SevenminCore
import SevenminTestSupport

@Suite("Speech through espeak-ng")
struct SpeechTests {
    @Test func aShortPhraseIsSpeechOfAboutTheRightLength() throws {
        let sound = try SpeechSynthesizer().synthesize("Wall sit")
        #expect(sound.sampleRate == 22_050)
        // Two syllables at 175 words a minute: well over 0.3 s of voice, well under two seconds.
        #expect(audibleSeconds(sound) > 0.3)
        #expect(sound.duration < 2)
        #expect(peak(sound.samples) > 4_000, "too quiet to hear over a beep")
    }

    @Test func differentWordsGiveDifferentAudio() throws {
        let voice = try SpeechSynthesizer()
        let a = try voice.synthesize("Wall sit"), b = try voice.synthesize("Push-up")
        #expect(a != b)
        #expect(abs(a.duration - b.duration) > 0.01 || rms(a.samples) != rms(b.samples))
    }

    @Test func aLongerSentenceTakesLonger() throws {
        let voice = try SpeechSynthesizer()
        let short = try voice.synthesize(Phrases.english.halfway.text)
        let long = try voice.synthesize(Phrases.english.getReady(first: "Jumping Jacks").text)
        #expect(long.duration > short.duration + 0.5)
    }

    @Test(arguments: [(120, 250)])
    func aFasterRateSpeaksFaster(slow: Int, fast: Int) throws {
        let text = Phrases.english.rest(next: "Push-up").text
        let slower = try SpeechSynthesizer(wordsPerMinute: slow).synthesize(text)
        let faster = try SpeechSynthesizer(wordsPerMinute: fast).synthesize(text)
        #expect(faster.duration < slower.duration * 0.75)
    }

    @Test(arguments: ["en-us", "de", "fr"])
    func otherLanguagesSpeakToo(voice: String) throws {
        let sound = try SpeechSynthesizer(voice: voice).synthesize("42")
        #expect(audibleSeconds(sound) > 0.3)
    }

    @Test func anUnknownVoiceIsATypedError() {
        #expect(throws: SpeechError.unknownVoice("xx-nonesuch")) { try SpeechSynthesizer(voice: "xx-nonesuch") }
    }

    @Test func theInstalledVoicesCanBeListed() throws {
        let names = try SpeechSynthesizer.voices().map(\.name)
        #expect(Set(names).isSuperset(of: ["en-US", "de", "fr"]))
        // Every name listed is one the synthesiser accepts.
        for name in names.prefix(5) { #expect(throws: Never.self) { try SpeechSynthesizer(voice: name) } }
    }
}

@Suite("Phrases rendered ahead")
struct PhraseCacheTests {
    @Test func aPhraseIsNilUntilRenderedThenReadyAtThePlayersRate() {
        let gate = DispatchSemaphore(value: 0)
        let cache = PhraseCache(sampleRate: 44_100) { text in
            gate.wait()
            return tone(seconds: Double(text.count) / 10, rate: 22_050)
        }
        cache.prepare(["Halfway.", "Rest. Next: Push-up."])
        #expect(cache.sound(for: "Halfway.") == nil, "not rendered yet: the caller skips it")
        #expect(!cache.waitUntilReady(timeout: 0.05))
        gate.signal()
        gate.signal()
        #expect(cache.waitUntilReady(timeout: 60))
        #expect(cache.sound(for: "Halfway.")?.sampleRate == 44_100)
        #expect(abs((cache.sound(for: "Rest. Next: Push-up.")?.duration ?? 0) - 2) < 0.01)
        #expect(cache.sound(for: "never asked for") == nil)
    }

    /// Flite speaks at 16 kHz: kept so, a phrase holds a third of the bytes it would at the player's 44.1 kHz.
    @Test func aPhraseIsKeptAtTheEnginesRateUnlessARateIsAsked() {
        let cache = PhraseCache { _ in tone(seconds: 2, rate: 16_000) }
        cache.prepare(["Halfway."])
        #expect(cache.waitUntilReady(timeout: 60))
        #expect(cache.sound(for: "Halfway.")?.sampleRate == 16_000)
        #expect(cache.heldBytes == 2 * 16_000 * 2)
    }

    @Test func eachTextIsRenderedOnceHoweverOftenItIsAskedFor() {
        let gate = DispatchSemaphore(value: 0), entered = DispatchSemaphore(value: 0)
        let count = Counter()
        let cache = PhraseCache { _ in
            count.add()
            entered.signal()
            gate.wait()
            return tone(seconds: 0.1)
        }
        cache.prepare(["One.", "Two."])
        entered.wait()
        cache.prepare(["One.", "Two.", "One."])   // "One." is being rendered, "Two." is queued
        gate.signal()
        gate.signal()
        #expect(cache.waitUntilReady(timeout: 60))
        cache.prepare(["Two."])
        #expect(cache.waitUntilReady(timeout: 60))
        #expect(count.value == 2)
    }

    @Test func aFailureIsRecordedAndTheRestStillRender() {
        struct Unspeakable: Error {}
        let cache = PhraseCache { text in
            if text == "bad" { throw Unspeakable() }
            return tone(seconds: 0.1)
        }
        cache.prepare(["bad", "good", "good"])
        #expect(cache.waitUntilReady(timeout: 60))
        #expect(cache.sound(for: "good") != nil)
        #expect(cache.sound(for: "bad") == nil)
        #expect(cache.failures.keys.sorted() == ["bad"])
    }

    @Test func rendersRealSpeech() throws {
        let cache = PhraseCache(engine: try SpeechSynthesizer())
        let texts = [Phrases.english.getReady(first: "Jumping Jacks").text, Phrases.english.count(3).text]
        cache.prepare(texts)
        #expect(cache.waitUntilReady(timeout: 60))
        for text in texts { #expect(audibleSeconds(cache.sound(for: text) ?? Sound(samples: [], sampleRate: 1)) > 0.2) }
    }
}

/// The built `sevenmin`, which renders speech in its own process (`sevenmin __speak`).
let sevenminBinary = BuiltBinary.path(
    repositoryRoot: URL(fileURLWithPath: soundsFolder).deletingLastPathComponent().path)

/// A crash inside espeak-ng ends the process it renders in, never ours: that phrase is lost and the
/// next is spoken by a fresh process.
@Suite("Speech in a process of its own")
struct SpeechProcessTests {
    @Test func speaksAndSurvivesTheEnginesCrash() throws {
        let speech = try SpeechProcess(executable: sevenminBinary, choice: .englishFallback, wordsPerMinute: 175)
        #expect(audibleSeconds(try speech.synthesize("Get ready. First: Jumping Jacks.")) > 0.5)
        let pid = try #require(speech.childPID)
        kill(pid, SIGKILL)
        #expect {
            _ = try speech.synthesize("Halfway.")
        } throws: { error in
            guard case SpeechProcessError.crashed(let voice, let signal, let text) = error else { return false }
            return voice == .englishFallback && signal == SIGKILL && text == "Halfway."
        }
        #expect(audibleSeconds(try speech.synthesize("Rest. Next: Push-up.")) > 0.5)
        #expect(speech.childPID != pid)
    }

    /// The log names the engine that died: a Flite process that crashed was reported as espeak-ng's.
    @Test func aCrashNamesTheEngineThatCrashed() throws {
        let speech = try SpeechProcess(executable: sevenminBinary, choice: .standard, wordsPerMinute: 175)
        kill(try #require(speech.childPID), SIGSEGV)
        #expect {
            _ = try speech.synthesize("Halfway.")
        } throws: { error in
            "\(error)" == "Flite rms crashed (signal \(SIGSEGV)) on \"Halfway.\""
        }
    }

    /// espeak-ng's segmentation fault on the voice `/`, which only a name check kept from it before:
    /// here it costs the phrase, and this process goes on.
    @Test func aVoiceThatCrashesTheEngineIsAnErrorHere() throws {
        let speech = try SpeechProcess(executable: sevenminBinary, choice: VoiceChoice(engine: .espeak, voice: "/"),
                                       wordsPerMinute: 175)
        #expect {
            _ = try speech.synthesize("Ready.")
        } throws: { error in
            guard case SpeechProcessError.crashed(_, let signal, _) = error else { return false }
            return signal == SIGSEGV
        }
    }

    @Test func anUnknownVoiceIsRefusedInWords() {
        #expect(throws: SpeechProcessError.refused("unknown voice 'xx-nowhere' (see the list of voices)")) {
            _ = try SpeechProcess(executable: sevenminBinary, choice: VoiceChoice(engine: .espeak, voice: "xx-nowhere"),
                              wordsPerMinute: 175)
        }
    }

    /// The voices and variants espeak-ng lists, with the language spellings it takes too.
    @Test func theCatalogueHasTheVoicesAndVariants() throws {
        let catalogue = try SpeechSynthesizer.catalogue()
        #expect(catalogue.check("en-us") == .known("en-US"))
        #expect(catalogue.check("en-us+f3") == .known("en-US+f3"))
        #expect(catalogue.check("/") == .unknown(suggestion: nil))
        #expect(catalogue.voices.count > 50 && catalogue.variants.count > 20)
    }
}

/// Rendering ahead holds a bounded number of bytes, and a phrase no longer than its segment.
@Suite("Phrases rendered ahead, bounded")
struct PhraseCacheBoundTests {
    @Test func aPhraseIsCutAtItsLongest() {
        let cache = PhraseCache(sampleRate: 44_100) { _ in tone(seconds: 20, rate: 22_050) }
        cache.prepare([(text: "long", longest: 5)])
        #expect(cache.waitUntilReady(timeout: 60))
        #expect(abs((cache.sound(for: "long")?.duration ?? 0) - 5) < 0.01)
    }

    @Test func whatTheWindowNoLongerHoldsIsLetGoAtOnce() {
        let cache = PhraseCache(sampleRate: 44_100) { _ in tone(seconds: 1, rate: 44_100) }
        cache.prepare([(text: "a", longest: nil), (text: "b", longest: nil)])
        #expect(cache.waitUntilReady(timeout: 60))
        cache.prepare([(text: "b", longest: nil), (text: "c", longest: nil)])
        #expect(cache.waitUntilReady(timeout: 60))
        // A second at 44.1 kHz is 88,200 bytes: "b" and "c" alone are held, though 64 MiB would hold all three.
        #expect(cache.sound(for: "a") == nil && cache.sound(for: "b") != nil && cache.heldBytes == 2 * 88_200)
    }

    @Test func aWindowPastTheBytesKeepsWhatFitsAndSaysWhyNotTheRest() {
        // 1 s at 44.1 kHz is 88,200 bytes; room for three.
        let cache = PhraseCache(sampleRate: 44_100, maximumBytes: 300_000) { _ in tone(seconds: 1, rate: 44_100) }
        cache.prepare((0..<4).map { (text: "p\($0)", longest: nil) })
        #expect(cache.waitUntilReady(timeout: 60))
        #expect(cache.heldBytes == 3 * 88_200 && cache.sound(for: "p2") != nil && cache.sound(for: "p3") == nil)
        #expect(cache.failures["p3"]?.hasPrefix("not kept") == true, "\(cache.failures)")
    }
}
