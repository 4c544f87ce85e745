// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore

/// Synthesises the cue set from sine tones with smooth envelopes. Deterministic:
/// the same code always yields the same samples, so `Sounds/` can be regenerated and checked.
public enum CueSynthesizer {
    public static let sampleRate = 44_100
    /// Every cue is scaled to this loudness (dB RMS over the whole cue), so none is much
    /// quieter than another: a soft halfway chime was easily missed under a loud go.
    public static let levelDecibels = -15.0

    /// A tone: frequency glide, length, loudness and decay.
    struct Tone {
        var start: Double
        var frequency: Double
        var endFrequency: Double?
        var length: Double
        var level: Double
        var decay: Double = 0
        var harmonics: [Double] = [1]
    }

    public static func sound(for cue: Cue) -> Sound {
        switch cue {
        case .tick:
            return render([Tone(start: 0, frequency: 1_320, length: 0.07, level: 0.55, decay: 30)])
        case .go:
            return render([
                Tone(start: 0, frequency: 880, length: 0.12, level: 0.5, harmonics: [1, 0.3]),
                Tone(start: 0.12, frequency: 1_320, length: 0.28, level: 0.55, decay: 6, harmonics: [1, 0.3]),
            ])
        case .halfway:
            return render([
                Tone(start: 0, frequency: 1_046.5, length: 0.9, level: 0.35, decay: 5, harmonics: [1, 0.5, 0.25]),
                Tone(start: 0.15, frequency: 1_568, length: 0.75, level: 0.3, decay: 5, harmonics: [1, 0.4]),
            ])
        case .switchSides:
            return render([
                Tone(start: 0, frequency: 660, length: 0.1, level: 0.5, harmonics: [1, 0.3]),
                Tone(start: 0.13, frequency: 990, length: 0.1, level: 0.5, harmonics: [1, 0.3]),
                Tone(start: 0.26, frequency: 660, length: 0.1, level: 0.5, harmonics: [1, 0.3]),
                Tone(start: 0.39, frequency: 990, length: 0.14, level: 0.5, decay: 10, harmonics: [1, 0.3]),
            ])
        case .rest:
            return render([Tone(start: 0, frequency: 660, endFrequency: 440, length: 0.45, level: 0.45, decay: 4,
                harmonics: [1, 0.2])])
        case .finish:
            let notes = [523.25, 659.25, 783.99, 1_046.5]
            var tones = notes.enumerated().map { k, f in
                Tone(start: Double(k) * 0.14, frequency: f, length: 0.16, level: 0.4, harmonics: [1, 0.4, 0.2])
            }
            tones.append(Tone(start: 0.56, frequency: 1_046.5, length: 0.9, level: 0.45, decay: 3, harmonics: [1, 0.4,
                0.2]))
            tones.append(Tone(start: 0.56, frequency: 783.99, length: 0.9, level: 0.3, decay: 3, harmonics: [1, 0.3]))
            return render(tones)
        }
    }

    static func render(_ tones: [Tone]) -> Sound {
        let rate = Double(sampleRate)
        let total = tones.map { $0.start + $0.length }.max() ?? 0
        var mix = [Double](repeating: 0, count: Int((total * rate).rounded(.up)))
        let attack = 0.005, release = 0.02
        for tone in tones {
            let first = Int(tone.start * rate), count = Int(tone.length * rate)
            var phase = 0.0
            for k in 0..<count where first + k < mix.count {
                let t = Double(k) / rate
                let f = tone.endFrequency.map { tone.frequency + ($0 - tone.frequency) * t / tone.length }
                    ?? tone.frequency
                phase += 2 * Double.pi * f / rate
                // Short attack and release ramps keep every cue free of clicks.
                let ramp = min(1, t / attack, (tone.length - t) / release)
                let envelope = max(0, ramp) * exp(-tone.decay * t)
                var v = 0.0
                for (h, weight) in tone.harmonics.enumerated() { v += weight * sin(phase * Double(h + 1)) }
                let norm = tone.harmonics.reduce(0, +)
                mix[first + k] += tone.level * envelope * v / norm
            }
        }
        let power = mix.reduce(0.0) { $0 + $1 * $1 } / Double(max(mix.count, 1))
        let scale = pow(10, levelDecibels / 20) / max(power.squareRoot(), 1e-9)
        let samples = mix.map { Int16((max(-1, min(1, $0 * scale)) * 32_767).rounded()) }
        return Sound(samples: samples, sampleRate: sampleRate)
    }
}
