// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// What a value read back from the history must be to be believed. A stored number is data, not a
/// promise: one flipped bit in a time makes it 1e300, and converting that to a whole number traps.
/// The store checks every row against these ranges and skips (and counts) a row that fails.
public enum StoredBounds {
    /// Instants: from 1970 to the year 3000, in seconds.
    public static let instant: ClosedRange<Double> = 0...32_503_680_000
    /// A UTC offset: no zone is more than 18 hours from UTC.
    public static let utcOffset: ClosedRange<Int64> = -64_800...64_800
    /// A segment's or a plan's length: a plan is at most a day, with time added and resumed parts at most ten.
    public static let duration: ClosedRange<Double> = 0...864_000
    /// Time worked in one session, summed over its segments.
    public static let worked: ClosedRange<Double> = 0...8_640_000
    /// A count of segments, exercises or rounds in one plan (a plan has at most 100,000 segments).
    public static let count: ClosedRange<Int64> = 0...1_000_000
    /// A sum of seconds over a whole history (a day's, or an exercise's), taken back to a little below
    /// nothing at worst by a row removed.
    public static let sum: ClosedRange<Double> = -1...1e15
    /// How many times an exercise was done, over a whole history.
    public static let times: ClosedRange<Int64> = 0...1_000_000_000_000
    /// How many parts a resumed session has.
    public static let parts: ClosedRange<Int64> = 1...1_000_000
    /// Heart rates any release recorded: before 25–250 bpm (`HeartRateMeasurement.rates`) the range was
    /// 1–300. A rate in here but outside today's range is a reading no longer believed, not damage: left
    /// out without a word. Only one outside this is a row out of range.
    public static let recordedRates: ClosedRange<Int64> = 1...300

    /// `value` as an `Int` when it is in `range`; nil otherwise.
    public static func int(_ value: Int64?, in range: ClosedRange<Int64>) -> Int? {
        guard let value, range.contains(value) else { return nil }
        return Int(value)
    }

    /// `value` when it is in `range` (never NaN or infinite); nil otherwise.
    public static func double(_ value: Double?, in range: ClosedRange<Double>) -> Double? {
        guard let value, range.contains(value) else { return nil }
        return value
    }
}
