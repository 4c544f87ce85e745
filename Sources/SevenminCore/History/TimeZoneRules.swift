// SPDX-License-Identifier: GPL-3.0-or-later
/// A time zone as the core needs it: the offset from UTC at an instant. The system's rules
/// (libc's, which follow `TZ` and daylight saving) are handed in, since the core reads no files.
public protocol TimeZoneRules: Sendable {
    /// Seconds east of UTC at `t`, seconds since 1970 UTC.
    func secondsFromUTC(at t: Double) -> Int
}

/// The calendar local days are counted in: a time zone, and the day a week starts on.
public struct LocalCalendar: Sendable {
    public let timeZone: any TimeZoneRules
    /// 1 for Sunday … 7 for Saturday.
    public let firstWeekday: Int

    public init(timeZone: any TimeZoneRules, firstWeekday: Int = 2) {
        self.timeZone = timeZone
        self.firstWeekday = firstWeekday
    }
}
