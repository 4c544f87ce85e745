// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminAudio
import SevenminCore

/// Plain 16-bit WAV files, the cues' format, are read without libsndfile, to exactly the samples
/// libsndfile gives; anything else is left to libsndfile.
@Suite("Reading a plain WAV file")
struct PCMWaveTests {
    /// A WAV file: a `fmt ` chunk of `code`, then `extra` chunks, then the data.
    static func wave(channels: Int = 1, rate: Int = 44_100, bits: Int = 16, code: Int = 1, samples: [Int16],
              extra: [(String, [UInt8])] = [], dataSize: Int? = nil) -> [UInt8] {
        func le(_ v: Int, _ n: Int) -> [UInt8] { (0..<n).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        var fmt = le(code, 2) + le(channels, 2) + le(rate, 4) + le(rate * channels * bits / 8, 4)
            + le(channels * bits / 8, 2) + le(bits, 2)
        if code == 0xFFFE { fmt += le(22, 2) + le(bits, 2) + le(0, 4) + PCMWave.pcmFormat }
        var body = Array("WAVE".utf8) + Array("fmt ".utf8) + le(fmt.count, 4) + fmt
        for (tag, bytes) in extra {
            body += Array(tag.utf8) + le(bytes.count, 4) + bytes + (bytes.count % 2 == 1 ? [0] : [])
        }
        let data = samples.flatMap { le(Int($0), 2) }
        body += Array("data".utf8) + le(dataSize ?? data.count, 4) + data
        return Array("RIFF".utf8) + le(body.count, 4) + body
    }

    @Test(arguments: Cue.allCases)
    func everyShippedCueReadsAsLibsndfileReadsIt(cue: Cue) throws {
        let path = soundsFolder + "/\(cue.rawValue).wav"
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let plain = try #require(PCMWave.decode(bytes))
        #expect(plain == (try SoundFile.throughLibsndfile(path)))
        #expect(try SoundFile.read(bytes: bytes, name: cue.rawValue) == plain)
    }

    @Test func stereoIsMixedDownAsLibsndfileFilesAre() throws {
        let samples: [Int16] = [1_000, -3_001, 32_767, 32_767, -32_768, -32_767, 5, 6]
        let extensible = Self.wave(channels: 2, code: 0xFFFE, samples: samples, extra: [("LIST", [1, 2, 3])])
        for bytes in [Self.wave(channels: 2, samples: samples), extensible] {
            let plain = try #require(PCMWave.decode(bytes))
            #expect(plain == (try SoundFile.throughLibsndfile(bytes: bytes, name: "stereo.wav")))
            #expect(plain.samples == [-1_000, 32_767, -32_767, 5])
        }
    }

    /// What is not a plain, whole 16-bit file of a cue's size goes to libsndfile, which reads it or
    /// refuses it in its own words.
    @Test(arguments: [
        ("8-bit", wave(bits: 8, samples: [1, 2])),
        ("float", wave(bits: 32, code: 3, samples: [1, 2, 3, 4])),
        ("three channels", wave(channels: 3, samples: [1, 2, 3])),
        ("an odd rate", wave(rate: 1_000, samples: [1, 2])),
        ("no samples", wave(samples: [])),
        ("data past the end", wave(samples: [1, 2], dataSize: 400)),
        ("longer than a cue", wave(rate: 8_000, samples: [Int16](repeating: 1, count: 80_001))),
        ("cut short", Array(wave(samples: [1, 2, 3]).dropLast(3))),
        ("not RIFF", Array("not audio at all, just text".utf8)),
    ])
    func anythingElseIsLeftToLibsndfile(what: String, bytes: [UInt8]) {
        #expect(PCMWave.decode(bytes) == nil, "\(what)")
    }
}
