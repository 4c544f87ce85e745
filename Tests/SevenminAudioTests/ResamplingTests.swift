// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminAudio
import SevenminCore

/// A 16 kHz voice played at 44.1 kHz, as the player and the export play Flite: nothing of it may land
/// above 8 kHz, where a listener hears the mirror image of the words as a hiss.
@Suite("Resampling the voice")
struct ResamplingTests {
    /// A sweep over `low...high` Hz, `seconds` long, at half of full scale.
    func sweep(from low: Double, to high: Double, seconds: Double, rate: Int) -> Sound {
        let count = Int(seconds * Double(rate))
        let samples = (0..<count).map { k -> Int16 in
            let t = Double(k) / Double(rate)
            let phase = 2 * Double.pi * (low * t + (high - low) * t * t / (2 * seconds))
            return Int16(16_384 * sin(phase))
        }
        return Sound(samples: samples, sampleRate: rate)
    }

    /// The energy of `sound` below and above `edge` Hz, over its middle 2^16 frames under a Hann window.
    func energy(of sound: Sound, splitAt edge: Double) -> (below: Double, above: Double) {
        let size = 1 << 16, start = (sound.samples.count - size) / 2
        let windowed = (0..<size).map { k in
            Double(sound.samples[start + k]) * (0.5 - 0.5 * cos(2 * Double.pi * Double(k) / Double(size)))
        }
        let power = powerSpectrum(windowed)
        var below = 0.0, above = 0.0
        for (bin, p) in power.enumerated() {
            if Double(bin) * Double(sound.sampleRate) / Double(size) < edge { below += p } else { above += p }
        }
        return (below, above)
    }

    @Test func a16kHzVoiceAt44kHzHasNoEnergyAboveItsNyquistFrequency() {
        let voice = sweep(from: 100, to: 7_600, seconds: 2, rate: 16_000)
        let played = voice.resampled(to: 44_100)
        #expect(played.sampleRate == 44_100)
        #expect(played.samples.count == 88_200)
        let (below, above) = energy(of: played, splitAt: 8_000)
        let ratio = 10 * log10(above / below)
        #expect(ratio < -60, "energy above 8 kHz at \(ratio) dB of the voice's")
    }

    @Test func aRealPhraseAt44kHzHasNoEnergyAboveItsNyquistFrequency() throws {
        let phrase = try FliteSynthesizer(voice: "rms").synthesize("Rest now. Next up: jumping jacks.")
        let played = phrase.resampled(to: 44_100)
        let (below, above) = energy(of: played, splitAt: 8_000)
        let ratio = 10 * log10(above / below)
        #expect(ratio < -60, "energy above 8 kHz at \(ratio) dB of the voice's")
    }

    /// Speech stays as loud and on time: a tone in the voice's band keeps its level and its phase, with
    /// the weights kept per phase and, for rates too far from a simple ratio (8,001 Hz), worked out as used.
    @Test(arguments: [(16_000, 44_100), (22_050, 44_100), (48_000, 44_100), (44_100, 16_000), (8_001, 8_000)])
    func aToneInTheBandKeepsItsLevel(from: Int, to: Int) {
        let source = tone(seconds: 1, frequency: 1_000, amplitude: 10_000, rate: from)
        let out = source.resampled(to: to)
        #expect(abs(out.samples.count - to) <= 1)
        let middle = Array(out.samples[to / 4..<3 * to / 4])
        #expect(abs(decibels(rms(middle) / (10_000 / 2.0.squareRoot()))) < 0.1)
        // On time: the sample a quarter of a second in is the tone's there.
        let expected = 10_000 * sin(2 * Double.pi * 1_000 * 0.25 + 2 * Double.pi * 1_000 / Double(to))
        let at = Double(out.samples[to / 4 + 1])
        #expect(abs(at - expected) < 150, "\(at) against \(expected)")
    }
}

/// The power in each bin from 0 to half the rate, by a radix-2 FFT; `x.count` is a power of two.
func powerSpectrum(_ x: [Double]) -> [Double] {
    let n = x.count
    var re = x, im = [Double](repeating: 0, count: n)
    var j = 0
    for i in 1..<n {
        var bit = n >> 1
        while j & bit != 0 { j ^= bit; bit >>= 1 }
        j |= bit
        if i < j { re.swapAt(i, j); im.swapAt(i, j) }
    }
    var length = 2
    while length <= n {
        let angle = -2 * Double.pi / Double(length)
        for start in stride(from: 0, to: n, by: length) {
            for k in 0..<length / 2 {
                let wr = cos(angle * Double(k)), wi = sin(angle * Double(k))
                let a = start + k, b = a + length / 2
                let tr = re[b] * wr - im[b] * wi, ti = re[b] * wi + im[b] * wr
                re[b] = re[a] - tr; im[b] = im[a] - ti
                re[a] += tr; im[a] += ti
            }
        }
        length <<= 1
    }
    return (0...n / 2).map { re[$0] * re[$0] + im[$0] * im[$0] }
}
