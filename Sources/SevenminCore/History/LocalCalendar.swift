// SPDX-License-Identifier: GPL-3.0-or-later
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
