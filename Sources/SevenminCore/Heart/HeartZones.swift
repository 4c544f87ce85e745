// SPDX-License-Identifier: GPL-3.0-or-later
/// Heart-rate zones as shares of the maximum heart rate, in the usual five: 50-60, 60-70, 70-80, 80-90
/// and 90-100 %. The maximum is the user's own, else Tanaka's 208 - 0.7 × age (Tanaka, Monahan and
/// Seals, 2001).
public struct HeartZones: Equatable, Sendable {
    /// The maximum heart rate, in bpm.
    public var maximum: Int

    public init(maximum: Int) { self.maximum = max(1, maximum) }

    /// From `maxHeartRate` when given, else from `age` by Tanaka's formula, rounded; nil with neither.
    public init?(age: Int?, maxHeartRate: Int?) {
        if let maxHeartRate {
            self.init(maximum: maxHeartRate)
        } else if let age {
            self.init(maximum: Int((208 - 0.7 * Double(age)).rounded()))
        } else {
            return nil
        }
    }

    /// The zone `bpm` is in, 1 to 5; nil below half the maximum. Above the maximum it is still 5.
    public func zone(of bpm: Int) -> Int? {
        let tenths = bpm * 10 / maximum
        return tenths >= 5 ? min(5, tenths - 4) : nil
    }
}
