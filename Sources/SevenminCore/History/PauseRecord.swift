// SPDX-License-Identifier: GPL-3.0-or-later
/// Where a workout's timer stood still: the instant it was paused, or went on again, in seconds since
/// 1970 UTC. A pause has no resumption when the workout ended while paused. The FIT file's timer stops
/// and starts there; the segments' times already leave pauses out.
public struct PauseRecord: Equatable, Sendable {
    public var at: Double
    /// False where the pause began; true where the workout went on.
    public var resumed: Bool

    public init(at: Double, resumed: Bool) {
        self.at = at
        self.resumed = resumed
    }
}
