import Foundation
import Testing
@testable import SevenminAudio
import SevenminCore

let soundsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sounds").path

func scratchPath(_ name: String) -> String {
    let dir = NSTemporaryDirectory() + "sevenmin-audio-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir + "/" + name
}

func peak(_ s: [Int16]) -> Int { s.map { abs(Int($0)) }.max() ?? 0 }

func rms(_ s: [Int16]) -> Double {
    guard !s.isEmpty else { return 0 }
    return (s.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(s.count)).squareRoot()
}

@Suite("Sound files")
struct SoundFileTests {
    @Test(arguments: Cue.allCases)
    func shippedCueIsTheSynthesisedOne(cue: Cue) throws {
        let shipped = try SoundFile.read(soundsFolder + "/\(cue.rawValue).wav")
        let fresh = CueSynthesizer.sound(for: cue)
        #expect(shipped.sampleRate == 44_100)
        #expect(shipped == fresh, "Sounds/\(cue.rawValue).wav is stale: run `swift run sevenmin-sounds`")
    }

    @Test(arguments: Cue.allCases)
    func cueIsAudibleShortAndClickFree(cue: Cue) {
        let sound = CueSynthesizer.sound(for: cue)
        #expect(sound.duration > 0.05 && sound.duration < 2)
        #expect(peak(sound.samples) > 8_000, "too quiet")
        #expect(peak(sound.samples) < 32_767, "clipped")
        // Envelopes start and end at silence, so there is no click.
        #expect(abs(Int(sound.samples.first!)) < 200 && abs(Int(sound.samples.last!)) < 200)
    }

    @Test func tickIsTheShortestCueAndFinishTheLongest() {
        let lengths = Dictionary(uniqueKeysWithValues: Cue.allCases.map { ($0, CueSynthesizer.sound(for: $0).duration) })
        #expect(lengths[.tick]! == lengths.values.min())
        #expect(lengths[.finish]! == lengths.values.max())
        // A tick must fit well inside a second, or ticks would run together.
        #expect(lengths[.tick]! < 0.2)
    }

    @Test func writeThenReadRoundTrips() throws {
        let path = scratchPath("x.wav")
        let sound = CueSynthesizer.sound(for: .go)
        try SoundFile.writeWAV(sound, to: path)
        #expect(try SoundFile.read(path) == sound)
    }

    @Test func readingAMissingOrBogusFileThrows() throws {
        #expect(throws: SoundFileError.self) { try SoundFile.read("/nonexistent.wav") }
        let bogus = scratchPath("bogus.wav")
        try "not audio".write(toFile: bogus, atomically: true, encoding: .utf8)
        #expect(throws: SoundFileError.self) { try SoundFile.read(bogus) }
    }

    @Test func resamplingKeepsTheDuration() {
        let sound = CueSynthesizer.sound(for: .halfway)
        let slower = sound.resampled(to: 22_050)
        #expect(abs(slower.duration - sound.duration) < 0.001)
    }
}

@Suite("Mixing")
struct MixerTests {
    @Test func overlappingCuesAreSummedNotCutOff() {
        var mixer = Mixer()
        mixer.start(.halfway, samples: [Int16](repeating: 1_000, count: 10))
        mixer.start(.tick, samples: [Int16](repeating: 200, count: 4))
        #expect(mixer.render(frames: 6) == [1_200, 1_200, 1_200, 1_200, 1_000, 1_000])
        #expect(mixer.sounding == [.halfway])
        #expect(mixer.render(frames: 6) == [1_000, 1_000, 1_000, 1_000, 0, 0])
        #expect(mixer.isSilent)
    }

    @Test func sumsClipInsteadOfWrapping() {
        var mixer = Mixer()
        mixer.start(.go, samples: [30_000, -30_000])
        mixer.start(.tick, samples: [30_000, -30_000])
        #expect(mixer.render(frames: 2) == [32_767, -32_768])
    }
}

/// Collects cue hand-offs from the audio thread.
final class HandOffs: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Cue] = []
    func add(_ cue: Cue) { lock.withLock { items.append(cue) } }
    var all: [Cue] { lock.withLock { items } }
}

@Suite("Playback through libao", .serialized)
struct CuePlayerTests {
    func sounds() -> [Cue: Sound] {
        Dictionary(uniqueKeysWithValues: Cue.allCases.map { ($0, CueSynthesizer.sound(for: $0)) })
    }

    @Test func playsCuesIntoAWavFileMixedTogether() throws {
        let path = scratchPath("out.wav")
        let handed = HandOffs()
        let player = CuePlayer(sounds: sounds(), wavPath: path) { cue, _ in handed.add(cue) }
        #expect(player.output == .file(path))
        player.play(.halfway, due: 0)
        player.play(.tick, due: 0)
        player.close()
        let written = try SoundFile.read(path)
        let halfway = CueSynthesizer.sound(for: .halfway).samples
        let tick = CueSynthesizer.sound(for: .tick).samples
        // Played together, not one after the other: the file is as long as the longer cue
        // (rounded up to whole chunks), and its start is the sum of both.
        #expect(written.samples.count >= halfway.count && written.samples.count < halfway.count + tick.count)
        let start = Array(written.samples.prefix(tick.count))
        let expected = zip(halfway.prefix(tick.count), tick).map { Int16(clamping: Int32($0) + Int32($1)) }
        #expect(start == expected)
        #expect(rms(Array(written.samples.prefix(halfway.count))) > 1_000)
        #expect(Set(handed.all) == [.halfway, .tick])
        // The higher-priority tick is handed over first.
        #expect(handed.all.first == .tick)
    }

    @Test func sequentialCuesAreEachWrittenWhole() throws {
        let path = scratchPath("seq.wav")
        let handed = HandOffs()
        let player = CuePlayer(sounds: sounds(), wavPath: path) { cue, _ in handed.add(cue) }
        for cue in [Cue.go, .rest, .finish] {
            player.play(cue, due: 0)
            // Wait for the hand-off so each starts after the previous was queued.
            let deadline = Date().addingTimeInterval(5)
            while !handed.all.contains(cue) && Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
        }
        player.close()
        let written = try SoundFile.read(path)
        #expect(handed.all == [.go, .rest, .finish])
        #expect(written.duration >= CueSynthesizer.sound(for: .finish).duration)
        #expect(rms(written.samples) > 500)
    }

    @Test func anUnwritableOutputFallsBackToSilence() {
        let player = CuePlayer(sounds: sounds(), wavPath: "/nonexistent/dir/x.wav")
        #expect(player.isSilent)
        player.play(.tick, due: 0)   // must not block or crash
        player.close()
    }
}
