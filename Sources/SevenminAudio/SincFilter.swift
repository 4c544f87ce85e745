// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Synchronization

/// A sample-rate converter by windowed sinc, for `Sound.resampled(to:)`. Output frame `k` falls at input
/// position `k × down / up`; its value is the input weighed by a low-pass sinc, cut off between 85 % and
/// 100 % of the lower rate's Nyquist frequency, under a Kaiser window for 70 dB of stop band. For the
/// usual pairs of rates the positions repeat every `up` frames, so the weights are worked out once per
/// phase (441 phases of 58 taps from 16 kHz to 44.1 kHz), once per pair of rates (`shared`).
struct SincFilter: Sendable {
    /// Output frame k sits at input position k × down / up.
    let up: Int, down: Int
    /// The filter's half width, in input frames.
    let half: Int
    /// The cut-off, in cycles per input frame.
    let cutoff: Double
    let beta: Double
    /// `up` rows of `row` weights, one row per phase (`2 × half` of them, then zeros to a multiple of
    /// eight); empty when the phases are too many to keep.
    let table: [Float]
    let row: Int

    /// Stop-band attenuation, in dB.
    static let attenuation = 70.0
    /// The pass band's edge, as a share of the lower rate's Nyquist frequency; the stop band starts at 1.
    static let passBand = 0.85
    static let mostPhases = 1_024

    private static let made = Mutex<[[Int]: SincFilter]>([:])

    /// The filter from `source` to `target`, made on first use and kept: a workout resamples every phrase
    /// from the same rate to the same rate, and working out the weights costs as much as using them.
    static func shared(from source: Int, to target: Int) -> SincFilter {
        made.withLock { filters in
            if let filter = filters[[source, target]] { return filter }
            let filter = SincFilter(from: source, to: target)
            filters[[source, target]] = filter
            return filter
        }
    }

    init(from source: Int, to target: Int) {
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
        let g = gcd(source, target)
        up = target / g
        down = source / g
        // Frequencies in cycles per input frame: the stop band starts at the lower rate's Nyquist frequency.
        let stop = 0.5 * min(1, Double(target) / Double(source))
        let width = stop * (1 - SincFilter.passBand)
        cutoff = stop - width / 2
        // Kaiser's estimates of the window's shape and length for the attenuation and transition width.
        beta = 0.1102 * (SincFilter.attenuation - 8.7)
        let taps = (SincFilter.attenuation - 7.95) / (14.36 * width)
        half = max(1, Int((taps / 2).rounded(.up)))
        row = (2 * half + 7) / 8 * 8
        var table: [Float] = []
        if up <= SincFilter.mostPhases {
            table = [Float](repeating: 0, count: up * row)
            for phase in 0..<up {
                let fraction = Double(phase) / Double(up)
                for j in 0..<(2 * half) {
                    let x = Double(j - half + 1) - fraction
                    table[phase * row + j] = Float(SincFilter.weight(x, half: half, cutoff: cutoff, beta: beta))
                }
            }
        }
        self.table = table
    }

    /// The weight of the input frame `x` frames from the output's position (negative: before it).
    static func weight(_ x: Double, half: Int, cutoff: Double, beta: Double) -> Double {
        let edge = x / Double(half)
        guard abs(edge) < 1 else { return 0 }
        let t = 2 * Double.pi * cutoff * x
        let sinc = x == 0 ? 1 : sin(t) / t
        return 2 * cutoff * sinc * besselI0(beta * (1 - edge * edge).squareRoot()) / SincFilter.windowPeak
    }

    /// The Kaiser window's value at its middle, worked out once.
    static let windowPeak = besselI0(0.1102 * (attenuation - 8.7))

    /// The modified Bessel function of order zero, by its series.
    static func besselI0(_ x: Double) -> Double {
        var sum = 1.0, term = 1.0, k = 1.0
        while term > 1e-12 * sum {
            term *= (x / (2 * k)) * (x / (2 * k))
            sum += term
            k += 1
        }
        return sum
    }

    /// Fills `out` from `input`, frames before and after the input counting as silence. The weights of
    /// each phase add up to one within a thousandth, so a tone in the pass band keeps its level.
    func run(_ input: UnsafeBufferPointer<Int16>, into out: UnsafeMutableBufferPointer<Int16>) {
        // The input as floats with a row of silence either side, so every output reads a whole row.
        var padded = [Float](repeating: 0, count: input.count + 2 * row)
        for i in input.indices { padded[row + i] = Float(input[i]) }
        padded.withUnsafeBufferPointer { x in
            table.withUnsafeBufferPointer { w in
                for k in 0..<out.count {
                    let position = k * down
                    let base = position / up, phase = position % up
                    // Input frames base - half + 1 ... base + half, weighed by their distance from the position.
                    let first = row + base - half + 1
                    var sum: Float = 0
                    if !table.isEmpty, let weights = w.baseAddress, let frames = x.baseAddress {
                        // Four sums side by side, over pointers: the dot product is the whole cost of
                        // resampling, and this stays quick in a debug build too, where SIMD types are not.
                        let xs = frames + first, ws = weights + phase * row
                        var a: Float = 0, b: Float = 0, c: Float = 0, d: Float = 0
                        for j in stride(from: 0, to: row, by: 4) {
                            a += xs[j] * ws[j]
                            b += xs[j + 1] * ws[j + 1]
                            c += xs[j + 2] * ws[j + 2]
                            d += xs[j + 3] * ws[j + 3]
                        }
                        sum = (a + b) + (c + d)
                    } else {
                        let fraction = Double(phase) / Double(up)
                        for j in 0..<(2 * half) {
                            let weight = SincFilter.weight(Double(j - half + 1) - fraction, half: half, cutoff: cutoff,
                                                           beta: beta)
                            sum += x[first + j] * Float(weight)
                        }
                    }
                    out[k] = Int16(max(-32_768, min(32_767, sum.rounded())))
                }
            }
        }
    }
}
