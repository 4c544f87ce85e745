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

    /// Loudness over the whole sound, in dB relative to a full-scale square wave (as `sox stats`).
    public var rmsDecibels: Double { Sound.decibels(rms: Sound.rms(samples[...])) }

    static func rms(_ samples: ArraySlice<Int16>) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot() / 32_768
    }

    static func decibels(rms: Double) -> Double { 20 * log10(max(rms, 1e-9)) }
}
