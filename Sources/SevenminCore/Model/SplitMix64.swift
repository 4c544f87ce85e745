// SPDX-License-Identifier: GPL-3.0-or-later
/// A small, fast, seedable generator (SplitMix64), so `--seed N` repeats exactly on every platform.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// A number in `0..<bound` without modulo bias: Lemire's multiply-and-shift, drawing again
    /// in the rare case that falls in the biased low part (so the draw count, and the order, is fixed by the seed).
    public mutating func below(_ bound: UInt64) -> UInt64 {
        precondition(bound > 0)
        while true {
            let product = next().multipliedFullWidth(by: bound)
            if product.low >= (0 &- bound) % bound { return product.high }
        }
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
