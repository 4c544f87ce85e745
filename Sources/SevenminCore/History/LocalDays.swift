import Foundation

/// Maps UTC instants to days of the local calendar (a day starts at local midnight) quickly
/// enough for years of history: the time zone's offsets are looked up once per transition,
/// not once per instant.
public struct LocalDays: Sendable {
    public let timeZone: TimeZone
    /// 1 for Sunday … 7 for Saturday, as `Calendar.firstWeekday`.
    public let firstWeekday: Int
    /// UTC instants from which `offsets` apply, ascending.
    private var starts: [Double] = []
    private var offsets: [Int] = []
    /// Where the prepared offsets end.
    private let coveredUntil: Double

    /// Prepares the offsets between `from` and `to` (seconds since 1970 UTC); instants outside
    /// still work, only more slowly.
    public init(calendar: Calendar, from: Double, to: Double) {
        timeZone = calendar.timeZone
        firstWeekday = calendar.firstWeekday
        var t = from - 2 * 86400
        starts.append(t)
        offsets.append(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: t)))
        let end = to + 2 * 86400
        while let next = timeZone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: t)),
              next.timeIntervalSince1970 < end, next.timeIntervalSince1970 > t {
            t = next.timeIntervalSince1970
            starts.append(t)
            offsets.append(timeZone.secondsFromGMT(for: next))
        }
        coveredUntil = end
    }

    /// Seconds east of UTC at the instant `t`.
    public func offset(at t: Double) -> Int {
        guard t >= starts[0], t < coveredUntil else {
            return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: t))
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
        Int(((t + Double(offset(at: t))) / 86400).rounded(.down))
    }

    /// Seconds since local midnight at `t`.
    public func secondOfDay(at t: Double) -> Int {
        let local = Int((t + Double(offset(at: t))).rounded(.down))
        return ((local % 86400) + 86400) % 86400
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
    public static func start(of date: CivilDate, calendar: Calendar) -> Double {
        let noon = Double(date.dayNumber) * 86400 + 43200
        return LocalDays(calendar: calendar, from: noon - 86400, to: noon + 86400).start(ofDay: date.dayNumber)
    }

    /// The day the week holding `day` starts on, by `firstWeekday`.
    public func weekStart(of day: Int) -> Int {
        // 1970-01-01 was a Thursday: weekday 5 in Calendar's numbering.
        let weekday = ((day + 4) % 7 + 7) % 7 + 1
        return day - ((weekday - firstWeekday) % 7 + 7) % 7
    }
}
