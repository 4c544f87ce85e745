// SPDX-License-Identifier: GPL-3.0-or-later


/// Maps UTC instants to days of the local calendar (a day starts at local midnight) quickly
/// enough for years of history: the time zone is asked once a day of the range, and its
/// transitions found by bisection, not once per instant.
public struct LocalDays: Sendable {
    public let timeZone: any TimeZoneRules
    /// 1 for Sunday … 7 for Saturday.
    public let firstWeekday: Int
    /// UTC instants from which `offsets` apply, ascending.
    private var starts: [Double] = []
    private var offsets: [Int] = []
    /// Where the prepared offsets end.
    private let coveredUntil: Double

    /// Prepares the offsets between `from` and `to` (seconds since 1970 UTC); instants outside
    /// still work, only more slowly.
    public init(calendar: LocalCalendar, from: Double, to: Double) {
        timeZone = calendar.timeZone
        firstWeekday = calendar.firstWeekday
        var t = (from - 2 * 86400).rounded(.down)
        starts.append(t)
        offsets.append(timeZone.secondsFromUTC(at: t))
        let end = to + 2 * 86400
        // Zones change their offset at most a few times a year, never twice within a day.
        while t < end {
            let next = t + 86400, offset = timeZone.secondsFromUTC(at: next)
            if offset != offsets[offsets.count - 1] {
                // The offset changes in (t, next]: bisect to the second it does.
                var low = t, high = next
                while high - low > 1 {
                    let mid = ((low + high) / 2).rounded(.down)
                    if timeZone.secondsFromUTC(at: mid) == offset { high = mid } else { low = mid }
                }
                starts.append(high)
                offsets.append(offset)
            }
            t = next
        }
        coveredUntil = end
    }

    /// Seconds east of UTC at the instant `t`.
    public func offset(at t: Double) -> Int {
        guard t >= starts[0], t < coveredUntil else {
            return timeZone.secondsFromUTC(at: t)
        }
        // The last start not after t.
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= t { low = mid } else { high = mid - 1 }
        }
        return offsets[low]
    }

    /// The local day holding `t`, as days since 1970-01-01.
    public func day(at t: Double) -> Int {
        CivilTime.dayNumber(at: t, utcOffset: offset(at: t))
    }

    /// The first instant of local day `day` (its midnight, or where a transition skips midnight,
    /// the first instant that exists).
    public func start(ofDay day: Int) -> Double {
        let midnight = Double(day) * 86400
        var t = midnight - Double(offset(at: midnight))
        t = midnight - Double(offset(at: t))
        // A clock set forward over midnight: the day starts at the transition, which is later.
        while self.day(at: t) < day { t += 900 }
        while self.day(at: t - 900) == day { t -= 900 }
        return t
    }

    /// The first instant of `date` in `calendar`'s time zone, in UTC seconds: what
    /// `history --since DATE` filters from.
    public static func start(of date: CivilTime, calendar: LocalCalendar) -> Double {
        let noon = Double(date.dayNumber) * 86400 + 43200
        return LocalDays(calendar: calendar, from: noon - 86400, to: noon + 86400).start(ofDay: date.dayNumber)
    }

    /// Whether local day `day` happened at all: a zone that moved across the date line skipped one.
    public func exists(_ day: Int) -> Bool {
        self.day(at: start(ofDay: day)) == day
    }
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

/// A time zone as the core needs it: the offset from UTC at an instant. The system's rules
/// (libc's, which follow `TZ` and daylight saving) are handed in, since the core reads no files.
public protocol TimeZoneRules: Sendable {
    /// Seconds east of UTC at `t`, seconds since 1970 UTC.
    func secondsFromUTC(at t: Double) -> Int
}
