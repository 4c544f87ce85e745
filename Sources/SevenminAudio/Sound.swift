// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc

/// Mono 16-bit audio in memory.
public struct Sound: Equatable, Sendable {
    public var samples: [Int16]
    public var sampleRate: Int

    public init(samples: [Int16], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    public var duration: Double { Double(samples.count) / Double(sampleRate) }

    /// The same sound at another sample rate, through a windowed-sinc low-pass filter (a Kaiser window):
    /// everything below 85 % of the lower rate's Nyquist frequency passes, and nothing above that
    /// frequency survives (−70 dB), so a 16 kHz voice played at 44.1 kHz has no mirror image above 8 kHz,
    /// as linear interpolation left. Done once per sound (a cue as loaded, a phrase as rendered), never
    /// per frame played.
    public func resampled(to rate: Int) -> Sound {
        guard rate != sampleRate, !samples.isEmpty, rate > 0 else { return Sound(samples: samples, sampleRate: rate) }
        let filter = SincFilter.shared(from: sampleRate, to: rate)
        let count = Int((Double(samples.count) * Double(rate) / Double(sampleRate)).rounded())
        var out = [Int16](repeating: 0, count: count)
        samples.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { filter.run(source, into: $0) }
        }
        return Sound(samples: out, sampleRate: rate)
    }

    /// Loudness over the whole sound, in dB relative to a full-scale square wave (as `sox stats`).
    public var rmsDecibels: Double { Sound.decibels(rms: Sound.rms(samples[...])) }

    static func rms(_ samples: ArraySlice<Int16>) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot() / 32_768
    }

    static func decibels(rms: Double) -> Double { 20 * log10(max(rms, 1e-9)) }
}
