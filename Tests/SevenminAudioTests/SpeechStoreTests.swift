// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import Testing
@testable import SevenminAudio
import SevenminCore
import SevenminSystem

/// An engine that says every text as a tone as long as the text, and counts what it renders.
struct CountingEngine: SpeechEngine {
    var choice = VoiceChoice(engine: .flite, voice: "rms")
    var rate = 175
    let renders = Counter()

    func synthesize(_ text: String) throws -> Sound {
        renders.add()
        return tone(seconds: Double(text.count) / 20, rate: 16_000)
    }
}

@Suite("Phrases kept on disk")
struct SpeechStoreTests {
    func store(limit: Int = 32 << 20) throws -> SpeechStore {
        let dir = scratchPath("speech")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return try #require(SpeechStore(directory: dir, limit: limit))
    }

    func files(in store: SpeechStore) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: store.directory)) ?? []).sorted()
    }

    @Test func aSecondWorkoutRendersNothing() throws {
        let store = try store(), texts = ["Get ready. First: Squat.", "Halfway.", "Rest. Next: Plank."]
        let first = CountingEngine()
        let cache = PhraseCache(engine: first, store: store)
        cache.prepare(texts)
        #expect(cache.waitUntilReady(timeout: 60))
        #expect(first.renders.value == 3)
        #expect(files(in: store).count == 3 && files(in: store).allSatisfy { $0.hasSuffix(".pcm") })

        let second = CountingEngine()
        let again = PhraseCache(engine: second, store: store)
        again.prepare(texts)
        #expect(again.waitUntilReady(timeout: 60))
        #expect(second.renders.value == 0, "the second run rendered what it had kept")
        for text in texts { #expect(again.sound(for: text) == cache.sound(for: text)) }
    }

    /// A workout keeps its phrases as the player plays them, so the next one reads them back without filtering
    /// them again; one kept at the engine's rate (by an export) is resampled once and kept again.
    @Test func phrasesAreKeptAtThePlayersRate() throws {
        let store = try store(), engine = CountingEngine(), texts = ["Halfway there.", "Rest."]
        try store.keep(tone(seconds: 0.5, rate: 16_000), for: SpeechStore.key(engine, text: "Rest."))
        let cache = PhraseCache(engine: engine, store: store, sampleRate: 44_100)
        cache.prepare(texts)
        #expect(cache.waitUntilReady(timeout: 60))
        #expect(engine.renders.value == 1, "only the phrase not kept was rendered")
        for text in texts {
            let kept = store.sound(for: SpeechStore.key(engine, text: text))
            #expect(kept?.sampleRate == 44_100 && kept == cache.sound(for: text), "\(text)")
        }
    }

    @Test func theKeyIsEngineVoiceRateAndText() throws {
        let store = try store(), sound = tone(seconds: 0.2, rate: 16_000)
        let rms = CountingEngine()
        try store.keep(sound, for: SpeechStore.key(rms, text: "Rest."))
        #expect(store.sound(for: SpeechStore.key(rms, text: "Rest.")) == sound)
        for other in [CountingEngine(choice: VoiceChoice(engine: .flite, voice: "slt")),
                      CountingEngine(choice: VoiceChoice(engine: .espeak, voice: "rms")),
                      CountingEngine(rate: 176)] {
            #expect(store.sound(for: SpeechStore.key(other, text: "Rest.")) == nil)
        }
        #expect(store.sound(for: SpeechStore.key(rms, text: "Rest")) == nil)
    }

    @Test(arguments: ["truncated", "other key", "garbage", "empty"])
    func aDamagedFileIsRenderedAgainAndReplaced(damage: String) throws {
        let store = try store(), engine = CountingEngine(), key = SpeechStore.key(engine, text: "Halfway.")
        _ = try SpeechStore.speech("Halfway.", from: engine, store: store)
        let path = store.directory + "/" + files(in: store)[0]
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        let bad: Data
        switch damage {
        case "truncated": bad = good.prefix(good.count - 1)
        case "other key": bad = Data(SpeechStore.encode(tone(seconds: 0.1, rate: 16_000), key: key + "x"))
        case "garbage": bad = Data(repeating: 0x41, count: good.count)
        default: bad = Data()
        }
        try bad.write(to: URL(fileURLWithPath: path))
        #expect(store.sound(for: key) == nil)
        _ = try SpeechStore.speech("Halfway.", from: engine, store: store)
        #expect(engine.renders.value == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == good)
    }

    @Test func linksAreNeverFollowed() throws {
        let store = try store(), engine = CountingEngine()
        let victim = scratchPath("victim")
        try Data("the user's own file".utf8).write(to: URL(fileURLWithPath: victim))
        _ = try SpeechStore.speech("Rest.", from: engine, store: store)
        let name = files(in: store)[0], path = store.directory + "/" + name
        // A link where a phrase is kept is not read, and is replaced by a file, the target untouched.
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: victim)
        #expect(store.sound(for: SpeechStore.key(engine, text: "Rest.")) == nil)
        _ = try SpeechStore.speech("Rest.", from: engine, store: store)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "the user's own file")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType == .typeRegular)
        // A link planted at the temporary name is never written through.
        let other = SpeechStore.key(engine, text: "Paused.")
        let kept = store.directory + "/" + ContentHash.sha256(Array(other.utf8)) + ".pcm"
        let planted = AtomicFile.temporaryName(for: kept)
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: victim)
        try store.keep(tone(seconds: 0.1, rate: 16_000), for: other)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "the user's own file")
        #expect(store.sound(for: other) != nil)
        // A folder that is a link is not used at all.
        let linked = scratchPath("linked")
        try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: store.directory)
        #expect(SpeechStore(directory: linked) == nil)
    }

    /// A FIFO (or any file that is not a plain one) where a phrase is kept is not waited on: the phrase
    /// is rendered again and a file takes its place.
    @Test func aFIFOInPlaceOfAPhraseIsRenderedAgainNotWaitedOn() throws {
        let store = try store(), engine = CountingEngine()
        _ = try SpeechStore.speech("Rest.", from: engine, store: store)
        let path = store.directory + "/" + files(in: store)[0]
        try FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o600) == 0)
        let done = Condition(), finished = Counter()
        startThread(named: "fifo-reader") {
            _ = try? SpeechStore.speech("Rest.", from: engine, store: store)
            finished.add()
            done.withLock { done.broadcast() }
        }
        let deadline = SystemMonotonicClock().now() + 5
        done.withLock { while finished.value == 0 { if !done.wait(until: deadline) { break } } }
        let waited = finished.value == 0
        if waited {
            // Lets a reader stuck in open(2) go, so the thread ends.
            let writer = open(path, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
        }
        #expect(!waited, "reading the phrase waited on the FIFO")
        #expect(engine.renders.value == 2)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType == .typeRegular)
    }

    @Test func theFolderIsKeptUnderItsLimitLeastRecentlyUsedFirst() throws {
        // Four phrases of the same length, so the same size; room for three.
        let texts = ["Squat.", "Lunge.", "Plank.", "Burpee"], engine = CountingEngine()
        let size = SpeechStore.encode(try engine.synthesize(texts[0]), key: SpeechStore.key(engine, text: texts[0]))
            .count
        let store = try store(limit: 3 * size + size / 2)
        var clock = 1_000_000
        func age(_ text: String) throws {
            // Gives each file a distinct, known last use.
            clock += 10
            let path = store.directory + "/" + ContentHash.sha256(Array(SpeechStore.key(engine, text: text).utf8))
                + ".pcm"
            var times = [timespec(tv_sec: clock, tv_nsec: 0), timespec(tv_sec: clock, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        }
        for text in texts.prefix(3) {
            _ = try SpeechStore.speech(text, from: engine, store: store)
            try age(text)
        }
        // The oldest is used again, so the second is now the least recently used.
        #expect(store.sound(for: SpeechStore.key(engine, text: texts[0])) != nil)
        try age(texts[0])
        _ = try SpeechStore.speech(texts[3], from: engine, store: store)
        #expect(files(in: store).count == 3)
        #expect(store.sound(for: SpeechStore.key(engine, text: texts[1])) == nil)
        for k in [0, 2, 3] { #expect(store.sound(for: SpeechStore.key(engine, text: texts[k])) != nil) }
    }
}
