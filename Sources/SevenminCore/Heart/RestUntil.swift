// SPDX-License-Identifier: GPL-3.0-or-later
/// A routine's rests that wait for the heart (`"restUntil"`): with a fresh reading, a rest lasts until the
/// heart rate falls under `heartRate`, or `max` seconds, whichever comes first.
public struct RestUntil: Equatable, Sendable {
    /// The heart rate, in bpm, under which a rest ends.
    public var heartRate: Int
    /// The longest a rest waits, in seconds.
    public var max: Double

    public init(heartRate: Int, max: Double) {
        self.heartRate = heartRate
        self.max = max
    }

    /// The heart rates `heartRate` may be.
    public static let heartRates = 40...220
}
