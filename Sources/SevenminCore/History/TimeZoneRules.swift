// SPDX-License-Identifier: GPL-3.0-or-later
/// A time zone as the core needs it: the offset from UTC at an instant. The system's rules
/// (libc's, which follow `TZ` and daylight saving) are handed in, since the core reads no files.
public protocol TimeZoneRules: Sendable {
    /// Seconds east of UTC at `t`, seconds since 1970 UTC.
    func secondsFromUTC(at t: Double) -> Int
}
