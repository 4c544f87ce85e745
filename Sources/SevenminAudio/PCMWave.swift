// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// A 16-bit PCM WAV file read without libsndfile: the cues' own format. Loading libsndfile maps its
/// codecs too (FLAC, Vorbis, Opus, MP3), about a MiB resident for the whole workout, to read six
/// short files that need none of them. Only a plain, whole file within a cue's limits is read here;
/// anything else (another format or sample size, a header that does not add up) is left to
/// libsndfile, which reads or refuses it as before, so errors are worded as they always were.
enum PCMWave {
    /// WAVE_FORMAT_EXTENSIBLE's sub-format for integer PCM (KSDATAFORMAT_SUBTYPE_PCM).
    static let pcmFormat: [UInt8] = [0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10, 0x00,
                                     0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71]

    /// The mono sound in `bytes`, or nil when they are not a plain 16-bit PCM WAV file of mono or
    /// stereo within `SoundFile`'s limits, at most `longest` seconds.
    static func decode(_ bytes: [UInt8], longest: Double = SoundFile.maxCueSeconds) -> Sound? {
        func word(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func long(_ at: Int) -> Int { word(at) | word(at + 2) << 16 }
        func tag(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
        guard bytes.count >= 12, tag(0) == "RIFF", tag(8) == "WAVE", long(4) + 8 <= bytes.count else { return nil }
        var format: (channels: Int, rate: Int)?
        var at = 12
        while at + 8 <= bytes.count {
            let size = long(at + 4), body = at + 8
            guard size <= bytes.count - body else { return nil }
            switch tag(at) {
            case "fmt ":
                guard size >= 16 else { return nil }
                let code = word(body), channels = word(body + 2), rate = long(body + 4)
                let align = word(body + 12), bits = word(body + 14)
                // PCM, or WAVE_FORMAT_EXTENSIBLE whose sub-format is PCM.
                let pcm = code == 1
                    || (code == 0xFFFE && size >= 40 && Array(bytes[body + 24..<body + 40]) == pcmFormat)
                guard pcm, bits == 16, (1...SoundFile.maxChannels).contains(channels), align == 2 * channels,
                      SoundFile.sampleRates.contains(rate) else { return nil }
                format = (channels, rate)
            case "data":
                guard let (channels, rate) = format, size > 0, size % (2 * channels) == 0 else { return nil }
                let frames = size / (2 * channels)
                guard Double(frames) <= longest * Double(rate) else { return nil }
                var mono = [Int16](repeating: 0, count: frames)
                for f in 0..<frames {
                    var sum = 0
                    for c in 0..<channels { sum += Int(Int16(truncatingIfNeeded: word(body + 2 * (f * channels + c)))) }
                    mono[f] = Int16(sum / channels)
                }
                return Sound(samples: mono, sampleRate: rate)
            default:
                break
            }
            at = body + size + size % 2
        }
        return nil
    }
}
