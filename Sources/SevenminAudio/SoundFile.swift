import CSndfile
import Foundation

/// Mono 16-bit audio in memory.
public struct Sound: Equatable, Sendable {
    public var samples: [Int16]
    public var sampleRate: Int

    public init(samples: [Int16], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    public var duration: Double { Double(samples.count) / Double(sampleRate) }

    /// The same sound at another sample rate, by linear interpolation.
    public func resampled(to rate: Int) -> Sound {
        guard rate != sampleRate, !samples.isEmpty else { return Sound(samples: samples, sampleRate: rate) }
        let count = Int((Double(samples.count) * Double(rate) / Double(sampleRate)).rounded())
        let step = Double(sampleRate) / Double(rate)
        var out = [Int16](repeating: 0, count: count)
        for k in 0..<count {
            let pos = Double(k) * step
            let i = Int(pos), f = pos - Double(i)
            let a = Double(samples[min(i, samples.count - 1)]), b = Double(samples[min(i + 1, samples.count - 1)])
            out[k] = Int16(a + (b - a) * f)
        }
        return Sound(samples: out, sampleRate: rate)
    }
}

/// A sound file that libsndfile could not read or write.
public struct SoundFileError: Error, CustomStringConvertible {
    public var call: String
    public var path: String
    public var detail: String
    public var description: String { "\(call)(\(path)) failed: \(detail)" }
}

/// Reading and writing sound files through libsndfile.
public enum SoundFile {
    /// Decodes any format libsndfile reads (WAV, FLAC, OGG…) to mono 16-bit (`sf_open`, `sf_readf_short`).
    public static func read(_ path: String) throws -> Sound {
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            throw SoundFileError(call: "sf_open", path: path, detail: String(cString: sf_strerror(nil)))
        }
        defer { sf_close(file) }
        let channels = Int(info.channels)
        guard channels > 0, info.frames > 0, info.frames < 10 * 60 * 192_000 else {
            throw SoundFileError(call: "sf_open", path: path, detail: "no audio frames")
        }
        var interleaved = [Int16](repeating: 0, count: Int(info.frames) * channels)
        let got = interleaved.withUnsafeMutableBufferPointer { sf_readf_short(file, $0.baseAddress, info.frames) }
        guard got > 0 else {
            throw SoundFileError(call: "sf_readf_short", path: path, detail: String(cString: sf_strerror(file)))
        }
        var mono = [Int16](repeating: 0, count: Int(got))
        for f in 0..<Int(got) {
            var sum = 0
            for c in 0..<channels { sum += Int(interleaved[f * channels + c]) }
            mono[f] = Int16(sum / channels)
        }
        return Sound(samples: mono, sampleRate: Int(info.samplerate))
    }

    /// Writes a 16-bit PCM WAV file (`sf_open` for writing, `sf_writef_short`).
    public static func writeWAV(_ sound: Sound, to path: String) throws {
        var info = SF_INFO()
        info.samplerate = Int32(sound.sampleRate)
        info.channels = 1
        info.format = Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        guard let file = sf_open(path, Int32(SFM_WRITE), &info) else {
            throw SoundFileError(call: "sf_open", path: path, detail: String(cString: sf_strerror(nil)))
        }
        defer { sf_close(file) }
        let written = sound.samples.withUnsafeBufferPointer { sf_writef_short(file, $0.baseAddress, sf_count_t($0.count)) }
        guard written == sound.samples.count else {
            throw SoundFileError(call: "sf_writef_short", path: path, detail: String(cString: sf_strerror(file)))
        }
    }
}
