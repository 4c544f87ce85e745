// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import Testing
@testable import SevenminAudio
import SevenminCore

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

    /// The voice waits `clearance` after a cue: by then the cue must be 12 dB under its peak, and not
    /// long past it (a phrase waiting on silence would only be late).
    @Test(arguments: Cue.allCases)
    func wordsAfterACueStartOnceItHasFaded(cue: Cue) {
        let sound = CueSynthesizer.sound(for: cue)
        let window = sound.sampleRate / 100
        let levels = stride(from: 0, to: sound.samples.count - window, by: window).map {
            rms(Array(sound.samples[$0..<$0 + window]))
        }
        let loudest = levels.max() ?? 0
        let from = Int((cue.clearance * 100).rounded())
        let after = levels.dropFirst(from).max() ?? 0
        #expect(decibels(after / loudest) <= -12, "\(cue) is still loud when the words start")
        #expect(decibels((levels.dropFirst(max(0, from - 5)).max() ?? 0) / loudest) > -12,
                "\(cue) had faded 50 ms before the words start: shorten its clearance")
    }

    @Test func everyCueIsAboutAsLoudAsEveryOther() {
        let levels = Cue.allCases.map { CueSynthesizer.sound(for: $0).rmsDecibels }
        #expect(levels.max()! - levels.min()! <= 2, "levels in dB RMS: \(levels)")
    }

    @Test func tickIsTheShortestCueAndFinishTheLongest() {
        let lengths = Dictionary(uniqueKeysWithValues: Cue.allCases.map {
            ($0, CueSynthesizer.sound(for: $0).duration)
        })
        #expect(lengths[.tick]! == lengths.values.min())
        #expect(lengths[.finish]! == lengths.values.max())
        // A tick must fit well inside a second, or ticks would run together.
        #expect(lengths[.tick]! < 0.2)
    }

    @Test(arguments: ["x.wav", "x.flac"])
    func losslessFormatsRoundTrip(name: String) throws {
        let path = scratchPath(name)
        let sound = CueSynthesizer.sound(for: .go)
        try SoundFile.write(sound, to: path)
        #expect(try SoundFile.read(path) == sound)
    }

    @Test func oggKeepsLengthAndLoudness() throws {
        let path = scratchPath("x.ogg")
        let sound = CueSynthesizer.sound(for: .finish)
        try SoundFile.write(sound, to: path)
        let back = try SoundFile.read(path)
        #expect(abs(back.duration - sound.duration) < 0.01)
        #expect(abs(back.rmsDecibels - sound.rmsDecibels) < 1)
    }

    /// libvorbis allocates on the stack for each write; a workout-long track once crashed it.
    @Test func aLongTrackWritesAsOggWithoutExhaustingTheStack() throws {
        let path = scratchPath("long.ogg")
        try SoundFile.write(tone(seconds: 120), to: path)
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0) > 10_000)
    }

    @Test func writingNeedsAKnownExtensionAndAWritablePlace() {
        let sound = CueSynthesizer.sound(for: .tick)
        #expect { try SoundFile.write(sound, to: scratchPath("x.mp3")) } throws: {
            ($0 as? SoundFileError)?.reason == .unknownFormat
        }
        #expect { try SoundFile.write(sound, to: "/nonexistent/dir/x.flac") } throws: {
            ($0 as? SoundFileError)?.reason == .cannotOpen
        }
    }

    @Test func readingAMissingOrBogusFileThrows() throws {
        #expect(throws: SoundFileError.self) { try SoundFile.read("/nonexistent.wav") }
        let bogus = scratchPath("bogus.wav")
        try "not audio".write(toFile: bogus, atomically: true, encoding: .utf8)
        #expect(throws: SoundFileError.self) { try SoundFile.read(bogus) }
    }

    /// A FIFO or a link to a device where a sound should be is refused at once, never waited on, for
    /// reading (a cue in the data folder) and writing (an export) alike.
    @Test func aFIFOIsRefusedNotWaitedOn() throws {
        let fifo = scratchPath("cue-fifo.wav")
        #expect(mkfifo(fifo, 0o600) == 0)
        let outcome = Mutex<[String]>([])
        let thread = Thread {
            let read = Result { try SoundFile.read(fifo) }
            let written = Result { try SoundFile.writeWAV(Sound(samples: [1, 2, 3], sampleRate: 44_100), to: fifo) }
            outcome.withLock { $0 = ["\(read)", "\(written)"] }
        }
        thread.start()
        let deadline = Date().addingTimeInterval(5)
        while outcome.withLock({ $0.isEmpty }) && Date() < deadline { usleep(2_000) }
        let seen = outcome.withLock { $0 }
        if seen.isEmpty {
            // Lets a reader or writer stuck in open(2) go.
            let a = open(fifo, O_RDWR | O_NONBLOCK)
            if a >= 0 { close(a) }
        }
        // With nobody reading, opening a FIFO to write fails at once (ENXIO); with a reader it is refused.
        #expect(seen.count == 2 && seen[0].contains("not a plain file") && seen[1].contains("failure"), "\(seen)")
    }

    /// A FLAC header is only a claim: this one says 115 M frames of 8 channels (1.8 GB to decode)
    /// in a 119-byte file, and must be refused before anything is allocated.
    @Test func aHeaderClaimingAHugeSoundIsRefused() throws {
        let path = scratchPath("huge.flac")
        try hostileFLAC(channels: 8, frames: 115_000_000).write(to: URL(fileURLWithPath: path))
        #expect { try SoundFile.read(path) } throws: { ($0 as? SoundFileError)?.reason == .notACue }
        let long = scratchPath("long.flac")
        try hostileFLAC(channels: 1, frames: 44_100 * 60).write(to: URL(fileURLWithPath: long))
        #expect { try SoundFile.read(long) } throws: { ($0 as? SoundFileError)?.reason == .notACue }
    }

    @Test func resamplingKeepsTheDuration() {
        let sound = CueSynthesizer.sound(for: .halfway)
        let slower = sound.resampled(to: 22_050)
        #expect(abs(slower.duration - sound.duration) < 0.001)
    }

    /// "fLaC", one STREAMINFO block with the given claims, and garbage where frames should be.
    func hostileFLAC(channels: UInt64, frames: UInt64) -> Data {
        var data = Data("fLaC".utf8)
        data += [0x80, 0x00, 0x00, 34]                 // last block, STREAMINFO, 34 bytes
        data += [0x10, 0x00, 0x10, 0x00]               // block sizes 4096
        data += [0, 0, 0, 0, 0, 0]                     // frame sizes unknown
        let packed = (UInt64(44_100) << 44) | ((channels - 1) << 41) | (UInt64(15) << 36) | frames
        data += withUnsafeBytes(of: packed.bigEndian) { Data($0) }
        data += Data(repeating: 0, count: 16)          // MD5
        data += Data(repeating: 0xA5, count: 119 - data.count)
        return data
    }
}
